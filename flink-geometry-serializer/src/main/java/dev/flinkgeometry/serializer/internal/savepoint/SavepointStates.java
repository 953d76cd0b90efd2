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
package dev.flinkgeometry.serializer.internal.savepoint;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputViewStreamWrapper;
import org.apache.flink.runtime.checkpoint.Checkpoints;
import org.apache.flink.runtime.checkpoint.OperatorState;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;
import org.apache.flink.runtime.state.IncrementalKeyedStateHandle;
import org.apache.flink.runtime.state.KeyGroupsStateHandle;
import org.apache.flink.runtime.state.KeyedBackendSerializationProxy;
import org.apache.flink.runtime.state.KeyedStateHandle;
import org.apache.flink.runtime.state.OperatorBackendSerializationProxy;
import org.apache.flink.runtime.state.OperatorStateHandle;
import org.apache.flink.runtime.state.StreamStateHandle;
import org.apache.flink.runtime.state.filesystem.AbstractFsCheckpointStorageAccess;
import org.apache.flink.runtime.state.metainfo.StateMetaInfoSnapshot;

/**
 * The keyed state of a savepoint (or retained checkpoint) on disk, read with Flink's own classes as
 * a restore reads it: the metadata file ({@link Checkpoints#loadCheckpointMetadata}), then, per
 * keyed state handle, the {@link KeyedBackendSerializationProxy} with the key serializer's snapshot
 * and every state's meta info, at the start of the handle's stream (heap backend, canonical
 * savepoints) or in its meta data file (RocksDB native savepoints); per operator state handle, the
 * {@link OperatorBackendSerializationProxy} at the start of its stream. No state data is read.
 */
@Internal
public final class SavepointStates {
    /** The keyed state handle of one subtask of one operator. */
    public static final class KeyedHandle {
        private final String operatorId;
        private final String operatorUid;
        private final String operatorName;
        private final int subtask;
        private final KeyedStateHandle handle;
        private final TypeSerializerSnapshot<?> keySnapshot;
        private final List<StateMetaInfoSnapshot> states;
        private final boolean compressed;
        private final String unreadable;

        KeyedHandle(
                OperatorState operator,
                int subtask,
                KeyedStateHandle handle,
                KeyedBackendSerializationProxy<?> proxy,
                String unreadable) {
            this.operatorId = operator.getOperatorID().toHexString();
            this.operatorUid = optional(operator, true);
            this.operatorName = optional(operator, false);
            this.subtask = subtask;
            this.handle = handle;
            this.keySnapshot = proxy == null ? null : proxy.getKeySerializerSnapshot();
            this.states =
                    proxy == null
                            ? List.of()
                            : Collections.unmodifiableList(
                                    new ArrayList<>(proxy.getStateMetaInfoSnapshots()));
            this.compressed = proxy != null && proxy.isUsingKeyGroupCompression();
            this.unreadable = unreadable;
        }

        /** The operator's id in hex. */
        public String operatorId() {
            return operatorId;
        }

        /** The operator's uid, if the metadata records it (Flink 2.x does), else {@code null}. */
        public String operatorUid() {
            return operatorUid;
        }

        /** The operator's name, if the metadata records it (Flink 2.x does), else {@code null}. */
        public String operatorName() {
            return operatorName;
        }

        /** The operator as a reader finds it: its uid or name where recorded, and its id. */
        public String operator() {
            String label = operatorUid != null ? operatorUid : operatorName;
            return label == null ? operatorId : label + " (" + operatorId + ")";
        }

        public int subtask() {
            return subtask;
        }

        public KeyedStateHandle handle() {
            return handle;
        }

        /** The snapshot of the key serializer; {@code null} if the handle could not be read. */
        public TypeSerializerSnapshot<?> keySnapshot() {
            return keySnapshot;
        }

        /** The meta info of every state (key/value states and timers). */
        public List<StateMetaInfoSnapshot> states() {
            return states;
        }

        /** Whether each key group's data is compressed (Snappy). */
        public boolean compressed() {
            return compressed;
        }

        /** Why the handle's meta info could not be read, or {@code null}. */
        public String unreadable() {
            return unreadable;
        }
    }

    /** The operator state (lists, union lists, broadcast state) of one subtask of one operator. */
    public static final class OperatorHandle {
        private final String operator;
        private final int subtask;
        private final OperatorStateHandle handle;
        private final List<StateMetaInfoSnapshot> states;
        private final String unreadable;

        OperatorHandle(
                String operator,
                int subtask,
                OperatorStateHandle handle,
                OperatorBackendSerializationProxy proxy,
                String unreadable) {
            this.operator = operator;
            this.subtask = subtask;
            this.handle = handle;
            List<StateMetaInfoSnapshot> states = new ArrayList<>();
            if (proxy != null) {
                states.addAll(proxy.getOperatorStateMetaInfoSnapshots());
                states.addAll(proxy.getBroadcastStateMetaInfoSnapshots());
            }
            this.states = Collections.unmodifiableList(states);
            this.unreadable = unreadable;
        }

        /** The operator as a reader finds it: its uid or name where recorded, and its id. */
        public String operator() {
            return operator;
        }

        public int subtask() {
            return subtask;
        }

        public OperatorStateHandle handle() {
            return handle;
        }

        /** The meta info of every list, union list and broadcast state. */
        public List<StateMetaInfoSnapshot> states() {
            return states;
        }

        /**
         * The elements of a list or union list state (one offset each); {@code -1} for broadcast
         * state, whose entries the handle does not count.
         */
        public long elements(String state) {
            OperatorStateHandle.StateMetaInfo info =
                    handle.getStateNameToPartitionOffsets().get(state);
            if (info == null) {
                return 0;
            }
            return info.getDistributionMode() == OperatorStateHandle.Mode.BROADCAST
                    ? -1
                    : info.getOffsets().length;
        }

        /** Why the handle's meta info could not be read, or {@code null}. */
        public String unreadable() {
            return unreadable;
        }
    }

    private final String pointer;
    private final int metadataVersion;
    private final List<KeyedHandle> keyedHandles;
    private final List<OperatorHandle> operatorHandles;

    private SavepointStates(
            String pointer,
            int metadataVersion,
            List<KeyedHandle> keyedHandles,
            List<OperatorHandle> operatorHandles) {
        this.pointer = pointer;
        this.metadataVersion = metadataVersion;
        this.keyedHandles = keyedHandles;
        this.operatorHandles = operatorHandles;
    }

    /**
     * The version of the savepoint's metadata file, its second int after the magic number: Flink
     * 1.20 writes 4, 2.0 writes 5, 2.3 writes 6.
     */
    public static int metadataVersion(String pointer) throws IOException {
        try (DataInputStream in = new DataInputStream(openMetadata(pointer))) {
            int magic = in.readInt();
            if (magic != Checkpoints.HEADER_MAGIC_NUMBER) {
                throw new IOException(
                        pointer
                                + " is not a savepoint: its metadata starts with "
                                + Integer.toHexString(magic));
            }
            return in.readInt();
        }
    }

    /**
     * Reads the keyed state meta info of the savepoint at {@code pointer} (its folder or its {@code
     * _metadata} file), resolving serializer snapshots with {@code classLoader}. A handle whose
     * meta info cannot be read is listed with the reason.
     */
    public static SavepointStates read(String pointer, ClassLoader classLoader) throws IOException {
        int version = metadataVersion(pointer);
        CheckpointMetadata metadata;
        try (DataInputStream in = new DataInputStream(openMetadata(pointer))) {
            metadata = Checkpoints.loadCheckpointMetadata(in, classLoader, pointer);
        }
        List<KeyedHandle> handles = new ArrayList<>();
        List<OperatorHandle> operatorHandles = new ArrayList<>();
        for (OperatorState operator : metadata.getOperatorStates()) {
            for (int subtask = 0; subtask < operator.getParallelism(); subtask++) {
                OperatorSubtaskState state = operator.getState(subtask);
                if (state == null) {
                    continue;
                }
                for (KeyedStateHandle handle : state.getManagedKeyedState()) {
                    handles.add(readHandle(operator, subtask, handle, classLoader));
                }
                for (OperatorStateHandle handle : state.getManagedOperatorState()) {
                    operatorHandles.add(readHandle(operator, subtask, handle, classLoader));
                }
            }
        }
        return new SavepointStates(
                pointer,
                version,
                Collections.unmodifiableList(handles),
                Collections.unmodifiableList(operatorHandles));
    }

    public String pointer() {
        return pointer;
    }

    public int metadataVersion() {
        return metadataVersion;
    }

    /** The Flink line that wrote the savepoint's metadata. */
    public FlinkLine writtenBy() {
        return FlinkLine.ofMetadataVersion(metadataVersion);
    }

    public List<KeyedHandle> keyedHandles() {
        return keyedHandles;
    }

    /** The managed operator state of every operator and subtask. */
    public List<OperatorHandle> operatorHandles() {
        return operatorHandles;
    }

    private static InputStream openMetadata(String pointer) throws IOException {
        return AbstractFsCheckpointStorageAccess.resolveCheckpointPointer(pointer)
                .getMetadataHandle()
                .openInputStream();
    }

    private static KeyedHandle readHandle(
            OperatorState operator, int subtask, KeyedStateHandle handle, ClassLoader classLoader) {
        StreamStateHandle metaInfo;
        if (handle instanceof KeyGroupsStateHandle) {
            metaInfo = (KeyGroupsStateHandle) handle;
        } else if (handle instanceof IncrementalKeyedStateHandle) {
            metaInfo = ((IncrementalKeyedStateHandle) handle).getMetaDataStateHandle();
        } else {
            return new KeyedHandle(
                    operator,
                    subtask,
                    handle,
                    null,
                    "unknown keyed state handle " + handle.getClass().getName());
        }
        KeyedBackendSerializationProxy<?> proxy = new KeyedBackendSerializationProxy<>(classLoader);
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(classLoader);
        try (InputStream in = metaInfo.openInputStream()) {
            proxy.read(new DataInputViewStreamWrapper(in));
            return new KeyedHandle(operator, subtask, handle, proxy, null);
        } catch (IOException | RuntimeException e) {
            return new KeyedHandle(operator, subtask, handle, null, e.toString());
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
    }

    private static OperatorHandle readHandle(
            OperatorState operator,
            int subtask,
            OperatorStateHandle handle,
            ClassLoader classLoader) {
        String label = label(operator);
        OperatorBackendSerializationProxy proxy =
                new OperatorBackendSerializationProxy(classLoader);
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(classLoader);
        try (InputStream in = handle.openInputStream()) {
            proxy.read(new DataInputViewStreamWrapper(in));
            return new OperatorHandle(label, subtask, handle, proxy, null);
        } catch (IOException | RuntimeException e) {
            return new OperatorHandle(label, subtask, handle, null, e.toString());
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
    }

    /** The operator's uid or name where recorded, and its id. */
    static String label(OperatorState operator) {
        String id = operator.getOperatorID().toHexString();
        String uid = optional(operator, true);
        String label = uid != null ? uid : optional(operator, false);
        return label == null ? id : label + " (" + id + ")";
    }

    /** The operator's uid or name where this Flink records them (2.x), else {@code null}. */
    private static String optional(OperatorState operator, boolean uid) {
        try {
            // By reflection: Flink 1.x records neither, and this class compiles against either
            // line.
            Object value =
                    OperatorState.class
                            .getMethod(uid ? "getOperatorUid" : "getOperatorName")
                            .invoke(operator);
            return ((Optional<?>) value).map(Object::toString).orElse(null);
        } catch (ReflectiveOperationException | ClassCastException flink1) {
            return null;
        }
    }
}
