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

import dev.flinkgeometry.serializer.GeometryEncoding;
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
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.state.StateBackend;
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

/**
 * Geometry <b>user keys of a MapState</b> move from the aligned encoding to the lossless compact
 * one and back, on a MiniCluster with real canonical savepoints: on the hashmap backend the restore
 * migrates them; on RocksDB Flink refuses the restore ("migration for MapState currently only
 * allows value schema evolutions") and {@link KeyedStateRewrite} moves them. Each way, every entry
 * of every vehicle comes back exactly (class, SRID, Z, bits).
 */
class MapUserKeyEncodingITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    private static final String UID = "vehicles";
    private static final TypeInformation<Geometry> ALIGNED = GeometryTypeInfo.of(Geometry.class);
    private static final TypeInformation<Geometry> COMPACT =
            GeometryTypeInfo.of(Geometry.class, GeometryEncoding.compact());

    private static final List<String> VEHICLES = List.of("v1", "v2", "v3");

    /** User keys: TWKB decimals, a full-precision double (the aligned form), SRID, Z, a line. */
    private static final List<String> POSITIONS =
            List.of(
                    "POINT (13.4050001 52.5200066)",
                    "POINT (3.141592653589793 2.718281828459045)",
                    "SRID=4326;POINT (-0.1275 51.5072)",
                    "POINT Z (7 8 8848.86)",
                    "LINESTRING (0 0, 1.5 2.25, -3 4)");

    /** Per vehicle: its map's entries, described exactly and sorted. */
    private static final Map<String, String> OBSERVED = new ConcurrentHashMap<>();

    private static volatile CountDownLatch handled = new CountDownLatch(0);

    @TempDir Path savepoints;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void userKeysMoveBetweenAlignedAndCompactBothWays(String backend) throws Exception {
        OBSERVED.clear();
        String aligned = stop(start(backend, null, ALIGNED, true));
        Map<String, String> written = new TreeMap<>(OBSERVED);
        assertThat(written).hasSize(VEHICLES.size());

        String compact = move(backend, aligned, ALIGNED, COMPACT, "compact");
        OBSERVED.clear();
        String compactAgain = stop(start(backend, compact, COMPACT, false));
        assertThat(new TreeMap<>(OBSERVED)).isEqualTo(written);

        String back = move(backend, compactAgain, COMPACT, ALIGNED, "aligned-again");
        OBSERVED.clear();
        start(backend, back, ALIGNED, false);
        assertThat(new TreeMap<>(OBSERVED)).isEqualTo(written);
    }

    /**
     * The savepoint from which the job with {@code to} user keys starts: on the hashmap backend the
     * one given (the restore migrates); on RocksDB, where that restore is refused, a rewrite.
     */
    private String move(
            String backend,
            String savepoint,
            TypeInformation<Geometry> from,
            TypeInformation<Geometry> to,
            String name)
            throws Exception {
        if (backend.equals("hashmap")) {
            return savepoint;
        }
        OBSERVED.clear();
        assertThatThrownBy(() -> start(backend, savepoint, to, false))
                .hasStackTraceContaining(
                        "The new serializer for a MapState requires state migration in order for"
                                + " the job to proceed, since the key schema has changed. However,"
                                + " migration for MapState currently only allows value schema"
                                + " evolutions.");
        String target = savepoints.resolve(name).toUri().toString();
        StateBackend stateBackend = new EmbeddedRocksDBStateBackend();
        assertThat(
                        KeyedStateRewrite.forOperator(UID, Types.STRING, Types.STRING)
                                .mapState("visits", from, Types.LONG, to, Types.LONG)
                                .rewrite(savepoint, target, stateBackend))
                .isEqualTo(VEHICLES.size());
        return target;
    }

    private String stop(JobClient client) throws Exception {
        return SavepointJobs.stopWithSavepoint(
                client, savepoints.toUri().toString(), SavepointFormatType.CANONICAL);
    }

    private JobClient start(
            String backend, String restoreFrom, TypeInformation<Geometry> userKey, boolean write)
            throws Exception {
        StreamExecutionEnvironment env = SavepointJobs.environment(backend, restoreFrom);
        handled = new CountDownLatch(VEHICLES.size());
        SavepointJobs.keys(env, VEHICLES)
                .keyBy(vehicle -> vehicle, Types.STRING)
                .process(new VisitsFunction(userKey, write), Types.STRING)
                .uid(UID)
                .sinkTo(new DiscardingSink<>());
        return jobs.startAndAwait(env, "MapState user keys " + userKey + ", " + backend, handled);
    }

    /** Puts every position with a count per vehicle (if writing), then reports the map. */
    static final class VisitsFunction extends KeyedProcessFunction<String, String, String> {
        private static final long serialVersionUID = 1L;

        private final MapStateDescriptor<Geometry, Long> descriptor;
        private final boolean write;
        private transient MapState<Geometry, Long> visits;

        VisitsFunction(TypeInformation<Geometry> userKey, boolean write) {
            this.descriptor = new MapStateDescriptor<>("visits", userKey, Types.LONG);
            this.write = write;
        }

        @Override
        public void open(OpenContext openContext) {
            visits = getRuntimeContext().getMapState(descriptor);
        }

        @Override
        public void processElement(String vehicle, Context ctx, Collector<String> out)
                throws Exception {
            if (write) {
                long count = vehicle.hashCode() % 100;
                for (String position : POSITIONS) {
                    visits.put(CompactKeyRewriteITCase.parse(position), count++);
                }
            }
            List<String> entries = new ArrayList<>();
            for (Map.Entry<Geometry, Long> entry : visits.entries()) {
                entries.add(describe(entry.getKey()) + "=" + entry.getValue());
            }
            entries.sort(null);
            OBSERVED.put(vehicle, String.join("; ", entries));
            handled.countDown();
        }
    }
}
