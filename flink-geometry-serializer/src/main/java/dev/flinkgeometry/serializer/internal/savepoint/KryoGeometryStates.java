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
import dev.flinkgeometry.serializer.internal.savepoint.SavepointStates.OperatorHandle;
import dev.flinkgeometry.serializer.internal.savepoint.SerializerParts.KryoPart;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.runtime.state.metainfo.StateMetaInfoSnapshot;

/**
 * The geometry state of a savepoint that Flink's Kryo serializer wrote field by field (not through
 * the library's {@code GeometryKryoSerializer}): the keys of keyed state, and the values, list
 * elements, map user keys and map values of every key/value state, the elements of operator state
 * and the keys and values of broadcast state, whether the Kryo-held type is a geometry or holds one
 * anywhere inside (a collection, a map, a record, an {@code Object} field).
 *
 * <p>A Kryo-held type is a geometry by its snapshot; it holds one inside if Kryo registered a JTS
 * class for it, or wrote the name of a JTS class into the state's data ({@link StateData}), which
 * Kryo does for every object it writes whose class is neither registered nor fixed by a final
 * declared type, and no JTS geometry class is final. What cannot be read (a handle's meta info, a
 * snapshot, the data) is listed as unchecked, never taken as clean.
 */
@Internal
public final class KryoGeometryStates {
    /** One Kryo-held geometry part of one state of one handle. */
    public static final class Found {
        private final String operator;
        private final int subtask;
        private final String stateName;
        private final String stateKind;
        private final KryoPart part;
        private final Set<String> heldClasses;
        private final String heldWhere;

        Found(
                String operator,
                int subtask,
                String stateName,
                String stateKind,
                KryoPart part,
                Set<String> heldClasses,
                String heldWhere) {
            this.operator = operator;
            this.subtask = subtask;
            this.stateName = stateName;
            this.stateKind = stateKind;
            this.part = part;
            this.heldClasses = heldClasses;
            this.heldWhere = heldWhere;
        }

        /** The operator's uid or name where recorded, and its id. */
        public String operator() {
            return operator;
        }

        public int subtask() {
            return subtask;
        }

        /**
         * The state's name; {@code null} for the key of the operator's keyed state, and for a
         * handle whose meta info could not be read.
         */
        public String stateName() {
            return stateName;
        }

        /**
         * {@code VALUE}, {@code LIST}, {@code MAP}, ... of keyed state; {@code KEY} for the key;
         * {@code OPERATOR LIST}, {@code UNION LIST}, {@code BROADCAST} for operator state; {@code
         * UNKNOWN} where the handle's meta info could not be read.
         */
        public String stateKind() {
            return stateKind;
        }

        /** The Kryo part; {@code null} where the handle's meta info could not be read. */
        public KryoPart part() {
            return part;
        }

        /**
         * The JTS classes that Kryo wrote or registered inside a type that is not itself a
         * geometry; empty if the Kryo-held type is a geometry.
         */
        public Set<String> heldClasses() {
            return heldClasses;
        }

        /** The role and the Kryo snapshot, with the JTS classes held inside where found. */
        public String role() {
            if (part == null) {
                return "states unknown, meta info unreadable; JTS classes "
                        + heldClasses
                        + " written by Kryo in "
                        + heldWhere;
            }
            String role = part.role() + " (" + part.contents().describe();
            if (!heldClasses.isEmpty()) {
                role += "; holds JTS classes " + heldClasses + " written by Kryo in " + heldWhere;
            }
            return role + ")";
        }

        /** {@code operator kryo-keys (…): the key (Kryo for …Point)}. */
        public String describe() {
            String state;
            if (part == null) {
                state = "keyed state";
            } else if (stateName == null) {
                state = "the key of its keyed state";
            } else {
                state = stateKind.toLowerCase() + " state '" + stateName + "', ";
            }
            String role = role();
            if (part != null && stateName == null) {
                role = role.substring(role.indexOf(" ("));
            } else if (part == null) {
                role = " (" + role + ")";
            }
            return "operator " + operator + ": " + state + role;
        }
    }

    /** What the check found, and what it could not read. */
    public static final class Result {
        private final List<Found> found;
        private final List<String> unchecked;

        Result(List<Found> found, List<String> unchecked) {
            this.found = Collections.unmodifiableList(found);
            this.unchecked = Collections.unmodifiableList(unchecked);
        }

        public List<Found> found() {
            return found;
        }

        /** What could not be read, one line each: where, and why. */
        public List<String> unchecked() {
            return unchecked;
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

    /** Every Kryo-held geometry part of every handle of {@code savepoint}. */
    public static List<Found> in(SavepointStates savepoint) {
        return check(savepoint).found();
    }

    /** Every Kryo-held geometry part of every handle, and every part that could not be read. */
    public static Result check(SavepointStates savepoint) {
        List<Found> found = new ArrayList<>();
        List<String> unchecked = new ArrayList<>();
        for (KeyedHandle handle : savepoint.keyedHandles()) {
            checkKeyed(handle, found, unchecked);
        }
        for (OperatorHandle handle : savepoint.operatorHandles()) {
            checkOperator(handle, found, unchecked);
        }
        return new Result(found, unchecked);
    }

    /** A Kryo part of a state, before its data is looked at. */
    private static final class Candidate {
        final String stateName;
        final String kind;
        final KryoPart part;

        Candidate(String stateName, String kind, KryoPart part) {
            this.stateName = stateName;
            this.kind = kind;
            this.part = part;
        }
    }

    private static void checkKeyed(KeyedHandle handle, List<Found> found, List<String> unchecked) {
        String where = "operator " + handle.operator() + " subtask " + handle.subtask();
        List<Candidate> candidates = new ArrayList<>();
        if (handle.unreadable() != null) {
            unchecked.add(where + ": keyed state meta info (" + handle.unreadable() + ")");
        } else {
            parts(handle.keySnapshot(), "key", null, "KEY", candidates, where, unchecked);
            for (StateMetaInfoSnapshot state : handle.states()) {
                if (state.getBackendStateType()
                        != StateMetaInfoSnapshot.BackendStateType.KEY_VALUE) {
                    continue; // timers: keyed by the key, already looked at
                }
                parts(
                        state.getTypeSerializerSnapshot(
                                StateMetaInfoSnapshot.CommonSerializerKeys.VALUE_SERIALIZER),
                        "value",
                        state.getName(),
                        state.getOption(StateMetaInfoSnapshot.CommonOptionsKeys.KEYED_STATE_TYPE),
                        candidates,
                        where,
                        unchecked);
            }
        }
        if (handle.unreadable() == null && !needsData(candidates)) {
            decide(handle.operator(), handle.subtask(), candidates, Map.of(), found);
            return;
        }
        Map<String, Set<String>> names;
        try {
            names = StateData.keyed(handle.handle());
        } catch (IOException | RuntimeException e) {
            unchecked.add(where + ": keyed state data (" + e + ")");
            names = Map.of();
        }
        if (handle.unreadable() != null) {
            Set<String> all = union(names.values());
            if (!all.isEmpty()) {
                found.add(
                        new Found(
                                handle.operator(),
                                handle.subtask(),
                                null,
                                "UNKNOWN",
                                null,
                                all,
                                "this operator's keyed state"));
            }
            return;
        }
        decide(handle.operator(), handle.subtask(), candidates, names, found);
    }

    private static void checkOperator(
            OperatorHandle handle, List<Found> found, List<String> unchecked) {
        String where = "operator " + handle.operator() + " subtask " + handle.subtask();
        if (handle.unreadable() != null) {
            unchecked.add(where + ": operator state meta info (" + handle.unreadable() + ")");
            try {
                Set<String> all = union(StateData.operator(handle.handle()).values());
                if (!all.isEmpty()) {
                    found.add(
                            new Found(
                                    handle.operator(),
                                    handle.subtask(),
                                    null,
                                    "UNKNOWN",
                                    null,
                                    all,
                                    "this operator's operator state"));
                }
            } catch (IOException | RuntimeException e) {
                unchecked.add(where + ": operator state data (" + e + ")");
            }
            return;
        }
        List<Candidate> candidates = new ArrayList<>();
        for (StateMetaInfoSnapshot state : handle.states()) {
            String kind = operatorStateKind(state);
            for (StateMetaInfoSnapshot.CommonSerializerKeys key :
                    StateMetaInfoSnapshot.CommonSerializerKeys.values()) {
                TypeSerializerSnapshot<?> serializer = state.getTypeSerializerSnapshot(key);
                String role =
                        key == StateMetaInfoSnapshot.CommonSerializerKeys.KEY_SERIALIZER
                                ? "broadcast key"
                                : "element";
                parts(serializer, role, state.getName(), kind, candidates, where, unchecked);
            }
        }
        Map<String, Set<String>> names = Map.of();
        if (needsData(candidates)) {
            try {
                names = StateData.operator(handle.handle());
            } catch (IOException | RuntimeException e) {
                unchecked.add(where + ": operator state data (" + e + ")");
            }
        }
        decide(handle.operator(), handle.subtask(), candidates, names, found);
    }

    private static void parts(
            TypeSerializerSnapshot<?> snapshot,
            String role,
            String stateName,
            String kind,
            List<Candidate> candidates,
            String where,
            List<String> unchecked) {
        if (snapshot == null) {
            return;
        }
        try {
            for (KryoPart part : SerializerParts.kryoParts(snapshot, role)) {
                candidates.add(new Candidate(stateName, kind, part));
            }
        } catch (RuntimeException e) {
            unchecked.add(
                    where
                            + ": the serializer snapshot of "
                            + (stateName == null ? "the key" : "state '" + stateName + "'")
                            + " ("
                            + e
                            + ")");
        }
    }

    /** Whether a candidate can hold geometries that only the state's data shows. */
    private static boolean needsData(List<Candidate> candidates) {
        for (Candidate candidate : candidates) {
            if (!candidate.part.contents().isKryoFieldGeometryState()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Each candidate that is a geometry, or holds JTS classes that Kryo registered for it or wrote
     * into its data (the names of its state, or of the whole handle where the data does not tell
     * states apart; a key's are in every state's data), and that the library's {@code
     * GeometryKryoSerializer} does not serve.
     */
    private static void decide(
            String operator,
            int subtask,
            List<Candidate> candidates,
            Map<String, Set<String>> names,
            List<Found> found) {
        for (Candidate candidate : candidates) {
            KryoSnapshotContents contents = candidate.part.contents();
            if (contents.isKryoFieldGeometryState()) {
                found.add(
                        new Found(
                                operator,
                                subtask,
                                candidate.stateName,
                                candidate.kind,
                                candidate.part,
                                Set.of(),
                                null));
                continue;
            }
            Set<String> held = new TreeSet<>();
            String heldWhere;
            if (names.containsKey(StateData.WHOLE_HANDLE)) {
                held.addAll(names.get(StateData.WHOLE_HANDLE));
                heldWhere = "this operator's keyed state";
            } else if (candidate.stateName == null) {
                held.addAll(union(names.values()));
                heldWhere = "this operator's keyed state";
            } else {
                held.addAll(names.getOrDefault(candidate.stateName, Set.of()));
                heldWhere = "this state";
            }
            held.addAll(contents.jtsRegistrations());
            held.removeIf(contents::servedByGeometryKryoSerializer);
            if (!held.isEmpty()) {
                found.add(
                        new Found(
                                operator,
                                subtask,
                                candidate.stateName,
                                candidate.kind,
                                candidate.part,
                                Collections.unmodifiableSet(held),
                                heldWhere));
            }
        }
    }

    private static Set<String> union(Iterable<Set<String>> sets) {
        Set<String> all = new TreeSet<>();
        for (Set<String> set : sets) {
            all.addAll(set);
        }
        return all;
    }
}
