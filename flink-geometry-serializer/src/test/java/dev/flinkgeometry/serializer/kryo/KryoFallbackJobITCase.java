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
package dev.flinkgeometry.serializer.kryo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.serializer.GeometryTypes;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.SavepointJobs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.api.java.typeutils.runtime.kryo.KryoSerializer;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.CloseableIterator;
import org.apache.flink.util.Collector;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Point;

/**
 * Jobs on a MiniCluster whose geometries go through Flink's Kryo fallback ({@link GenericTypeInfo}
 * named explicitly, as a TaskManager's type extraction gives it): with the Kryo fallback ({@link
 * GeometryTypes#registerKryoFallback}), RocksDB geometry keys are deterministic; Kryo state written
 * before it (FieldSerializer) is refused on restore with an error that says what to do.
 */
class KryoFallbackJobITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    private static final GeometryFactory FACTORY = new GeometryFactory();

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    /**
     * Twelve equal points (six ways of building one, each once with its envelope cached) keyed by
     * the geometry through Kryo on RocksDB, which compares keys by their bytes: with the
     * registration they are one key; with Kryo's FieldSerializer they split.
     */
    @ParameterizedTest(name = "Kryo defaults registered: {0}")
    @ValueSource(booleans = {true, false})
    void rocksDbGeometryKeysThroughKryo(boolean registered) throws Exception {
        StreamExecutionEnvironment env = SavepointJobs.environment("rocksdb", null);
        if (registered) {
            configureKryoDefaults(env);
        }
        TypeInformation<Geometry> kryo = new GenericTypeInfo<>(Geometry.class);
        DataStream<Integer> perKey =
                env.fromData(IntStream.range(0, 12).boxed().collect(Collectors.toList()))
                        .map(KryoFallbackJobITCase::equalPoint)
                        .returns(kryo)
                        .keyBy(point -> point, kryo)
                        .process(new CountPerKey())
                        .name("count per key");
        // The job's key serializer is Kryo's, and writes points with GeometryKryoSerializer
        // exactly when the fallback is registered.
        TypeSerializer<?> keySerializer =
                env.getStreamGraph(false).getStreamNodes().stream()
                        .filter(node -> node.getOperatorName().equals("count per key"))
                        .findFirst()
                        .orElseThrow()
                        .getStateKeySerializer();
        assertThat(keySerializer).isInstanceOf(KryoSerializer.class);
        Class<?> pointSerializer =
                ((KryoSerializer<?>) keySerializer)
                        .getKryo()
                        .getDefaultSerializer(Point.class)
                        .getClass();
        if (registered) {
            assertThat(pointSerializer).isEqualTo(GeometryKryoSerializer.class);
        } else {
            assertThat(pointSerializer).isNotEqualTo(GeometryKryoSerializer.class);
        }
        List<Integer> visits = new ArrayList<>();
        try (CloseableIterator<Integer> counts = perKey.executeAndCollect()) {
            counts.forEachRemaining(visits::add);
        }
        long keys = visits.stream().filter(count -> count == 1).count();
        if (registered) {
            assertThat(keys).as("distinct RocksDB keys").isEqualTo(1);
            assertThat(visits).contains(12);
        } else {
            assertThat(keys).as("distinct RocksDB keys with FieldSerializer").isGreaterThan(1);
        }
    }

    private static Geometry equalPoint(int i) throws Exception {
        List<Geometry> ways = GeometryKryoSerializerTest.equalPoints();
        Geometry point = ways.get(i % ways.size());
        if (i >= ways.size()) {
            point.getEnvelopeInternal(); // cached in the geometry, and a field Kryo would write
        }
        return point;
    }

    /** Counts the records of each key. */
    static final class CountPerKey extends KeyedProcessFunction<Geometry, Geometry, Integer> {
        private static final long serialVersionUID = 1L;
        private transient ValueState<Integer> count;

        @Override
        public void open(OpenContext openContext) {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.INT));
        }

        @Override
        public void processElement(Geometry point, Context ctx, Collector<Integer> out)
                throws Exception {
            int seen = count.value() == null ? 1 : count.value() + 1;
            count.update(seen);
            out.collect(seen);
        }
    }

    // ------------------------------------------------------------------------------------------
    // Kryo state from before the registration
    // ------------------------------------------------------------------------------------------

    private static final List<String> KEYS = List.of("a", "b", "c");
    private static final Map<String, Geometry> OBSERVED = new ConcurrentHashMap<>();
    private static volatile CountDownLatch handled = new CountDownLatch(0);

    /**
     * A descriptor built in {@code open()} without type information registered: Kryo with its
     * FieldSerializer writes the state. The same job restored on RocksDB with the Kryo defaults
     * registered: Flink's Kryo snapshot accepts the new default serializers as compatible, RocksDB
     * hands the old bytes to GeometryKryoSerializer, which refuses them with a message naming the
     * fix.
     */
    @Test
    void fieldSerializerStateIsRefusedClearlyOnRocksDb(@TempDir Path savepoints) throws Exception {
        String savepoint = writeWithFieldSerializer(savepoints);

        StreamExecutionEnvironment restored = SavepointJobs.environment("rocksdb", savepoint);
        configureKryoDefaults(restored);
        assertThatThrownBy(() -> start(restored, false))
                .satisfies(
                        failure ->
                                assertThat(
                                                ExceptionUtils.findThrowableWithMessage(
                                                        failure,
                                                        "Kryo state of org.locationtech.jts.geom"
                                                                + ".Point was not written by"
                                                                + " GeometryKryoSerializer (a"
                                                                + " record of length 0)"))
                                        .as("the restore failure %s", failure)
                                        .isPresent());
    }

    /**
     * The way out that docs/MIGRATION.md describes: the heap backend reads old state with the
     * savepoint's own (FieldSerializer) configuration and writes it with the registered one; a
     * canonical savepoint of that job then restores on RocksDB with the registration.
     */
    @Test
    void fieldSerializerStateMovesOverThroughTheHeapBackend(@TempDir Path savepoints)
            throws Exception {
        String target = savepoints.toUri().toString();
        String old = writeWithFieldSerializer(savepoints);

        StreamExecutionEnvironment heap = SavepointJobs.environment("hashmap", old);
        configureKryoDefaults(heap);
        JobClient onHeap = start(heap, false);
        assertWrittenPoints();
        String rewritten =
                SavepointJobs.stopWithSavepoint(onHeap, target, SavepointFormatType.CANONICAL);

        StreamExecutionEnvironment rocksdb = SavepointJobs.environment("rocksdb", rewritten);
        configureKryoDefaults(rocksdb);
        SavepointJobs.cancel(start(rocksdb, false));
        assertWrittenPoints();
    }

    /** Every key's point exactly as the write job built it (class, SRID, raw bits). */
    private static void assertWrittenPoints() {
        assertThat(OBSERVED).containsOnlyKeys(KEYS);
        for (String key : KEYS) {
            ExactGeometry.assertExactlyEqual(OBSERVED.get(key), writtenPoint(key));
            assertThat(OBSERVED.get(key).getUserData()).isEqualTo("KryoSerializer");
        }
    }

    private static Point writtenPoint(String key) {
        return FACTORY.createPoint(new Coordinate(key.charAt(0), 1));
    }

    private String writeWithFieldSerializer(Path savepoints) throws Exception {
        JobClient writer = start(SavepointJobs.environment("rocksdb", null), true);
        assertThat(OBSERVED).hasSize(KEYS.size());
        assertThat(OBSERVED.values())
                .allSatisfy(point -> assertThat(point.getUserData()).isEqualTo("KryoSerializer"));
        return SavepointJobs.stopWithSavepoint(
                writer, savepoints.toUri().toString(), SavepointFormatType.CANONICAL);
    }

    private JobClient start(StreamExecutionEnvironment env, boolean write) throws Exception {
        SavepointJobs.keys(env, KEYS)
                .keyBy(key -> key)
                .process(new PointStateInOpen(write))
                .uid("point-state")
                .print()
                .uid("print");
        OBSERVED.clear();
        CountDownLatch latch = new CountDownLatch(KEYS.size());
        handled = latch;
        return jobs.startAndAwait(env, write ? "write Kryo state" : "read it", latch);
    }

    /** Keeps a point per key in state whose descriptor is built in {@code open()}. */
    static final class PointStateInOpen extends KeyedProcessFunction<String, String, String> {
        private static final long serialVersionUID = 1L;
        private final boolean write;
        private transient ValueState<Geometry> point;
        private transient TypeSerializer<Geometry> serializer;

        PointStateInOpen(boolean write) {
            this.write = write;
        }

        @Override
        public void open(OpenContext openContext) {
            // What TypeInformation.of(Geometry.class) gives on a TaskManager.
            ValueStateDescriptor<Geometry> descriptor =
                    new ValueStateDescriptor<>("point", new GenericTypeInfo<>(Geometry.class));
            point = getRuntimeContext().getState(descriptor);
            serializer = descriptor.getSerializer();
        }

        @Override
        public void processElement(String key, Context ctx, Collector<String> out)
                throws Exception {
            if (write) {
                point.update(writtenPoint(key));
            }
            Geometry value = point.value();
            Geometry observed = value.copy();
            observed.setUserData(serializer.getClass().getSimpleName());
            OBSERVED.put(key, observed);
            out.collect(key + " " + value);
            handled.countDown();
        }
    }

    /** What {@link GeometryTypes#registerKryoFallback} adds to a job's serializer configuration. */
    private static void configureKryoDefaults(StreamExecutionEnvironment env) {
        GeometryTypes.registerWith(env);
        assertThat(env.getConfig().getSerializerConfig().getDefaultKryoSerializerClasses())
                .as("registerWith leaves Kryo alone")
                .isEmpty();
        GeometryTypes.registerKryoFallback(env);
        assertThat(env.getConfig().getSerializerConfig().getDefaultKryoSerializerClasses())
                .containsValue(GeometryKryoSerializer.class);
        assertThat(
                        new GenericTypeInfo<>(Geometry.class)
                                .createSerializer(env.getConfig().getSerializerConfig()))
                .isInstanceOf(KryoSerializer.class);
    }
}
