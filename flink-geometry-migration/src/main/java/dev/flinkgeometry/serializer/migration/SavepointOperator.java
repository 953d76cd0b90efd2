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
package dev.flinkgeometry.serializer.migration;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.CompositeTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputViewStreamWrapper;
import org.apache.flink.runtime.checkpoint.OperatorState;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;
import org.apache.flink.runtime.state.IncrementalKeyedStateHandle;
import org.apache.flink.runtime.state.KeyGroupsStateHandle;
import org.apache.flink.runtime.state.KeyedBackendSerializationProxy;
import org.apache.flink.runtime.state.KeyedStateHandle;
import org.apache.flink.runtime.state.metainfo.StateMetaInfoSnapshot;
import org.apache.flink.runtime.state.metainfo.StateMetaInfoSnapshot.BackendStateType;
import org.apache.flink.state.api.OperatorIdentifier;
import org.apache.flink.state.api.runtime.SavepointLoader;

/**
 * What an existing savepoint holds for one operator, read from its metadata file and from the
 * header of each keyed state handle (the {@link KeyedBackendSerializationProxy} that a restore
 * reads first: at the start of a canonical or heap handle, in the meta data file of a native
 * RocksDB handle). Used to check a rewrite before it runs.
 */
final class SavepointOperator {
    private final String description;
    private final int maxParallelism;
    private final Set<String> keyValueStates;
    private final Set<String> timerStates;
    private final boolean hasOperatorState;
    private final boolean hasRawKeyedState;
    private final List<TypeSerializerSnapshot<?>> keySerializerSnapshots;
    private final Map<String, Set<String>> serializerSnapshotClasses;

    private SavepointOperator(
            String description,
            int maxParallelism,
            Set<String> keyValueStates,
            Set<String> timerStates,
            boolean hasOperatorState,
            boolean hasRawKeyedState,
            List<TypeSerializerSnapshot<?>> keySerializerSnapshots,
            Map<String, Set<String>> serializerSnapshotClasses) {
        this.description = description;
        this.maxParallelism = maxParallelism;
        this.keyValueStates = Collections.unmodifiableSet(keyValueStates);
        this.timerStates = Collections.unmodifiableSet(timerStates);
        this.hasOperatorState = hasOperatorState;
        this.hasRawKeyedState = hasRawKeyedState;
        this.keySerializerSnapshots = Collections.unmodifiableList(keySerializerSnapshots);
        this.serializerSnapshotClasses = Collections.unmodifiableMap(serializerSnapshotClasses);
    }

    /**
     * Reads what the savepoint at {@code savepointPath} holds for {@code operator}.
     *
     * @throws IllegalArgumentException if the savepoint has no state for the operator
     */
    static SavepointOperator load(String savepointPath, OperatorIdentifier operator)
            throws IOException {
        CheckpointMetadata metadata = SavepointLoader.loadSavepointMetadata(savepointPath);
        OperatorState state = null;
        List<String> operators = new ArrayList<>();
        for (OperatorState candidate : metadata.getOperatorStates()) {
            operators.add(candidate.getOperatorUid().orElse(candidate.getOperatorID().toString()));
            if (candidate.getOperatorID().equals(operator.getOperatorId())) {
                state = candidate;
            }
        }
        String description = describe(operator);
        if (state == null) {
            throw new IllegalArgumentException(
                    "savepoint "
                            + savepointPath
                            + " has no state of operator "
                            + description
                            + "; it has state of "
                            + operators);
        }
        Set<String> keyValueStates = new TreeSet<>();
        Set<String> timerStates = new TreeSet<>();
        boolean hasOperatorState = false;
        boolean hasRawKeyedState = false;
        List<TypeSerializerSnapshot<?>> keySerializerSnapshots = new ArrayList<>();
        Map<String, Set<String>> serializerSnapshotClasses = new TreeMap<>();
        for (OperatorSubtaskState subtask : state.getStates()) {
            hasOperatorState |=
                    subtask.getManagedOperatorState().hasState()
                            || subtask.getRawOperatorState().hasState();
            hasRawKeyedState |= subtask.getRawKeyedState().hasState();
            for (KeyedStateHandle handle : subtask.getManagedKeyedState()) {
                KeyedBackendSerializationProxy<?> proxy = readProxy(handle);
                keySerializerSnapshots.add(proxy.getKeySerializerSnapshot());
                for (StateMetaInfoSnapshot info : proxy.getStateMetaInfoSnapshots()) {
                    if (info.getBackendStateType() == BackendStateType.KEY_VALUE) {
                        keyValueStates.add(info.getName());
                    } else {
                        timerStates.add(info.getName());
                    }
                    Set<String> classes =
                            serializerSnapshotClasses.computeIfAbsent(
                                    info.getName(), name -> new TreeSet<>());
                    info.getSerializerSnapshotsImmutable()
                            .values()
                            .forEach(snapshot -> addClassNames(snapshot, classes));
                }
            }
        }
        return new SavepointOperator(
                description,
                state.getMaxParallelism(),
                keyValueStates,
                timerStates,
                hasOperatorState,
                hasRawKeyedState,
                keySerializerSnapshots,
                serializerSnapshotClasses);
    }

    private static void addClassNames(TypeSerializerSnapshot<?> snapshot, Set<String> names) {
        names.add(snapshot.getClass().getName());
        if (snapshot instanceof CompositeTypeSerializerSnapshot) {
            for (TypeSerializerSnapshot<?> nested :
                    ((CompositeTypeSerializerSnapshot<?, ?>) snapshot)
                            .getNestedSerializerSnapshots()) {
                addClassNames(nested, names);
            }
        }
    }

    private static String describe(OperatorIdentifier operator) {
        return operator.getUid()
                .map(uid -> "with uid '" + uid + "'")
                .orElse("with uid hash " + operator.getOperatorId());
    }

    private static KeyedBackendSerializationProxy<?> readProxy(KeyedStateHandle handle)
            throws IOException {
        InputStream stream;
        if (handle instanceof KeyGroupsStateHandle) {
            stream = ((KeyGroupsStateHandle) handle).openInputStream();
        } else if (handle instanceof IncrementalKeyedStateHandle) {
            stream =
                    ((IncrementalKeyedStateHandle) handle)
                            .getMetaDataStateHandle()
                            .openInputStream();
        } else {
            throw new IllegalArgumentException(
                    "cannot read keyed state handles of type " + handle.getClass().getName());
        }
        ClassLoader classLoader = Thread.currentThread().getContextClassLoader();
        KeyedBackendSerializationProxy<?> proxy =
                new KeyedBackendSerializationProxy<>(
                        classLoader != null
                                ? classLoader
                                : SavepointOperator.class.getClassLoader());
        try (InputStream in = stream) {
            proxy.read(new DataInputViewStreamWrapper(in));
        }
        return proxy;
    }

    /**
     * Fails unless the rewrite carries everything this operator has: its keyed states are declared
     * or dropped, its timer states are carried or dropped, it has no other kind of state, and the
     * declared states exist (unless the operator has no keyed state at all).
     */
    void requireCarriedBy(
            Set<String> declared, Set<String> dropped, Set<String> carriedTimerStates) {
        String prefix = "operator " + description + ": ";
        if (hasOperatorState) {
            throw new IllegalArgumentException(
                    prefix
                            + "has operator (non-keyed) state, which this rewrite does not"
                            + " carry");
        }
        if (hasRawKeyedState) {
            throw new IllegalArgumentException(
                    prefix + "has raw keyed state, which this rewrite does not carry");
        }
        Set<String> undeclared = new TreeSet<>(keyValueStates);
        undeclared.removeAll(declared);
        undeclared.removeAll(dropped);
        for (String timers : timerStates) {
            if (!carriedTimerStates.contains(timers) && !dropped.contains(timers)) {
                undeclared.add(timers);
            }
        }
        if (!undeclared.isEmpty()) {
            throw new IllegalArgumentException(
                    prefix
                            + "the savepoint has states "
                            + undeclared
                            + " that the rewrite neither declares nor drops (dropState)");
        }
        Set<String> missing = new TreeSet<>(declared);
        missing.removeAll(keyValueStates);
        if (!missing.isEmpty() && !keyValueStates.isEmpty()) {
            throw new IllegalArgumentException(
                    prefix
                            + "declared states "
                            + missing
                            + " are not in the savepoint, which has "
                            + keyValueStates);
        }
    }

    /**
     * Fails unless {@code keyType} (creating {@code keySerializer}) restores the operator's keys as
     * they are, that is, without a migration, which Flink refuses for keys.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    void requireKeysReadableBy(TypeInformation<?> keyType, TypeSerializer<?> keySerializer) {
        for (TypeSerializerSnapshot<?> stored : keySerializerSnapshots) {
            TypeSerializerSchemaCompatibility<?> compatibility =
                    keySerializer
                            .snapshotConfiguration()
                            .resolveSchemaCompatibility((TypeSerializerSnapshot) stored);
            if (!compatibility.isCompatibleAsIs()
                    && !compatibility.isCompatibleWithReconfiguredSerializer()) {
                throw new IllegalArgumentException(
                        "operator "
                                + description
                                + ": the old key type "
                                + keyType
                                + " cannot read the savepoint's keys as they are (their"
                                + " serializer snapshot is "
                                + stored.getClass().getName()
                                + "); pass the key type the old job had");
            }
        }
    }

    /** "with uid 'x'", for messages. */
    String description() {
        return description;
    }

    /** The operator's max parallelism (its number of key groups). */
    int maxParallelism() {
        return maxParallelism;
    }

    /** The names of its keyed states (value, list, map, ...), over all subtasks. */
    Set<String> keyValueStates() {
        return keyValueStates;
    }

    /** The snapshot of the key serializer, one per keyed state handle. */
    List<TypeSerializerSnapshot<?>> keySerializerSnapshots() {
        return keySerializerSnapshots;
    }

    /**
     * The class names of the serializer snapshots of a state, nested ones (a list's element, a
     * map's key and value) included; empty for an unknown state.
     */
    Set<String> serializerSnapshotClasses(String state) {
        return serializerSnapshotClasses.getOrDefault(state, Set.of());
    }
}
