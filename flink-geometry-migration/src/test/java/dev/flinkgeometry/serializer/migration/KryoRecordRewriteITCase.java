/*
 * Licensed under the Apache License, Version 2.0 (the "License"); you may not use this file except
 * in compliance with the License. You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software distributed under the License
 * is distributed on an "AS IS" BASIS, WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express
 * or implied. See the License for the specific language governing permissions and limitations under
 * the License.
 */
package dev.flinkgeometry.serializer.migration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import dev.flinkgeometry.serializer.GeometryTypes;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.KeyedGeometryStates;
import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.RecordStateJob;
import dev.flinkgeometry.testing.RecordStateJob.Records;
import dev.flinkgeometry.testing.RecordStateJob.StateTypes;
import dev.flinkgeometry.testing.SavepointContents;
import dev.flinkgeometry.testing.SavepointJobs;
import dev.flinkgeometry.testing.Visit;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.state.hashmap.HashMapStateBackend;
import org.apache.flink.state.rocksdb.EmbeddedRocksDBStateBackend;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.locationtech.jts.geom.Geometry;

/**
 * The way out for records that were held whole in Kryo (a class that was not a POJO) and that the
 * new job turns into a POJO with {@code GeometrySerializer} fields, which Flink refuses to restore
 * ({@code WholeRecordKryoStateITCase}): {@link KeyedStateRewrite} reads the state with the old
 * {@code GenericTypeInfo} and writes it with the new {@code PojoTypeInfo}, and the new job restores
 * every record exactly. The record is the shared {@link Visit}: held whole in Kryo by the old job,
 * a POJO for the new one.
 */
class KryoRecordRewriteITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(2);

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    private static final String POJO_SHAPE =
            "PojoSerializer[GeometrySerializer, LongSerializer, GeometrySerializer]";

    @BeforeAll
    static void registerGeometryTypes() {
        GeometryTypes.registerWith(StreamExecutionEnvironment.getExecutionEnvironment());
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("dev.flinkgeometry.testing.SavepointJobs#backendsAndFormats")
    void rewriteMovesKryoRecordsToPojoWithGeometrySerializerFields(
            String backend, SavepointFormatType format, @TempDir Path savepoints) throws Exception {
        String target = savepoints.toUri().toString();
        TypeInformation<Visit> kryo = new GenericTypeInfo<>(Visit.class);
        TypeInformation<Visit> pojo = TypeInformation.of(Visit.class);
        Map<String, Records<Visit>> written = RecordStateJob.perKey(Visit.samples());

        JobClient writer = RecordStateJob.write(jobs, backend, null, StateTypes.of(kryo), written);
        String old = SavepointJobs.stopWithSavepoint(writer, target, format);

        String rewritten = savepoints.resolve("rewritten").toUri().toString();
        long keys =
                KeyedStateRewrite.forOperator(RecordStateJob.UID, Types.STRING, Types.STRING)
                        .valueState(RecordStateJob.VALUE_STATE, kryo, pojo)
                        .listState(RecordStateJob.LIST_STATE, kryo, pojo)
                        .mapState(RecordStateJob.MAP_STATE, Types.STRING, kryo, Types.STRING, pojo)
                        .rewrite(
                                old,
                                rewritten,
                                backend.equals("rocksdb")
                                        ? new EmbeddedRocksDBStateBackend()
                                        : new HashMapStateBackend());
        assertThat(keys).isEqualTo(written.size());
        // The rewritten savepoint declares the POJO, its geometry fields GeometrySerializer's.
        SavepointContents.KeyedState rewrittenState =
                SavepointContents.read(rewritten).keyedStates().get(0);
        for (String state :
                List.of(
                        RecordStateJob.VALUE_STATE,
                        RecordStateJob.LIST_STATE,
                        RecordStateJob.MAP_STATE)) {
            assertThat(
                            RecordStateJob.shapeOf(
                                    rewrittenState.valueSnapshot(state).restoreSerializer()))
                    .as("%s in the rewritten savepoint", state)
                    .isEqualTo(POJO_SHAPE);
        }

        JobClient reader =
                RecordStateJob.read(
                        jobs, backend, rewritten, StateTypes.of(pojo), written.keySet());
        assertThat(RecordStateJob.serializerShapes())
                .containsOnly(
                        entry(RecordStateJob.VALUE_STATE, POJO_SHAPE),
                        entry(RecordStateJob.LIST_STATE, POJO_SHAPE),
                        entry(RecordStateJob.MAP_STATE, POJO_SHAPE));
        RecordStateJob.assertSameRecords(
                RecordStateJob.<Visit>observed(),
                written,
                (what, actual, expected) -> {
                    assertThat(actual.id).as(what).isEqualTo(expected.id);
                    assertGeometry(what + ".position", actual.position, expected.position);
                    assertGeometry(what + ".area", actual.area, expected.area);
                });
        SavepointJobs.cancel(reader);
    }

    private static void assertGeometry(String what, Geometry actual, Geometry expected) {
        if (expected == null) {
            assertThat(actual).as(what).isNull();
        } else {
            KeyedGeometryStates.assertExact(what, actual, ExactGeometry.asDecoded(expected), true);
        }
    }
}
