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

import static dev.flinkgeometry.testing.ExactGeometry.describe;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.serializer.GeometryTypeInfo;
import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.SavepointJobs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.state.StateBackend;
import org.apache.flink.runtime.state.hashmap.HashMapStateBackend;
import org.apache.flink.state.rocksdb.EmbeddedRocksDBStateBackend;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;

/**
 * The declared geometry class of keys, values and MapState user keys widens from {@code Point} to
 * {@code Geometry} by a plain restore, and does not narrow back: the restore with {@code Point} is
 * refused, and a rewrite that reads with the old {@code Geometry} types and writes with {@code
 * Point} is the way back. On a MiniCluster with real canonical savepoints, both backends; every key
 * finds exactly its state at each step.
 */
class DeclaredClassChangeITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    private static final String UID = "positions";
    private static final TypeInformation<Geometry> GEOMETRY = GeometryTypeInfo.of(Geometry.class);
    private static final TypeInformation<Geometry> POINT =
            asGeometry(GeometryTypeInfo.of(Point.class));

    private static final List<String> KEYS =
            List.of("POINT (1 2)", "POINT (13.4050001 52.5200066)", "SRID=4326;POINT Z (5 6 7)");

    /** Per key text: the key and the value found, described exactly. */
    private static final Map<String, String> OBSERVED = new ConcurrentHashMap<>();

    private static volatile CountDownLatch handled = new CountDownLatch(0);

    @TempDir Path savepoints;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void pointWidensToGeometryByARestoreAndNarrowsBackOnlyByARewrite(String backend)
            throws Exception {
        OBSERVED.clear();
        String points = stop(start(backend, null, POINT, true));
        Map<String, String> written = new TreeMap<>(OBSERVED);
        assertThat(written).hasSize(KEYS.size());

        OBSERVED.clear();
        String widened = stop(start(backend, points, GEOMETRY, false));
        assertThat(new TreeMap<>(OBSERVED)).isEqualTo(written);

        assertThatThrownBy(() -> start(backend, widened, POINT, false))
                .hasStackTraceContaining("The new key serializer")
                .hasStackTraceContaining("must be compatible with the previous key serializer");

        String target = savepoints.resolve("points-again").toUri().toString();
        StateBackend stateBackend =
                backend.equals("rocksdb")
                        ? new EmbeddedRocksDBStateBackend()
                        : new HashMapStateBackend();
        assertThat(
                        KeyedStateRewrite.forOperator(UID, GEOMETRY, POINT)
                                .valueState("latest", GEOMETRY, POINT)
                                .mapState("visits", GEOMETRY, Types.STRING, POINT, Types.STRING)
                                .rewrite(widened, target, stateBackend))
                .isEqualTo(KEYS.size());
        OBSERVED.clear();
        start(backend, target, POINT, false);
        assertThat(new TreeMap<>(OBSERVED)).isEqualTo(written);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static TypeInformation<Geometry> asGeometry(TypeInformation<Point> type) {
        return (TypeInformation) type;
    }

    private String stop(JobClient client) throws Exception {
        return SavepointJobs.stopWithSavepoint(
                client, savepoints.toUri().toString(), SavepointFormatType.CANONICAL);
    }

    private JobClient start(
            String backend, String restoreFrom, TypeInformation<Geometry> type, boolean write)
            throws Exception {
        StreamExecutionEnvironment env = SavepointJobs.environment(backend, restoreFrom);
        handled = new CountDownLatch(KEYS.size());
        SavepointJobs.keys(env, KEYS)
                .keyBy(CompactKeyRewriteITCase::parse, type)
                .process(new LatestFunction(type, write), Types.STRING)
                .uid(UID)
                .sinkTo(new DiscardingSink<>());
        return jobs.startAndAwait(env, "declared " + type + ", " + backend, handled);
    }

    /**
     * Keeps the key's own geometry as its value and as a MapState user key (if writing) and reports
     * key, value and map.
     */
    static final class LatestFunction extends KeyedProcessFunction<Geometry, String, String> {
        private static final long serialVersionUID = 1L;

        private final ValueStateDescriptor<Geometry> descriptor;
        private final MapStateDescriptor<Geometry, String> visitsDescriptor;
        private final boolean write;
        private transient ValueState<Geometry> latest;
        private transient MapState<Geometry, String> visits;

        LatestFunction(TypeInformation<Geometry> type, boolean write) {
            this.descriptor = new ValueStateDescriptor<>("latest", type);
            this.visitsDescriptor = new MapStateDescriptor<>("visits", type, Types.STRING);
            this.write = write;
        }

        @Override
        public void open(OpenContext openContext) {
            latest = getRuntimeContext().getState(descriptor);
            visits = getRuntimeContext().getMapState(visitsDescriptor);
        }

        @Override
        public void processElement(String text, Context ctx, Collector<String> out)
                throws Exception {
            if (write) {
                latest.update(CompactKeyRewriteITCase.parse(text));
                visits.put(CompactKeyRewriteITCase.parse(text), text);
            }
            Geometry value = latest.value();
            List<String> entries = new ArrayList<>();
            for (Map.Entry<Geometry, String> entry : visits.entries()) {
                entries.add(describe(entry.getKey()) + "=" + entry.getValue());
            }
            OBSERVED.put(
                    text,
                    describe(ctx.getCurrentKey())
                            + " -> "
                            + (value == null ? "no value" : describe(value))
                            + " "
                            + entries);
            handled.countDown();
        }
    }
}
