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
package dev.flinkgeometry.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.serializer.GeometryTypeInfo;
import dev.flinkgeometry.testing.RecordStateJob.Records;
import dev.flinkgeometry.testing.RecordStateJob.StateTypes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.locationtech.jts.geom.Geometry;

/**
 * The end-to-end upgrade of keyed state written by a predecessor of {@code GeometrySerializer}
 * (Kryo, the legacy WKB serializer, Sedona's serializer, records with such fields), on a
 * MiniCluster with real savepoints on disk ({@link RecordStateJob}: a {@code ValueState}, a {@code
 * ListState} and the values of a {@code MapState<String, V>} per key):
 *
 * <ol>
 *   <li>the old job writes known records; {@code stopWithSavepoint}; the savepoint holds the
 *       predecessor's snapshots, and the new type's serializer resolves each of them as "compatible
 *       after migration";
 *   <li>the same job graph (same uids) with the new type restores from it and Flink migrates
 *       (RocksDB rewrites every value when the state is registered, so reads decode the new bytes;
 *       the heap backend keeps the objects the old serializer restored until the next snapshot);
 *       the job sees exactly what the predecessor carried; {@code stopWithSavepoint} again: the new
 *       savepoint's snapshots are compatible as is;
 *   <li>the job restores from the second savepoint, reading the new serializer's bytes on both
 *       backends, and again sees exactly the same records.
 * </ol>
 *
 * <p>A {@link Predecessor} says how the old job declared its state and what it carried; the steps
 * and their checks are the same for all.
 */
public final class StateMigrationScenario {
    private static final List<String> STATES =
            List.of(
                    RecordStateJob.VALUE_STATE,
                    RecordStateJob.LIST_STATE,
                    RecordStateJob.MAP_STATE);

    private StateMigrationScenario() {}

    /**
     * A serializer, or records with such fields, that wrote state before this library: how the old
     * job declared its states, how the upgraded job declares them, and {@link
     * RecordStateJob#shapeOf} of the serializers each gets.
     */
    public abstract static class Predecessor<V> {
        private final String name;
        private final StateTypes<V> oldTypes;
        private final TypeInformation<V> newType;
        private final String oldShape;
        private final String newShape;

        protected Predecessor(
                String name,
                StateTypes<V> oldTypes,
                TypeInformation<V> newType,
                String oldShape,
                String newShape) {
            this.name = name;
            this.oldTypes = oldTypes;
            this.newType = newType;
            this.oldShape = oldShape;
            this.newShape = newShape;
        }

        /** The state the old job writes, per key. */
        public abstract Map<String, Records<V>> written();

        /** The type the new job declares. */
        public TypeInformation<V> newType() {
            return newType;
        }

        /**
         * Fails unless the job read ({@code observed}) exactly what the predecessor carried of
         * {@code written}; with {@code decoded}, read through {@code GeometrySerializer}'s decoder.
         */
        public abstract void assertCarried(
                Map<String, Records<V>> observed, Map<String, Records<V>> written, boolean decoded);

        /** The environment the old job ran in (where it registered its serializers, say). */
        public StreamExecutionEnvironment oldEnvironment(String backend) {
            return SavepointJobs.environment(backend, null);
        }

        /** More checks of a snapshot in the old job's savepoint than its serializer's shape. */
        public void assertOldSnapshot(String what, TypeSerializerSnapshot<?> snapshot) {}

        /**
         * More checks of a snapshot in the upgraded job's savepoint than its serializer's shape.
         */
        public void assertNewSnapshot(String what, TypeSerializerSnapshot<?> snapshot) {}

        /** Checks of what the heap backend still holds right after the restore: the old objects. */
        public void assertRestoredOnHeap(
                Map<String, Records<V>> observed, Map<String, Records<V>> written) {}

        @Override
        public String toString() {
            return name;
        }
    }

    /**
     * Geometry state that moves to {@code GeometryTypeInfo.of(Geometry.class)}, or to another
     * geometry type (the compact one, say): the new savepoint holds snapshots of the new type's
     * serializer that restore exactly that serializer.
     */
    public abstract static class ToGeometrySerializer extends Predecessor<Geometry> {
        protected ToGeometrySerializer(
                String name, StateTypes<Geometry> oldTypes, String oldShape) {
            this(name, oldTypes, oldShape, GeometryTypeInfo.of(Geometry.class));
        }

        protected ToGeometrySerializer(
                String name,
                StateTypes<Geometry> oldTypes,
                String oldShape,
                TypeInformation<Geometry> newType) {
            super(
                    name,
                    oldTypes,
                    newType,
                    oldShape,
                    RecordStateJob.shapeOf(newType.createSerializer(new SerializerConfigImpl())));
        }

        @Override
        public void assertNewSnapshot(String what, TypeSerializerSnapshot<?> snapshot) {
            TypeSerializer<Geometry> expected =
                    newType().createSerializer(new SerializerConfigImpl());
            assertThat(snapshot).as(what).isInstanceOf(expected.snapshotConfiguration().getClass());
            assertThat(snapshot.restoreSerializer()).as(what).isEqualTo(expected);
        }
    }

    /**
     * Geometry state whose old serializer carries a geometry as {@code oldSerializer} writes and
     * reads it back: every key holds some geometries in every kind of state ({@link
     * RecordStateJob#perKey}).
     */
    public static class ThroughSerializer extends ToGeometrySerializer {
        private final TypeSerializer<Geometry> oldSerializer;
        private final List<Geometry> geometries;

        public ThroughSerializer(
                String name,
                StateTypes<Geometry> oldTypes,
                String oldShape,
                TypeSerializer<Geometry> oldSerializer,
                List<Geometry> geometries) {
            this(
                    name,
                    oldTypes,
                    oldShape,
                    oldSerializer,
                    geometries,
                    GeometryTypeInfo.of(Geometry.class));
        }

        /** The same, moving to {@code newType} instead. */
        public ThroughSerializer(
                String name,
                StateTypes<Geometry> oldTypes,
                String oldShape,
                TypeSerializer<Geometry> oldSerializer,
                List<Geometry> geometries,
                TypeInformation<Geometry> newType) {
            super(name, oldTypes, oldShape, newType);
            this.oldSerializer = oldSerializer;
            this.geometries = geometries;
        }

        @Override
        public Map<String, Records<Geometry>> written() {
            return RecordStateJob.perKey(geometries);
        }

        @Override
        public void assertCarried(
                Map<String, Records<Geometry>> observed,
                Map<String, Records<Geometry>> written,
                boolean decoded) {
            RecordStateJob.assertSameRecords(
                    observed,
                    written,
                    (what, actual, expected) ->
                            KeyedGeometryStates.assertExact(
                                    what,
                                    actual,
                                    ExactGeometry.asDecoded(roundTrip(expected)),
                                    decoded));
        }

        private Geometry roundTrip(Geometry geometry) {
            try {
                DataOutputSerializer out = new DataOutputSerializer(256);
                oldSerializer.serialize(geometry, out);
                return oldSerializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Runs the three steps on {@code backend} with savepoints of {@code format}. */
    public static <V> void upgrade(
            Predecessor<V> predecessor,
            String backend,
            SavepointFormatType format,
            Path savepoints,
            SavepointJobs jobs)
            throws Exception {
        String target = savepoints.toUri().toString();
        Map<String, Records<V>> written = predecessor.written();
        StateTypes<V> newTypes = StateTypes.of(predecessor.newType);

        // 1. The old job's state.
        JobClient writer =
                RecordStateJob.write(
                        jobs,
                        predecessor.oldEnvironment(backend),
                        backend,
                        predecessor.oldTypes,
                        written);
        assertShapes(predecessor.oldShape);
        String oldSavepoint = SavepointJobs.stopWithSavepoint(writer, target, format);
        SavepointContents.KeyedState oldState = onlyKeyedState(oldSavepoint, format);
        assertThat(oldState.handleClass())
                .isEqualTo(SavepointJobs.keyedStateHandleClass(backend, format));
        assertEveryState(
                oldState,
                "the first savepoint",
                predecessor.oldShape,
                predecessor::assertOldSnapshot,
                TypeSerializerSchemaCompatibility::isCompatibleAfterMigration,
                predecessor.newType);

        // 2. The upgraded job restores; Flink migrates.
        JobClient migrated =
                RecordStateJob.read(jobs, backend, oldSavepoint, newTypes, written.keySet());
        assertShapes(predecessor.newShape);
        boolean rocksdb = backend.equals("rocksdb");
        Map<String, Records<V>> restored = RecordStateJob.observed();
        predecessor.assertCarried(restored, written, rocksdb);
        if (!rocksdb) {
            predecessor.assertRestoredOnHeap(restored, written);
        }
        String newSavepoint = SavepointJobs.stopWithSavepoint(migrated, target, format);
        SavepointContents.KeyedState newState = onlyKeyedState(newSavepoint, format);
        assertThat(newState.handleClass()).isEqualTo(oldState.handleClass());
        assertEveryState(
                newState,
                "the second savepoint",
                predecessor.newShape,
                predecessor::assertNewSnapshot,
                TypeSerializerSchemaCompatibility::isCompatibleAsIs,
                predecessor.newType);

        // 3. The second savepoint holds the new serializer's bytes.
        JobClient reader =
                RecordStateJob.read(jobs, backend, newSavepoint, newTypes, written.keySet());
        assertShapes(predecessor.newShape);
        predecessor.assertCarried(RecordStateJob.observed(), written, true);
        SavepointJobs.cancel(reader);
    }

    /**
     * Every state's snapshot in {@code savepoint} restores a serializer of {@code shape}, passes
     * the predecessor's {@code checks}, and {@code newType}'s serializer resolves it as {@code
     * expected}.
     */
    private static void assertEveryState(
            SavepointContents.KeyedState savepoint,
            String name,
            String shape,
            BiConsumer<String, TypeSerializerSnapshot<?>> checks,
            Predicate<TypeSerializerSchemaCompatibility<?>> expected,
            TypeInformation<?> newType) {
        for (String state : STATES) {
            String what = state + " in " + name;
            TypeSerializerSnapshot<?> snapshot = savepoint.valueSnapshot(state);
            assertThat(RecordStateJob.shapeOf(snapshot.restoreSerializer()))
                    .as(what)
                    .isEqualTo(shape);
            checks.accept(what, snapshot);
            TypeSerializerSchemaCompatibility<?> compatibility = resolve(newType, snapshot);
            assertThat(expected.test(compatibility))
                    .as("the new serializer on %s: %s", what, compatibility)
                    .isTrue();
        }
    }

    private static SavepointContents.KeyedState onlyKeyedState(
            String savepoint, SavepointFormatType format) throws Exception {
        SavepointContents contents = SavepointContents.read(savepoint);
        assertThat(contents.formatType()).isEqualTo(format);
        assertThat(contents.keyedStates()).hasSize(1);
        SavepointContents.KeyedState state = contents.keyedStates().get(0);
        assertThat(state.keyValueStateNames()).containsExactlyInAnyOrderElementsOf(STATES);
        return state;
    }

    private static void assertShapes(String shape) {
        assertThat(RecordStateJob.serializerShapes())
                .containsOnly(
                        Map.entry(RecordStateJob.VALUE_STATE, shape),
                        Map.entry(RecordStateJob.LIST_STATE, shape),
                        Map.entry(RecordStateJob.MAP_STATE, shape));
    }

    /** {@code type}'s serializer (as a job's default config makes it) asked about {@code old}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static TypeSerializerSchemaCompatibility<?> resolve(
            TypeInformation<?> type, TypeSerializerSnapshot<?> old) {
        TypeSerializerSnapshot snapshot =
                type.createSerializer(new SerializerConfigImpl()).snapshotConfiguration();
        return snapshot.resolveSchemaCompatibility((TypeSerializerSnapshot) old);
    }
}
