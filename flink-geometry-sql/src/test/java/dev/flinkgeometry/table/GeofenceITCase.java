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

import static dev.flinkgeometry.table.VectorFiles.tsv;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.SavepointJobs;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.api.java.typeutils.RowTypeInfo;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.checkpoint.Checkpoints;
import org.apache.flink.runtime.checkpoint.OperatorState;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;
import org.apache.flink.runtime.state.KeyedStateHandle;
import org.apache.flink.runtime.state.filesystem.AbstractFsCheckpointStorageAccess;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.io.WKBReader;

/**
 * The README's geofence ({@code GEOFENCE} partitioned by grid cells) on a MiniCluster with RocksDB,
 * through savepoints: zones from a changelog (inserts, an update, a delete, a late insert), fixes
 * matched against the zones present when they arrive, restored at parallelism 2, 1 and 3. The fixes
 * are cities and points PostGIS placed on the rings of 32 Natural Earth countries (vertices and
 * edge middles); every output row is checked against PostGIS's {@code ST_Within} of the fix and the
 * zone's shape at the time ({@code /postgis/geofence-pairs.tsv}), duplicates included. The keyed
 * state of the job is the same size after 1 and after 11 rounds of fixes: nothing per fix.
 */
class GeofenceITCase {
    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(3);

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    /** The README's geofence, verbatim (README.md must hold it). */
    static final String[] README =
            new String[] {
                "CREATE TEMPORARY VIEW f AS SELECT id, ST_Point(lon, lat, 4326) AS fix,\n"
                        + "  ST_GridCell(ST_Point(lon, lat, 4326), 10) AS cell FROM fixes",
                "CREATE TEMPORARY VIEW z AS SELECT name, geom, cell\n"
                        + "  FROM zones CROSS JOIN UNNEST(ST_GridCover(geom, 10)) AS c(cell)",
                "SELECT id, name FROM GEOFENCE(fixes => TABLE f PARTITION BY cell,\n"
                        + "  zones => TABLE z PARTITION BY cell, fix_column => DESCRIPTOR(fix),\n"
                        + "  zone_column => DESCRIPTOR(geom), zone_key => DESCRIPTOR(name))"
            };

    private static final ConcurrentLinkedQueue<String> OUTPUT = new ConcurrentLinkedQueue<>();
    private static volatile CountDownLatch handled;

    @TempDir Path savepoints;

    private final Map<String, String> zones = new LinkedHashMap<>();
    private final Map<String, double[]> places = new LinkedHashMap<>();
    private final Map<String, List<String>> within = new LinkedHashMap<>();

    @Test
    void theReadmeQueryIsHashedOnTheCellOnBothInputs() throws Exception {
        String readme = Files.readString(Paths.get("..", "README.md"), StandardCharsets.UTF_8);
        for (String statement : README) {
            assertThat(readme).as("README.md holds the geofence").contains(statement + ";");
        }
        StreamTableEnvironment sql = tables(environment(2, null), List.of());
        String plan = sql.explainSql(README[2]);
        String physical = plan.substring(plan.indexOf("== Optimized Execution Plan =="));
        assertThat(physical)
                .contains("ProcessTableFunction(invocation=[GEOFENCE(")
                .doesNotContain("distribution=[single]")
                .doesNotContain("Join(");
        assertThat(physical.split("Exchange\\(distribution=\\[hash\\[").length - 1)
                .as("one hash exchange per input:%n%s", physical)
                .isEqualTo(2);
        assertThat(physical).contains("Exchange(distribution=[hash[cell]])");
    }

    @Test
    void thePlainJoinRunsOnOneTaskAndKeepsBothSides() throws Exception {
        StreamTableEnvironment sql = tables(environment(4, null), List.of());
        String plan =
                sql.explainSql(
                        "SELECT f.id, z.name FROM fixes AS f JOIN zones AS z"
                                + " ON ST_Contains(z.geom, ST_Point(f.lon, f.lat, 4326))");
        String physical = plan.substring(plan.indexOf("== Optimized Execution Plan =="));
        assertThat(physical)
                .contains("Join(joinType=[InnerJoin], where=[ST_Contains(")
                .contains("leftInputSpec=[NoUniqueKey], rightInputSpec=[NoUniqueKey]")
                .doesNotContain("hash[");
        assertThat(physical.split("Exchange\\(distribution=\\[single\\]\\)").length - 1)
                .as("both inputs to one task:%n%s", physical)
                .isEqualTo(2);
    }

    @Test
    void zonesChangeForLaterFixesAcrossRestoresAtOtherParallelisms() throws Exception {
        load();
        List<String> names = new ArrayList<>(zones.keySet());
        assertThat(names).hasSize(32);
        String moved = names.get(0);
        String shapeOfMoved = names.get(1);
        String deleted = names.get(2);
        String late = names.get(3);

        // 1: every zone but one, and a zone without a shape (in no cell, so never met)
        List<String> inserts = new ArrayList<>();
        for (String zone : names) {
            if (!zone.equals(late)) {
                inserts.add(zoneRecord("+I", zone, zones.get(zone)));
            }
        }
        inserts.add(zoneRecord("+I", "no shape", null));
        String first = phase(2, null, inserts);
        long zonesOnly = keyedStateBytes(first);

        // 2: a round of fixes, each place once, and a fix without a position
        Map<String, String> shapes = new LinkedHashMap<>();
        for (String zone : names) {
            if (!zone.equals(late)) {
                shapes.put(zone, zone);
            }
        }
        List<String> expected = new ArrayList<>();
        List<String> fixes = fixes("r1", 1, shapes, expected);
        fixes.add(fixRecord("no position", null));
        String second = phase(2, first, fixes);
        assertThat(OUTPUT.size()).isGreaterThan(100);
        assertOutput(expected);
        assertThat(keyedStateBytes(second)).as("state after fixes").isEqualTo(zonesOnly);

        // 3: ten rounds more: the state stays as it was
        expected.clear();
        String third = phase(2, second, fixes("r2", 10, shapes, expected));
        assertOutput(expected);
        assertThat(keyedStateBytes(third)).as("state after 11 rounds").isEqualTo(zonesOnly);
        System.out.printf(
                "GEOFENCE keyed state: %d bytes with %d zones, the same after %d and %d fixes%n",
                zonesOnly, names.size() - 1, places.size() + 1, places.size() * 11 + 1);

        // 4: at parallelism 1, a zone takes another's shape, one is deleted, one arrives
        List<String> changes = new ArrayList<>();
        changes.add(zoneRecord("-U", moved, zones.get(moved)));
        changes.add(zoneRecord("+U", moved, zones.get(shapeOfMoved)));
        changes.add(zoneRecord("-D", deleted, zones.get(deleted)));
        changes.add(zoneRecord("+I", late, zones.get(late)));
        String fourth = phase(1, third, changes);
        assertThat(OUTPUT).isEmpty();

        // 5: at parallelism 3, the fixes meet the zones as they are now
        shapes.put(moved, shapeOfMoved);
        shapes.remove(deleted);
        shapes.put(late, late);
        expected.clear();
        phase(3, fourth, fixes("r3", 1, shapes, expected));
        assertOutput(expected);
        assertThat(expected).anyMatch(row -> row.endsWith(" " + late));
        assertThat(OUTPUT).noneMatch(row -> row.endsWith(" " + deleted));
    }

    private void assertOutput(List<String> expected) {
        List<String> actual = new ArrayList<>(OUTPUT);
        actual.sort(null);
        expected.sort(null);
        assertThat(actual).isEqualTo(expected);
    }

    /**
     * Per place {@code rounds} fixes with ids {@code prefix-n-place}; adds to {@code expected} each
     * fix's row per zone whose current shape ({@code shapes}: zone to the country whose shape it
     * has) contains the place, as PostGIS says.
     */
    private List<String> fixes(
            String prefix, int rounds, Map<String, String> shapes, List<String> expected) {
        List<String> records = new ArrayList<>();
        for (int n = 0; n < rounds; n++) {
            for (Map.Entry<String, double[]> place : places.entrySet()) {
                String id = prefix + "-" + n + "-" + place.getKey();
                records.add(fixRecord(id, place.getValue()));
                for (Map.Entry<String, String> zone : shapes.entrySet()) {
                    if (within.get(place.getKey()).contains(zone.getValue())) {
                        expected.add(id + " " + zone.getKey());
                    }
                }
            }
        }
        return records;
    }

    /** Runs the job on {@code records} and stops it with a savepoint; returns its path. */
    private String phase(int parallelism, String restoreFrom, List<String> records)
            throws Exception {
        OUTPUT.clear();
        handled = new CountDownLatch(records.size());
        StreamExecutionEnvironment env = environment(parallelism, restoreFrom);
        StreamTableEnvironment sql = tables(env, records);
        sql.toDataStream(sql.sqlQuery(README[2]))
                .map(row -> row.getField("id") + " " + row.getField("name"))
                .sinkTo(new QueueSink());
        JobClient client = jobs.startAndAwait(env, "geofence", handled);
        return SavepointJobs.stopWithSavepoint(
                client, savepoints.toUri().toString(), SavepointFormatType.CANONICAL);
    }

    private static StreamExecutionEnvironment environment(int parallelism, String restoreFrom) {
        StreamExecutionEnvironment env = SavepointJobs.environment("rocksdb", restoreFrom);
        env.setParallelism(parallelism);
        return env;
    }

    /** {@code fixes} and {@code zones} (a changelog) from one source of records, and the views. */
    private static StreamTableEnvironment tables(
            StreamExecutionEnvironment env, List<String> records) {
        StreamTableEnvironment sql = StreamTableEnvironment.create(env);
        sql.loadModule(GeometryModule.IDENTIFIER, GeometryModule.INSTANCE);
        SingleOutputStreamOperator<String> source =
                ((SingleOutputStreamOperator<String>) SavepointJobs.keys(env, records))
                        .setParallelism(1);
        DataStream<String> counted =
                source.flatMap(
                                (String record, Collector<String> out) -> {
                                    out.collect(record);
                                    handled.countDown();
                                })
                        .returns(Types.STRING)
                        .setParallelism(1);
        DataStream<Row> zoneRows =
                counted.filter(r -> r.startsWith("Z"))
                        .setParallelism(1)
                        .map(GeofenceITCase::zoneRow)
                        .returns(
                                new RowTypeInfo(
                                        new org.apache.flink.api.common.typeinfo.TypeInformation<?>
                                                [] {
                                            Types.STRING, Types.PRIMITIVE_ARRAY(Types.BYTE)
                                        },
                                        new String[] {"name", "wkb"}))
                        .setParallelism(1);
        DataStream<Row> fixRows =
                counted.filter(r -> r.startsWith("F"))
                        .setParallelism(1)
                        .map(GeofenceITCase::fixRow)
                        .returns(
                                Types.ROW_NAMED(
                                        new String[] {"id", "lon", "lat"},
                                        Types.STRING,
                                        Types.DOUBLE,
                                        Types.DOUBLE))
                        .setParallelism(1);
        sql.createTemporaryView("zone_rows", sql.fromChangelogStream(zoneRows));
        sql.createTemporaryView("fixes", sql.fromDataStream(fixRows));
        sql.executeSql(
                "CREATE TEMPORARY VIEW zones AS"
                        + " SELECT name, ST_GeomFromEWKB(wkb) AS geom FROM zone_rows");
        sql.executeSql(README[0]);
        sql.executeSql(README[1]);
        return sql;
    }

    private static String zoneRecord(String kind, String zone, String ewkbHex) {
        return "Z\t" + kind + "\t" + zone + "\t" + (ewkbHex == null ? "" : ewkbHex);
    }

    private static String fixRecord(String id, double[] xy) {
        return "F\t" + id + "\t" + (xy == null ? "\t" : xy[0] + "\t" + xy[1]);
    }

    private static Row zoneRow(String record) {
        String[] f = record.split("\t", -1);
        byte[] wkb = f[3].isEmpty() ? null : HexFormat.of().parseHex(f[3]);
        RowKind kind = null;
        for (RowKind k : RowKind.values()) {
            if (k.shortString().equals(f[1])) {
                kind = k;
            }
        }
        return Row.ofKind(kind, f[2], wkb);
    }

    private static Row fixRow(String record) {
        String[] f = record.split("\t", -1);
        return Row.of(
                f[1],
                f[2].isEmpty() ? null : Double.valueOf(f[2]),
                f[3].isEmpty() ? null : Double.valueOf(f[3]));
    }

    /** The bytes of all managed keyed state in the savepoint (only GEOFENCE keeps keyed state). */
    private static long keyedStateBytes(String pointer) throws IOException {
        CheckpointMetadata metadata;
        try (InputStream in =
                AbstractFsCheckpointStorageAccess.resolveCheckpointPointer(pointer)
                        .getMetadataHandle()
                        .openInputStream()) {
            metadata =
                    Checkpoints.loadCheckpointMetadata(
                            new DataInputStream(in),
                            GeofenceITCase.class.getClassLoader(),
                            pointer);
        }
        long bytes = 0;
        for (OperatorState operator : metadata.getOperatorStates()) {
            for (OperatorSubtaskState subtask : operator.getStates()) {
                for (KeyedStateHandle handle : subtask.getManagedKeyedState()) {
                    bytes += handle.getStateSize();
                }
            }
        }
        assertThat(bytes).isPositive();
        return bytes;
    }

    private void load() throws IOException {
        WKBReader wkb = new WKBReader();
        for (String[] g : tsv("/postgis/geofence-geometries.tsv")) {
            if (g[2].equals("country")) {
                zones.put(g[1], g[3]);
            } else if (g[2].equals("city") || g[2].equals("ring-point")) {
                try {
                    Point p = (Point) wkb.read(HexFormat.of().parseHex(g[3]));
                    places.put(g[1], new double[] {p.getX(), p.getY()});
                } catch (org.locationtech.jts.io.ParseException e) {
                    throw new IOException(e);
                }
            }
        }
        for (String place : places.keySet()) {
            within.put(place, new ArrayList<>());
        }
        for (String[] pair : tsv("/postgis/geofence-pairs.tsv")) {
            if (places.containsKey(pair[0]) && zones.containsKey(pair[1])) {
                // ST_Within(fix, zone): ST_Contains(zone, fix)
                if (pair[3].equals("true")) {
                    within.get(pair[0]).add(pair[1]);
                }
            }
        }
    }

    /** Adds each row to {@link #OUTPUT}. */
    private static final class QueueSink implements Sink<String> {
        private static final long serialVersionUID = 1L;

        @Override
        public SinkWriter<String> createWriter(WriterInitContext context) {
            return new SinkWriter<>() {
                @Override
                public void write(String row, Context context) {
                    OUTPUT.add(row);
                }

                @Override
                public void flush(boolean endOfInput) {}

                @Override
                public void close() {}
            };
        }
    }
}
