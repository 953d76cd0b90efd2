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
package dev.flinkgeometry.flink1;

import dev.flinkgeometry.serializer.GeometryTypes;
import dev.flinkgeometry.testing.NestedKryoStateJob;
import dev.flinkgeometry.testing.SavepointJobs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * Writes the golden savepoints of {@link NestedKryoStateJob} with the Flink of this module's class
 * path (1.20.3): geometries nested in Kryo-held types, written by Flink 1.x's Kryo (2.24). One
 * savepoint per backend and format, each in a folder named as {@link
 * NestedKryoStateJob#GOLDEN_SAVEPOINTS} lists them; and the savepoints of the way out ({@link
 * #migrate}).
 *
 * <p>Not a test: run by hand, as {@code docs/UPGRADE.md} ("Golden savepoints") shows, with the
 * folder to write into as the only argument (the serializer module's {@code
 * src/test/resources/savepoints/flink-1.20.3-nested-kryo}).
 */
public final class Flink1NestedKryoSavepoints {
    private Flink1NestedKryoSavepoints() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: Flink1NestedKryoSavepoints <output folder>");
        }
        String flink = EnvironmentInformation.getVersion();
        Path output = Paths.get(args[0]);
        Path scratch = Files.createTempDirectory("flink1-nested-kryo-savepoints");
        SavepointJobs jobs = new SavepointJobs();
        write(jobs, "hashmap", SavepointFormatType.CANONICAL, scratch, output);
        write(jobs, "rocksdb", SavepointFormatType.CANONICAL, scratch, output);
        write(jobs, "rocksdb", SavepointFormatType.NATIVE, scratch, output);
        migrate(jobs, "hashmap", scratch, output);
        migrate(jobs, "rocksdb", scratch, output);
        System.out.println("Flink " + flink + " wrote the savepoints into " + output);
        System.exit(0);
    }

    private static void write(
            SavepointJobs jobs,
            String backend,
            SavepointFormatType format,
            Path scratch,
            Path output)
            throws Exception {
        StreamExecutionEnvironment env = SavepointJobs.environment(backend, null);
        NestedKryoStateJob.build(env, NestedKryoStateJob.Stage.WRITE);
        JobClient client =
                NestedKryoStateJob.start(jobs, env, "write nested Kryo state on " + backend);
        String savepoint =
                SavepointJobs.stopWithSavepoint(client, scratch.toUri().toString(), format);
        Path target = output.resolve(backend + "-" + format.name().toLowerCase());
        copyFolder(Paths.get(java.net.URI.create(savepoint)), target);
        System.out.println(backend + " " + format + ": " + savepoint + " -> " + target);
    }

    /**
     * The way out on Flink 1.20: the job writes its state in Kryo, then restores with {@link
     * NestedKryoStateJob.Stage#MIGRATE}, which copies every key's state into states of the
     * library's types and clears the old ones, leaving the operator keyed by a Kryo-held geometry
     * behind, and is stopped with a canonical savepoint ({@link
     * NestedKryoStateJob#MIGRATED_ON_FLINK_1}).
     */
    private static void migrate(SavepointJobs jobs, String backend, Path scratch, Path output)
            throws Exception {
        // Without the registration that an earlier migration left in this JVM: as a careless job.
        String kryo =
                GeometryTypes.withoutRegistration(
                        () -> {
                            StreamExecutionEnvironment writer =
                                    SavepointJobs.environment(backend, null);
                            NestedKryoStateJob.build(writer, NestedKryoStateJob.Stage.WRITE);
                            return SavepointJobs.stopWithSavepoint(
                                    NestedKryoStateJob.start(
                                            jobs, writer, "write nested Kryo state"),
                                    scratch.toUri().toString(),
                                    SavepointFormatType.CANONICAL);
                        });

        Configuration config = new Configuration();
        config.set(StateBackendOptions.STATE_BACKEND, backend);
        config.set(StateRecoveryOptions.SAVEPOINT_PATH, kryo);
        config.set(StateRecoveryOptions.SAVEPOINT_IGNORE_UNCLAIMED_STATE, true);
        StreamExecutionEnvironment migrator =
                StreamExecutionEnvironment.getExecutionEnvironment(config);
        migrator.setParallelism(1);
        GeometryTypes.registerWith(migrator);
        NestedKryoStateJob.build(migrator, NestedKryoStateJob.Stage.MIGRATE);
        String migrated =
                SavepointJobs.stopWithSavepoint(
                        NestedKryoStateJob.start(jobs, migrator, "migrate on " + backend),
                        scratch.toUri().toString(),
                        SavepointFormatType.CANONICAL);
        Path target = output.resolve(backend + "-migrated-on-1.20");
        copyFolder(Paths.get(java.net.URI.create(migrated)), target);
        System.out.println(backend + " migrated: " + migrated + " -> " + target);
    }

    private static void copyFolder(Path from, Path to) throws IOException {
        if (Files.exists(to)) {
            try (Stream<Path> old = Files.walk(to)) {
                for (Path path : (Iterable<Path>) old.sorted(Comparator.reverseOrder())::iterator) {
                    Files.delete(path);
                }
            }
        }
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
