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
package dev.flinkgeometry.geofence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.serializer.GeometryTypeInfo;
import dev.flinkgeometry.table.ZonePredicate;
import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.SavepointJobs;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
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
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.typeutils.TupleTypeInfo;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKBReader;

/**
 * {@link Geofences}, broadcast and partitioned, on a MiniCluster with RocksDB through savepoints:
 * zones inserted, then fixes (restored at parallelism 3), then a zone moved to another shape, one
 * deleted and one inserted (at parallelism 1), then fixes again (at parallelism 2). Every output
 * {@code (fix, zone)} is checked against PostGIS's {@code ST_Within} of the place and the zone's
 * shape at the time ({@code /postgis/geofence-pairs.tsv}), duplicates included: exactly once.
 */
class GeofencesITCase {
    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(3);

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    private static final ConcurrentLinkedQueue<String> OUTPUT = new ConcurrentLinkedQueue<>();
    private static volatile CountDownLatch handled;

    @TempDir Path savepoints;

    private final Map<String, Geometry> zones = new LinkedHashMap<>();
    private final Map<String, Point> places = new LinkedHashMap<>();
    private final Map<String, List<String>> within = new LinkedHashMap<>();

    @ParameterizedTest
    @ValueSource(strings = {"broadcast", "partitioned"})
    void zonesChangeForLaterFixesAcrossRestoresAtOtherParallelisms(String mode) throws Exception {
        load();
        List<String> names = new ArrayList<>(zones.keySet());
        String moved = names.get(0);
        String shapeOfMoved = names.get(1);
        String deleted = names.get(2);
        String late = names.get(3);

        Map<String, String> shapes = new LinkedHashMap<>();
        List<String> records = new ArrayList<>();
        for (String zone : names) {
            if (!zone.equals(late)) {
                records.add("Z\t" + zone + "\t" + zone);
                shapes.put(zone, zone);
            }
        }
        String first = phase(mode, 2, null, records);
        assertThat(OUTPUT).isEmpty();

        List<String> expected = new ArrayList<>();
        String second = phase(mode, 3, first, fixes("r1", shapes, expected));
        assertThat(expected).hasSizeGreaterThan(100);
        assertOutput(expected);

        List<String> changes =
                List.of(
                        "Z\t" + moved + "\t" + shapeOfMoved,
                        "Z\t" + deleted + "\t",
                        "Z\t" + late + "\t" + late);
        String third = phase(mode, 1, second, changes);
        assertThat(OUTPUT).isEmpty();

        shapes.put(moved, shapeOfMoved);
        shapes.remove(deleted);
        shapes.put(late, late);
        expected.clear();
        phase(mode, 2, third, fixes("r2", shapes, expected));
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

    /** Each place once; adds each fix's expected {@code id zone} to {@code expected}. */
    private List<String> fixes(String prefix, Map<String, String> shapes, List<String> expected) {
        List<String> records = new ArrayList<>();
        for (String place : places.keySet()) {
            String id = prefix + "-" + place;
            records.add("F\t" + id + "\t" + place);
            for (Map.Entry<String, String> zone : shapes.entrySet()) {
                if (within.get(place).contains(zone.getValue())) {
                    expected.add(id + " " + zone.getKey());
                }
            }
        }
        return records;
    }

    private String phase(String mode, int parallelism, String restoreFrom, List<String> records)
            throws Exception {
        OUTPUT.clear();
        handled = new CountDownLatch(records.size());
        StreamExecutionEnvironment env = SavepointJobs.environment("rocksdb", restoreFrom);
        env.setParallelism(parallelism);
        DataStream<String> counted =
                ((SingleOutputStreamOperator<String>) SavepointJobs.keys(env, records))
                        .setParallelism(1)
                        .flatMap(
                                (String record, Collector<String> out) -> {
                                    out.collect(record);
                                    handled.countDown();
                                })
                        .returns(Types.STRING)
                        .setParallelism(1);
        Map<String, Geometry> zoneShapes = zones;
        Map<String, Point> placePoints = places;
        DataStream<ZoneChange> changes =
                counted.filter(r -> r.startsWith("Z"))
                        .setParallelism(1)
                        .map(
                                r -> {
                                    String[] f = r.split("\t", -1);
                                    return f[2].isEmpty()
                                            ? ZoneChange.delete(f[1])
                                            : ZoneChange.upsert(f[1], zoneShapes.get(f[2]));
                                })
                        .returns(ZoneChange.typeInfo())
                        .setParallelism(1);
        DataStream<Tuple2<String, Point>> fixes =
                counted.filter(r -> r.startsWith("F"))
                        .setParallelism(1)
                        .map(
                                r -> {
                                    String[] f = r.split("\t", -1);
                                    return Tuple2.of(f[1], placePoints.get(f[2]));
                                })
                        .returns(
                                new TupleTypeInfo<>(Types.STRING, GeometryTypeInfo.of(Point.class)))
                        .setParallelism(1);
        DataStream<Tuple2<Tuple2<String, Point>, String>> matches =
                mode.equals("broadcast")
                        ? Geofences.broadcast(
                                "geofence", fixes, fix -> fix.f1, changes, ZonePredicate.CONTAINS)
                        : Geofences.partitioned(
                                "geofence",
                                fixes,
                                fix -> fix.f1,
                                changes,
                                10,
                                ZonePredicate.CONTAINS);
        matches.map(m -> m.f0.f0 + " " + m.f1).returns(Types.STRING).sinkTo(new QueueSink());
        JobClient client = jobs.startAndAwait(env, "geofences", handled);
        return SavepointJobs.stopWithSavepoint(
                client, savepoints.toUri().toString(), SavepointFormatType.CANONICAL);
    }

    private void load() throws IOException, ParseException {
        WKBReader wkb = new WKBReader();
        for (String[] g : tsv("/postgis/geofence-geometries.tsv")) {
            if (g[2].equals("country")) {
                zones.put(g[1], wkb.read(HexFormat.of().parseHex(g[3])));
            } else if (g[2].equals("city") || g[2].equals("ring-point")) {
                places.put(g[1], (Point) wkb.read(HexFormat.of().parseHex(g[3])));
            }
        }
        assertThat(zones).hasSize(32);
        for (String place : places.keySet()) {
            within.put(place, new ArrayList<>());
        }
        for (String[] pair : tsv("/postgis/geofence-pairs.tsv")) {
            // ST_Within(place, zone), which is ST_Contains(zone, place)
            if (places.containsKey(pair[0])
                    && zones.containsKey(pair[1])
                    && pair[3].equals("true")) {
                within.get(pair[0]).add(pair[1]);
            }
        }
    }

    private static List<String[]> tsv(String resource) throws IOException {
        List<String[]> rows = new ArrayList<>();
        try (InputStream in = GeofencesITCase.class.getResourceAsStream(resource);
                BufferedReader reader =
                        new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (!line.startsWith("#") && !line.isEmpty()) {
                    rows.add(line.split("\t", -1));
                }
            }
        }
        return rows;
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
