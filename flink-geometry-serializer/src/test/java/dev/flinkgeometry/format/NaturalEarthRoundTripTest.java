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
package dev.flinkgeometry.format;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.format.aligned.AlignedFormat;
import dev.flinkgeometry.format.aligned.AlignedReader;
import dev.flinkgeometry.testing.DecodedSequences;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.NaturalEarth;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.MultiLineString;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Polygon;

/**
 * All 3,961 real geometries of the Natural Earth corpus round-trip exactly in both sequence kinds,
 * with and without an SRID, and every encoding has exactly the arithmetic size of an XY record: 8
 * header bytes + 16 per coordinate + 4 per structure int.
 */
class NaturalEarthRoundTripTest {
    static List<String> fileNames() {
        return NaturalEarth.fileNames();
    }

    @Test
    void theCorpusHasTheDocumentedContent() {
        long coordinates = 0;
        Map<String, Integer> types = new TreeMap<>();
        for (Map.Entry<String, Integer> file : NaturalEarth.EXPECTED_COUNTS.entrySet()) {
            List<Geometry> geometries = NaturalEarth.load(file.getKey());
            assertThat(geometries).as(file.getKey()).hasSize(file.getValue());
            for (Geometry g : geometries) {
                coordinates += g.getNumPoints();
                types.merge(g.getGeometryType(), 1, Integer::sum);
            }
        }
        assertThat(NaturalEarth.all()).hasSize(NaturalEarth.TOTAL).hasSize(3961);
        // From the corpus README.
        assertThat(coordinates).isEqualTo(216_827);
        assertThat(types)
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of(
                                "Point", 1249,
                                "LineString", 1706,
                                "MultiLineString", 183,
                                "Polygon", 675,
                                "MultiPolygon", 148));
    }

    @ParameterizedTest
    @MethodSource("fileNames")
    void everyGeometryRoundTripsExactly(String fileName, TestReporter reporter) throws Exception {
        List<Geometry> geometries = NaturalEarth.load(fileName);
        long coordinates = 0;
        long structureInts = 0;
        long encodedBytes = 0;
        for (Geometry original : geometries) {
            assertThat(AlignedFormat.layoutOf(original)).isEqualTo(CoordinateLayout.XY);
            for (int srid : new int[] {0, 4326}) {
                Geometry geometry = original.copy();
                geometry.setSRID(srid);
                byte[] bytes = AlignedFormat.encode(geometry);
                long ints = structureInts(geometry);
                assertThat((long) bytes.length)
                        .as("size of %s", geometry.getGeometryType())
                        .isEqualTo(8 + 16L * geometry.getNumPoints() + 4 * ints);
                for (CoordinateSequenceKind kind : CoordinateSequenceKind.values()) {
                    Geometry decoded = AlignedReader.of(kind).decode(bytes, 0, bytes.length);
                    ExactGeometry.assertExactlyEqual(decoded, geometry);
                    DecodedSequences.assertOfKind(decoded, kind);
                    assertThat(AlignedFormat.encode(decoded)).isEqualTo(bytes);
                }
                if (srid == 0) {
                    coordinates += geometry.getNumPoints();
                    structureInts += ints;
                    encodedBytes += bytes.length;
                }
            }
        }
        assertThat(encodedBytes)
                .isEqualTo(8L * geometries.size() + 16 * coordinates + 4 * structureInts);
        report(
                reporter,
                fileName,
                String.format(
                        "%d geometries, %d coordinates, %d structure ints: %d encoded bytes"
                                + " (%.2f per coordinate)",
                        geometries.size(),
                        coordinates,
                        structureInts,
                        encodedBytes,
                        (double) encodedBytes / coordinates));
    }

    @Test
    void totalEncodedSize(TestReporter reporter) throws Exception {
        long total = 0;
        long expected = 0;
        for (Geometry geometry : NaturalEarth.all()) {
            total += AlignedFormat.encode(geometry).length;
            expected += 8 + 16L * geometry.getNumPoints() + 4 * structureInts(geometry);
        }
        assertThat(total).isEqualTo(expected);
        // 3,961 headers and 216,827 XY coordinates at least.
        assertThat(total).isGreaterThan(8L * 3961 + 16L * 216_827);
        reporter.publishEntry(
                "natural-earth total", total + " bytes for 3961 geometries and 216827 coordinates");
    }

    private static void report(TestReporter reporter, String key, String value) {
        reporter.publishEntry(key, value);
        System.out.println(key + ": " + value);
    }

    /**
     * Structure ints of an XY geometry without empty parts, counted from JTS: a polygon has its
     * ring count and one size per ring; a MultiLineString its line count and one size per line; a
     * MultiPolygon its polygon count and each polygon's ints.
     */
    private static long structureInts(Geometry g) {
        if (g instanceof Polygon) {
            return 1 + 1 + ((Polygon) g).getNumInteriorRing();
        } else if (g instanceof MultiLineString) {
            return 1 + g.getNumGeometries();
        } else if (g instanceof MultiPolygon) {
            long ints = 1;
            for (int i = 0; i < g.getNumGeometries(); i++) {
                ints += structureInts(g.getGeometryN(i));
            }
            return ints;
        }
        return 0;
    }
}
