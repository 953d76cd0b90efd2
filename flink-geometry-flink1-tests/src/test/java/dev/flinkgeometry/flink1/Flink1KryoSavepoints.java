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
import dev.flinkgeometry.testing.KryoGeometryStateJob;
import dev.flinkgeometry.testing.SavepointJobs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.locationtech.jts.geom.Point;

/**
 * Writes the golden savepoints of {@link KryoGeometryStateJob} with the Flink of this module's
 * class path (1.20.3): the job declares its geometry state from classes, so Flink 1.x's Kryo (2.24)
 * writes it. One savepoint per backend and format, each in a folder named as {@link
 * KryoGeometryStateJob#GOLDEN_SAVEPOINTS} lists them; and the savepoints of the upgrade checklist's
 * first step, the same job without geometry keys moved out of Kryo on Flink 1.20 ({@link
 * KryoGeometryStateJob#MIGRATED_ON_FLINK_1}).
 *
 * <p>Not a test: run by hand, as {@code docs/UPGRADE.md} ("Golden savepoints") shows, with the
 * folder to write into as the only argument (the serializer module's {@code
 * src/test/resources/savepoints/flink-1.20.3-kryo}).
 */
public final class Flink1KryoSavepoints {
    private Flink1KryoSavepoints() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: Flink1KryoSavepoints <output folder>");
        }
        String flink = EnvironmentInformation.getVersion();
        Path output = Paths.get(args[0]);
        Path scratch = Files.createTempDirectory("flink1-kryo-savepoints");
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
        KryoGeometryStateJob.build(
                env,
                KryoGeometryStateJob.Declared.FROM_CLASSES,
                KryoGeometryStateJob.Declared.FROM_CLASSES,
                true);
        JobClient client = KryoGeometryStateJob.start(jobs, env, "write Kryo state on " + backend);
        String savepoint =
                SavepointJobs.stopWithSavepoint(client, scratch.toUri().toString(), format);
        Path target = output.resolve(backend + "-" + format.name().toLowerCase());
        copyFolder(Paths.get(java.net.URI.create(savepoint)), target);
        System.out.println(backend + " " + format + ": " + savepoint + " -> " + target);
    }

    /**
     * The upgrade checklist's first step: the job without geometry keys writes its state in Kryo,
     * then restores with the library's types, reads every key (Flink migrates), and is stopped with
     * the savepoint that {@link KryoGeometryStateJob#MIGRATED_ON_FLINK_1} names.
     */
    private static void migrate(SavepointJobs jobs, String backend, Path scratch, Path output)
            throws Exception {
        StreamExecutionEnvironment writer = SavepointJobs.environment(backend, null);
        KryoGeometryStateJob.build(writer, KryoGeometryStateJob.Declared.FROM_CLASSES, null, true);
        String kryo =
                SavepointJobs.stopWithSavepoint(
                        KryoGeometryStateJob.start(jobs, writer, "write Kryo state on " + backend),
                        scratch.toUri().toString(),
                        SavepointFormatType.CANONICAL);

        StreamExecutionEnvironment reader = SavepointJobs.environment(backend, kryo);
        GeometryTypes.registerWith(reader);
        KryoGeometryStateJob.build(reader, KryoGeometryStateJob.Declared.LIBRARY, null, false);
        String migrated =
                SavepointJobs.stopWithSavepoint(
                        KryoGeometryStateJob.start(jobs, reader, "migrate on " + backend),
                        scratch.toUri().toString(),
                        SavepointFormatType.CANONICAL);
        for (String key : KryoGeometryStateJob.keys()) {
            Point read = KryoGeometryStateJob.readValues().get(key).point();
            Point written = KryoGeometryStateJob.point(KryoGeometryStateJob.index(key));
            if (!read.equalsExact(written)) {
                throw new IllegalStateException(key + ": read " + read + ", wrote " + written);
            }
        }
        Path target = output.resolve(backend + "-migrated-on-1.20");
        copyFolder(Paths.get(java.net.URI.create(migrated)), target);
        System.out.println(backend + " migrated: " + migrated + " -> " + target);
    }

    private static void copyFolder(Path from, Path to) throws IOException {
        if (Files.exists(to)) {
            try (Stream<Path> old = Files.walk(to)) {
                old.sorted(java.util.Comparator.reverseOrder())
                        .forEach(Flink1KryoSavepoints::delete);
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

    private static void delete(Path path) {
        try {
            Files.delete(path);
        } catch (IOException e) {
            throw new IllegalStateException("cannot delete " + path, e);
        }
    }
}
