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

import static dev.flinkgeometry.testing.ExactGeometry.asDecoded;
import static dev.flinkgeometry.testing.ExactGeometry.assertSequencesHaveValueLayout;
import static dev.flinkgeometry.testing.ExactGeometry.describe;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.testing.JobTestData;
import dev.flinkgeometry.testing.SavepointContents;
import dev.flinkgeometry.testing.SavepointJobs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.api.java.typeutils.runtime.kryo.KryoSerializer;
import org.apache.flink.api.java.typeutils.runtime.kryo.KryoSerializerSnapshot;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.CoordinateXYZM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.PrecisionModel;

/**
 * A job whose geometry state was written by Flink's default for JTS classes (Kryo, through {@code
 * GenericTypeInfo}) is upgraded to {@link GeometryTypeInfo}, end to end on a MiniCluster with real
 * savepoints on disk, on both backends and in both savepoint formats:
 *
 * <ol>
 *   <li>a keyed job writes known geometries into a {@code ValueState}, a {@code ListState} and the
 *       values of a {@code MapState<String, Geometry>}, all declared with {@code new
 *       GenericTypeInfo<>(Geometry.class)}; {@code stopWithSavepoint}; the savepoint's state
 *       serializers are Kryo's, and {@link GeometrySerializerSnapshot} resolves each of them as
 *       "compatible after migration";
 *   <li>the same job graph (same uids) with {@link GeometryTypeInfo} restores from it, Flink
 *       migrates (RocksDB rewrites every value when the state is registered; the heap backend keeps
 *       the objects Kryo restored and writes them with the new serializer at the next snapshot),
 *       and the job sees exactly the geometries written in phase 1; {@code stopWithSavepoint}
 *       again: the new savepoint's state serializers are {@link GeometrySerializerSnapshot}s,
 *       compatible as is with the current serializer;
 *   <li>the same job restores from the second savepoint, reading the state through {@link
 *       GeometrySerializer} on both backends, and again sees exactly the phase 1 geometries.
 * </ol>
 *
 * <p>The jobs run on {@link SavepointJobs}: the source emits one record per key and then stays idle
 * without finishing, so the savepoints are taken of a running job; the test waits until the keyed
 * function has handled every key (a latch, as the MiniCluster runs in this JVM) before it stops the
 * job. The descriptors name their type information explicitly, because {@link GeometryTypes}
 * registration is JVM-global and other test classes in this JVM register it.
 */
class KryoStateMigrationTest {

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(1)
                            .build());

    private static final String VALUE_STATE = "value";
    private static final String LIST_STATE = "list";
    private static final String MAP_STATE = "map";

    /** The state every key holds, written in phase 1; shared with the job through this JVM. */
    private static final Map<String, KeyState> WRITTEN = writtenState();

    /** The key whose ValueState holds a LinearRing (GeometrySerializer gives a LineString). */
    private static final String LINEAR_RING_KEY = linearRingKey();

    /** What the job read per key in the current phase. */
    private static final Map<String, KeyState> OBSERVED = new ConcurrentHashMap<>();

    /** Counts down once per key handled by the keyed function in the current phase. */
    private static volatile CountDownLatch handled = new CountDownLatch(0);

    /** The jobs this test started; a failed test cancels what still runs, freeing the slot. */
    private final SavepointJobs jobs = new SavepointJobs();

    @AfterEach
    void cancelJobsStillRunning() throws Exception {
        jobs.cancelJobsStillRunning();
    }

    @ParameterizedTest(name = "{0}, {1} savepoints")
    @MethodSource("dev.flinkgeometry.testing.SavepointJobs#backendsAndFormats")
    void kryoStateMigratesToGeometrySerializer(
            String backend, SavepointFormatType format, @TempDir Path savepoints) throws Exception {
        String target = savepoints.toUri().toString();

        // Phase 1: Kryo state.
        JobClient writer = start(backend, null, Mode.WRITE, Serializers.KRYO);
        String kryoSavepoint = SavepointJobs.stopWithSavepoint(writer, target, format);

        SavepointContents first = SavepointContents.read(kryoSavepoint);
        assertThat(first.formatType()).isEqualTo(format);
        assertThat(first.keyedStates()).hasSize(1);
        SavepointContents.KeyedState kryoState = first.keyedStates().get(0);
        // Four different layouts on disk.
        assertThat(kryoState.handleClass())
                .isEqualTo(SavepointJobs.keyedStateHandleClass(backend, format));
        assertThat(kryoState.keyValueStateNames())
                .containsExactlyInAnyOrder(VALUE_STATE, LIST_STATE, MAP_STATE);
        for (String state : List.of(VALUE_STATE, LIST_STATE, MAP_STATE)) {
            TypeSerializerSnapshot<?> old = kryoState.valueSnapshot(state);
            assertThat(old)
                    .as("%s in the first savepoint", state)
                    .isInstanceOf(KryoSerializerSnapshot.class);
            assertThat(resolveWithGeometrySerializer(old).isCompatibleAfterMigration())
                    .as("GeometrySerializer on the Kryo snapshot of %s", state)
                    .isTrue();
        }

        // Phase 2: the same job with GeometryTypeInfo restores, Flink migrates.
        JobClient migrated = start(backend, kryoSavepoint, Mode.READ, Serializers.GEOMETRY);
        if (backend.equals("rocksdb")) {
            // RocksDB migrated eagerly when the state was registered: every value was read with
            // the Kryo restore serializer and rewritten with GeometrySerializer, and is now
            // decoded by GeometrySerializer.
            assertObservedIsWhatWasWritten(true);
        } else {
            // The heap backend keeps the objects Kryo restored (a LinearRing is still one) and
            // writes them with GeometrySerializer at the next snapshot.
            assertObservedIsWhatWasWritten(false);
            assertThat(OBSERVED.get(LINEAR_RING_KEY).value()).isInstanceOf(LinearRing.class);
        }
        String geometrySavepoint = SavepointJobs.stopWithSavepoint(migrated, target, format);

        SavepointContents second = SavepointContents.read(geometrySavepoint);
        assertThat(second.formatType()).isEqualTo(format);
        assertThat(second.keyedStates()).hasSize(1);
        SavepointContents.KeyedState geometryState = second.keyedStates().get(0);
        assertThat(geometryState.handleClass()).isEqualTo(kryoState.handleClass());
        assertThat(geometryState.keyValueStateNames())
                .containsExactlyInAnyOrder(VALUE_STATE, LIST_STATE, MAP_STATE);
        for (String state : List.of(VALUE_STATE, LIST_STATE, MAP_STATE)) {
            TypeSerializerSnapshot<?> written = geometryState.valueSnapshot(state);
            assertThat(written)
                    .as("%s in the second savepoint", state)
                    .isInstanceOf(GeometrySerializerSnapshot.class);
            assertThat(((GeometrySerializerSnapshot<?>) written).geometryClass())
                    .isEqualTo(Geometry.class);
            assertThat(resolveWithGeometrySerializer(written).isCompatibleAsIs())
                    .as("GeometrySerializer on the second snapshot of %s", state)
                    .isTrue();
        }

        // Phase 3: the second savepoint holds GeometrySerializer bytes.
        JobClient reader = start(backend, geometrySavepoint, Mode.READ, Serializers.GEOMETRY);
        assertObservedIsWhatWasWritten(true);
        SavepointJobs.cancel(reader);
    }

    // ------------------------------------------------------------------------------------------
    // Running the job
    // ------------------------------------------------------------------------------------------

    private enum Mode {
        /** Write every key's {@link #WRITTEN} state. */
        WRITE,
        /** Read every key's state into {@link #OBSERVED}. */
        READ
    }

    private enum Serializers {
        /** {@code new GenericTypeInfo<>(Geometry.class)}: Flink's default for JTS classes. */
        KRYO,
        /** {@code GeometryTypeInfo.of(Geometry.class)}. */
        GEOMETRY
    }

    /** Submits the job and returns once its keyed function has handled every key. */
    private JobClient start(String backend, String restoreFrom, Mode mode, Serializers serializers)
            throws Exception {
        StreamExecutionEnvironment env = SavepointJobs.environment(backend, restoreFrom);
        SavepointJobs.keys(env, WRITTEN.keySet())
                .keyBy(key -> key)
                .process(new GeometryStateFunction(mode, serializers, backend))
                .uid("geometry-state")
                .sinkTo(new DiscardingSink<>())
                .uid("discard");

        OBSERVED.clear();
        CountDownLatch latch = new CountDownLatch(WRITTEN.size());
        handled = latch;
        return jobs.startAndAwait(env, mode + " with " + serializers + " on " + backend, latch);
    }

    /**
     * The keyed function: writes or reads {@link #WRITTEN}'s state of the current key, and fails
     * the job if its state does not have the serializers and the backend the test asked for.
     */
    static final class GeometryStateFunction extends KeyedProcessFunction<String, String, String> {
        private static final long serialVersionUID = 1L;

        private final Mode mode;
        private final Serializers serializers;
        private final String backend;

        private transient ValueState<Geometry> value;
        private transient ListState<Geometry> list;
        private transient MapState<String, Geometry> map;

        GeometryStateFunction(Mode mode, Serializers serializers, String backend) {
            this.mode = mode;
            this.serializers = serializers;
            this.backend = backend;
        }

        @Override
        public void open(OpenContext openContext) {
            TypeInformation<Geometry> type =
                    serializers == Serializers.KRYO
                            ? new GenericTypeInfo<>(Geometry.class)
                            : GeometryTypeInfo.of(Geometry.class);
            ValueStateDescriptor<Geometry> valueDescriptor =
                    new ValueStateDescriptor<>(VALUE_STATE, type);
            ListStateDescriptor<Geometry> listDescriptor =
                    new ListStateDescriptor<>(LIST_STATE, type);
            MapStateDescriptor<String, Geometry> mapDescriptor =
                    new MapStateDescriptor<>(MAP_STATE, Types.STRING, type);
            value = getRuntimeContext().getState(valueDescriptor);
            list = getRuntimeContext().getListState(listDescriptor);
            map = getRuntimeContext().getMapState(mapDescriptor);

            requireSerializer(valueDescriptor.getSerializer());
            requireSerializer(listDescriptor.getElementSerializer());
            requireSerializer(mapDescriptor.getValueSerializer());
            SavepointJobs.requireBackend(value, backend);
        }

        private void requireSerializer(TypeSerializer<?> serializer) {
            Class<?> expected =
                    serializers == Serializers.KRYO
                            ? KryoSerializer.class
                            : GeometrySerializer.class;
            if (serializer.getClass() != expected) {
                throw new IllegalStateException(
                        "expected a " + expected.getSimpleName() + ", got " + serializer);
            }
        }

        @Override
        public void processElement(String key, Context ctx, Collector<String> out)
                throws Exception {
            if (mode == Mode.WRITE) {
                KeyState state = WRITTEN.get(key);
                value.update(state.value());
                list.update(state.list());
                map.putAll(state.map());
            } else {
                List<Geometry> listed = new ArrayList<>();
                list.get().forEach(listed::add);
                Map<String, Geometry> mapped = new HashMap<>();
                for (Map.Entry<String, Geometry> entry : map.entries()) {
                    mapped.put(entry.getKey(), entry.getValue());
                }
                OBSERVED.put(key, new KeyState(value.value(), listed, mapped));
            }
            handled.countDown();
        }
    }

    // ------------------------------------------------------------------------------------------
    // Data and assertions
    // ------------------------------------------------------------------------------------------

    /** The state of one key. */
    record KeyState(Geometry value, List<Geometry> list, Map<String, Geometry> map) {}

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static TypeSerializerSchemaCompatibility<?> resolveWithGeometrySerializer(
            TypeSerializerSnapshot<?> oldSnapshot) {
        TypeSerializerSnapshot newSnapshot =
                GeometryTypeInfo.of(Geometry.class)
                        .createSerializer(new SerializerConfigImpl())
                        .snapshotConfiguration();
        return newSnapshot.resolveSchemaCompatibility((TypeSerializerSnapshot) oldSnapshot);
    }

    /**
     * Every key, every entry, exactly (as {@link GeometrySerializer} carries geometries). With
     * {@code decoded}, every geometry must also have come through {@link GeometrySerializer}'s
     * decoder (the heap backend keeps the objects Kryo restored until the next savepoint).
     */
    private static void assertObservedIsWhatWasWritten(boolean decoded) {
        assertThat(OBSERVED.keySet()).containsExactlyInAnyOrderElementsOf(WRITTEN.keySet());
        int geometries = 0;
        for (Map.Entry<String, KeyState> entry : WRITTEN.entrySet()) {
            String key = entry.getKey();
            KeyState want = entry.getValue();
            KeyState got = OBSERVED.get(key);
            assertExact(key + " value", got.value(), want.value(), decoded);
            assertThat(got.list()).as("%s list", key).hasSameSizeAs(want.list());
            for (int i = 0; i < want.list().size(); i++) {
                assertExact(
                        key + " list[" + i + "]", got.list().get(i), want.list().get(i), decoded);
            }
            assertThat(got.map()).as("%s map", key).containsOnlyKeys(want.map().keySet());
            for (Map.Entry<String, Geometry> mapEntry : want.map().entrySet()) {
                String name = key + " map[" + mapEntry.getKey() + "]";
                if (mapEntry.getValue() == null) {
                    assertThat(got.map().get(mapEntry.getKey())).as(name).isNull();
                } else {
                    assertExact(
                            name, got.map().get(mapEntry.getKey()), mapEntry.getValue(), decoded);
                }
            }
            geometries += 1 + want.list().size() + want.map().size();
        }
        assertThat(geometries).isGreaterThan(300);
    }

    private static void assertExact(
            String what, Geometry actual, Geometry expected, boolean decoded) {
        assertThat(actual).as(what).isNotNull();
        assertThat(describe(asDecoded(actual)))
                .as("%s: %s", what, actual)
                .isEqualTo(describe(asDecoded(expected)));
        if (decoded) {
            assertSequencesHaveValueLayout(actual);
            assertThat(actual.getClass()).as(what).isEqualTo(asDecoded(expected).getClass());
        }
    }

    /**
     * Per key: a value, a list of three and a map of two or three entries (sometimes one with a
     * {@code null} value), drawn in turn from {@link #geometries()} so that every geometry is in
     * every kind of state.
     */
    private static Map<String, KeyState> writtenState() {
        List<Geometry> geometries = geometries();
        int n = geometries.size();
        Map<String, KeyState> state = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            Map<String, Geometry> map = new LinkedHashMap<>();
            map.put("a", geometries.get((i + 3) % n));
            map.put("b", geometries.get((i + 8) % n));
            if (i % 4 == 0) {
                map.put("none", null);
            }
            state.put(
                    String.format("key-%03d", i),
                    new KeyState(
                            geometries.get(i),
                            List.of(
                                    geometries.get((i + 1) % n),
                                    geometries.get((i + 2) % n),
                                    geometries.get((i + 5) % n)),
                            Collections.unmodifiableMap(map)));
        }
        return Collections.unmodifiableMap(state);
    }

    /**
     * Real Natural Earth polygons, multipolygons, lines and points (from the job tests' payloads,
     * some built on packed sequences), and synthetic geometries of every type with Z, M, ZM, SRIDs,
     * NaN and -0.0 ordinates, every EMPTY, nested collections and members with their own SRIDs.
     */
    private static List<Geometry> geometries() {
        List<Geometry> all = new ArrayList<>(JobTestData.flatten(JobTestData.payloadGroups()));
        GeometryFactory factory = new GeometryFactory();
        GeometryFactory srid3857 = new GeometryFactory(new PrecisionModel(), 3857);
        all.add(withSrid(JobTestData.strict("POINT Z (1.5 -2.5 3.25)"), 4326));
        all.add(factory.createPoint(new CoordinateXYM(4, 5, 6)));
        all.add(factory.createPoint(new CoordinateXYZM(-0.0, 0.0, Double.NaN, 7)));
        all.add(JobTestData.strict("POINT Z (1 2 NaN)"));
        all.add(JobTestData.strict("LINESTRING ZM (0 0 1 2, 1 1 3 4, 2 0 5 6)"));
        all.add(
                factory.createLinearRing(
                        new Coordinate[] {
                            new Coordinate(0, 0), new Coordinate(1, 0),
                            new Coordinate(1, 1), new Coordinate(0, 0)
                        }));
        all.add(
                JobTestData.strict(
                        "POLYGON Z ((0 0 1, 10 0 2, 10 10 3, 0 10 4, 0 0 1),"
                                + " (2 2 5, 2 3 6, 3 3 7, 2 2 5))"));
        all.add(JobTestData.strict("MULTIPOINT ZM ((1 1 1 1), EMPTY, (2 2 2 2))"));
        all.add(
                srid3857.createMultiPoint(
                        new Point[] {srid3857.createPoint(new Coordinate(9, 9))}));
        all.add(JobTestData.strict("MULTILINESTRING Z ((0 0 0, 1 1 1), EMPTY, (2 2 2, 3 3 3))"));
        all.add(
                JobTestData.strict(
                        "MULTIPOLYGON M (((0 0 1, 1 0 2, 1 1 3, 0 0 1)), EMPTY,"
                                + " ((5 5 1, 6 5 2, 6 6 3, 5 5 1)))"));
        for (String empty :
                new String[] {
                    "POINT EMPTY",
                    "LINESTRING EMPTY",
                    "POLYGON EMPTY",
                    "MULTIPOINT EMPTY",
                    "MULTILINESTRING EMPTY",
                    "MULTIPOLYGON EMPTY",
                    "GEOMETRYCOLLECTION EMPTY"
                }) {
            all.add(JobTestData.strict(empty));
        }
        Point member = factory.createPoint(new Coordinate(1, 2, 3));
        member.setSRID(4326);
        LineString line = (LineString) JobTestData.strict("LINESTRING M (0 0 1, 1 1 2)");
        line.setSRID(3857);
        Polygon emptyPolygon = factory.createPolygon();
        Geometry inner = factory.createGeometryCollection(new Geometry[] {line, emptyPolygon});
        inner.setSRID(900913);
        Geometry outer =
                factory.createGeometryCollection(
                        new Geometry[] {
                            member,
                            inner,
                            factory.createGeometryCollection(),
                            JobTestData.strict("MULTIPOINT ((7 7), EMPTY)")
                        });
        outer.setSRID(4326);
        all.add(outer);
        return all;
    }

    private static String linearRingKey() {
        return WRITTEN.entrySet().stream()
                .filter(e -> e.getValue().value() instanceof LinearRing)
                .map(Map.Entry::getKey)
                .findFirst()
                .orElseThrow();
    }

    private static Geometry withSrid(Geometry geometry, int srid) {
        geometry.setSRID(srid);
        return geometry;
    }
}
