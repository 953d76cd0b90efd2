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
package dev.flinkgeometry.serializer.upgrade;

import static dev.flinkgeometry.testing.KryoGeometryStateJob.GOLDEN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.serializer.GeometryEncoding;
import dev.flinkgeometry.serializer.GeometrySerializerSnapshot;
import dev.flinkgeometry.serializer.GeometryTypes;
import dev.flinkgeometry.testing.KryoGeometryStateJob;
import dev.flinkgeometry.testing.KryoGeometryStateJob.Declared;
import dev.flinkgeometry.testing.KryoGeometryStateJob.Values;
import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.SavepointContents;
import dev.flinkgeometry.testing.SavepointJobs;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * Kryo-held geometry state from Flink 1.20.3 ({@link KryoGeometryStateJob}'s golden savepoints)
 * meets Flink 2.3: with the library ({@link GeometryTypes#registerWith}) the restore is refused,
 * naming every state and the way out, before anything runs; without it, Flink 2.3 reads every
 * ordinate byte-reversed and finds no key; Kryo state that Flink 2.3 wrote still migrates to the
 * library's serializer.
 */
class Flink1KryoSavepointITCase {
    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    static List<String> goldenSavepoints() {
        return KryoGeometryStateJob.GOLDEN_SAVEPOINTS;
    }

    @TempDir Path temp;

    @ParameterizedTest
    @MethodSource("goldenSavepoints")
    void theLibraryRefusesTheRestoreNamingEveryStateAndTheWayOut(String golden) throws Exception {
        Path savepoint = copyOfGolden(golden);
        Map<String, String> before = digests(savepoint);
        StreamExecutionEnvironment env =
                SavepointJobs.environment(backend(golden), savepoint.toUri().toString());

        assertThatThrownBy(() -> GeometryTypes.registerWith(env))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("was written by Flink 1.x (savepoint metadata version 4)")
                .hasMessageContaining(
                        "value state 'point', value (Kryo for org.locationtech.jts.geom.Point")
                .hasMessageContaining(
                        "list state 'lines', list element (Kryo for"
                                + " org.locationtech.jts.geom.LineString")
                .hasMessageContaining(
                        "map state 'polygons', map value (Kryo for"
                                + " org.locationtech.jts.geom.Polygon")
                .hasMessageContaining(
                        "map state 'visits', map user key (Kryo for"
                                + " org.locationtech.jts.geom.Point")
                .hasMessageContaining(
                        "the key of its keyed state (Kryo for org.locationtech.jts.geom.Point")
                .hasMessageContaining(
                        "operator list state 'recent', element (Kryo for"
                                + " org.locationtech.jts.geom.Point")
                .hasMessageContaining(
                        "Restore this savepoint on Flink 1.20 with flink-geometry and the state"
                                + " declared with GeometryTypeInfo, take a savepoint there")
                .hasMessageContaining("docs/UPGRADE.md");
        assertThat(digests(savepoint)).as("the savepoint's files").isEqualTo(before);
    }

    @Test
    void theCompactRegistrationRefusesTheRestoreToo() throws Exception {
        Path savepoint = copyOfGolden("rocksdb-native");
        StreamExecutionEnvironment env =
                SavepointJobs.environment("rocksdb", savepoint.toUri().toString());

        assertThatThrownBy(() -> GeometryTypes.registerWith(env, GeometryEncoding.compact()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("was written by Flink 1.x (savepoint metadata version 4)")
                .hasMessageContaining("docs/UPGRADE.md");
    }

    @ParameterizedTest
    @MethodSource("goldenSavepoints")
    void withoutTheLibraryFlink2ReadsEveryOrdinateByteReversedAndFindsNoGeometryKey(String golden)
            throws Exception {
        StreamExecutionEnvironment env =
                SavepointJobs.environment(backend(golden), copyOfGolden(golden).toUri().toString());
        KryoGeometryStateJob.build(env, Declared.KRYO, Declared.KRYO, false);
        SavepointJobs.cancel(KryoGeometryStateJob.start(jobs, env, "read Kryo 2.24 state"));

        Map<String, Values> read = KryoGeometryStateJob.readValues();
        assertEveryGeometry(read, Flink1KryoSavepointITCase::assertByteReversed);
        for (String key : KryoGeometryStateJob.keys()) {
            int i = KryoGeometryStateJob.index(key);
            Values values = read.get(key);
            assertThat(values.visits()).as(key + " visits").hasSize(2);
            for (Map.Entry<Point, String> visit : values.visits().entrySet()) {
                Point written =
                        KryoGeometryStateJob.visits(i).entrySet().stream()
                                .filter(e -> e.getValue().equals(visit.getValue()))
                                .findFirst()
                                .orElseThrow()
                                .getKey();
                assertByteReversed(key + " visits key", visit.getKey(), written);
            }
        }
        // The keys of the geometry-keyed operator come back byte-reversed: no lookup finds them.
        assertThat(KryoGeometryStateJob.readNames()).as("names found by key point").isEmpty();
    }

    static List<String> migratedOnFlink1() {
        return KryoGeometryStateJob.MIGRATED_ON_FLINK_1;
    }

    /**
     * The upgrade checklist from end to end: the savepoint that Flink 1.20.3 took after moving the
     * state out of Kryo passes {@link GeometryTypes#registerWith} and restores on Flink 2.3 with
     * every value exact.
     */
    @ParameterizedTest
    @MethodSource("migratedOnFlink1")
    void theChecklistsFlink1SavepointRestoresWithEveryValueExact(String golden) throws Exception {
        StreamExecutionEnvironment env =
                SavepointJobs.environment(backend(golden), copyOfGolden(golden).toUri().toString());
        GeometryTypes.registerWith(env);
        KryoGeometryStateJob.build(env, Declared.LIBRARY, null, false);
        SavepointJobs.cancel(KryoGeometryStateJob.start(jobs, env, "restore on Flink 2.x"));

        Map<String, Values> read = KryoGeometryStateJob.readValues();
        assertEveryGeometry(read, Flink1KryoSavepointITCase::assertExact);
    }

    /**
     * The hole that {@link GeometryTypes#registerWith} closes: a job that declares its state with
     * the library but does not call it gets no error; the library's serializer takes over what Kryo
     * 5 misread, and the next savepoint stores the byte-reversed values in the library's format.
     */
    @ParameterizedTest
    @MethodSource("goldenSavepoints")
    void withoutRegisterWithTheLibraryTakesOverTheByteReversedValues(String golden)
            throws Exception {
        StreamExecutionEnvironment env =
                SavepointJobs.environment(backend(golden), copyOfGolden(golden).toUri().toString());
        KryoGeometryStateJob.build(env, Declared.LIBRARY, Declared.KRYO, false);
        String next =
                SavepointJobs.stopWithSavepoint(
                        KryoGeometryStateJob.start(jobs, env, "library without registerWith"),
                        temp.resolve("next").toUri().toString(),
                        SavepointFormatType.CANONICAL);

        Map<String, Values> read = KryoGeometryStateJob.readValues();
        assertThat(read).hasSize(KryoGeometryStateJob.keys().size());
        for (String key : KryoGeometryStateJob.keys()) {
            int i = KryoGeometryStateJob.index(key);
            assertByteReversed(
                    key + " point", read.get(key).point(), KryoGeometryStateJob.point(i));
        }
        assertThat(valueSnapshot(SavepointContents.read(next), KryoGeometryStateJob.POINT_STATE))
                .as("the next savepoint's snapshot of the misread points")
                .isInstanceOf(GeometrySerializerSnapshot.class);
    }

    static Stream<Arguments> flink2Backends() {
        return Stream.of(
                Arguments.of("hashmap", SavepointFormatType.CANONICAL),
                Arguments.of("rocksdb", SavepointFormatType.CANONICAL),
                Arguments.of("rocksdb", SavepointFormatType.NATIVE));
    }

    @ParameterizedTest
    @MethodSource("flink2Backends")
    void kryoStateThatFlink2WroteStillMigratesWithTheLibrary(
            String backend, SavepointFormatType format) throws Exception {
        StreamExecutionEnvironment writer = SavepointJobs.environment(backend, null);
        KryoGeometryStateJob.build(writer, Declared.KRYO, Declared.KRYO, true);
        String savepoint =
                SavepointJobs.stopWithSavepoint(
                        KryoGeometryStateJob.start(jobs, writer, "write Kryo 5 state"),
                        temp.toUri().toString(),
                        format);

        StreamExecutionEnvironment reader = SavepointJobs.environment(backend, savepoint);
        GeometryTypes.registerWith(reader);
        // Geometry keys stay in Kryo: Flink migrates no key serializer, nor RocksDB map keys.
        KryoGeometryStateJob.build(reader, Declared.LIBRARY, Declared.KRYO, false);
        JobClient client = KryoGeometryStateJob.start(jobs, reader, "migrate Kryo 5 state");
        SavepointJobs.cancel(client);

        Map<String, Values> read = KryoGeometryStateJob.readValues();
        assertEveryGeometry(read, Flink1KryoSavepointITCase::assertExact);
        for (String key : KryoGeometryStateJob.keys()) {
            int i = KryoGeometryStateJob.index(key);
            assertThat(read.get(key).visits()).isEqualTo(KryoGeometryStateJob.visits(i));
        }
        for (String key : KryoGeometryStateJob.keys()) {
            int i = KryoGeometryStateJob.index(key);
            assertThat(KryoGeometryStateJob.readNames().get(i))
                    .isEqualTo(KryoGeometryStateJob.name(i));
        }
    }

    /**
     * Why a serializer cannot refuse this state itself: the Kryo snapshot that Flink 1.20.3 stored
     * is, byte for byte, the one Flink 2.3 writes for the same state.
     */
    @Test
    void theKryoSnapshotOfFlink1IsTheOneFlink2Writes() throws Exception {
        SavepointContents golden =
                SavepointContents.read(copyOfGolden("hashmap-canonical").toUri().toString());
        StreamExecutionEnvironment writer = SavepointJobs.environment("hashmap", null);
        KryoGeometryStateJob.build(writer, Declared.KRYO, Declared.KRYO, true);
        SavepointContents flink2 =
                SavepointContents.read(
                        SavepointJobs.stopWithSavepoint(
                                KryoGeometryStateJob.start(jobs, writer, "write Kryo 5 state"),
                                temp.resolve("flink2").toUri().toString(),
                                SavepointFormatType.CANONICAL));

        for (String state :
                List.of(
                        KryoGeometryStateJob.POINT_STATE,
                        KryoGeometryStateJob.LINES_STATE,
                        KryoGeometryStateJob.POLYGONS_STATE)) {
            assertThat(written(valueSnapshot(flink2, state)))
                    .as(state)
                    .isEqualTo(written(valueSnapshot(golden, state)));
        }
    }

    // ------------------------------------------------------------------------------------------

    private static TypeSerializerSnapshot<?> valueSnapshot(
            SavepointContents savepoint, String state) {
        return savepoint.keyedStates().stream()
                .filter(handle -> handle.states().containsKey(state))
                .findFirst()
                .orElseThrow()
                .valueSnapshot(state);
    }

    private static byte[] written(TypeSerializerSnapshot<?> snapshot) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(512);
        TypeSerializerSnapshot.writeVersionedSnapshot(out, snapshot);
        return out.getCopyOfBuffer();
    }

    /** What Kryo 5 makes of Kryo 2.24's big-endian doubles: each one's bytes in reverse order. */
    private static void assertByteReversed(String what, Geometry read, Geometry written) {
        assertThat(read.getGeometryType()).as(what).isEqualTo(written.getGeometryType());
        Coordinate[] got = read.getCoordinates();
        Coordinate[] want = written.getCoordinates();
        assertThat(got).as(what).hasSameSizeAs(want);
        for (int c = 0; c < want.length; c++) {
            for (int ordinate = 0; ordinate < 3; ordinate++) {
                long wantBits = Double.doubleToLongBits(want[c].getOrdinate(ordinate));
                assertThat(Double.doubleToRawLongBits(got[c].getOrdinate(ordinate)))
                        .as("%s coordinate %d ordinate %d", what, c, ordinate)
                        .isEqualTo(Long.reverseBytes(wantBits));
            }
        }
    }

    /** How a restored geometry must relate to the one the job wrote. */
    private interface GeometryCheck {
        void check(String what, Geometry read, Geometry written);
    }

    /**
     * {@code check} on every key's point, lines and polygons, and on the operator state's points,
     * against what the job wrote.
     */
    private static void assertEveryGeometry(Map<String, Values> read, GeometryCheck check) {
        assertThat(read).as("keys with state").hasSize(KryoGeometryStateJob.keys().size());
        for (String key : KryoGeometryStateJob.keys()) {
            int i = KryoGeometryStateJob.index(key);
            Values values = read.get(key);
            check.check(key + " point", values.point(), KryoGeometryStateJob.point(i));
            for (int line = 0; line < 2; line++) {
                check.check(
                        key + " lines[" + line + "]",
                        values.lines().get(line),
                        KryoGeometryStateJob.lines(i).get(line));
            }
            for (Map.Entry<String, Polygon> polygon : KryoGeometryStateJob.polygons(i).entrySet()) {
                check.check(
                        key + " polygons[" + polygon.getKey() + "]",
                        values.polygons().get(polygon.getKey()),
                        polygon.getValue());
            }
        }
        List<Point> recent = KryoGeometryStateJob.readRecent();
        assertThat(recent).as("operator state").hasSize(KryoGeometryStateJob.keys().size());
        for (int i = 0; i < recent.size(); i++) {
            check.check("recent[" + i + "]", recent.get(i), KryoGeometryStateJob.recent().get(i));
        }
    }

    private static void assertExact(String what, Geometry read, Geometry written) {
        assertThat(read.equalsExact(written)).as(what + ": " + read + " vs " + written).isTrue();
        assertThat(read.getSRID()).as(what + " SRID").isEqualTo(written.getSRID());
        Coordinate[] got = read.getCoordinates();
        Coordinate[] want = written.getCoordinates();
        for (int c = 0; c < want.length; c++) {
            assertThat(Double.doubleToLongBits(got[c].getZ()))
                    .as("%s Z of coordinate %d", what, c)
                    .isEqualTo(Double.doubleToLongBits(want[c].getZ()));
        }
    }

    private static String backend(String golden) {
        return golden.substring(0, golden.indexOf('-'));
    }

    private Path copyOfGolden(String golden) throws IOException, URISyntaxException {
        Path source =
                Paths.get(
                        Flink1KryoSavepointITCase.class
                                .getResource("/" + GOLDEN + "/" + golden)
                                .toURI());
        Path target = Files.createTempDirectory(temp, golden);
        try (Stream<Path> files = Files.list(source)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.copy(file, target.resolve(file.getFileName().toString()));
            }
        }
        return target;
    }

    /** Every file of the folder (and below) by relative path, with its SHA-256. */
    private static Map<String, String> digests(Path folder)
            throws IOException, NoSuchAlgorithmException {
        Map<String, String> digests = new TreeMap<>();
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                if (Files.isRegularFile(file)) {
                    digests.put(
                            folder.relativize(file).toString(),
                            HexFormat.of()
                                    .formatHex(
                                            MessageDigest.getInstance("SHA-256")
                                                    .digest(Files.readAllBytes(file))));
                }
            }
        }
        return digests;
    }
}
