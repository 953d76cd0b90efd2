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

import static dev.flinkgeometry.testing.SerializerBytes.serialize;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.testing.NaturalEarth;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;

/**
 * The record sizes that the README's "Compact state" quotes, measured on whole Flink records
 * (length prefix included), compact against aligned, with the targets as assertions. Run
 * alone to see the figures: {@code mvn -pl flink-geometry-serializer test -Dtest=CompactSizesTest}.
 */
class CompactSizesTest {
    private static final GeometryFactory FACTORY = new GeometryFactory();

    private static final TypeSerializer<Geometry> ALIGNED = GeometrySerializer.of(Geometry.class);
    private static final TypeSerializer<Geometry> LOSSLESS =
            GeometrySerializer.of(Geometry.class, GeometryEncoding.compact());
    private static final TypeSerializer<Geometry> SEVEN =
            GeometrySerializer.of(Geometry.class, GeometryEncoding.compact(7, 7, 7));
    private static final TypeSerializer<Geometry> GPS =
            GeometrySerializer.of(
                    Geometry.class, GeometryEncoding.compact().withDeclaredSrid(4326));

    /** A 6-decimal ordinate as a JSON feed delivers it: text parsed with Double.parseDouble. */
    private static double sixDecimals(Random random, double min, double max) {
        double v = min + random.nextDouble() * (max - min);
        return Double.parseDouble(String.format(Locale.ROOT, "%.6f", v));
    }

    static List<Geometry> gpsPoints() {
        Random random = new Random(42);
        List<Geometry> points = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            points.add(
                    FACTORY.createPoint(
                            new Coordinate(
                                    sixDecimals(random, -180, 180), sixDecimals(random, -90, 90))));
        }
        return points;
    }

    static List<Geometry> gpsTracks() {
        Random random = new Random(7);
        List<Geometry> tracks = new ArrayList<>();
        for (int t = 0; t < 1_000; t++) {
            double lon = sixDecimals(random, -180, 180);
            double lat = sixDecimals(random, -80, 80);
            Coordinate[] points = new Coordinate[17];
            for (int i = 0; i < points.length; i++) {
                // about 10 to 50 m between fixes, as a vehicle's feed
                lon =
                        Double.parseDouble(
                                String.format(
                                        Locale.ROOT,
                                        "%.6f",
                                        lon + (random.nextInt(801) - 400) / 1e6));
                lat =
                        Double.parseDouble(
                                String.format(
                                        Locale.ROOT,
                                        "%.6f",
                                        lat + (random.nextInt(801) - 400) / 1e6));
                points[i] = new Coordinate(lon, lat);
            }
            tracks.add(FACTORY.createLineString(points));
        }
        return tracks;
    }

    private static long bytes(TypeSerializer<Geometry> serializer, List<Geometry> geometries)
            throws IOException {
        long total = 0;
        for (Geometry geometry : geometries) {
            total += serialize(serializer, geometry).length;
        }
        return total;
    }

    private static void report(String what, List<Geometry> geometries) throws IOException {
        long aligned = bytes(ALIGNED, geometries);
        long lossless = bytes(LOSSLESS, geometries);
        long seven = bytes(SEVEN, geometries);
        System.out.printf(
                Locale.ROOT,
                "%-34s %7d records: aligned %9.1f B/record, compact lossless %9.1f (%.2fx smaller),"
                        + " 7 digits %9.1f (%.2fx smaller)%n",
                what,
                geometries.size(),
                aligned / (double) geometries.size(),
                lossless / (double) geometries.size(),
                aligned / (double) lossless,
                seven / (double) geometries.size(),
                aligned / (double) seven);
    }

    @Test
    void gpsFeedPointsTakeAtMostThirteenBytes() throws IOException {
        List<Geometry> points = gpsPoints();
        report("GPS feed point, 6 decimals", points);
        for (Geometry point : points) {
            assertThat(serialize(LOSSLESS, point).length).as("%s", point).isLessThanOrEqualTo(13);
            assertThat(serialize(ALIGNED, point)).hasSize(25);
        }
    }

    @Test
    void gpsFeedTracksAreThreeTimesSmaller() throws IOException {
        List<Geometry> tracks = gpsTracks();
        report("GPS feed track, 17 points", tracks);
        assertThat(bytes(ALIGNED, tracks)).isGreaterThanOrEqualTo(3 * bytes(LOSSLESS, tracks));
    }

    /** The same geometries with SRID 4326, as a GPS feed's. */
    private static List<Geometry> wgs84(List<Geometry> geometries) {
        for (Geometry geometry : geometries) {
            geometry.setSRID(4326);
        }
        return geometries;
    }

    private static void reportDeclared(String what, List<Geometry> geometries) throws IOException {
        long aligned = bytes(ALIGNED, geometries);
        long lossless = bytes(LOSSLESS, geometries);
        long declared = bytes(GPS, geometries);
        System.out.printf(
                Locale.ROOT,
                "%-34s %7d records: aligned %9.1f B/record, compact lossless %9.1f (%.2fx smaller),"
                        + " declared SRID 4326 %9.1f (%.2fx smaller)%n",
                what,
                geometries.size(),
                aligned / (double) geometries.size(),
                lossless / (double) geometries.size(),
                aligned / (double) lossless,
                declared / (double) geometries.size(),
                aligned / (double) declared);
    }

    @Test
    void gpsFeedPointsOfTheDeclaredSridTakeAtMostTwelveBytes() throws IOException {
        List<Geometry> points = wgs84(gpsPoints());
        reportDeclared("GPS feed point, 6 decimals, 4326", points);
        for (Geometry point : points) {
            assertThat(serialize(GPS, point).length).as("%s", point).isLessThanOrEqualTo(12);
            assertThat(serialize(ALIGNED, point)).hasSize(25);
        }
        // Without the declared SRID, the SRID takes its varint and the kind byte.
        assertThat(bytes(LOSSLESS, points) - bytes(GPS, points)).isEqualTo(3L * points.size());
    }

    @Test
    void gpsFeedTracksOfTheDeclaredSridAreThreeAndAHalfTimesSmaller() throws IOException {
        List<Geometry> tracks = wgs84(gpsTracks());
        reportDeclared("GPS feed track, 17 points, 4326", tracks);
        assertThat(bytes(ALIGNED, tracks) * 2).isGreaterThanOrEqualTo(7 * bytes(GPS, tracks));
    }

    @Test
    void naturalEarthAtSevenDigitsIsMoreThanTwoPointThreeTimesSmaller() throws IOException {
        List<Geometry> all = NaturalEarth.all();
        report("Natural Earth (3,961 geometries)", all);
        assertThat(bytes(ALIGNED, all) * 10).isGreaterThanOrEqualTo(23 * bytes(SEVEN, all));
    }

    @Test
    void losslessIsNeverMoreThanTwoBytesLargerThanAligned() throws IOException {
        List<Geometry> all = new ArrayList<>(NaturalEarth.all());
        all.addAll(CompactGeometryMixSerializerTest.data());
        for (Geometry geometry : all) {
            assertThat(serialize(LOSSLESS, geometry).length)
                    .as("%s", geometry)
                    .isLessThanOrEqualTo(serialize(ALIGNED, geometry).length + 2);
        }
    }
}
