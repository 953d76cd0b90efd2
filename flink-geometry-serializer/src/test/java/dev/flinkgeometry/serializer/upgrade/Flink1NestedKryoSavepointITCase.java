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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.serializer.GeometryTypes;
import dev.flinkgeometry.serializer.internal.savepoint.Flink1KryoStateGuard;
import dev.flinkgeometry.testing.KryoGeometryStateJob;
import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.NestedKryoStateJob;
import dev.flinkgeometry.testing.SavepointJobs;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;

/**
 * Geometries nested in Kryo-held types ({@link NestedKryoStateJob}'s golden Flink 1.20.3
 * savepoints) meet Flink 2.3 with the library: {@link GeometryTypes#registerWith} refuses the
 * restore naming every state, the type Kryo holds and the JTS classes inside, with or without the
 * job's classes, and leaves the files as they were; a savepoint it cannot read is refused too,
 * unless the documented option lets it through; the documented way out ends on Flink 2.3 with every
 * nested geometry bit for bit.
 */
class Flink1NestedKryoSavepointITCase {
    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    @TempDir Path temp;

    static List<String> migratedOnFlink1() {
        return NestedKryoStateJob.MIGRATED_ON_FLINK_1;
    }

    /**
     * The way out ({@code docs/UPGRADE.md}): on Flink 1.20.3 every nested state was copied into
     * states of the library's types and the old ones cleared; Flink 2.3 with the library restores
     * that savepoint and reads every nested geometry bit for bit.
     */
    @ParameterizedTest
    @MethodSource("migratedOnFlink1")
    void theWayOutEndsOnFlink2WithEveryNestedGeometryExact(String golden) throws Exception {
        Path savepoint = copyOf(NestedKryoStateJob.GOLDEN, golden);
        StreamExecutionEnvironment env =
                SavepointJobs.environment(
                        golden.substring(0, golden.indexOf('-')), savepoint.toUri().toString());
        GeometryTypes.registerWith(env);
        NestedKryoStateJob.build(env, NestedKryoStateJob.Stage.READ);
        SavepointJobs.cancel(NestedKryoStateJob.start(jobs, env, "read the way out's state"));

        Map<String, Object[]> read = NestedKryoStateJob.read();
        int geometries = 0;
        for (String key : NestedKryoStateJob.keys()) {
            int i = NestedKryoStateJob.index(key);
            Object[] values = read.get(key);
            assertThat(values).as(key).isNotNull();
            @SuppressWarnings("unchecked")
            Map<String, Point> places = (Map<String, Point>) values[0];
            assertThat(places).as(key + " places").hasSize(3);
            for (Map.Entry<String, Point> place : NestedKryoStateJob.places(i).entrySet()) {
                geometries +=
                        sameBits(
                                key + " " + place.getKey(),
                                places.get(place.getKey()),
                                place.getValue());
            }
            @SuppressWarnings("unchecked")
            Tuple2<Point, LineString> holder = (Tuple2<Point, LineString>) values[1];
            geometries +=
                    sameBits(
                            key + " holder point", holder.f0, NestedKryoStateJob.holder(i).point());
            geometries +=
                    sameBits(key + " holder line", holder.f1, NestedKryoStateJob.holder(i).line());
            @SuppressWarnings("unchecked")
            List<List<Point>> tracks = (List<List<Point>>) values[2];
            List<ArrayList<Point>> written = NestedKryoStateJob.tracks(i);
            assertThat(tracks).as(key + " tracks").hasSameSizeAs(written);
            for (int t = 0; t < written.size(); t++) {
                assertThat(tracks.get(t)).hasSameSizeAs(written.get(t));
                for (int j = 0; j < written.get(t).size(); j++) {
                    geometries +=
                            sameBits(key + " track", tracks.get(t).get(j), written.get(t).get(j));
                }
            }
            NestedKryoStateJob.Visit visit = (NestedKryoStateJob.Visit) values[3];
            NestedKryoStateJob.Visit wrote = NestedKryoStateJob.visit(i);
            assertThat(visit.name).isEqualTo(wrote.name);
            assertThat(visit.points).hasSameSizeAs(wrote.points);
            for (int j = 0; j < wrote.points.size(); j++) {
                geometries +=
                        sameBits(key + " visit point", visit.points.get(j), wrote.points.get(j));
            }
            geometries +=
                    sameBits(key + " visit extra", (Geometry) visit.extra, (Geometry) wrote.extra);
        }
        Object[] recent = read.get(NestedKryoStateJob.RECENT_TRACKS_STATE);
        assertThat(recent).hasSize(1);
        @SuppressWarnings("unchecked")
        List<Point> track = (List<Point>) recent[0];
        ArrayList<Point> wroteTrack = NestedKryoStateJob.recentTrack();
        assertThat(track).hasSameSizeAs(wroteTrack);
        for (int j = 0; j < wroteTrack.size(); j++) {
            geometries += sameBits("recent track", track.get(j), wroteTrack.get(j));
        }
        // per key 3 places, 2 holder geometries, 8 track points, 3 visit points; 8 recent points
        assertThat(geometries).isEqualTo(NestedKryoStateJob.keys().size() * 16 + 8);
    }

    /** Asserts that every ordinate (X, Y, Z, NaN included) has the bits written; returns 1. */
    private static int sameBits(String what, Geometry read, Geometry written) {
        assertThat(read).as(what).isNotNull();
        assertThat(read.getGeometryType()).as(what).isEqualTo(written.getGeometryType());
        assertThat(read.getSRID()).as(what + " SRID").isEqualTo(written.getSRID());
        Coordinate[] got = read.getCoordinates();
        Coordinate[] want = written.getCoordinates();
        assertThat(got).as(what).hasSameSizeAs(want);
        for (int c = 0; c < want.length; c++) {
            for (int o = 0; o < 3; o++) {
                assertThat(Double.doubleToRawLongBits(got[c].getOrdinate(o)))
                        .as(what + " coordinate " + c + " ordinate " + o)
                        .isEqualTo(Double.doubleToRawLongBits(want[c].getOrdinate(o)));
            }
        }
        return 1;
    }

    static List<String> goldenSavepoints() {
        return NestedKryoStateJob.GOLDEN_SAVEPOINTS;
    }

    private static final String POINT = "org.locationtech.jts.geom.Point";

    @ParameterizedTest
    @MethodSource("goldenSavepoints")
    void theLibraryRefusesTheRestoreNamingEveryNestedState(String golden) throws Exception {
        Path savepoint = copyOf(NestedKryoStateJob.GOLDEN, golden);
        Map<String, String> before = digests(savepoint);
        StreamExecutionEnvironment env = environment(savepoint, false);

        assertThatThrownBy(() -> GeometryTypes.registerWith(env))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("was written by Flink 1.x (savepoint metadata version 4)")
                .hasMessageContaining("value state 'places', value (Kryo for java.util.HashMap")
                .hasMessageContaining(
                        "value state 'holder', value (Kryo for "
                                + NestedKryoStateJob.Holder.class.getName())
                .hasMessageContaining(
                        "list state 'tracks', list element (Kryo for java.util.ArrayList")
                .hasMessageContaining(
                        "value state 'visit', inside the value (PojoSerializerSnapshot) (Kryo for"
                                + " java.util.List")
                .hasMessageContaining(
                        "value state 'visit', inside the value (PojoSerializerSnapshot) (Kryo for"
                                + " java.lang.Object")
                .hasMessageContaining(
                        "the key of its keyed state (Kryo for "
                                + NestedKryoStateJob.PlaceKey.class.getName())
                .hasMessageContaining(
                        "operator list state 'recent-tracks', element (Kryo for java.util.ArrayList")
                .hasMessageContaining("org.locationtech.jts.geom.LineString")
                .hasMessageContaining("holds JTS classes [")
                .hasMessageContaining(POINT)
                .hasMessageContaining("docs/UPGRADE.md");
        assertThat(digests(savepoint)).as("the savepoint's files").isEqualTo(before);
    }

    @ParameterizedTest
    @MethodSource("goldenSavepoints")
    void withoutTheJobsClassesTheRefusalStillFindsTheGeometries(String golden) throws Exception {
        Path savepoint = copyOf(NestedKryoStateJob.GOLDEN, golden);
        ClassLoader withoutJob = new Hiding(NestedKryoStateJob.class.getName());

        assertThatThrownBy(() -> Flink1KryoStateGuard.check(config(savepoint, false), withoutJob))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("holds geometry state that Flink 1.x's Kryo 2.24 wrote")
                .hasMessageContaining(
                        "keyed state (states unknown, meta info unreadable; JTS classes [")
                .hasMessageContaining(
                        "operator list state 'recent-tracks', element (Kryo for java.util.ArrayList");
    }

    @Test
    void aSavepointThatCannotBeReadIsRefusedNamingWhatAndTheOption() {
        Path missing = temp.resolve("no-such-savepoint");
        assertThatThrownBy(() -> GeometryTypes.registerWith(environment(missing, false)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("Cannot check the savepoint " + missing.toUri())
                .hasMessageContaining("Could not read:\n  - the savepoint's metadata:")
                .hasMessageContaining("flink-geometry.upgrade.restore-unchecked: true")
                .hasMessageContaining("docs/UPGRADE.md");
        // The guard alone: registerWith would leave Geometry registered in this JVM.
        assertThatCode(
                        () ->
                                Flink1KryoStateGuard.check(
                                        config(missing, true), getClass().getClassLoader()))
                .doesNotThrowAnyException();
    }

    @Test
    void aHandleWhoseMetaInfoCannotBeReadIsRefusedUnlessTheOptionIsSet() throws Exception {
        // State that the library's serializer wrote: no JTS class names in its data.
        Path savepoint = copyOf(KryoGeometryStateJob.GOLDEN, "hashmap-migrated-on-1.20");
        ClassLoader withoutSnapshot =
                new Hiding("dev.flinkgeometry.serializer.GeometrySerializerSnapshot");

        assertThatThrownBy(
                        () -> Flink1KryoStateGuard.check(config(savepoint, false), withoutSnapshot))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("Cannot check the savepoint")
                .hasMessageContaining(": keyed state meta info (")
                .hasMessageContaining("flink-geometry.upgrade.restore-unchecked: true");
        assertThatCode(() -> Flink1KryoStateGuard.check(config(savepoint, true), withoutSnapshot))
                .doesNotThrowAnyException();
    }

    private static Configuration config(Path savepoint, boolean unchecked) {
        Configuration config = new Configuration();
        config.set(StateRecoveryOptions.SAVEPOINT_PATH, savepoint.toUri().toString());
        config.set(Flink1KryoStateGuard.UNCHECKED_RESTORE, unchecked);
        return config;
    }

    private static StreamExecutionEnvironment environment(Path savepoint, boolean unchecked) {
        return StreamExecutionEnvironment.getExecutionEnvironment(config(savepoint, unchecked));
    }

    /** This JVM's classes but those whose names start with a prefix: a job's jar left out. */
    private static final class Hiding extends ClassLoader {
        private final String hidden;

        Hiding(String hidden) {
            super(Flink1NestedKryoSavepointITCase.class.getClassLoader());
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

    private Path copyOf(String folder, String golden) throws IOException, URISyntaxException {
        Path source =
                Paths.get(
                        Flink1NestedKryoSavepointITCase.class
                                .getResource("/" + folder + "/" + golden)
                                .toURI());
        Path target = Files.createTempDirectory(temp, golden);
        try (Stream<Path> files = Files.list(source)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.copy(file, target.resolve(file.getFileName().toString()));
            }
        }
        return target;
    }

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
