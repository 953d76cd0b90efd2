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

import static dev.flinkgeometry.testing.Wkt.read;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.testing.Wkt;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.runtime.state.KeyGroupRangeAssignment;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.CoordinateXYZM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.io.WKTWriter;

/**
 * Flink puts a keyed record into a key group computed from its key's {@code hashCode()}; for a JTS
 * geometry, a hash of its envelope (X/Y only). State restored after a JTS upgrade that changed
 * {@code Geometry.hashCode()} would sit in key groups where the new job never looks for it, so the
 * key groups of a fixed set of geometry keys, at max parallelism 128 (Flink's default minimum) and
 * 32768 (its maximum), are pinned in {@code golden/geometry-key-groups.tsv}. If this test fails
 * after a JTS upgrade, see "When the key groups change" in {@code docs/MIGRATION.md}; never just
 * regenerate the file (the new lines are written to {@code target/geometry-key-groups.actual.tsv}).
 */
class GeometryKeyGroupsGoldenTest {

    private static final String GOLDEN = "/golden/geometry-key-groups.tsv";
    private static final int[] MAX_PARALLELISMS = {128, 32768};

    @Test
    void keyGroupsOfGeometryKeysAreTheGoldenOnes() throws IOException {
        List<String> actual = new ArrayList<>();
        for (Geometry key : keys()) {
            StringBuilder line = new StringBuilder(describe(key));
            for (int maxParallelism : MAX_PARALLELISMS) {
                line.append('\t')
                        .append(KeyGroupRangeAssignment.assignToKeyGroup(key, maxParallelism));
            }
            actual.add(line.toString());
        }
        Path written = Path.of("target", "geometry-key-groups.actual.tsv");
        Files.createDirectories(written.getParent());
        Files.write(written, actual, StandardCharsets.UTF_8);

        assertThat(actual).containsExactlyElementsOf(golden());
    }

    private static List<String> golden() throws IOException {
        try (InputStream in = GeometryKeyGroupsGoldenTest.class.getResourceAsStream(GOLDEN)) {
            assertThat(in).as(GOLDEN).isNotNull();
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return Arrays.stream(text.split("\n")).filter(l -> !l.startsWith("#")).toList();
        }
    }

    /** WKT with Z and M, then the SRID: keys differing only in Z, M or SRID share a key group. */
    private static String describe(Geometry key) {
        WKTWriter writer = new WKTWriter(4);
        writer.setOutputOrdinates(org.locationtech.jts.io.Ordinate.createXYZM());
        return writer.write(key) + "\tSRID=" + key.getSRID();
    }

    /**
     * Points and polygons in every coordinate layout, lines, collections, with and without SRID.
     */
    static List<Geometry> keys() {
        GeometryFactory factory = new GeometryFactory();
        List<Geometry> keys = new ArrayList<>();
        keys.add(read("POINT (0 0)"));
        keys.add(read("POINT (13.404954 52.520008)"));
        keys.add(read("POINT (-73.935242 40.73061)"));
        keys.add(read("POINT (151.2093 -33.8688)"));
        keys.add(read("POINT (-0.0 0.0)"));
        keys.add(read("POINT (1e10 -1e-10)"));
        keys.add(factory.createPoint(new Coordinate(2, 3, 4)));
        keys.add(factory.createPoint(new CoordinateXYM(2, 3, 5)));
        keys.add(factory.createPoint(new CoordinateXYZM(2, 3, 4, 5)));
        keys.add(Wkt.withSrid(read("POINT (2 3)"), 4326));
        keys.add(Wkt.withSrid(read("POINT (2 3)"), 3857));
        keys.add(read("POINT EMPTY"));
        keys.add(read("LINESTRING (0 0, 1 1, 2 0)"));
        keys.add(read("LINESTRING Z (0 0 1, 1 1 2)"));
        keys.add(read("POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))"));
        keys.add(read("POLYGON Z ((0 0 1, 10 0 2, 10 10 3, 0 10 4, 0 0 1))"));
        keys.add(read("POLYGON M ((0 0 1, 10 0 2, 10 10 3, 0 10 4, 0 0 1))"));
        keys.add(read("POLYGON ZM ((0 0 1 9, 10 0 2 9, 10 10 3 9, 0 10 4 9, 0 0 1 9))"));
        keys.add(
                Wkt.withSrid(
                        read(
                                "POLYGON ((-10 -10, 10 -10, 10 10, -10 10, -10 -10),"
                                        + " (-1 -1, -1 1, 1 1, 1 -1, -1 -1))"),
                        4326));
        keys.add(read("POLYGON ((5.9 45.8, 10.5 45.8, 10.5 47.8, 5.9 47.8, 5.9 45.8))"));
        keys.add(read("POLYGON EMPTY"));
        keys.add(read("MULTIPOINT ((1 1), (2 2))"));
        keys.add(read("MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))"));
        keys.add(
                Wkt.withSrid(
                        read("GEOMETRYCOLLECTION (POINT (1 2), LINESTRING (3 4, 5 6))"), 4326));
        return keys;
    }
}
