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

import static dev.flinkgeometry.testing.ExactGeometry.assertExactlyEqual;
import static dev.flinkgeometry.testing.ExactGeometry.assertSequencesHaveValueLayout;
import static dev.flinkgeometry.testing.ExactGeometry.describe;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.testing.JobTestData;
import dev.flinkgeometry.testing.MiniClusters;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.CompositeType;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.api.java.typeutils.ListTypeInfo;
import org.apache.flink.api.java.typeutils.MapTypeInfo;
import org.apache.flink.api.java.typeutils.ObjectArrayTypeInfo;
import org.apache.flink.api.java.typeutils.PojoTypeInfo;
import org.apache.flink.api.java.typeutils.runtime.PojoSerializer;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.state.rocksdb.EmbeddedRocksDBStateBackend.PriorityQueueStateType;
import org.apache.flink.state.rocksdb.RocksDBOptions;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.CloseableIterator;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.PrecisionModel;

/**
 * End-to-end jobs on a MiniCluster that key by a JTS {@link Geometry} and keep geometries in every
 * kind of keyed state, with the types registered only through {@link GeometryTypes} and Kryo
 * switched off ({@code pipeline.generic-types: false}), so that any fallback to Kryo fails the job.
 *
 * <p>About keys: Flink assigns a record to a key group by the key's {@code hashCode} (for JTS, a
 * hash of the envelope, i.e. of X/Y only) and then identifies the key by its serialized bytes in
 * RocksDB and in BATCH sorting, but by JTS {@code equals} (X/Y only, no SRID) in the heap backend
 * and when BATCH execution decides that the key changed. The main data set therefore uses keys that
 * pairwise differ in X/Y, with every key also built in several equal ways (Coordinate vs
 * CoordinateXY vs CoordinateXYZM with NaN, packed sequences of dimension 2 and 3, WKT with either
 * coordinate syntax): all notions of key equality then agree, and the expected per-key result is
 * well defined on every backend and in both execution modes. What happens with keys that differ
 * only in Z, M or SRID is pinned separately in {@link
 * #rocksDbKeepsKeysApartThatDifferOnlyInZMOrSrid}.
 */
public class GeometryKeyedStateJobITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(2);

    private static final int RECORDS = 300;
    private static final String[] TAGS = {"north", "south", "east", "west"};
    private static final GeometryFactory FACTORY = new GeometryFactory();

    /** Class-name prefix of a ValueState of the RocksDB backend ({@code RocksDBValueState}). */
    private static final String ROCKSDB_STATE = "RocksDB";

    /** Class-name prefix of BATCH execution's ValueState ({@code BatchExecutionKeyValueState}). */
    private static final String BATCH_STATE = "BatchExecutionKey";

    /** Class-name prefix of the hashmap backend's ValueState ({@code HeapValueState}). */
    private static final String HEAP_STATE = "Heap";

    // ------------------------------------------------------------------------------------------
    // Tests
    // ------------------------------------------------------------------------------------------

    @Test
    void streamingOnRocksDbGivesExactPerKeyResults() throws Exception {
        List<GeometryRecord> records = records();

        JobRun run =
                runAggregation(
                        records, RuntimeExecutionMode.STREAMING, "rocksdb", 1, ROCKSDB_STATE);

        assertExactPerKeyResults(run.results, records);
        // The keys cover every geometry class, Z, M, ZM, SRIDs and EMPTY.
        assertThat(run.results)
                .extracting(r -> r.key.getGeometryType())
                .contains(
                        "Point",
                        "LineString",
                        "Polygon",
                        "MultiPoint",
                        "MultiLineString",
                        "MultiPolygon",
                        "GeometryCollection");
        assertThat(run.results).extracting(r -> r.key.getSRID()).contains(0, 3857, 4326);
        assertThat(run.results).filteredOn(r -> r.key.isEmpty()).hasSizeGreaterThanOrEqualTo(5);
    }

    @Test
    void parallelismTwoOnRocksDbGivesExactPerKeyResultsWithoutKryo() throws Exception {
        List<GeometryRecord> records = records();

        JobRun run =
                runAggregation(
                        records, RuntimeExecutionMode.STREAMING, "rocksdb", 2, ROCKSDB_STATE);

        assertExactPerKeyResults(run.results, records);
        // Both subtasks own keys: records crossed the network and key groups were split.
        assertThat(run.results).extracting(r -> r.subtask).containsOnly(0, 1).contains(0, 1);
        // Kryo is really switched off for this job: a generic type would not get a serializer.
        SerializerConfig serializerConfig = run.env.getConfig().getSerializerConfig();
        assertThat(serializerConfig.hasGenericTypesDisabled()).isTrue();
        assertThatThrownBy(
                        () ->
                                new GenericTypeInfo<>(Object.class)
                                        .createSerializer(serializerConfig))
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("Generic types have been disabled");
    }

    @Test
    void batchGivesTheSameExactPerKeyResultsAsStreaming() throws Exception {
        List<GeometryRecord> records = records();

        JobRun streaming =
                runAggregation(
                        records, RuntimeExecutionMode.STREAMING, "rocksdb", 1, ROCKSDB_STATE);
        // In BATCH, Flink sorts the keyed input by the serialized key and ignores the configured
        // backend (execution.batch-state-backend.enabled defaults to true).
        JobRun batch =
                runAggregation(records, RuntimeExecutionMode.BATCH, "rocksdb", 2, BATCH_STATE);

        assertExactPerKeyResults(batch.results, records);
        assertThat(summaries(batch.results)).isEqualTo(summaries(streaming.results));
    }

    /**
     * Keys equal in X/Y but different in Z, M or SRID: RocksDB compares serialized keys, which
     * carry every ordinate and the SRID, so they stay apart, each with its own state and timer. The
     * hashmap backend compares keys with JTS {@code equals}, which sees X/Y only, so it merges them
     * into one key (which of the geometries it reports depends on arrival order). Both are what the
     * library documents; this pins the difference.
     */
    @Test
    void rocksDbKeepsKeysApartThatDifferOnlyInZMOrSrid() throws Exception {
        Geometry xy = FACTORY.createPoint(new Coordinate(5, 5));
        Geometry xyz = FACTORY.createPoint(new Coordinate(5, 5, 1));
        Geometry xym = FACTORY.createPoint(new CoordinateXYM(5, 5, 2));
        Geometry srid =
                new GeometryFactory(new PrecisionModel(), 4326).createPoint(new Coordinate(5, 5));
        List<Geometry> keys = List.of(xy, xyz, xym, srid, xy.copy(), xyz.copy(), xy.copy());
        List<Geometry> payloads = JobTestData.flatten(JobTestData.payloadGroups());
        List<GeometryRecord> records = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            records.add(
                    record(i, keys.get(i % keys.size()), payloads.get(i % payloads.size()), null));
        }

        JobRun rocksDb =
                runAggregation(
                        records, RuntimeExecutionMode.STREAMING, "rocksdb", 2, ROCKSDB_STATE);
        assertExactPerKeyResults(rocksDb.results, records);
        assertThat(rocksDb.results).hasSize(4);
        // One hash code, so one key group and one subtask: only the serialized bytes tell the
        // four keys apart.
        assertThat(List.of(xyz.hashCode(), xym.hashCode(), srid.hashCode()))
                .containsOnly(xy.hashCode());
        assertThat(rocksDb.results)
                .extracting(r -> r.subtask)
                .containsOnly(rocksDb.results.get(0).subtask);

        JobRun heap =
                runAggregation(records, RuntimeExecutionMode.STREAMING, "hashmap", 2, HEAP_STATE);
        assertThat(heap.results).hasSize(1);
        assertThat(heap.results.get(0).count).isEqualTo(records.size());
        assertThat(heap.results.get(0).key.equalsExact(xy)).isTrue(); // X/Y only
    }

    /**
     * {@link GeometryTypes#registerWith} goes into Flink's JVM-wide type-information factory
     * registry; Flink itself rejects a second registration of the same entry, so the helper has to
     * be idempotent. Every job test above builds its own environment too.
     */
    @Test
    void registrationIsSafeForSeveralEnvironmentsInOneJvm() {
        StreamExecutionEnvironment first = environment(RuntimeExecutionMode.STREAMING, "rocksdb");
        StreamExecutionEnvironment second = environment(RuntimeExecutionMode.BATCH, "hashmap");
        GeometryTypes.registerWith(first);
        GeometryTypes.registerWith(second);

        assertThat(GeometryTypes.isRegistered()).isTrue();
        // The Kryo fallback's configuration is per job and idempotent: safe to pass on too.
        StreamExecutionEnvironment fromConfiguration =
                StreamExecutionEnvironment.getExecutionEnvironment(
                        GeometryTypes.kryoFallbackConfiguration());
        GeometryTypes.registerWith(fromConfiguration);
        for (StreamExecutionEnvironment env : List.of(first, second, fromConfiguration)) {
            DataStream<GeometryRecord> source = env.fromData(records().subList(0, 3));
            KeyedStream<GeometryRecord, Geometry> keyed = source.keyBy(record -> record.geometry);
            DataStream<KeyResult> results = keyed.process(new AggregatePerGeometry(ROCKSDB_STATE));
            assertGeometryTypes(source, keyed, results, env.getConfig().getSerializerConfig());
        }

        // Why the helper must check first: the raw entry a second time fails in Flink.
        Configuration raw = new Configuration();
        raw.set(PipelineOptions.SERIALIZATION_CONFIG, List.of(GeometryTypes.SERIALIZATION_CONFIG));
        StreamExecutionEnvironment third = environment(RuntimeExecutionMode.STREAMING, "rocksdb");
        assertThatThrownBy(() -> third.configure(raw))
                .hasStackTraceContaining("is already registered");
        assertThat(GeometryTypes.isRegistered()).isTrue();
    }

    // ------------------------------------------------------------------------------------------
    // The job
    // ------------------------------------------------------------------------------------------

    /** One input record: a POJO (public class, public no-arg constructor, public fields). */
    public static class GeometryRecord {
        public long seq;
        public String tag;

        /** The key. */
        public Geometry geometry;

        /** Stored in state. */
        public Geometry payload;

        /** A {@code Point}-typed field, sometimes {@code null}. */
        public Point anchor;

        public GeometryRecord() {}

        @Override
        public String toString() {
            return "GeometryRecord{" + seq + ", " + tag + ", " + geometry.getGeometryType() + "}";
        }
    }

    /** The final result for one key. */
    public static class KeyResult {
        public Geometry key;
        public long count;

        /** The highest {@code seq} seen for the key, and its payload and anchor. */
        public long latestSeq;

        public Geometry latest;
        public Point latestAnchor;

        /** The ListState: every payload of the key, in state order. */
        public List<Geometry> payloads;

        /** The MapState: per tag, the payload with the highest {@code seq}. */
        public Map<String, Geometry> latestByTag;

        /** The MapState with geometry user keys: how often each payload occurred. */
        public Map<Geometry, Long> payloadCounts;

        /** Which subtask emitted the result (not part of the compared result). */
        public int subtask;

        public KeyResult() {}
    }

    /**
     * Keeps, per key geometry, ValueState of geometries and counters, ListState and MapState with
     * geometry values and geometry user keys, and emits the final result from an event-time timer
     * at the end of input (a timer keyed by a geometry: kept in RocksDB too). Every state update is
     * independent of the order of records within a key (the "latest" ones are by {@code seq}), so
     * STREAMING, BATCH (which sorts) and any parallelism must agree exactly.
     *
     * <p>The state descriptors are built from classes in the constructor, that is on the client,
     * where {@link GeometryTypes} registered the factory; a descriptor built in {@code open()}
     * would extract its type on the TaskManager, which in a real cluster is another JVM whose
     * registry only has the factory if that JVM registered it too.
     */
    public static final class AggregatePerGeometry
            extends KeyedProcessFunction<Geometry, GeometryRecord, KeyResult> {
        private static final long serialVersionUID = 1L;

        private final String expectedStateClassPrefix;
        private final ValueStateDescriptor<Long> countDescriptor =
                new ValueStateDescriptor<>("count", Long.class);
        private final ValueStateDescriptor<Long> latestSeqDescriptor =
                new ValueStateDescriptor<>("latestSeq", Long.class);
        private final ValueStateDescriptor<Geometry> latestDescriptor =
                new ValueStateDescriptor<>("latest", Geometry.class);
        private final ValueStateDescriptor<Point> latestAnchorDescriptor =
                new ValueStateDescriptor<>("latestAnchor", Point.class);
        private final ListStateDescriptor<Geometry> payloadsDescriptor =
                new ListStateDescriptor<>("payloads", Geometry.class);
        private final MapStateDescriptor<String, Geometry> latestByTagDescriptor =
                new MapStateDescriptor<>("latestByTag", String.class, Geometry.class);
        private final MapStateDescriptor<String, Long> latestSeqByTagDescriptor =
                new MapStateDescriptor<>("latestSeqByTag", String.class, Long.class);
        private final MapStateDescriptor<Geometry, Long> payloadCountsDescriptor =
                new MapStateDescriptor<>("payloadCounts", Geometry.class, Long.class);

        private transient ValueState<Long> count;
        private transient ValueState<Long> latestSeq;
        private transient ValueState<Geometry> latest;
        private transient ValueState<Point> latestAnchor;
        private transient ListState<Geometry> payloads;
        private transient MapState<String, Geometry> latestByTag;
        private transient MapState<String, Long> latestSeqByTag;
        private transient MapState<Geometry, Long> payloadCounts;

        AggregatePerGeometry(String expectedStateClassPrefix) {
            this.expectedStateClassPrefix = expectedStateClassPrefix;
        }

        @Override
        public void open(OpenContext openContext) {
            count = getRuntimeContext().getState(countDescriptor);
            latestSeq = getRuntimeContext().getState(latestSeqDescriptor);
            latest = getRuntimeContext().getState(latestDescriptor);
            latestAnchor = getRuntimeContext().getState(latestAnchorDescriptor);
            payloads = getRuntimeContext().getListState(payloadsDescriptor);
            latestByTag = getRuntimeContext().getMapState(latestByTagDescriptor);
            latestSeqByTag = getRuntimeContext().getMapState(latestSeqByTagDescriptor);
            payloadCounts = getRuntimeContext().getMapState(payloadCountsDescriptor);

            // Fail the job if any geometry state would not use the geometry serializer, or if the
            // job does not run on the backend the test asked for.
            requireGeometrySerializer("latest", latestDescriptor.getSerializer(), Geometry.class);
            requireGeometrySerializer(
                    "latestAnchor", latestAnchorDescriptor.getSerializer(), Point.class);
            requireGeometrySerializer(
                    "payloads", payloadsDescriptor.getElementSerializer(), Geometry.class);
            requireGeometrySerializer(
                    "latestByTag values",
                    latestByTagDescriptor.getValueSerializer(),
                    Geometry.class);
            requireGeometrySerializer(
                    "payloadCounts keys",
                    payloadCountsDescriptor.getKeySerializer(),
                    Geometry.class);
            String stateClass = latest.getClass().getSimpleName();
            if (!stateClass.startsWith(expectedStateClassPrefix)) {
                throw new IllegalStateException(
                        "expected a ValueState of the "
                                + expectedStateClassPrefix
                                + " backend, got "
                                + latest.getClass().getName());
            }
        }

        private static void requireGeometrySerializer(
                String state, TypeSerializer<?> serializer, Class<?> geometryClass) {
            if (!(serializer instanceof GeometrySerializer)
                    || ((GeometrySerializer<?>) serializer).geometryClass() != geometryClass) {
                throw new IllegalStateException(
                        "state "
                                + state
                                + " has serializer "
                                + serializer
                                + ", expected a GeometrySerializer of "
                                + geometryClass.getSimpleName());
            }
        }

        @Override
        public void processElement(GeometryRecord record, Context ctx, Collector<KeyResult> out)
                throws Exception {
            Long n = count.value();
            count.update(n == null ? 1 : n + 1);

            Long seq = latestSeq.value();
            if (seq == null || record.seq > seq) {
                latestSeq.update(record.seq);
                latest.update(record.payload);
                latestAnchor.update(record.anchor); // null clears it
            }

            payloads.add(record.payload);

            Long tagSeq = latestSeqByTag.get(record.tag);
            if (tagSeq == null || record.seq > tagSeq) {
                latestSeqByTag.put(record.tag, record.seq);
                latestByTag.put(record.tag, record.payload);
            }

            Long payloadCount = payloadCounts.get(record.payload);
            payloadCounts.put(record.payload, payloadCount == null ? 1 : payloadCount + 1);

            ctx.timerService().registerEventTimeTimer(Long.MAX_VALUE);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<KeyResult> out)
                throws Exception {
            KeyResult result = new KeyResult();
            result.key = ctx.getCurrentKey();
            result.count = count.value();
            result.latestSeq = latestSeq.value();
            result.latest = latest.value();
            result.latestAnchor = latestAnchor.value();
            result.payloads = new ArrayList<>();
            for (Geometry payload : payloads.get()) {
                result.payloads.add(payload);
            }
            result.latestByTag = new HashMap<>();
            for (Map.Entry<String, Geometry> entry : latestByTag.entries()) {
                result.latestByTag.put(entry.getKey(), entry.getValue());
            }
            result.payloadCounts = new HashMap<>();
            for (Map.Entry<Geometry, Long> entry : payloadCounts.entries()) {
                result.payloadCounts.put(entry.getKey(), entry.getValue());
            }
            result.subtask = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
            out.collect(result);
        }
    }

    private static final class JobRun {
        final StreamExecutionEnvironment env;
        final List<KeyResult> results;

        JobRun(StreamExecutionEnvironment env, List<KeyResult> results) {
            this.env = env;
            this.results = results;
        }
    }

    /**
     * A new environment on the MiniCluster: the state backend chosen by {@code state.backend.type}
     * (Flink 2.x has no {@code setStateBackend}), geometry types registered only through {@link
     * GeometryTypes}, and generic types (Kryo) disabled.
     */
    private static StreamExecutionEnvironment environment(
            RuntimeExecutionMode mode, String stateBackend) {
        Configuration config = new Configuration();
        config.set(ExecutionOptions.RUNTIME_MODE, mode);
        config.set(StateBackendOptions.STATE_BACKEND, stateBackend);
        // The default, set explicitly: timers (keyed by geometries) live in RocksDB too.
        config.set(RocksDBOptions.TIMER_SERVICE_FACTORY, PriorityQueueStateType.ROCKSDB);
        config.set(PipelineOptions.GENERIC_TYPES, false);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(config);
        GeometryTypes.registerWith(env);
        return env;
    }

    private static JobRun runAggregation(
            List<GeometryRecord> records,
            RuntimeExecutionMode mode,
            String stateBackend,
            int parallelism,
            String expectedStateClassPrefix)
            throws Exception {
        StreamExecutionEnvironment env = environment(mode, stateBackend);
        env.setParallelism(parallelism);

        DataStream<GeometryRecord> source = env.fromData(records).setParallelism(parallelism);
        KeyedStream<GeometryRecord, Geometry> keyed = source.keyBy(record -> record.geometry);
        DataStream<KeyResult> results =
                keyed.process(new AggregatePerGeometry(expectedStateClassPrefix));
        assertGeometryTypes(source, keyed, results, env.getConfig().getSerializerConfig());

        List<KeyResult> collected = new ArrayList<>();
        try (CloseableIterator<KeyResult> it =
                results.executeAndCollect(
                        "geometry keyed state, "
                                + mode
                                + ", "
                                + stateBackend
                                + ", p="
                                + parallelism)) {
            it.forEachRemaining(collected::add);
        }
        return new JobRun(env, collected);
    }

    // ------------------------------------------------------------------------------------------
    // Type assertions
    // ------------------------------------------------------------------------------------------

    /** The types Flink extracted, with no hint: geometry fields and the key are geometry types. */
    private static void assertGeometryTypes(
            DataStream<GeometryRecord> source,
            KeyedStream<GeometryRecord, Geometry> keyed,
            DataStream<KeyResult> results,
            SerializerConfig serializerConfig) {
        assertThat(source.getType()).isInstanceOf(PojoTypeInfo.class);
        PojoTypeInfo<GeometryRecord> recordType = (PojoTypeInfo<GeometryRecord>) source.getType();
        assertGeometryType(recordType.getTypeAt("geometry"), Geometry.class);
        assertGeometryType(recordType.getTypeAt("payload"), Geometry.class);
        assertGeometryType(recordType.getTypeAt("anchor"), Point.class);
        assertThat(recordType.createSerializer(serializerConfig))
                .isInstanceOf(PojoSerializer.class);

        assertGeometryType(keyed.getKeyType(), Geometry.class);
        assertThat(keyed.getKeyType().createSerializer(serializerConfig))
                .isInstanceOf(GeometrySerializer.class);

        assertThat(results.getType()).isInstanceOf(PojoTypeInfo.class);
        PojoTypeInfo<KeyResult> resultType = (PojoTypeInfo<KeyResult>) results.getType();
        assertGeometryType(resultType.getTypeAt("key"), Geometry.class);
        assertGeometryType(resultType.getTypeAt("latest"), Geometry.class);
        assertGeometryType(resultType.getTypeAt("latestAnchor"), Point.class);
        TypeInformation<?> payloads = resultType.getTypeAt("payloads");
        assertThat(payloads).isInstanceOf(ListTypeInfo.class);
        assertGeometryType(((ListTypeInfo<?>) payloads).getElementTypeInfo(), Geometry.class);
        TypeInformation<?> latestByTag = resultType.getTypeAt("latestByTag");
        assertThat(latestByTag).isInstanceOf(MapTypeInfo.class);
        assertGeometryType(((MapTypeInfo<?, ?>) latestByTag).getValueTypeInfo(), Geometry.class);
        TypeInformation<?> payloadCounts = resultType.getTypeAt("payloadCounts");
        assertThat(payloadCounts).isInstanceOf(MapTypeInfo.class);
        assertGeometryType(((MapTypeInfo<?, ?>) payloadCounts).getKeyTypeInfo(), Geometry.class);

        assertNoGenericType(source.getType(), "record");
        assertNoGenericType(keyed.getKeyType(), "key");
        assertNoGenericType(results.getType(), "result");
    }

    private static void assertGeometryType(TypeInformation<?> type, Class<?> geometryClass) {
        assertThat(type).isInstanceOf(GeometryTypeInfo.class);
        assertThat(type.getTypeClass()).isEqualTo(geometryClass);
    }

    /** No {@link GenericTypeInfo} (Kryo) anywhere in a type tree. */
    private static void assertNoGenericType(TypeInformation<?> type, String path) {
        assertThat(type).as("type of %s", path).isNotInstanceOf(GenericTypeInfo.class);
        if (type instanceof CompositeType) {
            CompositeType<?> composite = (CompositeType<?>) type;
            for (String field : composite.getFieldNames()) {
                assertNoGenericType(composite.getTypeAt(field), path + "." + field);
            }
        } else if (type instanceof ListTypeInfo) {
            assertNoGenericType(((ListTypeInfo<?>) type).getElementTypeInfo(), path + "[]");
        } else if (type instanceof MapTypeInfo) {
            MapTypeInfo<?, ?> map = (MapTypeInfo<?, ?>) type;
            assertNoGenericType(map.getKeyTypeInfo(), path + "{key}");
            assertNoGenericType(map.getValueTypeInfo(), path + "{value}");
        } else if (type instanceof ObjectArrayTypeInfo) {
            assertNoGenericType(((ObjectArrayTypeInfo<?, ?>) type).getComponentInfo(), path + "[]");
        }
    }

    // ------------------------------------------------------------------------------------------
    // Data and the expected result, in plain Java
    // ------------------------------------------------------------------------------------------

    /**
     * A deterministic stream: every construction of every key and every payload once, then random
     * (seeded) choices, so that keys repeat in different constructions.
     */
    private static List<GeometryRecord> records() {
        List<List<Geometry>> keyGroups = JobTestData.keyGroups();
        List<Geometry> keys = JobTestData.flatten(keyGroups);
        List<Geometry> payloads = JobTestData.flatten(JobTestData.payloadGroups());
        assertDistinctInXy(keyGroups);
        assertDistinctInXy(JobTestData.payloadGroups());

        SplittableRandom random = new SplittableRandom(20_240_611L);
        List<GeometryRecord> records = new ArrayList<>(RECORDS);
        for (int seq = 0; seq < RECORDS; seq++) {
            Geometry key =
                    seq < keys.size() ? keys.get(seq) : keys.get(random.nextInt(keys.size()));
            Geometry payload =
                    seq < payloads.size()
                            ? payloads.get(seq)
                            : payloads.get(random.nextInt(payloads.size()));
            Point anchor =
                    seq % 5 == 0
                            ? null
                            : FACTORY.createPoint(new Coordinate(seq * 0.5, -seq * 0.25, seq));
            GeometryRecord record = record(seq, key, payload, anchor);
            record.tag = TAGS[random.nextInt(TAGS.length)];
            records.add(record);
        }
        return records;
    }

    private static GeometryRecord record(long seq, Geometry key, Geometry payload, Point anchor) {
        GeometryRecord record = new GeometryRecord();
        record.seq = seq;
        record.tag = TAGS[(int) (seq % TAGS.length)];
        record.geometry = key;
        record.payload = payload;
        record.anchor = anchor;
        return record;
    }

    /**
     * The premise of the main data set: within a group all geometries are exactly equal, equal for
     * JTS and hash alike; across groups they differ in X/Y.
     */
    private static void assertDistinctInXy(List<List<Geometry>> groups) {
        for (int i = 0; i < groups.size(); i++) {
            List<Geometry> group = groups.get(i);
            for (Geometry member : group) {
                assertExactlyEqual(member, group.get(0));
                assertThat(member.equalsExact(group.get(0)))
                        .as("JTS equals in %s", member)
                        .isTrue();
                assertThat(member.hashCode()).isEqualTo(group.get(0).hashCode());
            }
            for (int j = i + 1; j < groups.size(); j++) {
                assertThat(group.get(0).equalsExact(groups.get(j).get(0)))
                        .as("%s vs %s", group.get(0), groups.get(j).get(0))
                        .isFalse();
            }
        }
    }

    /** The result for one key, by exact descriptions; {@code subtask} is left out. */
    private record Summary(
            String key,
            long count,
            long latestSeq,
            String latest,
            String latestAnchor,
            List<String> payloads,
            Map<String, String> latestByTag,
            Map<String, Long> payloadCounts) {}

    private static Map<String, Summary> summaries(List<KeyResult> results) {
        Map<String, Summary> summaries = new TreeMap<>();
        for (KeyResult result : results) {
            Summary summary = summarize(result);
            assertThat(summaries.put(summary.key(), summary))
                    .as("key emitted more than once: %s", result.key)
                    .isNull();
        }
        return summaries;
    }

    private static Summary summarize(KeyResult result) {
        List<String> payloads = new ArrayList<>();
        result.payloads.forEach(g -> payloads.add(describe(g)));
        Collections.sort(payloads);
        Map<String, String> latestByTag = new TreeMap<>();
        result.latestByTag.forEach((tag, g) -> latestByTag.put(tag, describe(g)));
        Map<String, Long> payloadCounts = new TreeMap<>();
        result.payloadCounts.forEach(
                (g, n) ->
                        assertThat(payloadCounts.put(describe(g), n))
                                .as("payload counted under two keys: %s", g)
                                .isNull());
        return new Summary(
                describe(result.key),
                result.count,
                result.latestSeq,
                describe(result.latest),
                result.latestAnchor == null ? null : describe(result.latestAnchor),
                payloads,
                latestByTag,
                payloadCounts);
    }

    /** The expected result per key, computed from the records in plain Java. */
    private static Map<String, KeyResult> expected(List<GeometryRecord> records) {
        Map<String, List<GeometryRecord>> byKey = new LinkedHashMap<>();
        for (GeometryRecord record : records) {
            byKey.computeIfAbsent(describe(record.geometry), k -> new ArrayList<>()).add(record);
        }
        Map<String, KeyResult> expected = new TreeMap<>();
        byKey.forEach(
                (description, group) -> {
                    KeyResult result = new KeyResult();
                    result.key = group.get(0).geometry;
                    result.count = group.size();
                    GeometryRecord latest =
                            group.stream().max(Comparator.comparingLong(r -> r.seq)).get();
                    result.latestSeq = latest.seq;
                    result.latest = latest.payload;
                    result.latestAnchor = latest.anchor;
                    result.payloads = new ArrayList<>();
                    result.latestByTag = new HashMap<>();
                    Map<String, Long> latestSeqByTag = new HashMap<>();
                    Map<String, Long> payloadCounts = new HashMap<>();
                    Map<String, Geometry> payloadsByDescription = new HashMap<>();
                    for (GeometryRecord record : group) {
                        result.payloads.add(record.payload);
                        Long tagSeq = latestSeqByTag.get(record.tag);
                        if (tagSeq == null || record.seq > tagSeq) {
                            latestSeqByTag.put(record.tag, record.seq);
                            result.latestByTag.put(record.tag, record.payload);
                        }
                        String payload = describe(record.payload);
                        payloadCounts.merge(payload, 1L, Long::sum);
                        payloadsByDescription.putIfAbsent(payload, record.payload);
                    }
                    result.payloadCounts = new HashMap<>();
                    payloadCounts.forEach(
                            (payload, n) ->
                                    result.payloadCounts.put(
                                            payloadsByDescription.get(payload), n));
                    expected.put(description, result);
                });
        return expected;
    }

    /** Compares results and expectation key by key, geometry by geometry, exactly. */
    private static void assertExactPerKeyResults(
            List<KeyResult> results, List<GeometryRecord> records) {
        Map<String, KeyResult> expected = expected(records);
        Map<String, Summary> actual = summaries(results);
        assertThat(actual.keySet()).containsExactlyInAnyOrderElementsOf(expected.keySet());

        Map<String, KeyResult> resultsByKey = new HashMap<>();
        results.forEach(r -> resultsByKey.put(describe(r.key), r));
        long total = 0;
        for (Map.Entry<String, KeyResult> entry : expected.entrySet()) {
            KeyResult want = entry.getValue();
            KeyResult got = resultsByKey.get(entry.getKey());
            String key = want.key.getGeometryType() + " srid=" + want.key.getSRID();
            assertExactlyEqual(got.key, want.key);
            assertThat(got.count).as("count of %s", key).isEqualTo(want.count);
            assertThat(got.latestSeq).as("latestSeq of %s", key).isEqualTo(want.latestSeq);
            assertExactlyEqual(got.latest, want.latest);
            if (want.latestAnchor == null) {
                assertThat(got.latestAnchor).as("latestAnchor of %s", key).isNull();
            } else {
                assertExactlyEqual(got.latestAnchor, want.latestAnchor);
            }
            assertThat(actual.get(entry.getKey()))
                    .as("everything kept in state for %s", key)
                    .isEqualTo(summarize(want));

            // Every geometry came through the serializer: exact value layouts.
            List<Geometry> all = new ArrayList<>();
            all.add(got.key);
            all.add(got.latest);
            all.addAll(got.payloads);
            all.addAll(got.latestByTag.values());
            all.addAll(got.payloadCounts.keySet());
            all.forEach(g -> assertSequencesHaveValueLayout(g));
            total += got.count;
        }
        assertThat(total).isEqualTo(records.size());
    }
}
