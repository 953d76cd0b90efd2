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

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.typeutils.CompositeTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.ListSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.MapSerializerSnapshot;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.core.memory.DataInputViewStreamWrapper;
import org.apache.flink.runtime.checkpoint.Checkpoints;
import org.apache.flink.runtime.checkpoint.OperatorState;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.checkpoint.SavepointType;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;
import org.apache.flink.runtime.state.IncrementalKeyedStateHandle;
import org.apache.flink.runtime.state.KeyGroupsStateHandle;
import org.apache.flink.runtime.state.KeyedBackendSerializationProxy;
import org.apache.flink.runtime.state.KeyedStateHandle;
import org.apache.flink.runtime.state.filesystem.AbstractFsCheckpointStorageAccess;
import org.apache.flink.runtime.state.metainfo.StateMetaInfoSnapshot;
import org.apache.flink.runtime.state.metainfo.StateMetaInfoSnapshot.CommonSerializerKeys;

/**
 * What a savepoint on disk says about its keyed state, read with Flink's own classes the way a
 * restore reads it: the metadata file ({@link Checkpoints#loadCheckpointMetadata}), then, per keyed
 * state handle, the {@link KeyedBackendSerializationProxy} at the start of the handle's stream
 * (heap and canonical savepoints) or in its meta data file (RocksDB native savepoints). It holds
 * the serializer snapshot of every state, which is what the next restore resolves against.
 */
public final class SavepointContents {
    /** The keyed state of one handle: its class, and the meta info of every state by name. */
    public record KeyedState(String handleClass, Map<String, StateMetaInfoSnapshot> states) {
        /** The names of the key/value states (timers, also listed in {@link #states}, left out). */
        public List<String> keyValueStateNames() {
            List<String> names = new ArrayList<>();
            states.forEach(
                    (name, state) -> {
                        if (state.getBackendStateType()
                                == StateMetaInfoSnapshot.BackendStateType.KEY_VALUE) {
                            names.add(name);
                        }
                    });
            return names;
        }

        /**
         * The serializer snapshot of the state's values: the value serializer itself for a
         * ValueState, the element serializer for a ListState, the value serializer of a MapState.
         */
        public TypeSerializerSnapshot<?> valueSnapshot(String stateName) {
            TypeSerializerSnapshot<?> value = stateSerializerSnapshot(stateName);
            // A ListState's and a MapState's own serializer wraps the values' one; a value's own
            // composite serializer (a POJO, a tuple) is the value's.
            if (value instanceof ListSerializerSnapshot || value instanceof MapSerializerSnapshot) {
                TypeSerializerSnapshot<?>[] nested =
                        ((CompositeTypeSerializerSnapshot<?, ?>) value)
                                .getNestedSerializerSnapshots();
                return nested[nested.length - 1]; // List: [element]; Map: [key, value]
            }
            return value;
        }

        /** The state's own serializer snapshot (for a ListState or MapState, the wrapping one). */
        private TypeSerializerSnapshot<?> stateSerializerSnapshot(String stateName) {
            StateMetaInfoSnapshot state = states.get(stateName);
            if (state == null) {
                throw new IllegalArgumentException(
                        "no state " + stateName + " in the savepoint, only " + states.keySet());
            }
            return state.getTypeSerializerSnapshot(CommonSerializerKeys.VALUE_SERIALIZER);
        }

        /** The serializer snapshot of the user keys of a MapState. */
        public TypeSerializerSnapshot<?> userKeySnapshot(String stateName) {
            TypeSerializerSnapshot<?> value = stateSerializerSnapshot(stateName);
            if (!(value instanceof MapSerializerSnapshot)) {
                throw new IllegalArgumentException(
                        stateName + " is not a MapState: its serializer snapshot is " + value);
            }
            return ((MapSerializerSnapshot<?, ?>) value).getNestedSerializerSnapshots()[0];
        }
    }

    private final SavepointFormatType formatType;
    private final List<KeyedState> keyedStates;

    private SavepointContents(SavepointFormatType formatType, List<KeyedState> keyedStates) {
        this.formatType = formatType;
        this.keyedStates = keyedStates;
    }

    /** Reads the savepoint at {@code pointer}, as returned by {@code stopWithSavepoint}. */
    public static SavepointContents read(String pointer) throws IOException {
        ClassLoader classLoader = SavepointContents.class.getClassLoader();
        CheckpointMetadata metadata;
        try (InputStream in =
                AbstractFsCheckpointStorageAccess.resolveCheckpointPointer(pointer)
                        .getMetadataHandle()
                        .openInputStream()) {
            metadata =
                    Checkpoints.loadCheckpointMetadata(
                            new DataInputStream(in), classLoader, pointer);
        }
        // The State Processor API's SavepointWriter records no checkpoint properties.
        SavepointFormatType format = null;
        if (metadata.getCheckpointProperties() != null) {
            if (!(metadata.getCheckpointProperties().getCheckpointType()
                    instanceof SavepointType)) {
                throw new IllegalArgumentException(pointer + " is not a savepoint");
            }
            format =
                    ((SavepointType) metadata.getCheckpointProperties().getCheckpointType())
                            .getFormatType();
        }

        List<KeyedState> keyedStates = new ArrayList<>();
        for (OperatorState operator : metadata.getOperatorStates()) {
            for (OperatorSubtaskState subtask : operator.getStates()) {
                for (KeyedStateHandle handle : subtask.getManagedKeyedState()) {
                    keyedStates.add(
                            new KeyedState(
                                    handle.getClass().getSimpleName(),
                                    readStates(handle, classLoader)));
                }
            }
        }
        return new SavepointContents(format, keyedStates);
    }

    /**
     * The format recorded in the savepoint's metadata; {@code null} for a savepoint written by the
     * State Processor API, which records none.
     */
    public SavepointFormatType formatType() {
        return formatType;
    }

    /** Every keyed state handle of every operator and subtask. */
    public List<KeyedState> keyedStates() {
        return keyedStates;
    }

    private static Map<String, StateMetaInfoSnapshot> readStates(
            KeyedStateHandle handle, ClassLoader classLoader) throws IOException {
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
                    "unknown keyed state handle " + handle.getClass().getName());
        }
        KeyedBackendSerializationProxy<?> proxy = new KeyedBackendSerializationProxy<>(classLoader);
        try (InputStream in = stream) {
            proxy.read(new DataInputViewStreamWrapper(in));
        }
        Map<String, StateMetaInfoSnapshot> states = new LinkedHashMap<>();
        for (StateMetaInfoSnapshot state : proxy.getStateMetaInfoSnapshots()) {
            states.put(state.getName(), state);
        }
        return states;
    }
}
