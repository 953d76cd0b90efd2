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
package dev.flinkgeometry.serializer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.JobTestData;
import dev.flinkgeometry.testing.MiniClusters;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.CloseableIterator;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;

/**
 * Exactly-once recovery with geometry keys and geometry state: a job keyed by geometries (every
 * class, Z/M/SRID/EMPTY, each key built in several equal ways) keeps per key a count, the last
 * geometry and the convex hull of all geometries seen, checkpointing every 50 ms to disk. Once a
 * checkpoint that holds state has completed, the job fails once on purpose; Flink restarts it from
 * that checkpoint and replays the rest. The results, emitted only at the end of input (an
 * event-time timer at {@code Long.MAX_VALUE}, so replays cannot duplicate output), must equal a
 * failure-free run of the same job and a plain sequential computation exactly, on the hashmap and
 * the RocksDB backend.
 */
class FailureRecoveryJobITCase {
    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(2);

    private static final int RECORDS = 400;
    private static final int PARALLELISM = 2;

    // The job runs in this JVM (MiniCluster): the injected failure is coordinated through statics.
    private static final AtomicBoolean FAIL_ONCE = new AtomicBoolean();
    private static final AtomicBoolean STATEFUL_CHECKPOINT_COMPLETED = new AtomicBoolean();
    private static final AtomicBoolean FAILED = new AtomicBoolean();
    private static final AtomicInteger PROCESSED_AFTER_RESTART = new AtomicInteger();

    @TempDir Path checkpoints;

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void aFailureInTheMiddleChangesNoResult(String backend) throws Exception {
        List<List<Geometry>> keys = JobTestData.keyGroups();
        List<Visit> visits = visits(keys);
        Map<String, KeyResult> expected = sequentially(visits);

        Map<String, KeyResult> clean = run(backend, visits, false);
        assertThat(FAILED).as("no failure injected").isFalse();
        assertThat(clean.values()).extracting(r -> r.attempt).containsOnly(0);

        Map<String, KeyResult> recovered = run(backend, visits, true);
        assertThat(FAILED).as("the failure was injected").isTrue();
        assertThat(recovered.values())
                .as("every result comes from the restarted attempt")
                .extracting(r -> r.attempt)
                .containsOnly(1);
        assertThat(PROCESSED_AFTER_RESTART.get())
                .as("records replayed after the restart: the checkpoint held the rest")
                .isPositive()
                .isLessThan(RECORDS);

        assertThat(expected).hasSize(keys.size());
        assertSameResults(clean, expected);
        assertSameResults(recovered, expected);
    }

    private Map<String, KeyResult> run(String backend, List<Visit> visits, boolean failOnce)
            throws Exception {
        FAIL_ONCE.set(failOnce);
        STATEFUL_CHECKPOINT_COMPLETED.set(false);
        FAILED.set(false);
        PROCESSED_AFTER_RESTART.set(0);
        Configuration config = new Configuration();
        config.set(StateBackendOptions.STATE_BACKEND, backend);
        config.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, Duration.ofMillis(50));
        config.set(CheckpointingOptions.CHECKPOINT_STORAGE, "filesystem");
        config.set(
                CheckpointingOptions.CHECKPOINTS_DIRECTORY,
                checkpoints
                        .resolve(backend + (failOnce ? "-failing" : "-clean"))
                        .toUri()
                        .toString());
        config.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        config.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 2);
        config.set(
                RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(50));
        config.set(PipelineOptions.GENERIC_TYPES, false);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(config);
        GeometryTypes.registerWith(env);

        Map<String, KeyResult> results = new LinkedHashMap<>();
        try (CloseableIterator<KeyResult> it =
                env.fromData(visits)
                        .map(new UntilTheFailure())
                        .setParallelism(
                                1) // chained to the source: each key's records stay in order
                        .keyBy(visit -> visit.key)
                        .process(new RunningGeometries())
                        .setParallelism(PARALLELISM)
                        .executeAndCollect(
                                "recovery, " + backend + (failOnce ? ", failing" : ""))) {
            while (it.hasNext()) {
                KeyResult result = it.next();
                KeyResult earlier = results.put(ExactGeometry.describe(result.key), result);
                assertThat(earlier).as("a second result for key %s", result.key).isNull();
            }
        }
        return results;
    }

    /** The records: every key group in turn, each time another construction of the key. */
    private static List<Visit> visits(List<List<Geometry>> keys) {
        List<Geometry> values = JobTestData.flatten(JobTestData.payloadGroups());
        List<Visit> visits = new ArrayList<>(RECORDS);
        for (int seq = 0; seq < RECORDS; seq++) {
            List<Geometry> group = keys.get(seq % keys.size());
            Visit visit = new Visit();
            visit.seq = seq;
            visit.key = group.get((seq / keys.size()) % group.size());
            visit.value = values.get((7 * seq) % values.size());
            visits.add(visit);
        }
        return visits;
    }

    /** What the job must compute, without Flink: the same fold over each key's records in order. */
    private static Map<String, KeyResult> sequentially(List<Visit> visits) {
        Map<String, KeyResult> results = new LinkedHashMap<>();
        for (Visit visit : visits) {
            KeyResult result =
                    results.computeIfAbsent(
                            ExactGeometry.describe(visit.key),
                            k -> {
                                KeyResult first = new KeyResult();
                                first.key = visit.key;
                                return first;
                            });
            result.count++;
            result.last = visit.value;
            result.hull = RunningGeometries.hull(result.hull, visit.value);
        }
        return results;
    }

    private static void assertSameResults(
            Map<String, KeyResult> actual, Map<String, KeyResult> expected) {
        assertThat(actual.keySet()).containsExactlyInAnyOrderElementsOf(expected.keySet());
        for (Map.Entry<String, KeyResult> entry : expected.entrySet()) {
            KeyResult want = entry.getValue();
            KeyResult got = actual.get(entry.getKey());
            assertThat(got.count).as("count of %s", want.key).isEqualTo(want.count);
            ExactGeometry.assertExactlyEqual(got.key, want.key);
            ExactGeometry.assertExactlyEqual(got.last, want.last);
            ExactGeometry.assertExactlyEqual(got.hull, want.hull);
        }
    }

    /** One input record: a geometry key and a geometry value. */
    public static class Visit {
        public long seq;
        public Geometry key;
        public Geometry value;

        public Visit() {}
    }

    /** The final state of one key, and the attempt that emitted it. */
    public static class KeyResult {
        public Geometry key;
        public long count;
        public Geometry last;
        public Geometry hull;
        public int attempt;

        public KeyResult() {}
    }

    /**
     * Slows the source down until the failure is injected: 20 ms per record, so that checkpoints
     * are taken while the source is still running and the failure comes in the middle of the input
     * (unthrottled, all records would sit in network buffers before the first one).
     */
    static class UntilTheFailure implements MapFunction<Visit, Visit> {
        @Override
        public Visit map(Visit visit) throws InterruptedException {
            if (FAIL_ONCE.get() && !FAILED.get()) {
                Thread.sleep(20);
            }
            return visit;
        }
    }

    /**
     * Per key: count, last value, convex hull of all values, in geometry state; the result at the
     * end of input. Injects the one failure: after a checkpoint that holds processed records has
     * completed, at the next record.
     */
    static class RunningGeometries extends KeyedProcessFunction<Geometry, Visit, KeyResult>
            implements CheckpointedFunction, CheckpointListener {
        private static final GeometryFactory FACTORY = new GeometryFactory();

        private transient ValueState<Long> count;
        private transient ValueState<Geometry> last;
        private transient ValueState<Geometry> hull;
        private transient int processed;
        private transient Map<Long, Integer> processedAtCheckpoint;

        static Geometry hull(Geometry hull, Geometry value) {
            Geometry[] parts = hull == null ? new Geometry[] {value} : new Geometry[] {hull, value};
            return FACTORY.createGeometryCollection(parts).convexHull();
        }

        @Override
        public void open(OpenContext openContext) {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.LONG));
            last =
                    getRuntimeContext()
                            .getState(
                                    new ValueStateDescriptor<>(
                                            "last", GeometryTypeInfo.of(Geometry.class)));
            hull =
                    getRuntimeContext()
                            .getState(
                                    new ValueStateDescriptor<>(
                                            "hull", GeometryTypeInfo.of(Geometry.class)));
            processedAtCheckpoint = new ConcurrentHashMap<>();
        }

        @Override
        public void processElement(Visit visit, Context ctx, Collector<KeyResult> out)
                throws Exception {
            int attempt = getRuntimeContext().getTaskInfo().getAttemptNumber();
            if (attempt > 0) {
                PROCESSED_AFTER_RESTART.incrementAndGet();
            } else if (FAIL_ONCE.get()
                    && STATEFUL_CHECKPOINT_COMPLETED.get()
                    && FAILED.compareAndSet(false, true)) {
                throw new IllegalStateException("injected failure at record " + visit.seq);
            }
            Long seen = count.value();
            count.update(seen == null ? 1 : seen + 1);
            last.update(visit.value);
            hull.update(hull(hull.value(), visit.value));
            ctx.timerService().registerEventTimeTimer(Long.MAX_VALUE);
            processed++;
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<KeyResult> out)
                throws Exception {
            KeyResult result = new KeyResult();
            result.key = ctx.getCurrentKey();
            result.count = count.value();
            result.last = last.value();
            result.hull = hull.value();
            result.attempt = getRuntimeContext().getTaskInfo().getAttemptNumber();
            out.collect(result);
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) {
            processedAtCheckpoint.put(context.getCheckpointId(), processed);
        }

        @Override
        public void initializeState(FunctionInitializationContext context) {}

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            Integer processedThen = processedAtCheckpoint.remove(checkpointId);
            if (processedThen != null && processedThen > 0) {
                STATEFUL_CHECKPOINT_COMPLETED.set(true);
            }
        }
    }
}
