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

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.serializer.GeometrySerializer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Legacy geometry state moves to {@code GeometrySerializer} on a real standalone cluster, where the
 * job jar (with this library and JTS) is loaded by Flink's user-code class loader, and {@code
 * GeometrySerializerSnapshot} must find JTS classes through it when it resolves the predecessor
 * snapshots. {@link LegacyStateMigrationJob} keeps legacy WKB and Kryo geometry state on RocksDB;
 * the test stops it with a savepoint over REST, submits the job jar again as the migrated job from
 * that savepoint, and checks that both states of every key were read by {@code GeometrySerializer}
 * and are exactly what the legacy serializers held.
 */
class LegacyStateClusterMigrationITCase {
    private static final String JOB = LegacyStateMigrationJob.class.getName();
    private static final Duration TIMEOUT = Duration.ofMinutes(2);

    @Test
    void legacyWkbAndKryoStateMigratesOnAStandaloneCluster(@TempDir Path work) throws Exception {
        Path jar = Paths.get(System.getProperty("example.jar"));
        Path output = Files.createDirectories(work.resolve("output"));
        Path savepoints = Files.createDirectories(work.resolve("savepoints"));
        try (StandaloneFlinkCluster cluster = StandaloneFlinkCluster.start(work)) {
            String legacyJob =
                    cluster.runJar(
                            cluster.uploadJar(jar),
                            JOB,
                            List.of("legacy", output.toString()),
                            null);
            awaitLines(cluster, legacyJob, output.resolve("legacy.txt"));
            String savepoint = cluster.stopWithSavepoint(legacyJob, savepoints, TIMEOUT);

            // The new job jar, uploaded on its own, restores from the savepoint.
            String migratedJob =
                    cluster.runJar(
                            cluster.uploadJar(jar),
                            JOB,
                            List.of("migrated", output.toString()),
                            savepoint);
            awaitLines(cluster, migratedJob, output.resolve("migrated.txt"));
            cluster.cancel(migratedJob);
        }

        List<String> lines = Files.readAllLines(output.resolve("migrated.txt"));
        assertThat(lines).hasSize(LegacyStateMigrationJob.KEYS);
        List<String> expected = new ArrayList<>();
        String serializers =
                GeometrySerializer.class.getName() + "," + GeometrySerializer.class.getName();
        for (long n = 0; n < LegacyStateMigrationJob.KEYS; n++) {
            // What the legacy job was given, built afresh: every value must arrive exactly.
            expected.add(
                    String.join(
                            "|",
                            String.valueOf(n),
                            serializers,
                            "job jar only,job jar only", // the library and JTS: not on Flink's
                            LegacyStateMigrationJob.describe(LegacyStateMigrationJob.geometry(n)),
                            LegacyStateMigrationJob.describe(
                                    LegacyStateMigrationJob.geometry(n + 1))));
        }
        assertThat(lines).containsExactlyInAnyOrderElementsOf(expected);
    }

    /** Waits until the running job has written a line per key to {@code file}. */
    private static void awaitLines(StandaloneFlinkCluster cluster, String jobId, Path file)
            throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!Files.exists(file)
                || Files.readAllLines(file).size() < LegacyStateMigrationJob.KEYS) {
            String state = cluster.jobState(jobId);
            if (!state.equals("RUNNING")
                    && !state.equals("CREATED")
                    && !state.equals("INITIALIZING")) {
                throw new AssertionError("job " + state + cluster.diagnostics());
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no line per key in " + file + cluster.diagnostics());
            }
            Thread.sleep(200);
        }
    }
}
