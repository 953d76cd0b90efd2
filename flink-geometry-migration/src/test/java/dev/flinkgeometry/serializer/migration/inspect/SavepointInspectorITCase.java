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
package dev.flinkgeometry.serializer.migration.inspect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.testing.KryoGeometryStateJob;
import dev.flinkgeometry.testing.KryoGeometryStateJob.Declared;
import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.NestedKryoStateJob;
import dev.flinkgeometry.testing.SavepointJobs;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The savepoint inspector on the Flink 1.20.3 golden savepoints of {@link KryoGeometryStateJob} and
 * on savepoints that Flink 2.3 writes here, of the same job with its geometries in Kryo and
 * declared with the library: every state listed, entry counts where the format has them, every
 * Kryo-held geometry part named with the Flink line that wrote it, and the command's exit codes.
 */
class SavepointInspectorITCase {
    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    @TempDir Path temp;

    /** Per key of the job: a point, one list, two polygons, two visits; one name per key point. */
    private static final int KEYS = KryoGeometryStateJob.keys().size();

    private static final String POINT = "org.locationtech.jts.geom.Point";

    private static final Map<String, Long> ENTRIES =
            Map.of(
                    KryoGeometryStateJob.POINT_STATE, (long) KEYS,
                    KryoGeometryStateJob.LINES_STATE, (long) KEYS,
                    KryoGeometryStateJob.POLYGONS_STATE, 2L * KEYS,
                    KryoGeometryStateJob.VISITS_STATE, 2L * KEYS,
                    KryoGeometryStateJob.NAME_STATE, (long) KEYS);

    /** The Kryo-held parts of the job's state, as the report names them (after the operator). */
    private static final List<String> KRYO_PARTS =
            List.of(
                    "the key (key: Kryo for org.locationtech.jts.geom.Point)",
                    "value state 'point' (value: Kryo for org.locationtech.jts.geom.Point)",
                    "list state 'lines' (list element: Kryo for org.locationtech.jts.geom.LineString)",
                    "map state 'polygons' (map value: Kryo for org.locationtech.jts.geom.Polygon)",
                    "map state 'visits' (map user key: Kryo for org.locationtech.jts.geom.Point)",
                    "operator list state 'recent' (element: Kryo for org.locationtech.jts.geom.Point)");

    static List<String> goldenSavepoints() {
        return KryoGeometryStateJob.GOLDEN_SAVEPOINTS;
    }

    @ParameterizedTest
    @MethodSource("goldenSavepoints")
    void namesEveryKryoGeometryStateOfTheFlink1Savepoints(String golden) throws Exception {
        String path = golden(golden).toUri().toString();
        SavepointReport report = SavepointInspector.inspect(path);

        assertThat(report.metadataVersion()).isEqualTo(4);
        assertThat(report.writtenBy()).isEqualTo("Flink 1.x");
        assertThat(report.kryoLine()).startsWith("Flink 1.x's Kryo 2.24");
        assertThat(withoutOperators(report.kryoGeometryStates()))
                .containsExactlyInAnyOrderElementsOf(KRYO_PARTS);
        assertEntries(report, golden.endsWith("canonical"));
        assertThat(keyed(report))
                .allSatisfy(
                        handle ->
                                assertThat(handle.format())
                                        .isEqualTo(
                                                golden.endsWith("native")
                                                        ? "RocksDB native"
                                                        : "canonical"));

        Command plain = Command.run(path);
        assertThat(plain.exit).isZero();
        assertThat(plain.out)
                .contains("metadata version 4: written by Flink 1.x")
                .contains(
                        "6 geometry state parts are held by Flink's Kryo, written by Flink 1.x's Kryo 2.24")
                .contains("KryoSerializerSnapshot (Kryo for org.locationtech.jts.geom.Polygon");
        if (golden.endsWith("native")) {
            assertThat(plain.out).contains(HandleReport.NATIVE_ROCKSDB_NOTE);
        } else {
            assertThat(plain.out).contains("MAP 'polygons': " + 2 * KEYS + " entries, ");
        }
        assertThat(Command.run("--fail-on-kryo-geometry", path).exit)
                .isEqualTo(SavepointInspectorMain.KRYO_GEOMETRY_FOUND);
    }

    static List<String> migratedOnFlink1() {
        return KryoGeometryStateJob.MIGRATED_ON_FLINK_1;
    }

    @ParameterizedTest
    @MethodSource("migratedOnFlink1")
    void passesTheSavepointOfTheChecklistsFirstStep(String golden) throws Exception {
        String path = golden(golden).toUri().toString();
        SavepointReport report = SavepointInspector.inspect(path);

        assertThat(report.writtenBy()).isEqualTo("Flink 1.x");
        assertThat(report.kryoGeometryStates()).isEmpty();
        Command gate = Command.run("--fail-on-kryo-geometry", path);
        assertThat(gate.exit).isZero();
        assertThat(gate.out)
                .contains("VALUE 'point': " + KEYS + " entries")
                .contains("GeometrySerializerSnapshot")
                .contains("No geometry state is held by Flink's Kryo.");
    }

    static Stream<Arguments> flink2Savepoints() {
        return Stream.of(
                Arguments.of("hashmap", SavepointFormatType.CANONICAL),
                Arguments.of("hashmap", SavepointFormatType.NATIVE),
                Arguments.of("rocksdb", SavepointFormatType.CANONICAL),
                Arguments.of("rocksdb", SavepointFormatType.NATIVE));
    }

    @ParameterizedTest
    @MethodSource("flink2Savepoints")
    void flagsKryoStateOfFlink2AndPassesTheLibrarysState(String backend, SavepointFormatType format)
            throws Exception {
        String kryo = savepoint(backend, format, Declared.KRYO);
        SavepointReport kryoReport = SavepointInspector.inspect(kryo);
        assertThat(kryoReport.metadataVersion()).isGreaterThanOrEqualTo(5);
        assertThat(kryoReport.writtenBy()).isEqualTo("Flink 2.x");
        assertThat(kryoReport.kryoLine()).startsWith("Flink 2.x's Kryo 5");
        assertThat(withoutOperators(kryoReport.kryoGeometryStates()))
                .containsExactlyInAnyOrderElementsOf(KRYO_PARTS);
        assertEntries(kryoReport, format == SavepointFormatType.CANONICAL);
        assertThat(Command.run("--fail-on-kryo-geometry", kryo).exit)
                .isEqualTo(SavepointInspectorMain.KRYO_GEOMETRY_FOUND);

        String library = savepoint(backend, format, Declared.LIBRARY);
        SavepointReport libraryReport = SavepointInspector.inspect(library);
        assertThat(libraryReport.kryoGeometryStates()).isEmpty();
        assertEntries(libraryReport, format == SavepointFormatType.CANONICAL);
        Command gate = Command.run("--fail-on-kryo-geometry", library);
        assertThat(gate.exit).isZero();
        assertThat(gate.out)
                .contains("No geometry state is held by Flink's Kryo.")
                .contains("GeometrySerializerSnapshot");
        if (format == SavepointFormatType.NATIVE) {
            assertThat(gate.out)
                    .contains(
                            backend.equals("rocksdb")
                                    ? HandleReport.NATIVE_ROCKSDB_NOTE
                                    : HandleReport.NATIVE_HEAP_NOTE);
        }
    }

    static List<String> nestedSavepoints() {
        return NestedKryoStateJob.GOLDEN_SAVEPOINTS;
    }

    @ParameterizedTest
    @MethodSource("nestedSavepoints")
    void flagsGeometriesNestedInKryoHeldTypes(String golden) throws Exception {
        String path = golden(NestedKryoStateJob.GOLDEN, golden).toUri().toString();
        SavepointReport report = SavepointInspector.inspect(path);

        assertThat(withoutOperators(report.kryoGeometryStates()))
                .anySatisfy(
                        line ->
                                assertThat(line)
                                        .startsWith(
                                                "value state 'places' (value: Kryo for"
                                                        + " java.util.HashMap, holding JTS classes [")
                                        .contains(POINT))
                .anySatisfy(
                        line ->
                                assertThat(line)
                                        .startsWith(
                                                "value state 'holder' (value: Kryo for "
                                                        + NestedKryoStateJob.Holder.class.getName())
                                        .contains("org.locationtech.jts.geom.LineString"))
                .anySatisfy(
                        line ->
                                assertThat(line)
                                        .startsWith(
                                                "list state 'tracks' (list element: Kryo for"
                                                        + " java.util.ArrayList"))
                .anySatisfy(
                        line ->
                                assertThat(line)
                                        .startsWith(
                                                "value state 'visit' (inside the value"
                                                        + " (PojoSerializerSnapshot): Kryo for"
                                                        + " java.util.List"))
                .anySatisfy(
                        line ->
                                assertThat(line)
                                        .startsWith(
                                                "value state 'visit' (inside the value"
                                                        + " (PojoSerializerSnapshot): Kryo for"
                                                        + " java.lang.Object"))
                .anySatisfy(
                        line ->
                                assertThat(line)
                                        .startsWith(
                                                "the key (key: Kryo for "
                                                        + NestedKryoStateJob.PlaceKey.class
                                                                .getName()))
                .anySatisfy(
                        line ->
                                assertThat(line)
                                        .startsWith(
                                                "operator list state 'recent-tracks' (element:"
                                                        + " Kryo for java.util.ArrayList"));
        assertThat(report.unchecked()).isEmpty();
        assertThat(Command.run("--fail-on-kryo-geometry", path).exit)
                .isEqualTo(SavepointInspectorMain.KRYO_GEOMETRY_FOUND);
    }

    static List<String> nestedMigratedOnFlink1() {
        return NestedKryoStateJob.MIGRATED_ON_FLINK_1;
    }

    @ParameterizedTest
    @MethodSource("nestedMigratedOnFlink1")
    void passesTheSavepointOfTheNestedWayOut(String golden) throws Exception {
        String path = golden(NestedKryoStateJob.GOLDEN, golden).toUri().toString();
        Command gate = Command.run("--fail-on-kryo-geometry", path);

        assertThat(gate.exit).isZero();
        assertThat(gate.out)
                .contains("VALUE 'places-v2'")
                .contains("KryoSerializerSnapshot (Kryo for java.util.HashMap")
                .contains("No geometry state is held by Flink's Kryo.");
    }

    @ParameterizedTest
    @MethodSource("nestedSavepoints")
    void withoutTheJobsClassesTheGateStillFindsTheGeometries(String golden) throws Exception {
        String path = golden(NestedKryoStateJob.GOLDEN, golden).toUri().toString();
        Command gate =
                Command.runWith(
                        new Hiding(NestedKryoStateJob.class.getName()),
                        "--fail-on-kryo-geometry",
                        path);

        assertThat(gate.exit).isEqualTo(SavepointInspectorMain.KRYO_GEOMETRY_FOUND);
        assertThat(gate.out)
                .contains("its state (states unknown, meta info unreadable; JTS classes [")
                .contains("parts could not be checked, so nothing is said of them:")
                .contains(": keyed state meta info (java.io.IOException: Could not find class")
                .contains("Put the job's jar on the inspector's class path")
                .doesNotContain("No geometry state is held by Flink's Kryo.");
    }

    @org.junit.jupiter.api.Test
    void theGateDoesNotPassWhatItCouldNotRead() throws Exception {
        // The checklist's savepoint, with the library's snapshot class out of reach.
        String path =
                golden(KryoGeometryStateJob.GOLDEN, "hashmap-migrated-on-1.20").toUri().toString();
        Command gate =
                Command.runWith(
                        new Hiding("dev.flinkgeometry.serializer.GeometrySerializerSnapshot"),
                        "--fail-on-kryo-geometry",
                        path);

        assertThat(gate.exit).isEqualTo(SavepointInspectorMain.UNCHECKED);
        assertThat(gate.out)
                .contains("No geometry state held by Flink's Kryo was found in what could be read.")
                .contains(": keyed state meta info (")
                .doesNotContain("No geometry state is held by Flink's Kryo.");
    }

    @org.junit.jupiter.api.Test
    void aWrongCommandLineOrAMissingSavepointIsAnError() {
        assertThat(Command.run().exit).isEqualTo(SavepointInspectorMain.USAGE);
        assertThat(Command.run("--fail-on-kryo", "x").exit).isEqualTo(SavepointInspectorMain.USAGE);
        Command missing = Command.run(temp.resolve("nothing-here").toUri().toString());
        assertThat(missing.exit).isEqualTo(SavepointInspectorMain.UNREADABLE);
        assertThat(missing.err).contains("Cannot read the savepoint");
    }

    // ------------------------------------------------------------------------------------------

    private String savepoint(String backend, SavepointFormatType format, Declared declared)
            throws Exception {
        StreamExecutionEnvironment env = SavepointJobs.environment(backend, null);
        KryoGeometryStateJob.build(env, declared, declared, true);
        return SavepointJobs.stopWithSavepoint(
                KryoGeometryStateJob.start(jobs, env, "write " + declared + " state"),
                temp.resolve(declared.name()).toUri().toString(),
                format);
    }

    /**
     * Every keyed state of the job with its entry count (canonical), or none (native); the operator
     * state's elements in every format.
     */
    private static void assertEntries(SavepointReport report, boolean canonical) {
        Map<String, StateReport> states =
                keyed(report).stream()
                        .flatMap(handle -> handle.states().stream())
                        .filter(state -> !state.kind().equals("TIMERS"))
                        .collect(Collectors.toMap(StateReport::name, state -> state));
        assertThat(states).containsOnlyKeys(ENTRIES.keySet());
        ENTRIES.forEach(
                (name, entries) -> {
                    StateReport state = states.get(name);
                    if (canonical) {
                        assertThat(state.entries()).as(name).hasValue(entries);
                        assertThat(state.bytes().getAsLong()).as(name).isPositive();
                    } else {
                        assertThat(state.entries()).as(name).isEmpty();
                    }
                });
        StateReport recent =
                report.handles().stream()
                        .filter(handle -> handle.format().equals("operator state"))
                        .flatMap(handle -> handle.states().stream())
                        .filter(state -> state.name().equals(KryoGeometryStateJob.RECENT_STATE))
                        .findFirst()
                        .orElseThrow();
        assertThat(recent.kind()).isEqualTo("OPERATOR LIST");
        assertThat(recent.entries()).hasValue(KEYS);
    }

    private static List<HandleReport> keyed(SavepointReport report) {
        return report.handles().stream()
                .filter(handle -> !handle.format().equals("operator state"))
                .toList();
    }

    private static List<String> withoutOperators(List<String> found) {
        return found.stream().map(line -> line.substring(line.indexOf(": ") + 2)).toList();
    }

    /**
     * A copy of a golden savepoint, read from the serializer module's test jar: each is its {@code
     * _metadata} file alone (the state is small enough to be stored inside it).
     */
    private Path golden(String name) throws IOException {
        return golden(KryoGeometryStateJob.GOLDEN, name);
    }

    private Path golden(String folder, String name) throws IOException {
        Path target = Files.createTempDirectory(temp, name);
        try (InputStream in =
                SavepointInspectorITCase.class.getResourceAsStream(
                        "/" + folder + "/" + name + "/_metadata")) {
            assertThat(in).as("golden savepoint " + name).isNotNull();
            Files.copy(in, target.resolve("_metadata"));
        }
        return target;
    }

    /** One run of the command, with what it printed. */
    private static final class Command {
        final int exit;
        final String out;
        final String err;

        private Command(int exit, String out, String err) {
            this.exit = exit;
            this.out = out;
            this.err = err;
        }

        /** A run with {@code loader} as the context class loader: the inspector's class path. */
        static Command runWith(ClassLoader loader, String... args) {
            Thread thread = Thread.currentThread();
            ClassLoader previous = thread.getContextClassLoader();
            thread.setContextClassLoader(loader);
            try {
                return run(args);
            } finally {
                thread.setContextClassLoader(previous);
            }
        }

        static Command run(String... args) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int exit =
                    SavepointInspectorMain.run(
                            args,
                            new PrintStream(out, true, StandardCharsets.UTF_8),
                            new PrintStream(err, true, StandardCharsets.UTF_8));
            return new Command(
                    exit,
                    out.toString(StandardCharsets.UTF_8),
                    err.toString(StandardCharsets.UTF_8));
        }
    }

    /** This JVM's classes but those whose names start with a prefix: a job's jar left out. */
    private static final class Hiding extends ClassLoader {
        private final String hidden;

        Hiding(String hidden) {
            super(SavepointInspectorITCase.class.getClassLoader());
            this.hidden = hidden;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.startsWith(hidden)) {
                throw new ClassNotFoundException(name);
            }
            return super.loadClass(name, resolve);
        }
    }
}
