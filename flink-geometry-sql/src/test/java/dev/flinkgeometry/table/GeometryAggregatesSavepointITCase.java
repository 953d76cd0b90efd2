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

import dev.flinkgeometry.serializer.GeometrySerializer;
import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.SavepointContents;
import dev.flinkgeometry.testing.SavepointJobs;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.apache.flink.api.common.typeutils.TypeSerializer;
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
 * A streaming {@code GROUP BY vehicle} of the four geometry aggregates, stopped with a savepoint
 * mid-stream and restored (hashmap and RocksDB): the final tracks, collections, unions and extents
 * are byte for byte those of a run that was never interrupted. Each vehicle gets more fixes than
 * {@link UnionAccumulator#PENDING}, so the savepoint holds partial unions. The savepoint's
 * serializers for the aggregate state are read back: each accumulator is written by {@link
 * AccumulatorSerializer} over {@link GeometrySerializer}, and nothing in the state is Kryo ({@code
 * pipeline.generic-types: false} would not tell: a {@code RAW} accumulator type that Flink backs
 * with Kryo passes it).
 */
class GeometryAggregatesSavepointITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    private static final int VEHICLES = 3;
    private static final int FIXES_PER_VEHICLE = 100;

    /** The latest result per vehicle, from the changelog. */
    private static final Map<String, String> RESULTS = new ConcurrentHashMap<>();

    private static volatile CountDownLatch updates = new CountDownLatch(0);

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void aggregateStateRestoresExactlyFromASavepoint(String backend, @TempDir Path savepoints)
            throws Exception {
        List<String> fixes = fixes();
        List<String> before = fixes.subList(0, fixes.size() * 2 / 5);
        List<String> after = fixes.subList(before.size(), fixes.size());

        SavepointJobs.cancel(start(backend, null, fixes));
        Map<String, String> uninterrupted = Map.copyOf(RESULTS);
        assertThat(uninterrupted).hasSize(VEHICLES);

        JobClient first = start(backend, null, before);
        String savepoint =
                SavepointJobs.stopWithSavepoint(
                        first, savepoints.toUri().toString(), SavepointFormatType.CANONICAL);
        assertStateIsWrittenByGeometrySerializer(savepoint);

        SavepointJobs.cancel(start(backend, savepoint, after));
        assertThat(RESULTS).isEqualTo(uninterrupted);
        assertThat(RESULTS.values()).allMatch(result -> result.startsWith(FIXES_PER_VEHICLE + "|"));
    }

    private static void assertStateIsWrittenByGeometrySerializer(String savepoint)
            throws Exception {
        Set<AccumulatorKind> kinds = EnumSet.noneOf(AccumulatorKind.class);
        List<String> serializers = new ArrayList<>();
        for (SavepointContents.KeyedState keyed : SavepointContents.read(savepoint).keyedStates()) {
            for (String state : keyed.keyValueStateNames()) {
                walk(keyed.valueSnapshot(state).restoreSerializer(), serializers, kinds);
            }
        }
        assertThat(serializers)
                .noneMatch(name -> name.toLowerCase(Locale.ROOT).contains("kryo"))
                .contains(GeometrySerializer.class.getName());
        assertThat(kinds).containsExactlyInAnyOrder(AccumulatorKind.values());
    }

    /** Every serializer in {@code serializer}'s tree, found through its serializer fields. */
    private static void walk(
            TypeSerializer<?> serializer, List<String> found, Set<AccumulatorKind> kinds)
            throws IllegalAccessException {
        walk(serializer, found, kinds, new IdentityHashMap<>());
    }

    private static void walk(
            Object serializer,
            List<String> found,
            Set<AccumulatorKind> kinds,
            Map<Object, Boolean> seen)
            throws IllegalAccessException {
        if (serializer == null || seen.put(serializer, true) != null) {
            return;
        }
        found.add(serializer.getClass().getName());
        if (serializer instanceof AccumulatorSerializer) {
            AccumulatorSerializer<?> accumulator = (AccumulatorSerializer<?>) serializer;
            assertThat(accumulator.geometries()).isInstanceOf(GeometrySerializer.class);
            kinds.add(accumulator.kind());
        }
        for (Class<?> c = serializer.getClass(); c != null; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers())) {
                    continue;
                }
                boolean one = TypeSerializer.class.isAssignableFrom(field.getType());
                boolean many =
                        field.getType().isArray()
                                && TypeSerializer.class.isAssignableFrom(
                                        field.getType().getComponentType());
                if (!one && !many) {
                    continue;
                }
                field.setAccessible(true);
                Object value = field.get(serializer);
                if (one) {
                    walk(value, found, kinds, seen);
                } else if (value != null) {
                    for (Object element : (Object[]) value) {
                        walk(element, found, kinds, seen);
                    }
                }
            }
        }
    }

    /** vehicle,ms,x,y: each vehicle's fixes, interleaved, times not in order within a vehicle. */
    private static List<String> fixes() {
        List<String> fixes = new ArrayList<>();
        for (int i = 0; i < FIXES_PER_VEHICLE; i++) {
            for (int v = 0; v < VEHICLES; v++) {
                long ms = 1_000L * ((i * 37) % FIXES_PER_VEHICLE);
                fixes.add(
                        String.format(
                                Locale.ROOT,
                                "v%d,%d,%s,%s",
                                v,
                                ms,
                                13.4 + v + 0.001 * (i % 17),
                                52.5 + 0.0007 * i));
            }
        }
        return fixes;
    }

    private JobClient start(String backend, String restoreFrom, List<String> lines)
            throws Exception {
        StreamExecutionEnvironment env = SavepointJobs.environment(backend, restoreFrom);
        StreamTableEnvironment tables = StreamTableEnvironment.create(env);
        tables.loadModule(GeometryModule.IDENTIFIER, GeometryModule.INSTANCE);
        tables.createTemporaryView(
                "lines", tables.fromDataStream(SavepointJobs.keys(env, lines)).as("w"));
        Table results =
                tables.sqlQuery(
                        "SELECT vehicle, COUNT(*) AS n,"
                                + " ST_AsEWKB(ST_MakeLine(p, ms)) AS track,"
                                + " ST_AsEWKB(ST_Collect(p)) AS collected,"
                                + " ST_AsEWKB(ST_Union(p)) AS unioned,"
                                + " ST_AsEWKB(ST_Extent(p)) AS extent"
                                + " FROM (SELECT SPLIT_INDEX(w, ',', 0) AS vehicle,"
                                + " CAST(SPLIT_INDEX(w, ',', 1) AS BIGINT) AS ms,"
                                + " ST_Point(CAST(SPLIT_INDEX(w, ',', 2) AS DOUBLE),"
                                + " CAST(SPLIT_INDEX(w, ',', 3) AS DOUBLE), 4326) AS p"
                                + " FROM lines) GROUP BY vehicle");
        tables.toChangelogStream(results)
                .map(GeometryAggregatesSavepointITCase::record)
                .uid("record")
                .sinkTo(new DiscardingSink<>())
                .uid("discard");
        RESULTS.clear();
        CountDownLatch latch = new CountDownLatch(lines.size());
        updates = latch;
        return jobs.startAndAwait(env, "geometry aggregates from " + restoreFrom, latch);
    }

    /** Keeps the latest result of each vehicle; one insert or update per input line. */
    private static Row record(Row row) {
        if (row.getKind() == RowKind.INSERT || row.getKind() == RowKind.UPDATE_AFTER) {
            StringBuilder result = new StringBuilder().append(row.getField("n"));
            for (String column : List.of("track", "collected", "unioned", "extent")) {
                byte[] bytes = (byte[]) row.getField(column);
                result.append('|')
                        .append(bytes == null ? "null" : StringUtils.byteToHexString(bytes));
            }
            RESULTS.put((String) row.getField("vehicle"), result.toString());
            updates.countDown();
        }
        return row;
    }
}
