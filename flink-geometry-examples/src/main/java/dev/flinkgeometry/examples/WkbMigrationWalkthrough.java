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
package dev.flinkgeometry.examples;

import dev.flinkgeometry.serializer.legacy.WkbGeometrySerializer;
import dev.flinkgeometry.serializer.legacy.WkbGeometryTypeInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.util.ExceptionUtils;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Savepoint migration, step by step: from state written by the legacy {@link WkbGeometrySerializer}
 * to {@code GeometrySerializer}, with nothing but a restore.
 *
 * <ol>
 *   <li>The old job: the country-visits job keyed by country id, its geometry state declared with
 *       {@link WkbGeometryTypeInfo} (as a job with a hand-written WKB serializer had it). It
 *       handles positions {@code 0..n-1} and is stopped with a savepoint.
 *   <li>The new job: the same job with the geometry types registered through {@code GeometryTypes},
 *       restored from that savepoint. {@code GeometrySerializerSnapshot} tells Flink that WKB state
 *       is "compatible after migration", so Flink reads every value with the WKB serializer and
 *       writes it in the aligned format. The job handles positions {@code n..2n-1} on top, and
 *       reports each country's state at the end: visits, last position and hull over both runs
 *       prove that all state survived.
 * </ol>
 *
 * <p>Only geometry values migrate this way. A geometry used as the key of keyed state (or as a
 * MapState key on RocksDB) needs the offline rewrite, see {@code docs/MIGRATION.md}.
 *
 * <p>Runs on an embedded cluster: {@code mvn -B -q -pl flink-geometry-examples -am compile
 * exec:exec -Dexample.mainClass=dev.flinkgeometry.examples.WkbMigrationWalkthrough
 * -Dexample.args=20000}.
 */
public final class WkbMigrationWalkthrough {
    private static final Logger LOG = LoggerFactory.getLogger(WkbMigrationWalkthrough.class);

    // Positions the old job has emitted. The walk-through runs on an embedded cluster in this JVM,
    // so a static counter tells it when to take the savepoint: every position counted here reaches
    // the state before the savepoint's barrier does.
    private static final AtomicLong EMITTED = new AtomicLong();

    private WkbMigrationWalkthrough() {}

    /** Arguments: {@code [n]} positions per run (default 20000). */
    public static void main(String[] args) throws Exception {
        long positions = args.length > 0 ? Long.parseLong(args[0]) : 20_000;
        Path savepoints = Files.createTempDirectory("wkb-migration");
        List<CountryVisits> results = run(positions, savepoints);
        long visits = results.stream().mapToLong(r -> r.visits).sum();
        System.out.printf(
                "%nafter the restore: %,d countries, %,d visits over both runs (savepoints in %s)%n",
                results.size(), visits, savepoints);
    }

    /** Both steps: {@code positions} per job, savepoints under {@code savepoints}. */
    static List<CountryVisits> run(long positions, Path savepoints) throws Exception {
        String savepoint = runOldJobAndStop(positions, savepoints);
        LOG.info("old job stopped with savepoint {}", savepoint);
        return runNewJobFrom(savepoint, positions);
    }

    /** Step 1: WKB geometry state, positions {@code 0..n-1}, stop with a savepoint. */
    static String runOldJobAndStop(long positions, Path savepoints) throws Exception {
        StreamExecutionEnvironment env = CountryVisitsJob.environment();
        DataStream<Point> points =
                env.fromSource(
                                new SequenceThenIdle(0, positions - 1),
                                WatermarkStrategy.noWatermarks(),
                                "old positions")
                        .uid("old-positions")
                        .map(WkbMigrationWalkthrough::countEmitted);
        TrackCountry<Integer> wkbState =
                new TrackCountry<>(
                        WkbGeometryTypeInfo.of(Point.class),
                        WkbGeometryTypeInfo.of(Geometry.class));
        tracked(env, points, wkbState).sinkTo(new DiscardingSink<>());

        EMITTED.set(0);
        JobClient job = env.executeAsync("country-visits (WKB state)");
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (EMITTED.get() < positions) {
            if (job.getJobExecutionResult().isDone()) {
                job.getJobExecutionResult().get(); // throws the job's failure
                throw new IllegalStateException("the old job finished before its savepoint");
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the old job did not get through its positions");
            }
            Thread.sleep(50);
        }
        return stopWithSavepoint(job, savepoints);
    }

    /**
     * Step 2: registered geometry types, restored from {@code savepoint}, positions {@code
     * n..2n-1}.
     */
    static List<CountryVisits> runNewJobFrom(String savepoint, long positions) throws Exception {
        StreamExecutionEnvironment env = CountryVisitsJob.environment();
        env.configure(new Configuration().set(StateRecoveryOptions.SAVEPOINT_PATH, savepoint));
        // Every operator with state in the savepoint is in this job under its uid, so the restore
        // needs no execution.state-recovery.ignore-unclaimed-state (which would also drop, without
        // a word, the state of an operator whose uid changed). The old job's source is one of
        // them: it restores its position, the end of its sequence, emits nothing more and finishes.
        DataStream<Long> oldPositions =
                env.fromSource(
                                new NumberSequenceSource(0, positions - 1),
                                WatermarkStrategy.noWatermarks(),
                                "old positions")
                        .uid("old-positions");
        DataStream<Point> points =
                oldPositions
                        .union(env.fromSequence(positions, 2 * positions - 1).uid("new-positions"))
                        .map(Countries::position);
        return CountryVisitsJob.collect(tracked(env, points, new TrackCountry<>()));
    }

    private static DataStream<CountryVisits> tracked(
            StreamExecutionEnvironment env, DataStream<Point> points, TrackCountry<Integer> track) {
        return CountryVisitsJob.located(points, env.fromData(Countries.load()))
                .keyBy(visit -> visit.countryId)
                .process(track)
                .uid("track-countries");
    }

    private static Point countEmitted(long n) {
        EMITTED.incrementAndGet();
        return Countries.position(n);
    }

    /** Stop with a savepoint; retried while a task is still deploying (Flink refuses then). */
    private static String stopWithSavepoint(JobClient job, Path savepoints) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (true) {
            try {
                String savepoint =
                        job.stopWithSavepoint(
                                        false,
                                        savepoints.toUri().toString(),
                                        SavepointFormatType.CANONICAL)
                                .get();
                job.getJobExecutionResult().get();
                return savepoint;
            } catch (ExecutionException e) {
                boolean deploying =
                        ExceptionUtils.findThrowableWithMessage(
                                        e, "Not all required tasks are currently running")
                                .isPresent();
                if (!deploying || System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }
}
