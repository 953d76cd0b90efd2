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

import static org.assertj.core.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.state.State;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.provider.Arguments;

/**
 * The plumbing of the end-to-end savepoint tests: keyed jobs on the test's MiniCluster that handle
 * a fixed set of {@code String} keys once, are then stopped with a savepoint while running, and
 * restored from it.
 *
 * <p>A job reads its keys from {@link #keys} (a source that emits them once and then stays idle
 * without finishing, so that the savepoint is taken of a running job), keys by them, and its keyed
 * function counts a {@link CountDownLatch} down per key handled (the MiniCluster runs in the test's
 * JVM). {@link #startAndAwait} submits the job and returns once the latch is at zero, or throws the
 * job's failure. One instance per test class ({@code @RegisterExtension}) tracks the jobs it
 * started, so that after each test, failed or not, it cancels what still runs and frees the slots
 * for the next test.
 */
public final class SavepointJobs implements AfterEachCallback {

    /** The uid of the keys source; the same in every job, so that restores match it. */
    public static final String KEYS_UID = "keys";

    private final List<JobClient> started = new ArrayList<>();

    /** The state backends and savepoint formats: hashmap and rocksdb, canonical and native. */
    public static Stream<Arguments> backendsAndFormats() {
        return Stream.of(
                Arguments.of("hashmap", SavepointFormatType.CANONICAL),
                Arguments.of("hashmap", SavepointFormatType.NATIVE),
                Arguments.of("rocksdb", SavepointFormatType.CANONICAL),
                Arguments.of("rocksdb", SavepointFormatType.NATIVE));
    }

    /**
     * An environment on the MiniCluster with parallelism 1, the state backend {@code backend}
     * ({@code state.backend.type}: {@code hashmap} or {@code rocksdb}), restoring from {@code
     * restoreFrom} unless it is {@code null}.
     */
    public static StreamExecutionEnvironment environment(String backend, String restoreFrom) {
        Configuration config = new Configuration();
        config.set(StateBackendOptions.STATE_BACKEND, backend);
        if (restoreFrom != null) {
            config.set(StateRecoveryOptions.SAVEPOINT_PATH, restoreFrom);
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(config);
        env.setParallelism(1);
        return env;
    }

    /** The {@code keys}, each once, from a source with uid {@value #KEYS_UID}. */
    public static DataStream<String> keys(StreamExecutionEnvironment env, Collection<String> keys) {
        return env.fromSource(
                        new KeysThenIdle(new ArrayList<>(keys)),
                        WatermarkStrategy.noWatermarks(),
                        "keys")
                .uid(KEYS_UID);
    }

    /**
     * Submits the job and returns its client once {@code handled} is at zero. If the job fails
     * first, throws its failure (an {@code ExecutionException} whose cause chain holds what failed
     * the job); if it finishes first, or does not get there within 3 minutes, fails the test.
     */
    public JobClient startAndAwait(
            StreamExecutionEnvironment env, String jobName, CountDownLatch handled)
            throws Exception {
        JobClient client = env.executeAsync(jobName);
        started.add(client);
        CompletableFuture<?> result = client.getJobExecutionResult();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (!handled.await(50, TimeUnit.MILLISECONDS)) {
            if (result.isDone()) {
                result.get(); // a failed job: throws its cause
                fail("the job finished before it handled every key");
            }
            if (System.nanoTime() > deadline) {
                fail("the job did not handle every key within 3 minutes");
            }
        }
        return client;
    }

    /** After each test: cancels every job this instance started that still runs. */
    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        for (JobClient client : started) {
            if (!client.getJobExecutionResult().isDone()) {
                cancel(client);
            }
        }
        started.clear();
    }

    /**
     * Stops the running job with a savepoint of {@code format} under {@code target}, waits until
     * the job has finished, and returns the savepoint's path.
     */
    public static String stopWithSavepoint(
            JobClient client, String target, SavepointFormatType format) throws Exception {
        return stopWithSavepoint(client, false, target, format);
    }

    /**
     * Stops the running job with a savepoint (draining it first if {@code drain}), waits until the
     * job has finished, and returns the savepoint's path. Right after startup a subtask that has no
     * key yet may still be deploying, and Flink refuses to trigger a savepoint until every task
     * runs: that refusal is retried for up to a minute; every other failure is thrown.
     */
    public static String stopWithSavepoint(
            JobClient client, boolean drain, String target, SavepointFormatType format)
            throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (true) {
            try {
                String savepoint = client.stopWithSavepoint(drain, target, format).get();
                client.getJobExecutionResult().get();
                return savepoint;
            } catch (ExecutionException e) {
                if (!tasksNotRunningYet(e) || System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }

    private static boolean tasksNotRunningYet(Throwable failure) {
        return ExceptionUtils.findThrowableWithMessage(
                                failure, "Not all required tasks are currently running")
                        .isPresent()
                || ExceptionUtils.findThrowableWithMessage(failure, "JobManager is initializing")
                        .isPresent();
    }

    /** Cancels the job and waits until it is gone. */
    public static void cancel(JobClient client) throws Exception {
        client.cancel().get();
        client.getJobExecutionResult().handle((result, failure) -> null).get();
    }

    /**
     * The class of the keyed state handle that a savepoint of {@code format} taken on {@code
     * backend} holds: four different layouts on disk, as {@link SavepointContents} reports them.
     */
    public static String keyedStateHandleClass(String backend, SavepointFormatType format) {
        if (format == SavepointFormatType.CANONICAL) {
            return "KeyGroupsSavepointStateHandle";
        }
        return backend.equals("rocksdb")
                ? "IncrementalRemoteKeyedStateHandle"
                : "KeyGroupsStateHandle";
    }

    /**
     * Fails (with an {@link IllegalStateException}, which fails the job) unless {@code state} is
     * state of {@code backend}: a keyed function's check that the test runs what it asked for.
     */
    public static void requireBackend(State state, String backend) {
        String backendPrefix =
                backend.equals("rocksdb") ? "RocksDB" : backend.equals("forst") ? "ForSt" : "Heap";
        if (!state.getClass().getSimpleName().startsWith(backendPrefix)) {
            throw new IllegalStateException(
                    "expected state of the " + backend + " backend, got " + state.getClass());
        }
    }

    // ------------------------------------------------------------------------------------------
    // The source
    // ------------------------------------------------------------------------------------------

    /**
     * Emits the given keys once, then stays available for nothing until the job is stopped: an
     * unbounded source without splits (a restored reader emits its keys again).
     */
    static final class KeysThenIdle implements Source<String, NoSplit, Void> {
        private static final long serialVersionUID = 1L;

        private final ArrayList<String> keys;

        KeysThenIdle(ArrayList<String> keys) {
            this.keys = keys;
        }

        @Override
        public Boundedness getBoundedness() {
            return Boundedness.CONTINUOUS_UNBOUNDED;
        }

        @Override
        public SourceReader<String, NoSplit> createReader(SourceReaderContext context) {
            return new Reader(keys);
        }

        @Override
        public SplitEnumerator<NoSplit, Void> createEnumerator(
                SplitEnumeratorContext<NoSplit> context) {
            return new NoSplitEnumerator();
        }

        @Override
        public SplitEnumerator<NoSplit, Void> restoreEnumerator(
                SplitEnumeratorContext<NoSplit> context, Void checkpoint) {
            return new NoSplitEnumerator();
        }

        @Override
        public SimpleVersionedSerializer<NoSplit> getSplitSerializer() {
            return new NothingSerializer<>();
        }

        @Override
        public SimpleVersionedSerializer<Void> getEnumeratorCheckpointSerializer() {
            return new NothingSerializer<>();
        }

        private static final class Reader implements SourceReader<String, NoSplit> {
            private final List<String> keys;
            private final CompletableFuture<Void> never = new CompletableFuture<>();
            private int next;

            Reader(List<String> keys) {
                this.keys = keys;
            }

            @Override
            public void start() {}

            @Override
            public InputStatus pollNext(ReaderOutput<String> output) {
                if (next < keys.size()) {
                    output.collect(keys.get(next++));
                    return InputStatus.MORE_AVAILABLE;
                }
                return InputStatus.NOTHING_AVAILABLE;
            }

            @Override
            public List<NoSplit> snapshotState(long checkpointId) {
                return Collections.emptyList();
            }

            @Override
            public CompletableFuture<Void> isAvailable() {
                return next < keys.size() ? CompletableFuture.completedFuture(null) : never;
            }

            @Override
            public void addSplits(List<NoSplit> splits) {}

            @Override
            public void notifyNoMoreSplits() {}

            @Override
            public void close() {}
        }
    }

    /** The split type of {@link KeysThenIdle}; never instantiated. */
    static final class NoSplit implements SourceSplit {
        @Override
        public String splitId() {
            throw new UnsupportedOperationException();
        }
    }

    private static final class NoSplitEnumerator implements SplitEnumerator<NoSplit, Void> {
        @Override
        public void start() {}

        @Override
        public void handleSplitRequest(int subtaskId, String requesterHostname) {}

        @Override
        public void addSplitsBack(List<NoSplit> splits, int subtaskId) {}

        @Override
        public void addReader(int subtaskId) {}

        @Override
        public Void snapshotState(long checkpointId) {
            return null;
        }

        @Override
        public void close() {}
    }

    /** Writes nothing, reads {@code null}. */
    private static final class NothingSerializer<T> implements SimpleVersionedSerializer<T> {
        @Override
        public int getVersion() {
            return 1;
        }

        @Override
        public byte[] serialize(T obj) {
            return new byte[0];
        }

        @Override
        public T deserialize(int version, byte[] serialized) {
            return null;
        }
    }
}
