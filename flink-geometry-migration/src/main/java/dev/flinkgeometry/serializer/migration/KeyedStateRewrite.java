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

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.core.fs.Path;
import org.apache.flink.runtime.state.StateBackend;
import org.apache.flink.state.api.OperatorIdentifier;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
 *   <li>Before anything runs, it reads the savepoint's metadata: the operator must be there, the
 *       old key type must read its keys as they are, every keyed state it has must be declared (or
 *       explicitly {@linkplain #dropState dropped}), every declared state must exist, and the
 *       operator must have no operator (non-keyed) state, raw keyed state, or timers other than
 *       those of a {@code KeyedProcessFunction} (which are carried), and no other operator may have
 *       keyed state in RocksDB's native savepoint format ({@code SavepointWriter} would not copy
 *       its files): nothing is left behind silently.
 *   <li>A batch job reads every key with the old key type and writes it with the new one;
 *       ValueState values, ListState elements (in order) and MapState entries are read with the old
 *       types and written with the new ones; the event-time and processing-time timers of each key
 *       ({@code KeyedProcessFunction}'s "user-timers") are registered again. The new operator keeps
 *       the old operator's max parallelism (read from the savepoint; {@code
 *       SavepointWriter.fromExistingSavepoint} alone would give it the largest max parallelism of
 *       all operators). Every other operator's state is copied unchanged.
 *   <li>Keys are told apart by the bytes the old key serializer wrote, as RocksDB does, not by
 *       {@code equals}: geometries that differ only in Z, M or SRID stay separate keys (Flink's key
 *       iteration would drop every key that {@code equals} the one before it). If two old keys with
 *       different state become one key with the new types, the rewrite fails instead of merging
 *       them.
 *   <li>A second batch job reads the new savepoint with the new types and compares it with what the
 *       first job read: the number of keys and a sum of hashes over every key and its state must be
 *       equal, and so must, per state, its number of entries (values, list elements, map entries,
 *       timers) and a sum of hashes; every file the new savepoint names must exist, or the rewrite
 *       fails, with a message that names each state that differs and its counts. This also catches
 *       what Flink's State Processor API does not report: a failure inside its bootstrap thread is
 *       dropped (the job hangs or finishes without that subtask's state), so the writing side only
 *       logs failures.
 *   <li>The new savepoint is written into a hidden directory beside the target ({@code
 *       .<name>.inprogress-<random>}) and moved to the target with one rename only after every
 *       check passed. If anything fails, that directory is deleted and the target does not exist:
 *       there is nothing a job could restore by mistake.
 * </ul>
 *
 * <p>Limits: one operator per rewrite (for several, {@link KeyedStateRewriteChain} runs one per
 * operator, each on the previous result, and keeps only the last); keyed state only (no window
 * operators, no state with TTL); keys that have only timers and no state are not seen by Flink's
 * key iteration and are not carried; all state of one key is held in memory at once while it is
 * copied.
 *
 * @param <K> the key type, the same Java type before and after (only its serializer changes)
 */
public final class KeyedStateRewrite<K> {
    private static final Logger LOG = LoggerFactory.getLogger(KeyedStateRewrite.class);

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
        // A fixed-precision compact geometry, say: keys that round alike would merge.
        if (!newKeyType.isKeyType()) {
            throw new IllegalArgumentException(
                    "the new key type "
                            + newKeyType
                            + " is not a key type: two keys that it writes alike would become one"
                            + " key; key by a type whose bytes depend on the values only, such as"
                            + " GeometryTypeInfo.of(..., GeometryEncoding.compact()) or"
                            + " GeometryTypeInfo.of(...)");
        }
    }

    /**
     * Starts the description of the operator with the given uid (the one set with {@code .uid(...)}
     * in the job).
     *
     * @param uid the operator's uid
     * @param oldKeyType the type of the key as the savepoint has it (for example {@code
     *     WkbGeometryTypeInfo.of(Geometry.class)} or {@code new GenericTypeInfo<>(Geometry.class)})
     * @param newKeyType the type of the key as the new job has it (for example {@code
     *     GeometryTypeInfo.of(Geometry.class)} or {@code GeometryTypeInfo.of(Geometry.class,
     *     GeometryEncoding.compact())}); a key type ({@link TypeInformation#isKeyType()})
     * @param <K> the key type
     * @return a rewrite without states yet
     * @throws IllegalArgumentException if {@code newKeyType} is not a key type (a fixed-precision
     *     compact {@code GeometryTypeInfo})
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
     * @throws IllegalArgumentException if {@code newUserKeyType} is not a key type (a
     *     fixed-precision compact geometry: user keys that round alike would become one entry); as
     *     the old user key type it is accepted, so that such state can be rewritten to a lossless
     *     type
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
     * Runs the rewrite on {@link StreamExecutionEnvironment#getExecutionEnvironment()} (a local
     * environment, the cluster the program was submitted to with {@code flink run}, or a test's
     * MiniCluster) and waits for it. See {@link #rewrite(Configuration, String, String,
     * StateBackend)}.
     *
     * @param oldSavepointPath the savepoint to read (a directory or its {@code _metadata} file)
     * @param newSavepointPath the directory of the new savepoint; must not exist yet
     * @param stateBackend the state backend the savepoint was written with, also used to write the
     *     new one: {@code new EmbeddedRocksDBStateBackend()} or {@code new HashMapStateBackend()}
     * @return the number of keys rewritten
     * @throws IllegalArgumentException if the savepoint does not hold what this rewrite declares
     * @throws IllegalStateException if the rewritten state does not hold what was read (nothing is
     *     written to {@code newSavepointPath} then)
     * @throws Exception if a job fails (nothing is written to {@code newSavepointPath} then)
     */
    public long rewrite(String oldSavepointPath, String newSavepointPath, StateBackend stateBackend)
            throws Exception {
        return rewrite(new Configuration(), oldSavepointPath, newSavepointPath, stateBackend);
    }

    /**
     * Runs the rewrite and waits for it: checks the old savepoint's metadata against this
     * description, runs a batch job that writes the new savepoint, then a second batch job that
     * reads the new savepoint with the new types and compares it, key by key (a count and a sum of
     * hashes over every key and its encoded state, and per state its entries and a sum of hashes),
     * with what the first job read. Both jobs write to and read from a staging directory beside
     * {@code newSavepointPath}, which is renamed to {@code newSavepointPath} once the check passed
     * and deleted otherwise.
     *
     * @param configuration options for the environments of both jobs (parallelism, for example);
     *     the runtime mode is always {@code BATCH}
     * @param oldSavepointPath the savepoint to read (a directory or its {@code _metadata} file)
     * @param newSavepointPath the directory of the new savepoint; must not exist yet
     * @param stateBackend the state backend the savepoint was written with, also used to write the
     *     new one: {@code new EmbeddedRocksDBStateBackend()} or {@code new HashMapStateBackend()}
     * @return the number of keys rewritten
     * @throws IllegalArgumentException if the savepoint does not hold what this rewrite declares,
     *     or {@code newSavepointPath} exists
     * @throws IllegalStateException if the rewritten state does not hold what was read (nothing is
     *     written to {@code newSavepointPath} then)
     * @throws Exception if a job fails (nothing is written to {@code newSavepointPath} then)
     */
    public long rewrite(
            Configuration configuration,
            String oldSavepointPath,
            String newSavepointPath,
            StateBackend stateBackend)
            throws Exception {
        Objects.requireNonNull(configuration, "configuration");
        Objects.requireNonNull(oldSavepointPath, "oldSavepointPath");
        Objects.requireNonNull(newSavepointPath, "newSavepointPath");
        Objects.requireNonNull(stateBackend, "stateBackend");
        SavepointOperator old = SavepointOperator.load(oldSavepointPath, operator);
        old.requireCarriedBy(states.keySet(), droppedStates, CARRIED_TIMER_STATES);
        List<String> nativeOperators =
                SavepointFiles.operatorsWithNativeKeyedState(oldSavepointPath, operator);
        if (!nativeOperators.isEmpty()) {
            throw new IllegalArgumentException(
                    "operators "
                            + nativeOperators
                            + " have keyed state in RocksDB's native savepoint format, whose files"
                            + " Flink's SavepointWriter does not copy into a new savepoint; take a"
                            + " savepoint in the canonical format (flink stop --type canonical)");
        }
        StreamExecutionEnvironment writeEnv = batchEnvironment(configuration);
        old.requireKeysReadableBy(
                oldKeyType,
                oldKeyType.createSerializer(writeEnv.getConfig().getSerializerConfig()));

        try (StagedSavepoint staged = StagedSavepoint.beside(newSavepointPath)) {
            long keys =
                    writeAndCheck(
                            configuration, writeEnv, old, oldSavepointPath, staged, stateBackend);
            staged.moveIntoPlace();
            LOG.info(
                    "Rewrote {} keys of operator {} from {} to {}",
                    keys,
                    old.description(),
                    oldSavepointPath,
                    newSavepointPath);
            return keys;
        }
    }

    /**
     * Writes the new savepoint into the staging directory, and checks it; the staging directory is
     * deleted by the caller if this throws.
     */
    private long writeAndCheck(
            Configuration configuration,
            StreamExecutionEnvironment writeEnv,
            SavepointOperator old,
            String oldSavepointPath,
            StagedSavepoint staged,
            StateBackend stateBackend)
            throws Exception {
        List<StateSpec> specs = new ArrayList<>(states.values());
        RewriteJobs<K> jobs = new RewriteJobs<>(operator, oldKeyType, newKeyType, specs);
        jobs.addWriteJob(
                writeEnv, old.maxParallelism(), oldSavepointPath, staged.path(), stateBackend);
        JobExecutionResult written = writeEnv.execute("Rewrite keyed state of " + operator);

        StreamExecutionEnvironment checkEnv = batchEnvironment(configuration);
        jobs.addCheckJob(checkEnv, staged.path(), stateBackend);
        JobExecutionResult checked = checkEnv.execute("Check rewritten keyed state of " + operator);

        LOG.info(
                "Flink's key iteration repeated {} keys of operator {} when reading and {} when"
                        + " checking",
                counter(written, RewriteCounters.REPEATED_KEYS),
                old.description(),
                counter(checked, RewriteCounters.REPEATED_KEYS));
        RewriteComparison comparison = new RewriteComparison(written, checked);
        List<String> differences = comparison.differences(StateSegments.names(specs));
        String failed =
                "the rewrite of operator "
                        + old.description()
                        + " from "
                        + oldSavepointPath
                        + " failed its check, so nothing was written to "
                        + staged.targetPath()
                        + ": ";
        if (!differences.isEmpty()) {
            throw new IllegalStateException(
                    failed
                            + "the rewritten state differs from the state read: "
                            + String.join("; ", differences));
        }
        List<Path> missing = SavepointFiles.missingFiles(staged.path());
        if (!missing.isEmpty()) {
            throw new IllegalStateException(
                    failed + "the rewritten savepoint names files that do not exist: " + missing);
        }
        int newMaxParallelism = SavepointOperator.load(staged.path(), operator).maxParallelism();
        if (newMaxParallelism != old.maxParallelism()) {
            throw new IllegalStateException(
                    failed
                            + "the rewritten savepoint has max parallelism "
                            + newMaxParallelism
                            + ", the old one "
                            + old.maxParallelism());
        }
        return comparison.keysRead();
    }

    private static StreamExecutionEnvironment batchEnvironment(Configuration configuration) {
        Configuration batch = new Configuration(configuration);
        batch.set(ExecutionOptions.RUNTIME_MODE, RuntimeExecutionMode.BATCH);
        return StreamExecutionEnvironment.getExecutionEnvironment(batch);
    }

    private static long counter(JobExecutionResult result, String name) {
        Long value = result.getAccumulatorResult(name);
        return value == null ? 0L : value;
    }
}
