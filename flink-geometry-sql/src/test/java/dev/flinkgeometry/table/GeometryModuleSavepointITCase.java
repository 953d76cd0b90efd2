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
package dev.flinkgeometry.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.SavepointJobs;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.StringUtils;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A streaming SQL job whose state is keyed by a geometry column ({@code GROUP BY} the {@code RAW}
 * geometry), stopped with a savepoint and restored: the restored counts continue the old ones. The
 * source emits its WKT lines once per run (again after the restore), so every count doubles exactly
 * when the state came back; equal points written differently are one group, on RocksDB too (keys
 * compared by their bytes).
 */
class GeometryModuleSavepointITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    private static final List<String> LINES =
            List.of(
                    "POINT (1 2)",
                    "POINT(1 2)",
                    "SRID=4326;POINT Z (1 2 3)",
                    "LINESTRING M (0 0 1, 1 1 2)");

    /** The latest count per geometry (hex of its EWKB), from the changelog. */
    private static final Map<String, Long> COUNTS = new ConcurrentHashMap<>();

    private static volatile CountDownLatch updates = new CountDownLatch(0);

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void groupByGeometryStateSurvivesASavepoint(String backend, @TempDir Path savepoints)
            throws Exception {
        JobClient first = start(backend, null);
        Map<String, Long> afterFirst = Map.copyOf(COUNTS);
        assertThat(afterFirst.values()).containsExactlyInAnyOrder(2L, 1L, 1L);
        String savepoint =
                SavepointJobs.stopWithSavepoint(
                        first, savepoints.toUri().toString(), SavepointFormatType.CANONICAL);

        SavepointJobs.cancel(start(backend, savepoint));
        assertThat(COUNTS).hasSameSizeAs(afterFirst);
        afterFirst.forEach(
                (geometry, count) ->
                        assertThat(COUNTS.get(geometry)).as(geometry).isEqualTo(2 * count));
        // the groups are the expected geometries, Z, M and SRID kept
        assertThat(COUNTS.keySet())
                .containsExactlyInAnyOrder(
                        "01" + "01000000" + "000000000000f03f" + "0000000000000040",
                        "01"
                                + "010000a0"
                                + "e6100000"
                                + "000000000000f03f"
                                + "0000000000000040"
                                + "0000000000000840",
                        "01"
                                + "02000040"
                                + "02000000"
                                + "0000000000000000"
                                + "0000000000000000"
                                + "000000000000f03f"
                                + "000000000000f03f"
                                + "000000000000f03f"
                                + "0000000000000040");
    }

    private JobClient start(String backend, String restoreFrom) throws Exception {
        StreamExecutionEnvironment env = SavepointJobs.environment(backend, restoreFrom);
        StreamTableEnvironment tables = StreamTableEnvironment.create(env);
        tables.loadModule(GeometryModule.IDENTIFIER, GeometryModule.INSTANCE);
        tables.createTemporaryView(
                "wkt", tables.fromDataStream(SavepointJobs.keys(env, LINES)).as("w"));
        Table counts =
                tables.sqlQuery(
                        "SELECT ST_AsEWKB(g) AS ewkb, COUNT(*) AS n"
                                + " FROM (SELECT ST_GeomFromText(w) AS g FROM wkt) GROUP BY g");
        tables.toChangelogStream(counts)
                .map(GeometryModuleSavepointITCase::record)
                .uid("record")
                .sinkTo(new DiscardingSink<>())
                .uid("discard");
        COUNTS.clear();
        CountDownLatch latch = new CountDownLatch(LINES.size());
        updates = latch;
        return jobs.startAndAwait(env, "GROUP BY geometry from " + restoreFrom, latch);
    }

    /** Keeps the latest count of each group; one insert or update per input line. */
    private static Row record(Row row) {
        if (row.getKind() == RowKind.INSERT || row.getKind() == RowKind.UPDATE_AFTER) {
            COUNTS.put(
                    StringUtils.byteToHexString((byte[]) row.getField("ewkb")),
                    (Long) row.getField("n"));
            updates.countDown();
        }
        return row;
    }
}
