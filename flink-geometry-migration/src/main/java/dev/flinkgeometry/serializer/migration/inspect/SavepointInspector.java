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
package dev.flinkgeometry.serializer.migration.inspect;

import dev.flinkgeometry.serializer.internal.savepoint.FlinkLine;
import dev.flinkgeometry.serializer.internal.savepoint.KryoGeometryStates;
import dev.flinkgeometry.serializer.internal.savepoint.SavepointStates;
import dev.flinkgeometry.serializer.internal.savepoint.SavepointStates.KeyedHandle;
import dev.flinkgeometry.serializer.internal.savepoint.SavepointStates.OperatorHandle;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.runtime.state.IncrementalKeyedStateHandle;
import org.apache.flink.runtime.state.KeyGroupsSavepointStateHandle;
import org.apache.flink.runtime.state.KeyGroupsStateHandle;
import org.apache.flink.runtime.state.KeyedBackendSerializationProxy;
import org.apache.flink.runtime.state.metainfo.StateMetaInfoSnapshot;

/**
 * Lists every keyed and operator state of a savepoint or retained checkpoint, without running a
 * job: per operator and subtask, the format and size of its keyed state, the key serializer, and
 * per state its name, kind, serializer snapshot (class and what it records), entry count and bytes
 * (canonical format only; for operator lists, their elements), and the geometry parts that Flink's
 * Kryo holds field by field, with the Flink line whose Kryo wrote them. Reads the metadata with
 * Flink's {@code Checkpoints.loadCheckpointMetadata} and each handle's {@link
 * KeyedBackendSerializationProxy}; canonical and native savepoints of the hashmap and RocksDB
 * backends.
 */
@PublicEvolving
public final class SavepointInspector {
    private SavepointInspector() {}

    /** Inspects the savepoint at {@code path} (its folder or its {@code _metadata} file). */
    public static SavepointReport inspect(String path) throws IOException {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return inspect(path, context != null ? context : SavepointInspector.class.getClassLoader());
    }

    /**
     * Same as {@link #inspect(String)}, resolving user classes of snapshots with {@code loader}.
     */
    public static SavepointReport inspect(String path, ClassLoader loader) throws IOException {
        SavepointStates savepoint = SavepointStates.read(path, loader);
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(loader);
        KryoGeometryStates.Result result;
        try {
            result = KryoGeometryStates.check(savepoint);
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
        List<HandleReport> handles = new ArrayList<>();
        for (KeyedHandle handle : savepoint.keyedHandles()) {
            handles.add(report(handle, result.found()));
        }
        for (OperatorHandle handle : savepoint.operatorHandles()) {
            handles.add(report(handle, result.found()));
        }
        List<String> unnamed = new ArrayList<>();
        for (KryoGeometryStates.Found found : result.found()) {
            if (found.part() == null) {
                unnamed.add(
                        "operator "
                                + found.operator()
                                + " subtask "
                                + found.subtask()
                                + ": "
                                + "its state ("
                                + found.role()
                                + ")");
            }
        }
        return new SavepointReport(
                savepoint.pointer(),
                savepoint.metadataVersion(),
                savepoint.writtenBy().displayName(),
                kryoLine(savepoint),
                handles,
                unnamed,
                result.unchecked());
    }

    /**
     * The found parts of one state ({@code null}: the key) of one handle, as the report lists them.
     */
    private static List<String> kryoGeometry(
            List<KryoGeometryStates.Found> found, String operator, int subtask, String stateName) {
        List<String> roles = new ArrayList<>();
        for (KryoGeometryStates.Found part : found) {
            if (part.part() != null
                    && part.operator().equals(operator)
                    && part.subtask() == subtask
                    && java.util.Objects.equals(part.stateName(), stateName)) {
                String role =
                        part.part().role() + ": Kryo for " + part.part().contents().typeName();
                if (!part.heldClasses().isEmpty()) {
                    role += ", holding JTS classes " + part.heldClasses();
                }
                roles.add(role);
            }
        }
        return roles;
    }

    private static String kryoLine(SavepointStates savepoint) {
        FlinkLine line = savepoint.writtenBy();
        if (line == FlinkLine.FLINK_1) {
            return "Flink 1.x's Kryo 2.24 (savepoint metadata version "
                    + savepoint.metadataVersion()
                    + "): Flink 2.x reads it byte-reversed";
        }
        return "Flink 2.x's Kryo 5 (savepoint metadata version "
                + savepoint.metadataVersion()
                + "), unless RocksDB state came from a Flink 1.x savepoint and was never rewritten";
    }

    private static HandleReport report(KeyedHandle handle, List<KryoGeometryStates.Found> found) {
        String format = format(handle);
        if (handle.unreadable() != null) {
            return new HandleReport(
                    handle.operator(),
                    handle.subtask(),
                    format,
                    handle.handle().getClass().getSimpleName(),
                    handle.handle().getStateSize(),
                    "-",
                    List.of(),
                    List.of(),
                    "meta info unreadable: " + handle.unreadable());
        }
        List<StateMetaInfoSnapshot> states = handle.states();
        long[][] counts = null;
        String note = null;
        if (handle.handle() instanceof KeyGroupsSavepointStateHandle) {
            try {
                counts =
                        CanonicalEntryCounter.count(
                                (KeyGroupsStateHandle) handle.handle(),
                                states.size(),
                                handle.compressed());
            } catch (IOException | RuntimeException e) {
                note = "entry counts unavailable: " + e;
            }
        } else if (handle.handle() instanceof IncrementalKeyedStateHandle) {
            note = HandleReport.NATIVE_ROCKSDB_NOTE;
        } else {
            note = HandleReport.NATIVE_HEAP_NOTE;
        }
        List<StateReport> reports = new ArrayList<>();
        for (int i = 0; i < states.size(); i++) {
            StateMetaInfoSnapshot state = states.get(i);
            boolean keyValue =
                    state.getBackendStateType() == StateMetaInfoSnapshot.BackendStateType.KEY_VALUE;
            TypeSerializerSnapshot<?> serializer =
                    state.getTypeSerializerSnapshot(
                            StateMetaInfoSnapshot.CommonSerializerKeys.VALUE_SERIALIZER);
            reports.add(
                    new StateReport(
                            state.getName(),
                            keyValue
                                    ? state.getOption(
                                            StateMetaInfoSnapshot.CommonOptionsKeys
                                                    .KEYED_STATE_TYPE)
                                    : "TIMERS",
                            SerializerDescription.of(serializer),
                            counts == null ? OptionalLong.empty() : OptionalLong.of(counts[0][i]),
                            counts == null ? OptionalLong.empty() : OptionalLong.of(counts[1][i]),
                            keyValue
                                    ? kryoGeometry(
                                            found,
                                            handle.operator(),
                                            handle.subtask(),
                                            state.getName())
                                    : List.of()));
        }
        return new HandleReport(
                handle.operator(),
                handle.subtask(),
                format,
                handle.handle().getClass().getSimpleName(),
                handle.handle().getStateSize(),
                SerializerDescription.of(handle.keySnapshot()),
                kryoGeometry(found, handle.operator(), handle.subtask(), null),
                reports,
                note);
    }

    private static HandleReport report(
            OperatorHandle handle, List<KryoGeometryStates.Found> found) {
        List<StateReport> reports = new ArrayList<>();
        for (StateMetaInfoSnapshot state : handle.states()) {
            List<String> kryo =
                    kryoGeometry(found, handle.operator(), handle.subtask(), state.getName());
            TypeSerializerSnapshot<?> key =
                    state.getTypeSerializerSnapshot(
                            StateMetaInfoSnapshot.CommonSerializerKeys.KEY_SERIALIZER);
            TypeSerializerSnapshot<?> value =
                    state.getTypeSerializerSnapshot(
                            StateMetaInfoSnapshot.CommonSerializerKeys.VALUE_SERIALIZER);
            long elements = handle.elements(state.getName());
            reports.add(
                    new StateReport(
                            state.getName(),
                            KryoGeometryStates.operatorStateKind(state),
                            key == null
                                    ? SerializerDescription.of(value)
                                    : SerializerDescription.of(key)
                                            + " -> "
                                            + SerializerDescription.of(value),
                            elements < 0 ? OptionalLong.empty() : OptionalLong.of(elements),
                            OptionalLong.empty(),
                            kryo));
        }
        return new HandleReport(
                handle.operator(),
                handle.subtask(),
                "operator state",
                handle.handle().getClass().getSimpleName(),
                handle.handle().getStateSize(),
                "-",
                List.of(),
                reports,
                handle.unreadable() == null
                        ? null
                        : "meta info unreadable: " + handle.unreadable());
    }

    private static String format(KeyedHandle handle) {
        if (handle.handle() instanceof KeyGroupsSavepointStateHandle) {
            return "canonical";
        }
        return handle.handle() instanceof IncrementalKeyedStateHandle
                ? "RocksDB native"
                : "heap native";
    }
}
