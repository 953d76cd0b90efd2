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

import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.KeyedGeometryStates;
import dev.flinkgeometry.testing.KeyedGeometryStates.KeyState;
import dev.flinkgeometry.testing.SavepointContents;
import dev.flinkgeometry.testing.SavepointJobs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LinearRing;

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
    private static final Map<String, KeyState> WRITTEN =
            KeyedGeometryStates.perKey(KeyedGeometryStates.geometries());

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
        KeyedGeometryStates.assertSameState(OBSERVED, WRITTEN, ExactGeometry::asDecoded, decoded);
    }

    private static String linearRingKey() {
        return WRITTEN.entrySet().stream()
                .filter(e -> e.getValue().value() instanceof LinearRing)
                .map(Map.Entry::getKey)
                .findFirst()
                .orElseThrow();
    }
}
