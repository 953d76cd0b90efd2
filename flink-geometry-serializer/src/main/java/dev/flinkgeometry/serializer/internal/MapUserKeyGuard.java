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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
 * <p>Only this project's type informations are looked through on the way up the stack: a type that
 * wraps one of them and creates its serializer is not seen through, nor is a {@code
 * MapStateDescriptor} built from serializers instead of types.
 */
@Internal
public final class MapUserKeyGuard {
    private static final Logger LOG = LoggerFactory.getLogger(MapUserKeyGuard.class);

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
        if (type.isKeyType()) {
            return;
        }
        String keyCallSite = Learnt.MAP_TYPE_INFO_KEY_CALL_SITE;
        if (keyCallSite != null && keyCallSite.equals(callSite())
                || Learnt.STATE_V2_MAPS && creatingStateV2MapUserKey()) {
            throw new IllegalArgumentException(
                    type
                            + " cannot be the key type of a map (the user key of a MapState): it is"
                            + " lossy, so keys that it writes alike (positions that round alike)"
                            + " would become one entry and the values of the others would be lost."
                            + " Use a lossless type for the user key: the lossless compact encoding"
                            + " (GeometryTypeInfo.of(cls, GeometryEncoding.compact())) or the aligned one"
                            + " (GeometryTypeInfo.of(...)); a fixed precision is for values only");
        }
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

    private static boolean isOwnFrame(StackFrame frame) {
        Class<?> type = frame.getDeclaringClass();
        return type == MapUserKeyGuard.class
                || type == Probe.class
                || SerializerTypeInfo.class.isAssignableFrom(type);
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
        static final boolean STATE_V2_MAPS = learnStateV2Maps();

        private static boolean learnStateV2Maps() {
            try {
                Probe key = new Probe();
                Probe value = new Probe();
                // By reflection: Flink 1.x has no State V2 descriptors, and this class compiles
                // against either line.
                Class.forName(V2_MAP_DESCRIPTOR)
                        .getMethod("initializeSerializerUnlessSet", ExecutionConfig.class)
                        .invoke(
                                Class.forName(V2_MAP_DESCRIPTOR)
                                        .getConstructor(
                                                String.class,
                                                TypeInformation.class,
                                                TypeInformation.class)
                                        .newInstance("probe", key, value),
                                new ExecutionConfig());
                if (key.stateV2MapUserKey && !value.stateV2MapUserKey) {
                    return true;
                }
                LOG.warn(
                        "Cannot tell the user key of a State V2 MapStateDescriptor from its value;"
                                + " lossy types are not refused as its user keys");
                return false;
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                // Flink 1.x: no State V2 descriptors in flink-core
                return false;
            }
        }

        private static String learnMapTypeInfo() {
            try {
                Probe key = new Probe();
                Probe value = new Probe();
                new MapTypeInfo<>(key, value).createSerializer((SerializerConfig) null);
                if (key.callSite == null
                        || key.callSite.equals(value.callSite)
                        || !key.callSite.startsWith(MapTypeInfo.class.getName() + ".")) {
                    LOG.warn(
                            "Cannot tell the key of a MapTypeInfo from its value (call sites {}"
                                    + " and {}); lossy types are not refused as map keys",
                            key.callSite,
                            value.callSite);
                    return null;
                }
                return key.callSite;
            } catch (RuntimeException | LinkageError e) {
                LOG.warn(
                        "Cannot tell the key of a MapTypeInfo from its value; lossy types are not"
                                + " refused as map keys",
                        e);
                return null;
            }
        }
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
