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
package dev.flinkgeometry.serializer.internal;

import java.lang.StackWalker.StackFrame;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.api.java.typeutils.MapTypeInfo;

/**
 * Refuses a type that is not a key type (a fixed-precision compact geometry) as the key type of a
 * map, the user key of a {@code MapState} above all: positions that round alike would become one
 * entry and all but one of their values would be lost without a word.
 *
 * <p>Flink asks nothing of a map's key type: {@code MapStateDescriptor} wraps it in a {@code
 * MapTypeInfo}, and neither that, nor {@code MapSerializer}, nor the heap or RocksDB map state
 * calls {@code isKeyType()} or any method that tells a user key serializer from a value serializer.
 * What every job (hashmap, RocksDB, the State Processor API) does go through, on the first access
 * to the state ({@code getMapState}, which creates the descriptor's serializer), is {@code
 * MapTypeInfo#createSerializer}, which asks the key type for its serializer first and the value
 * type second, from two call sites. So the type's {@code createSerializer} looks at its caller: if
 * it is {@code MapTypeInfo#createSerializer} at the call site of the key, it refuses. The call site
 * is not hard-coded: it is learnt once, from a probe map type, on the Flink version that runs. The
 * State V2 {@code MapStateDescriptor} (Flink 2.x, asynchronous state) creates its user key
 * serializer itself, through a {@code StateSerializerReference}, and its value serializer through
 * its superclass: that is told apart the same way, and checked against a probe descriptor once.
 *
 * <p>Composite types that create their fields' serializers inside their own ({@code TupleTypeInfo},
 * {@code RowTypeInfo}, {@code PojoTypeInfo}, {@code ListTypeInfo}, any other type information but
 * {@code MapTypeInfo}) are looked through on the way up the stack: a {@code Tuple2<String, Point>}
 * user key with a lossy point is refused as the point is. A {@code MapStateDescriptor} built from
 * serializers instead of types is not seen.
 *
 * <p>Where the probe does not match the Flink version that runs, the guard cannot tell a map's key
 * from its value: it then refuses a lossy type wherever a map creates its serializers, naming what
 * it could not check, unless the system property {@value #UNCHECKED_PROPERTY} is {@code true}.
 */
@Internal
public final class MapUserKeyGuard {
    /**
     * The system property that lets lossy types pass where the guard cannot tell a map's key from
     * its value on this Flink version, at the user's risk.
     */
    public static final String UNCHECKED_PROPERTY = "flink-geometry.map-key-guard.unchecked";

    private static final StackWalker STACK =
            StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    private static final String V2_REFERENCE =
            "org.apache.flink.api.common.state.v2.StateSerializerReference";
    private static final String V2_MAP_DESCRIPTOR =
            "org.apache.flink.api.common.state.v2.MapStateDescriptor";

    private MapUserKeyGuard() {}

    /**
     * Throws if {@code type} is not a key type and Flink is creating the serializer of a map's keys
     * with it; call from the type's {@code createSerializer}.
     *
     * @throws IllegalArgumentException if so, naming the type and the fix
     */
    public static void refuseLossyMapKey(TypeInformation<?> type) {
        refuseLossyMapKey(
                type,
                Learnt.MAP_TYPE_INFO_KEY_CALL_SITE,
                Learnt.STATE_V2_MAPS != StateV2.NOT_TOLD_APART);
    }

    /**
     * As {@link #refuseLossyMapKey(TypeInformation)}, with what the probes learnt: the call site of
     * {@code MapTypeInfo}'s key serializer ({@code null} if the probe did not match), and whether
     * State V2 map descriptors are told apart or absent.
     */
    static void refuseLossyMapKey(
            TypeInformation<?> type, String keyCallSite, boolean stateV2ToldApartOrAbsent) {
        if (type.isKeyType()) {
            return;
        }
        if (keyCallSite != null && keyCallSite.equals(callSite())
                || stateV2ToldApartOrAbsent && creatingStateV2MapUserKey()) {
            throw new IllegalArgumentException(
                    type
                            + " cannot be the key type of a map (the user key of a MapState): it is"
                            + " lossy, so keys that it writes alike (positions that round alike)"
                            + " would become one entry and the values of the others would be lost."
                            + " Use a lossless type for the user key: the lossless compact encoding"
                            + " (GeometryTypeInfo.of(cls, GeometryEncoding.compact())) or the aligned one"
                            + " (GeometryTypeInfo.of(...)); a fixed precision is for values only");
        }
        String unchecked =
                uncheckedMap(
                        keyCallSite == null && insideMapTypeInfo(),
                        !stateV2ToldApartOrAbsent && insideStateV2Map());
        if (unchecked != null && !Boolean.getBoolean(UNCHECKED_PROPERTY)) {
            throw new IllegalStateException(uncheckedMessage(type, unchecked));
        }
    }

    /**
     * Which map whose key this Flink version does not let the guard tell from its value creates the
     * serializer, or {@code null} if none does.
     */
    static String uncheckedMap(boolean mapTypeInfo, boolean stateV2Map) {
        if (mapTypeInfo) {
            return MapTypeInfo.class.getName();
        }
        return stateV2Map ? V2_MAP_DESCRIPTOR : null;
    }

    /** The refusal where the guard cannot decide: what it could not check, and the way on. */
    static String uncheckedMessage(TypeInformation<?> type, String map) {
        return "Cannot check whether "
                + type
                + " is the key type of a map: on this Flink version the call site of "
                + map
                + " that creates a map's key serializer does not match the guard's probe, so a"
                + " lossy type (positions that round alike) cannot be told apart as a key, where"
                + " it would merge entries, from a value. Use a lossless type in this map, or set"
                + " the system property -D"
                + UNCHECKED_PROPERTY
                + "=true to let lossy types into maps unchecked, at the risk of losing entries"
                + " (see docs/REGISTRATION.md)";
    }

    private static boolean insideMapTypeInfo() {
        return STACK.walk(
                frames -> frames.anyMatch(frame -> frame.getDeclaringClass() == MapTypeInfo.class));
    }

    private static boolean insideStateV2Map() {
        return STACK.walk(
                frames -> frames.anyMatch(frame -> frame.getClassName().equals(V2_MAP_DESCRIPTOR)));
    }

    /** The first frame above this project's type informations: who asked for the serializer. */
    private static String callSite() {
        return STACK.walk(
                frames ->
                        frames.filter(frame -> !isOwnFrame(frame))
                                .findFirst()
                                .map(MapUserKeyGuard::describe)
                                .orElse(""));
    }

    /**
     * This project's frames, and those of composite types creating their fields' serializers: every
     * type information but a map's, whose call sites tell its key from its value.
     */
    private static boolean isOwnFrame(StackFrame frame) {
        Class<?> type = frame.getDeclaringClass();
        return type == MapUserKeyGuard.class
                || type == Probe.class
                || SerializerTypeInfo.class.isAssignableFrom(type)
                || TypeInformation.class.isAssignableFrom(type) && type != MapTypeInfo.class;
    }

    private static String describe(StackFrame frame) {
        return frame.getClassName()
                + "."
                + frame.getMethodName()
                + frame.getDescriptor()
                + "@"
                + frame.getByteCodeIndex();
    }

    /**
     * Whether the serializer is created for the user keys of a State V2 {@code MapStateDescriptor}:
     * above the descriptor's {@code StateSerializerReference}, the user key's is called by the map
     * descriptor itself, the value's by its superclass.
     */
    private static boolean creatingStateV2MapUserKey() {
        return STACK.walk(
                frames ->
                        frames.dropWhile(frame -> !frame.getClassName().equals(V2_REFERENCE))
                                .dropWhile(frame -> frame.getClassName().equals(V2_REFERENCE))
                                .findFirst()
                                .map(frame -> frame.getClassName().equals(V2_MAP_DESCRIPTOR))
                                .orElse(false));
    }

    /** What was learnt from probe types on the Flink version that runs. */
    private static final class Learnt {
        /** The call site of the key type's {@code createSerializer} in {@code MapTypeInfo}. */
        static final String MAP_TYPE_INFO_KEY_CALL_SITE = learnMapTypeInfo();

        /** Whether the user keys of State V2 map descriptors are told from their values. */
        static final StateV2 STATE_V2_MAPS = learnStateV2Maps();

        private static StateV2 learnStateV2Maps() {
            Class<?> descriptor;
            try {
                descriptor = Class.forName(V2_MAP_DESCRIPTOR);
            } catch (ClassNotFoundException | LinkageError e) {
                return StateV2.ABSENT; // Flink 1.x: no State V2 descriptors in flink-core
            }
            try {
                Probe key = new Probe();
                Probe value = new Probe();
                // By reflection: this class compiles against either line.
                descriptor
                        .getMethod("initializeSerializerUnlessSet", ExecutionConfig.class)
                        .invoke(
                                descriptor
                                        .getConstructor(
                                                String.class,
                                                TypeInformation.class,
                                                TypeInformation.class)
                                        .newInstance("probe", key, value),
                                new ExecutionConfig());
                return key.stateV2MapUserKey && !value.stateV2MapUserKey
                        ? StateV2.TOLD_APART
                        : StateV2.NOT_TOLD_APART;
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                return StateV2.NOT_TOLD_APART;
            }
        }

        private static String learnMapTypeInfo() {
            try {
                Probe key = new Probe();
                Probe value = new Probe();
                new MapTypeInfo<>(key, value).createSerializer((SerializerConfig) null);
                return keyCallSite(key.callSite, value.callSite);
            } catch (RuntimeException | LinkageError e) {
                return null;
            }
        }
    }

    /**
     * The call site of a map's key serializer, from those the probe saw for its key and its value;
     * {@code null} if they do not tell the key from the value.
     */
    static String keyCallSite(String key, String value) {
        if (key == null
                || key.equals(value)
                || !key.startsWith(MapTypeInfo.class.getName() + ".")) {
            return null;
        }
        return key;
    }

    /** What the State V2 probe found. */
    private enum StateV2 {
        /** Flink 1.x: no State V2 map descriptors. */
        ABSENT,
        TOLD_APART,
        NOT_TOLD_APART
    }

    /** A type that records who asked it for its serializer. */
    private static final class Probe extends TypeInformation<Object> {
        private static final long serialVersionUID = 1L;

        private transient String callSite;
        private transient boolean stateV2MapUserKey;

        @Override
        @SuppressWarnings({"unchecked", "rawtypes"})
        public TypeSerializer<Object> createSerializer(SerializerConfig config) {
            callSite = callSite();
            stateV2MapUserKey = creatingStateV2MapUserKey();
            return (TypeSerializer) LongSerializer.INSTANCE;
        }

        /** The Flink 1.x entry point; deliberately without {@code @Override}. */
        public TypeSerializer<Object> createSerializer(ExecutionConfig config) {
            return createSerializer((SerializerConfig) null);
        }

        @Override
        public boolean isBasicType() {
            return false;
        }

        @Override
        public boolean isTupleType() {
            return false;
        }

        @Override
        public int getArity() {
            return 1;
        }

        @Override
        public int getTotalFields() {
            return 1;
        }

        @Override
        public Class<Object> getTypeClass() {
            return Object.class;
        }

        @Override
        public boolean isKeyType() {
            return false;
        }

        @Override
        public String toString() {
            return "probe";
        }

        @Override
        public boolean equals(Object obj) {
            return obj == this;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }

        @Override
        public boolean canEqual(Object obj) {
            return obj == this;
        }
    }
}
