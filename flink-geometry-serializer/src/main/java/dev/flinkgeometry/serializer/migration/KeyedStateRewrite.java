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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.typeutils.TupleTypeInfo;
import org.apache.flink.runtime.state.StateBackend;
import org.apache.flink.state.api.OperatorIdentifier;
import org.apache.flink.state.api.OperatorTransformation;
import org.apache.flink.state.api.SavepointReader;
import org.apache.flink.state.api.SavepointWriter;
import org.apache.flink.state.api.StateBootstrapTransformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * An offline rewrite of the keyed state of one operator in a savepoint: reads it with the types it
 * was written with and writes a new savepoint in which it has the new types. For what Flink will
 * not migrate by itself when a job restores: a new serializer for the <b>key</b> of keyed state
 * ({@code keyBy}), on every backend, and a new serializer for the <b>user keys of a MapState</b> on
 * RocksDB. Built on Flink's State Processor API, which the job that runs the rewrite must have on
 * its class path ({@code org.apache.flink:flink-state-processor-api}; this library declares it as
 * an optional dependency).
 *
 * <p>Describe the operator (its uid, the old and new key type) and every keyed state it has (name,
 * kind, old and new types), then run the rewrite. Types are always passed explicitly, so the
 * rewrite does not depend on how types are registered in the JVM:
 *
 * <pre>{@code
 * KeyedStateRewrite.forOperator(
 *                 "geometry-aggregation",
 *                 WkbGeometryTypeInfo.of(Geometry.class),   // the key, as the old job had it
 *                 GeometryTypeInfo.of(Geometry.class))      // the key, as the new job has it
 *         .valueState("latest",
 *                 WkbGeometryTypeInfo.of(Geometry.class), GeometryTypeInfo.of(Geometry.class))
 *         .valueState("count", Types.LONG, Types.LONG)
 *         .listState("payloads",
 *                 WkbGeometryTypeInfo.of(Geometry.class), GeometryTypeInfo.of(Geometry.class))
 *         .mapState("links",
 *                 WkbGeometryTypeInfo.of(Geometry.class), WkbGeometryTypeInfo.of(Geometry.class),
 *                 GeometryTypeInfo.of(Geometry.class), GeometryTypeInfo.of(Geometry.class))
 *         .rewrite("s3://bucket/savepoints/savepoint-0a1b2c",
 *                 "s3://bucket/savepoints/savepoint-0a1b2c-rewritten",
 *                 new EmbeddedRocksDBStateBackend());
 * }</pre>
 *
 * <p>Then start the new job from the new savepoint. What the rewrite does and checks:
 *
 * <ul>
 *   <li>Before anything runs, it reads the savepoint's metadata: the operator must be there, every
 *       keyed state it has must be declared (or explicitly {@linkplain #dropState dropped}), every
 *       declared state must exist, and the operator must have no operator (non-keyed) state, raw
 *       keyed state or timers other than those of a {@code KeyedProcessFunction} (which are
 *       carried): nothing is lost silently.
 *   <li>Every key is read with the old key type and written with the new one; ValueState values,
 *       ListState elements (in order) and MapState entries are read with the old types and written
 *       with the new ones; the event-time and processing-time timers of each key ({@code
 *       KeyedProcessFunction}'s "user-timers") are registered again.
 *   <li>Keys are told apart by the bytes the old key serializer wrote, as RocksDB does, not by
 *       {@code equals}: geometries that differ only in Z, M or SRID stay separate keys. If two old
 *       keys (or two user keys of one map) become one with the new types, the rewrite fails instead
 *       of merging them.
 *   <li>The new operator keeps the old operator's max parallelism (read from the savepoint). Every
 *       other operator's state is copied unchanged.
 * </ul>
 *
 * <p>Limits: one operator per rewrite (run it once per operator, each time from the previous
 * result); keyed state only (no window operators, no state with TTL); all state of one key is held
 * in memory at once while it is copied.
 *
 * @param <K> the key type, the same Java type before and after (only its serializer changes)
 */
public final class KeyedStateRewrite<K> {
    private final OperatorIdentifier operator;
    private final TypeInformation<K> oldKeyType;
    private final TypeInformation<K> newKeyType;
    private final Map<String, StateSpec> states = new LinkedHashMap<>();
    private final Set<String> droppedStates = new TreeSet<>();

    /** Timer states that the rewrite carries: those of {@code KeyedProcessOperator} & co. */
    private static final Set<String> CARRIED_TIMER_STATES =
            Set.of("_timer_state/event_user-timers", "_timer_state/processing_user-timers");

    private KeyedStateRewrite(
            OperatorIdentifier operator,
            TypeInformation<K> oldKeyType,
            TypeInformation<K> newKeyType) {
        this.operator = Objects.requireNonNull(operator, "operator");
        this.oldKeyType = Objects.requireNonNull(oldKeyType, "oldKeyType");
        this.newKeyType = Objects.requireNonNull(newKeyType, "newKeyType");
    }

    /**
     * Starts the description of the operator with the given uid (the one set with {@code .uid(...)}
     * in the job).
     *
     * @param uid the operator's uid
     * @param oldKeyType the type of the key as the savepoint has it (for example {@code
     *     WkbGeometryTypeInfo.of(Geometry.class)} or {@code new GenericTypeInfo<>(Geometry.class)})
     * @param newKeyType the type of the key as the new job has it (for example {@code
     *     GeometryTypeInfo.of(Geometry.class)})
     * @param <K> the key type
     * @return a rewrite without states yet
     */
    public static <K> KeyedStateRewrite<K> forOperator(
            String uid, TypeInformation<K> oldKeyType, TypeInformation<K> newKeyType) {
        return new KeyedStateRewrite<>(
                OperatorIdentifier.forUid(Objects.requireNonNull(uid, "uid")),
                oldKeyType,
                newKeyType);
    }

    /**
     * Starts the description of an operator given by an {@link OperatorIdentifier}, for operators
     * without a uid ({@link OperatorIdentifier#forUidHash}).
     *
     * @param operator the operator
     * @param oldKeyType the type of the key as the savepoint has it
     * @param newKeyType the type of the key as the new job has it
     * @param <K> the key type
     * @return a rewrite without states yet
     */
    public static <K> KeyedStateRewrite<K> forOperator(
            OperatorIdentifier operator,
            TypeInformation<K> oldKeyType,
            TypeInformation<K> newKeyType) {
        return new KeyedStateRewrite<>(operator, oldKeyType, newKeyType);
    }

    /**
     * Declares a {@code ValueState}.
     *
     * @param name the state's name (of its descriptor)
     * @param oldType the value type as the savepoint has it
     * @param newType the value type as the new job has it
     * @param <T> the value type
     * @return this rewrite
     */
    public <T> KeyedStateRewrite<K> valueState(
            String name, TypeInformation<T> oldType, TypeInformation<T> newType) {
        return add(new ValueStateSpec<>(name, oldType, newType));
    }

    /**
     * Declares a {@code ListState}.
     *
     * @param name the state's name (of its descriptor)
     * @param oldElementType the element type as the savepoint has it
     * @param newElementType the element type as the new job has it
     * @param <T> the element type
     * @return this rewrite
     */
    public <T> KeyedStateRewrite<K> listState(
            String name, TypeInformation<T> oldElementType, TypeInformation<T> newElementType) {
        return add(new ListStateSpec<>(name, oldElementType, newElementType));
    }

    /**
     * Declares a {@code MapState}.
     *
     * @param name the state's name (of its descriptor)
     * @param oldUserKeyType the user key type as the savepoint has it
     * @param oldValueType the value type as the savepoint has it
     * @param newUserKeyType the user key type as the new job has it
     * @param newValueType the value type as the new job has it
     * @param <UK> the user key type
     * @param <UV> the value type
     * @return this rewrite
     */
    public <UK, UV> KeyedStateRewrite<K> mapState(
            String name,
            TypeInformation<UK> oldUserKeyType,
            TypeInformation<UV> oldValueType,
            TypeInformation<UK> newUserKeyType,
            TypeInformation<UV> newValueType) {
        return add(
                new MapStateSpec<>(
                        name, oldUserKeyType, oldValueType, newUserKeyType, newValueType));
    }

    /**
     * Leaves a keyed state (or a timer state, by its name in the savepoint, such as {@code
     * _timer_state/event_window-timers}) out of the new savepoint. Without this, a state that the
     * savepoint has but the rewrite does not declare makes the rewrite fail.
     *
     * @param name the state's name
     * @return this rewrite
     */
    public KeyedStateRewrite<K> dropState(String name) {
        Objects.requireNonNull(name, "name");
        if (states.containsKey(name)) {
            throw new IllegalArgumentException("state '" + name + "' is declared, cannot drop it");
        }
        droppedStates.add(name);
        return this;
    }

    private KeyedStateRewrite<K> add(StateSpec state) {
        if (states.containsKey(state.name()) || droppedStates.contains(state.name())) {
            throw new IllegalArgumentException(
                    "state '" + state.name() + "' is declared or dropped already");
        }
        states.put(state.name(), state);
        return this;
    }

    /**
     * Runs the rewrite as a batch job on {@link
     * StreamExecutionEnvironment#getExecutionEnvironment()} (a local environment, the cluster the
     * program was submitted to with {@code flink run}, or a test's MiniCluster) and waits for it.
     *
     * @param oldSavepointPath the savepoint to read (a directory or its {@code _metadata} file)
     * @param newSavepointPath the directory of the new savepoint; must not exist yet
     * @param stateBackend the state backend the savepoint was written with, also used to write the
     *     new one: {@code new EmbeddedRocksDBStateBackend()} or {@code new HashMapStateBackend()}
     * @return the number of keys rewritten
     * @throws IllegalArgumentException if the savepoint does not hold what this rewrite declares
     * @throws Exception if the job fails
     */
    public long rewrite(String oldSavepointPath, String newSavepointPath, StateBackend stateBackend)
            throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        addTo(env, oldSavepointPath, newSavepointPath, stateBackend);
        JobExecutionResult result =
                env.execute("Rewrite keyed state of operator " + operator + " in a savepoint");
        Long keys = result.getAccumulatorResult(StateReaderFunction.KEYS_ACCUMULATOR);
        return keys == null ? 0L : keys;
    }

    /**
     * Adds the rewrite to {@code env} without running it, for programs that configure and run their
     * environment themselves; run it with {@code env.execute()}, preferably in {@code BATCH}
     * runtime mode.
     *
     * @param env the environment to add the rewrite to
     * @param oldSavepointPath the savepoint to read (a directory or its {@code _metadata} file)
     * @param newSavepointPath the directory of the new savepoint; must not exist yet
     * @param stateBackend the state backend the savepoint was written with, also used to write the
     *     new one
     * @throws IllegalArgumentException if the savepoint does not hold what this rewrite declares
     * @throws IOException if the savepoint cannot be read
     */
    public void addTo(
            StreamExecutionEnvironment env,
            String oldSavepointPath,
            String newSavepointPath,
            StateBackend stateBackend)
            throws IOException {
        Objects.requireNonNull(env, "env");
        Objects.requireNonNull(newSavepointPath, "newSavepointPath");
        Objects.requireNonNull(stateBackend, "stateBackend");
        SavepointOperator old = SavepointOperator.load(oldSavepointPath, operator);
        check(old);
        checkKeyType(old, oldKeyType.createSerializer(env.getConfig().getSerializerConfig()));
        List<StateSpec> specs = new ArrayList<>(states.values());

        TupleTypeInfo<Tuple2<K, byte[]>> recordType =
                new TupleTypeInfo<>(
                        newKeyType, PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO);
        DataStream<Tuple2<K, byte[]>> keys =
                SavepointReader.read(env, oldSavepointPath, stateBackend)
                        .readKeyedState(
                                operator,
                                new StateReaderFunction<K>(specs),
                                new ExactKeyTypeInfo<>(oldKeyType),
                                recordType);
        StateBootstrapTransformation<Tuple2<K, byte[]>> transformation =
                OperatorTransformation.bootstrapWith(keys)
                        .setMaxParallelism(old.maxParallelism())
                        .keyBy(new RecordKey<K>(), newKeyType)
                        .transform(new StateWriterFunction<K>(specs));
        SavepointWriter.fromExistingSavepoint(env, oldSavepointPath, stateBackend)
                .removeOperator(operator)
                .withOperator(operator, transformation)
                .write(newSavepointPath);
    }

    /** Fails unless the savepoint's operator holds exactly what this rewrite can carry. */
    private void check(SavepointOperator old) {
        String prefix = "operator " + old.description() + ": ";
        if (old.hasOperatorState()) {
            throw new IllegalArgumentException(
                    prefix
                            + "has operator (non-keyed) state, which this rewrite does not"
                            + " carry");
        }
        if (old.hasRawKeyedState()) {
            throw new IllegalArgumentException(
                    prefix + "has raw keyed state, which this rewrite does not carry");
        }
        Set<String> undeclared = new TreeSet<>(old.keyValueStates());
        undeclared.removeAll(states.keySet());
        undeclared.removeAll(droppedStates);
        for (String timers : old.timerStates()) {
            if (!CARRIED_TIMER_STATES.contains(timers) && !droppedStates.contains(timers)) {
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
        Set<String> missing = new TreeSet<>(states.keySet());
        missing.removeAll(old.keyValueStates());
        if (!missing.isEmpty() && !old.keyValueStates().isEmpty()) {
            throw new IllegalArgumentException(
                    prefix
                            + "declared states "
                            + missing
                            + " are not in the savepoint, which has "
                            + old.keyValueStates());
        }
    }

    /** Fails unless the old key type restores the savepoint's keys as they are. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private void checkKeyType(SavepointOperator old, TypeSerializer<K> oldKeySerializer) {
        for (TypeSerializerSnapshot<?> stored : old.keySerializerSnapshots()) {
            TypeSerializerSchemaCompatibility<K> compatibility =
                    oldKeySerializer
                            .snapshotConfiguration()
                            .resolveSchemaCompatibility((TypeSerializerSnapshot) stored);
            if (!compatibility.isCompatibleAsIs()
                    && !compatibility.isCompatibleWithReconfiguredSerializer()) {
                throw new IllegalArgumentException(
                        "operator "
                                + old.description()
                                + ": the old key type "
                                + oldKeyType
                                + " cannot read the savepoint's keys as they are (their"
                                + " serializer snapshot is "
                                + stored.getClass().getName()
                                + "); pass the key type the old job had");
            }
        }
    }

    /** The key of a record: the key as read, typed with the new key type. */
    private static final class RecordKey<K> implements KeySelector<Tuple2<K, byte[]>, K> {
        private static final long serialVersionUID = 1L;

        @Override
        public K getKey(Tuple2<K, byte[]> record) {
            return record.f0;
        }
    }
}
