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

import dev.flinkgeometry.serializer.internal.savepoint.SavepointStates.KeyedHandle;
import dev.flinkgeometry.serializer.internal.savepoint.SerializerParts.KryoPart;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.runtime.state.metainfo.StateMetaInfoSnapshot;

/**
 * The geometry state of a savepoint that Flink's Kryo serializer wrote field by field (not through
 * the library's {@code GeometryKryoSerializer}): the keys of keyed state, and the values, list
 * elements, map user keys and map values of every key/value state, the elements of operator state
 * and the keys and values of broadcast state, also as fields of records.
 */
@Internal
public final class KryoGeometryStates {
    /** One Kryo-held geometry part of one state of one keyed state handle. */
    public static final class Found {
        private final String operator;
        private final String stateName;
        private final String stateKind;
        private final KryoPart part;

        Found(String operator, String stateName, String stateKind, KryoPart part) {
            this.operator = operator;
            this.stateName = stateName;
            this.stateKind = stateKind;
            this.part = part;
        }

        /** The operator's uid or name where recorded, and its id. */
        public String operator() {
            return operator;
        }

        /** The state's name; {@code null} for the key of the operator's keyed state. */
        public String stateName() {
            return stateName;
        }

        /**
         * {@code VALUE}, {@code LIST}, {@code MAP}, ... of keyed state; {@code KEY} for the key;
         * {@code OPERATOR LIST}, {@code UNION LIST}, {@code BROADCAST} for operator state.
         */
        public String stateKind() {
            return stateKind;
        }

        public KryoPart part() {
            return part;
        }

        /** {@code operator kryo-keys (…): the key (Kryo for …Point)}. */
        public String describe() {
            String state =
                    stateName == null
                            ? "the key of its keyed state"
                            : stateKind.toLowerCase()
                                    + " state '"
                                    + stateName
                                    + "', "
                                    + part.role();
            return "operator " + operator + ": " + state + " (" + part.contents().describe() + ")";
        }
    }

    private KryoGeometryStates() {}

    /** {@code OPERATOR LIST}, {@code UNION LIST} or {@code BROADCAST}. */
    public static String operatorStateKind(StateMetaInfoSnapshot state) {
        String mode =
                state.getOption(
                        StateMetaInfoSnapshot.CommonOptionsKeys.OPERATOR_STATE_DISTRIBUTION_MODE);
        if ("SPLIT_DISTRIBUTE".equals(mode)) {
            return "OPERATOR LIST";
        }
        return "UNION".equals(mode) ? "UNION LIST" : "BROADCAST";
    }

    /** Every Kryo-held geometry part of every keyed state handle of {@code savepoint}. */
    public static List<Found> in(SavepointStates savepoint) {
        List<Found> found = new ArrayList<>();
        for (KeyedHandle handle : savepoint.keyedHandles()) {
            if (handle.keySnapshot() != null) {
                for (KryoPart part : SerializerParts.kryoParts(handle.keySnapshot(), "key")) {
                    if (part.contents().isKryoFieldGeometryState()) {
                        found.add(new Found(handle.operator(), null, "KEY", part));
                    }
                }
            }
            for (StateMetaInfoSnapshot state : handle.states()) {
                if (state.getBackendStateType()
                        != StateMetaInfoSnapshot.BackendStateType.KEY_VALUE) {
                    continue; // timers: keyed by the key, already looked at
                }
                String kind =
                        state.getOption(StateMetaInfoSnapshot.CommonOptionsKeys.KEYED_STATE_TYPE);
                for (KryoPart part :
                        SerializerParts.kryoParts(
                                state.getTypeSerializerSnapshot(
                                        StateMetaInfoSnapshot.CommonSerializerKeys
                                                .VALUE_SERIALIZER),
                                "value")) {
                    if (part.contents().isKryoFieldGeometryState()) {
                        found.add(new Found(handle.operator(), state.getName(), kind, part));
                    }
                }
            }
        }
        for (SavepointStates.OperatorHandle handle : savepoint.operatorHandles()) {
            for (StateMetaInfoSnapshot state : handle.states()) {
                String kind = operatorStateKind(state);
                for (StateMetaInfoSnapshot.CommonSerializerKeys key :
                        StateMetaInfoSnapshot.CommonSerializerKeys.values()) {
                    TypeSerializerSnapshot<?> serializer = state.getTypeSerializerSnapshot(key);
                    if (serializer == null) {
                        continue;
                    }
                    String role =
                            key == StateMetaInfoSnapshot.CommonSerializerKeys.KEY_SERIALIZER
                                    ? "broadcast key"
                                    : "element";
                    for (KryoPart part : SerializerParts.kryoParts(serializer, role)) {
                        if (part.contents().isKryoFieldGeometryState()) {
                            found.add(new Found(handle.operator(), state.getName(), kind, part));
                        }
                    }
                }
            }
        }
        return found;
    }
}
