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
import static dev.flinkgeometry.testing.ExactGeometry.asReadFromLegacyWkb;
import static dev.flinkgeometry.testing.ExactGeometry.describe;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.flinkgeometry.serializer.legacy.WkbGeometrySerializer;
import dev.flinkgeometry.serializer.legacy.WkbGeometrySerializerSnapshot;
import dev.flinkgeometry.serializer.legacy.WkbGeometryTypeInfo;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.JobTestData;
import dev.flinkgeometry.testing.KeyedGeometryStates;
import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.SavepointContents;
import dev.flinkgeometry.testing.SavepointJobs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.Collector;
import org.apache.flink.util.ExceptionUtils;
import org.apache.flink.util.StateMigrationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LinearRing;

/**
 * {@code MapState<Geometry, Geometry>} state whose user keys and values the legacy WKB serializer
 * wrote ({@code WkbGeometryTypeInfo.of(Geometry.class)}) upgraded to {@link GeometryTypeInfo}, end
 * to end on a MiniCluster with real savepoints on disk, on both backends and in both savepoint
 * formats (the values of every other kind of state: {@link GeometryStateMigrationITCase}). On the
 * heap backend the keys migrate like values (the restored map holds objects; the next savepoint
 * writes them with {@link GeometrySerializer}). RocksDB stores the serialized user key in its own
 * key bytes and refuses to migrate it: the restore fails with Flink's {@link
 * StateMigrationException}, and the savepoint still restores with the legacy serializer. That case
 * needs the offline savepoint rewrite.
 *
 * <p>"Exactly what the legacy serializer carries" is {@link ExactGeometry#asReadFromLegacyWkb}: the
 * WKB serializer's documented rules (a point of NaN ordinates reads as {@code POINT EMPTY}, members
 * of a collection take the top level's SRID, a {@code LinearRing} reads as a {@code LineString}).
 * The data has cases of every rule and many geometries that both serializers carry unchanged. The
 * descriptors name their type information explicitly, because {@link GeometryTypes} registration is
 * JVM-global and other test classes in this JVM register it.
 */
class WkbStateMigrationITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    private static final String USER_KEY_STATE = "by-geometry";
    private static final String MARKER_STATE = "written";

    /** What Flink's RocksDB backend says when a MapState's user key serializer changes. */
    private static final String ROCKSDB_USER_KEY_MESSAGE =
            "The new serializer for a MapState requires state migration in order for the job to"
                    + " proceed, since the key schema has changed. However, migration for MapState"
                    + " currently only allows value schema evolutions.";

    /** The {@code MapState<Geometry, Geometry>} entries of every key, written in phase 1. */
    private static final Map<String, List<Entry>> WRITTEN_ENTRIES = userKeyEntries();

    /** What the user key job read per key in the current phase. */
    private static final Map<String, UserKeyReads> OBSERVED_ENTRIES = new ConcurrentHashMap<>();

    /** Counts down once per key handled by the keyed function in the current phase. */
    private static volatile CountDownLatch handled = new CountDownLatch(0);

    /** The jobs this test started; a failed test cancels what still runs, freeing the slot. */
    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    // ------------------------------------------------------------------------------------------
    // Geometry user keys
    // ------------------------------------------------------------------------------------------

    @ParameterizedTest(name = "{0}, {1} savepoints")
    @MethodSource("dev.flinkgeometry.testing.SavepointJobs#backendsAndFormats")
    void legacyWkbMapStateUserKeys(
            String backend, SavepointFormatType format, @TempDir Path savepoints) throws Exception {
        String target = savepoints.toUri().toString();

        // Phase 1: legacy WKB user keys and values.
        JobClient writer = startUserKeys(backend, null, Mode.WRITE, Serializers.LEGACY);
        String wkbSavepoint = SavepointJobs.stopWithSavepoint(writer, target, format);

        SavepointContents.KeyedState wkbState = onlyKeyedState(wkbSavepoint, format);
        assertThat(wkbState.handleClass())
                .isEqualTo(SavepointJobs.keyedStateHandleClass(backend, format));
        assertThat(wkbState.keyValueStateNames())
                .containsExactlyInAnyOrder(USER_KEY_STATE, MARKER_STATE);
        assertIsLegacySnapshotMigratedByGeometrySerializer(
                wkbState.userKeySnapshot(USER_KEY_STATE), "the user keys in the first savepoint");
        assertIsLegacySnapshotMigratedByGeometrySerializer(
                wkbState.valueSnapshot(USER_KEY_STATE), "the values in the first savepoint");

        if (backend.equals("rocksdb")) {
            // Phase 2 on RocksDB: the restore fails when the state is registered.
            Throwable failure =
                    catchThrowable(
                            () ->
                                    startUserKeys(
                                            backend,
                                            wkbSavepoint,
                                            Mode.READ,
                                            Serializers.GEOMETRY));
            // Flink 2.3: the job fails without restarts; the chain ends in "Error while getting
            // state" (getMapState in open) caused by RocksDB's StateMigrationException.
            Optional<Throwable> gettingState =
                    ExceptionUtils.findThrowableWithMessage(failure, "Error while getting state");
            assertThat(gettingState)
                    .as("the failure: %s", ExceptionUtils.stringifyException(failure))
                    .isPresent();
            assertThat(gettingState.get())
                    .isExactlyInstanceOf(RuntimeException.class)
                    .cause()
                    .isExactlyInstanceOf(StateMigrationException.class)
                    .hasMessage(ROCKSDB_USER_KEY_MESSAGE)
                    .hasNoCause();
            assertThat(OBSERVED_ENTRIES).as("keys handled by the failed job").isEmpty();

            // Nothing is lost: the savepoint still restores with the legacy serializer (the input
            // of the offline rewrite).
            JobClient legacy = startUserKeys(backend, wkbSavepoint, Mode.READ, Serializers.LEGACY);
            assertObservedEntriesAreWhatWasWritten(false);
            SavepointJobs.cancel(legacy);
            return;
        }

        // Phase 2 on the heap backend: the restored map holds the objects the WKB serializer read.
        JobClient migrated = startUserKeys(backend, wkbSavepoint, Mode.READ, Serializers.GEOMETRY);
        assertObservedEntriesAreWhatWasWritten(false);
        String geometrySavepoint = SavepointJobs.stopWithSavepoint(migrated, target, format);

        SavepointContents.KeyedState geometryState = onlyKeyedState(geometrySavepoint, format);
        assertThat(geometryState.handleClass()).isEqualTo(wkbState.handleClass());
        assertThat(geometryState.keyValueStateNames())
                .containsExactlyInAnyOrder(USER_KEY_STATE, MARKER_STATE);
        assertIsGeometrySnapshotCompatibleAsIs(
                geometryState.userKeySnapshot(USER_KEY_STATE),
                "the user keys in the second savepoint");
        assertIsGeometrySnapshotCompatibleAsIs(
                geometryState.valueSnapshot(USER_KEY_STATE), "the values in the second savepoint");

        // Phase 3: keys and values are GeometrySerializer bytes now.
        JobClient reader =
                startUserKeys(backend, geometrySavepoint, Mode.READ, Serializers.GEOMETRY);
        assertObservedEntriesAreWhatWasWritten(true);
        SavepointJobs.cancel(reader);
    }

    // ------------------------------------------------------------------------------------------
    // The premises of the data
    // ------------------------------------------------------------------------------------------

    /**
     * The data has cases of every documented WKB rule, so {@link ExactGeometry#asReadFromLegacyWkb}
     * is not vacuous, and many geometries both serializers carry unchanged (Natural Earth, Z, M,
     * ZM, SRIDs, every EMPTY).
     */
    @Test
    void theDataCoversTheLegacyRulesAndGeometriesCarriedUnchanged() {
        List<Geometry> values = KeyedGeometryStates.withLegacyWkbCases();
        long changedByTheRules =
                values.stream()
                        .filter(g -> !ExactGeometry.equal(asDecoded(g), asReadFromLegacyWkb(g)))
                        .count();
        assertThat(changedByTheRules).isGreaterThanOrEqualTo(4);
        assertThat(values.size() - changedByTheRules).isGreaterThan(50);
        assertThat(values).filteredOn(Geometry::isEmpty).hasSizeGreaterThanOrEqualTo(7);
        assertThat(values).filteredOn(g -> g instanceof LinearRing).isNotEmpty();

        List<Geometry> keys = userKeys();
        assertThat(keys)
                .filteredOn(g -> !ExactGeometry.equal(asDecoded(g), asReadFromLegacyWkb(g)))
                .isNotEmpty();
        assertThat(keys).filteredOn(g -> g instanceof LinearRing).isNotEmpty();
        // distinct as JTS sees them (the heap map's equals), also after the legacy rules
        for (int i = 0; i < keys.size(); i++) {
            for (int j = i + 1; j < keys.size(); j++) {
                assertThat(asReadFromLegacyWkb(keys.get(i)))
                        .as("key %d vs key %d", i, j)
                        .isNotEqualTo(asReadFromLegacyWkb(keys.get(j)));
            }
        }
    }

    // ------------------------------------------------------------------------------------------
    // Running the jobs
    // ------------------------------------------------------------------------------------------

    private enum Mode {
        /** Write every key's state. */
        WRITE,
        /** Read every key's state into the observed maps. */
        READ
    }

    private enum Serializers {
        /** {@code WkbGeometryTypeInfo.of(Geometry.class)}: the legacy WKB serializer. */
        LEGACY,
        /** {@code GeometryTypeInfo.of(Geometry.class)}. */
        GEOMETRY;

        TypeInformation<Geometry> typeInfo() {
            return this == LEGACY
                    ? WkbGeometryTypeInfo.of(Geometry.class)
                    : GeometryTypeInfo.of(Geometry.class);
        }

        /** Fails the job unless {@code serializer} is the one asked for. */
        void require(TypeSerializer<?> serializer) {
            Class<?> expected =
                    this == LEGACY ? WkbGeometrySerializer.class : GeometrySerializer.class;
            if (serializer.getClass() != expected) {
                throw new IllegalStateException(
                        "expected a " + expected.getSimpleName() + ", got " + serializer);
            }
        }
    }

    /** Submits the user key job and returns once its keyed function has handled every key. */
    private JobClient startUserKeys(
            String backend, String restoreFrom, Mode mode, Serializers serializers)
            throws Exception {
        StreamExecutionEnvironment env = SavepointJobs.environment(backend, restoreFrom);
        SavepointJobs.keys(env, WRITTEN_ENTRIES.keySet())
                .keyBy(key -> key)
                .process(new UserKeyStateFunction(mode, serializers, backend))
                .uid("geometry-user-keys")
                .sinkTo(new DiscardingSink<>())
                .uid("discard");
        OBSERVED_ENTRIES.clear();
        CountDownLatch latch = new CountDownLatch(WRITTEN_ENTRIES.size());
        handled = latch;
        return jobs.startAndAwait(env, "user keys: " + mode + ", " + serializers, latch);
    }

    /**
     * Writes or reads {@link #WRITTEN_ENTRIES}'s {@code MapState<Geometry, Geometry>} of the
     * current key. Reading records every entry, and looks every written key up by what the legacy
     * serializer carries of it.
     */
    static final class UserKeyStateFunction extends KeyedProcessFunction<String, String, String> {
        private static final long serialVersionUID = 1L;

        private final Mode mode;
        private final Serializers serializers;
        private final String backend;

        private transient MapState<Geometry, Geometry> map;
        private transient ValueState<Boolean> marker;

        UserKeyStateFunction(Mode mode, Serializers serializers, String backend) {
            this.mode = mode;
            this.serializers = serializers;
            this.backend = backend;
        }

        @Override
        public void open(OpenContext openContext) {
            MapStateDescriptor<Geometry, Geometry> descriptor =
                    new MapStateDescriptor<>(
                            USER_KEY_STATE, serializers.typeInfo(), serializers.typeInfo());
            map = getRuntimeContext().getMapState(descriptor);
            serializers.require(descriptor.getKeySerializer());
            serializers.require(descriptor.getValueSerializer());
            // A MapState comes wrapped for the user; a ValueState shows the backend.
            marker =
                    getRuntimeContext()
                            .getState(new ValueStateDescriptor<>(MARKER_STATE, Types.BOOLEAN));
            SavepointJobs.requireBackend(marker, backend);
        }

        @Override
        public void processElement(String key, Context ctx, Collector<String> out)
                throws Exception {
            List<Entry> written = WRITTEN_ENTRIES.get(key);
            if (mode == Mode.WRITE) {
                for (Entry entry : written) {
                    map.put(entry.key(), entry.value());
                }
                marker.update(true);
            } else {
                if (!Boolean.TRUE.equals(marker.value())) {
                    throw new IllegalStateException("no state restored for " + key);
                }
                List<Entry> entries = new ArrayList<>();
                for (Map.Entry<Geometry, Geometry> entry : map.entries()) {
                    entries.add(new Entry(entry.getKey(), entry.getValue()));
                }
                List<Entry> lookups = new ArrayList<>();
                for (Entry entry : written) {
                    Geometry lookupKey = asReadFromLegacyWkb(entry.key());
                    lookups.add(new Entry(lookupKey, map.get(lookupKey)));
                }
                OBSERVED_ENTRIES.put(key, new UserKeyReads(entries, lookups));
            }
            handled.countDown();
        }
    }

    // ------------------------------------------------------------------------------------------
    // Data and assertions
    // ------------------------------------------------------------------------------------------

    /** One entry of a {@code MapState<Geometry, Geometry>}. */
    record Entry(Geometry key, Geometry value) {}

    /** What the user key job read of one key: every entry, and the lookups of the written keys. */
    record UserKeyReads(List<Entry> entries, List<Entry> lookups) {}

    private static SavepointContents.KeyedState onlyKeyedState(
            String savepoint, SavepointFormatType format) throws Exception {
        SavepointContents contents = SavepointContents.read(savepoint);
        assertThat(contents.formatType()).isEqualTo(format);
        assertThat(contents.keyedStates()).hasSize(1);
        return contents.keyedStates().get(0);
    }

    private static void assertIsLegacySnapshotMigratedByGeometrySerializer(
            TypeSerializerSnapshot<?> snapshot, String what) {
        assertThat(snapshot).as(what).isInstanceOf(WkbGeometrySerializerSnapshot.class);
        assertThat(((WkbGeometrySerializerSnapshot<?>) snapshot).geometryClass())
                .as(what)
                .isEqualTo(Geometry.class);
        TypeSerializerSchemaCompatibility<?> compatibility =
                resolveWithGeometrySerializer(snapshot);
        assertThat(compatibility.isCompatibleAfterMigration())
                .as("GeometrySerializer on %s: %s", what, compatibility)
                .isTrue();
    }

    private static void assertIsGeometrySnapshotCompatibleAsIs(
            TypeSerializerSnapshot<?> snapshot, String what) {
        assertThat(snapshot).as(what).isInstanceOf(GeometrySerializerSnapshot.class);
        assertThat(((GeometrySerializerSnapshot<?>) snapshot).geometryClass())
                .as(what)
                .isEqualTo(Geometry.class);
        TypeSerializerSchemaCompatibility<?> compatibility =
                resolveWithGeometrySerializer(snapshot);
        assertThat(compatibility.isCompatibleAsIs())
                .as("GeometrySerializer on %s: %s", what, compatibility)
                .isTrue();
    }

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
     * Every key's map holds exactly the written entries, as the legacy serializer carries them
     * (keys and values), and every written key looked up finds its value. With {@code decoded},
     * keys and values must have come through {@link GeometrySerializer}'s decoder.
     */
    private static void assertObservedEntriesAreWhatWasWritten(boolean decoded) {
        assertThat(OBSERVED_ENTRIES.keySet())
                .containsExactlyInAnyOrderElementsOf(WRITTEN_ENTRIES.keySet());
        int entries = 0;
        for (Map.Entry<String, List<Entry>> written : WRITTEN_ENTRIES.entrySet()) {
            String key = written.getKey();
            UserKeyReads reads = OBSERVED_ENTRIES.get(key);
            // The entries read, by the exact description of their keys.
            Map<String, Entry> byKey = new TreeMap<>();
            for (Entry entry : reads.entries()) {
                Entry previous = byKey.put(describe(asDecoded(entry.key())), entry);
                assertThat(previous).as("%s: a second entry for %s", key, entry.key()).isNull();
            }
            assertThat(byKey).as("%s: entries", key).hasSameSizeAs(written.getValue());
            for (int i = 0; i < written.getValue().size(); i++) {
                Entry want = written.getValue().get(i);
                Geometry expectedKey = asReadFromLegacyWkb(want.key());
                String what = key + " entry " + i + " (" + want.key() + ")";
                Entry got = byKey.get(describe(expectedKey));
                assertThat(got).as("%s: no entry with this exact key", what).isNotNull();
                KeyedGeometryStates.assertExact(what + " key", got.key(), expectedKey, decoded);
                assertValue(what + " value", got.value(), want.value(), decoded);
                Entry lookup = reads.lookups().get(i);
                assertValue(what + " looked up", lookup.value(), want.value(), decoded);
            }
            entries += written.getValue().size();
        }
        assertThat(entries).as("entries compared").isGreaterThan(50);
    }

    private static void assertValue(
            String what, Geometry actual, Geometry written, boolean decoded) {
        if (written == null) {
            assertThat(actual).as(what).isNull();
        } else {
            KeyedGeometryStates.assertExact(what, actual, asReadFromLegacyWkb(written), decoded);
        }
    }

    /**
     * The user keys: one geometry of every key group of the job tests (Natural Earth points,
     * polygons, multipolygons and lines, Z, M, ZM, SRIDs, EMPTY of several classes, a MultiPoint
     * with an empty member, a collection whose members have their own SRIDs), and a LinearRing
     * (read back as a LineString). No NaN X or Y: JTS never equates such keys.
     */
    private static List<Geometry> userKeys() {
        List<Geometry> keys = new ArrayList<>();
        for (List<Geometry> group : JobTestData.keyGroups()) {
            keys.add(group.get(0));
        }
        keys.add(KeyedGeometryStates.ring(new GeometryFactory(), 20));
        return keys;
    }

    /**
     * Per key ({@code geometry-keys-0} to {@code -2}): every user key, each with a value from
     * {@link KeyedGeometryStates#withLegacyWkbCases()} in turn, and one {@code null} value.
     */
    private static Map<String, List<Entry>> userKeyEntries() {
        List<Geometry> keys = userKeys();
        List<Geometry> values = KeyedGeometryStates.withLegacyWkbCases();
        Map<String, List<Entry>> all = new TreeMap<>();
        for (int k = 0; k < 3; k++) {
            List<Entry> entries = new ArrayList<>();
            for (int i = 0; i < keys.size(); i++) {
                Geometry value = i == k ? null : values.get((i * 7 + k * 11) % values.size());
                entries.add(new Entry(keys.get(i), value));
            }
            all.put("geometry-keys-" + k, Collections.unmodifiableList(entries));
        }
        return Collections.unmodifiableMap(new LinkedHashMap<>(all));
    }
}
