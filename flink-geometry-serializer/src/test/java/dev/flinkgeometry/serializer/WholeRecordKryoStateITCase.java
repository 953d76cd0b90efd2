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
package dev.flinkgeometry.serializer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.RecordStateJob;
import dev.flinkgeometry.testing.RecordStateJob.Records;
import dev.flinkgeometry.testing.RecordStateJob.StateTypes;
import dev.flinkgeometry.testing.SavepointContents;
import dev.flinkgeometry.testing.SavepointJobs;
import dev.flinkgeometry.testing.Visit;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.api.java.typeutils.PojoTypeInfo;
import org.apache.flink.api.java.typeutils.runtime.kryo.KryoSerializerSnapshot;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.ExceptionUtils;
import org.apache.flink.util.StateMigrationException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Point;

/**
 * A record class that is not a POJO (here: final fields, no no-arg constructor) is held whole in
 * Kryo ({@code GenericTypeInfo}), geometry fields included. Registering {@link GeometryTypes}
 * changes nothing for it: the restored job still gets Kryo for the record, the state restores as
 * is, and nothing is migrated. Turning the class into a POJO so that its geometry fields get {@link
 * GeometrySerializer} is refused by Flink on restore (a POJO serializer cannot take over Kryo
 * state); the way out is the offline rewrite ({@code KryoRecordRewriteITCase} in
 * flink-geometry-migration).
 */
class WholeRecordKryoStateITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    /** Not a POJO: Flink keeps it whole in Kryo. */
    public static final class Sighting {
        private final String observer;
        private final Point where;

        public Sighting(String observer, Point where) {
            this.observer = observer;
            this.where = where;
        }
    }

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    @BeforeAll
    static void registerGeometryTypes() {
        GeometryTypes.registerWith(StreamExecutionEnvironment.getExecutionEnvironment());
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("dev.flinkgeometry.testing.SavepointJobs#backendsAndFormats")
    void aNonPojoRecordStaysInKryoAndRestoresAsIs(
            String backend, SavepointFormatType format, @TempDir Path savepoints) throws Exception {
        TypeInformation<Sighting> type = TypeInformation.of(Sighting.class);
        assertThat(type).isInstanceOf(GenericTypeInfo.class); // even with GeometryTypes registered
        String target = savepoints.toUri().toString();
        List<Sighting> sightings = new ArrayList<>();
        for (Visit visit : Visit.samples()) {
            sightings.add(new Sighting("observer " + visit.id, visit.position));
        }
        Map<String, Records<Sighting>> written = RecordStateJob.perKey(sightings);

        JobClient writer = RecordStateJob.write(jobs, backend, null, StateTypes.of(type), written);
        String first = SavepointJobs.stopWithSavepoint(writer, target, format);
        JobClient restored =
                RecordStateJob.read(jobs, backend, first, StateTypes.of(type), written.keySet());
        assertThat(RecordStateJob.serializerShapes())
                .containsOnly(
                        entry(RecordStateJob.VALUE_STATE, "KryoSerializer"),
                        entry(RecordStateJob.LIST_STATE, "KryoSerializer"),
                        entry(RecordStateJob.MAP_STATE, "KryoSerializer"));
        RecordStateJob.assertSameRecords(
                RecordStateJob.<Sighting>observed(),
                written,
                (what, actual, expected) -> {
                    assertThat(actual.observer).as(what).isEqualTo(expected.observer);
                    if (expected.where == null) {
                        assertThat(actual.where).as(what).isNull();
                    } else {
                        ExactGeometry.assertExactlyEqual(actual.where, expected.where);
                    }
                });
        String second = SavepointJobs.stopWithSavepoint(restored, target, format);
        SavepointContents.KeyedState state = SavepointContents.read(second).keyedStates().get(0);
        for (String name :
                List.of(
                        RecordStateJob.VALUE_STATE,
                        RecordStateJob.LIST_STATE,
                        RecordStateJob.MAP_STATE)) {
            assertThat(state.valueSnapshot(name))
                    .as("%s still Kryo: nothing migrated", name)
                    .isInstanceOf(KryoSerializerSnapshot.class);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void turningAKryoRecordIntoAPojoIsRefusedByFlink(String backend, @TempDir Path savepoints)
            throws Exception {
        String target = savepoints.toUri().toString();
        Map<String, Records<Visit>> written = RecordStateJob.perKey(Visit.samples());
        // What Flink gives a record class that is not a POJO: the whole record in Kryo.
        JobClient writer =
                RecordStateJob.write(
                        jobs,
                        backend,
                        null,
                        StateTypes.of(new GenericTypeInfo<>(Visit.class)),
                        written);
        String kryo =
                SavepointJobs.stopWithSavepoint(writer, target, SavepointFormatType.CANONICAL);

        TypeInformation<Visit> pojo = TypeInformation.of(Visit.class);
        assertThat(pojo).isInstanceOf(PojoTypeInfo.class);
        assertThatThrownBy(
                        () ->
                                RecordStateJob.read(
                                        jobs, backend, kryo, StateTypes.of(pojo), written.keySet()))
                .satisfies(
                        failure -> {
                            StateMigrationException refusal =
                                    ExceptionUtils.findThrowable(
                                                    failure, StateMigrationException.class)
                                            .orElseThrow(() -> new AssertionError(failure));
                            String prefix =
                                    backend.equals("hashmap") ? "For heap backends, the" : "The";
                            assertThat(refusal.getMessage())
                                    .matches(
                                            Pattern.quote(prefix)
                                                    + " new state serializer \\(org\\.apache\\.flink"
                                                    + "\\.api\\.java\\.typeutils\\.runtime\\.PojoSerializer"
                                                    + "@\\w+\\) must not be incompatible with the old"
                                                    + " state serializer \\(org\\.apache\\.flink\\.api"
                                                    + "\\.java\\.typeutils\\.runtime\\.kryo"
                                                    + "\\.KryoSerializer@\\w+\\)\\.");
                        });
    }
}
