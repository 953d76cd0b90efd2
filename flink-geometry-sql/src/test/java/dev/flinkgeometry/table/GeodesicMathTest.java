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
package dev.flinkgeometry.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.flinkgeometry.table.SphericalEdges.LonLat;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKTReader;

/** The geodetic arithmetic on cases whose answers are known in closed form or from PostGIS. */
class GeodesicMathTest {
    private static final WKTReader WKT = new WKTReader();

    @Test
    void sphereDistancesOfKnownAngles() {
        assertThat(SphericalEdges.sphereDistance(LonLat.ofDegrees(0, 0), LonLat.ofDegrees(90, 0)))
                .isCloseTo(Math.PI / 2, within(1e-15));
        assertThat(SphericalEdges.sphereDistance(LonLat.ofDegrees(0, 0), LonLat.ofDegrees(180, 0)))
                .isCloseTo(Math.PI, within(1e-15));
        // two longitudes of the pole: cos(90 degrees) is 6e-17, not 0, in doubles
        assertThat(
                        SphericalEdges.sphereDistance(
                                LonLat.ofDegrees(10, 90), LonLat.ofDegrees(80, 90)))
                .isCloseTo(0.0, within(1e-15));
        // across the antimeridian the short way
        assertThat(
                        SphericalEdges.sphereDistance(
                                LonLat.ofDegrees(179.5, 0), LonLat.ofDegrees(-179.5, 0)))
                .isCloseTo(Math.PI / 180, within(1e-15));
    }

    @Test
    void theNearestPointOfAnEdgeIsTheFootOfThePerpendicular() {
        LonLat closest = new LonLat();
        double d =
                SphericalEdges.edgeDistanceToPoint(
                        LonLat.ofDegrees(0, 0),
                        LonLat.ofDegrees(10, 0),
                        LonLat.ofDegrees(5, 1),
                        closest);
        assertThat(d).isCloseTo(Math.PI / 180, within(1e-15));
        assertThat(closest.lon).isCloseTo(Math.toRadians(5), within(1e-15));
        assertThat(closest.lat).isCloseTo(0.0, within(1e-15));
        // beyond the end, the end is nearest
        d =
                SphericalEdges.edgeDistanceToPoint(
                        LonLat.ofDegrees(0, 0),
                        LonLat.ofDegrees(10, 0),
                        LonLat.ofDegrees(12, 0),
                        closest);
        assertThat(d).isCloseTo(Math.toRadians(2), within(1e-15));
        assertThat(closest.lon).isEqualTo(Math.toRadians(10));
    }

    @Test
    void anOctantHasAnEighthOfTheSphereAndOfWgs84() throws ParseException {
        Geometry octant = WKT.read("POLYGON ((0 0, 90 0, 0 90, 0 0))");
        Spheroid sphere = Spheroid.WGS84.sphere();
        assertThat(GeodeticMeasures.area(octant, sphere))
                .isCloseTo(4 * Math.PI * sphere.radius * sphere.radius / 8, within(0.1));
        // ST_Area('POLYGON((0 0,90 0,0 90,0 0))'::geography, true) in PostGIS 3.3
        assertThat(GeodeticMeasures.area(octant, Spheroid.WGS84))
                .isCloseTo(63758202715511.07, within(0.1));
        assertThat(sphere.radius).isEqualTo(6371008.771415059);
    }

    @Test
    void containmentOnTheSphereKnowsHolesAndThePole() throws ParseException {
        Polygon holed =
                (Polygon)
                        WKT.read(
                                "POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (3 3, 7 3, 7 7, 3 7, 3 3))");
        GeodeticBox box = GeodeticBox.of(holed);
        assertThat(GeodeticDistance.covers(holed, box, 1, 5)).isTrue();
        assertThat(GeodeticDistance.covers(holed, box, 5, 5)).isFalse();
        assertThat(GeodeticDistance.covers(holed, box, 11, 5)).isFalse();
        Polygon cap = (Polygon) WKT.read("POLYGON ((0 80, 90 80, 180 80, -90 80, 0 80))");
        assertThat(GeodeticDistance.covers(cap, GeodeticBox.of(cap), 33, 89)).isTrue();
        assertThat(GeodeticDistance.covers(cap, GeodeticBox.of(cap), 33, 70)).isFalse();
    }

    @Test
    void spheroidTextIsReadAsPostgisReadsIt() {
        Spheroid wgs84 = Spheroid.parse("f", "SPHEROID[\"WGS 84\",6378137,298.257223563]");
        assertThat(new double[] {wgs84.a, wgs84.b, wgs84.f, wgs84.radius})
                .containsExactly(
                        Spheroid.WGS84.a,
                        Spheroid.WGS84.b,
                        Spheroid.WGS84.f,
                        Spheroid.WGS84.radius);
        assertThat(Spheroid.parse("f", "SPHEROID(\"GRS_1980\",6378137,298.257222101)").b)
                .isEqualTo(6378137 - (1.0 / 298.257222101) * 6378137);
        assertThatThrownBy(() -> Spheroid.parse("ST_DistanceSpheroid", "ELLIPSOID[1,2]"))
                .hasMessage(
                        "ST_DistanceSpheroid: SPHEROID parser - doesn't start with SPHEROID:"
                                + " ELLIPSOID[1,2]");
        assertThatThrownBy(() -> Spheroid.parse("ST_DistanceSpheroid", "SPHEROID[\"x\",a,b]"))
                .hasMessageStartingWith(
                        "ST_DistanceSpheroid: SPHEROID parser - couldnt parse the spheroid");
        // ST_DistanceSphere(g1, g2, r): PostGIS initializes the spheroid again from a = b = r
        assertThat(Spheroid.sphereOfRadius(6371000.1).radius)
                .isEqualTo((2.0 * 6371000.1 + 6371000.1) / 3.0);
    }

    @Test
    void geographyRoundsHalvesAwayFromZeroAsC() {
        assertThat(Geography.roundHalfAwayFromZero(2.5)).isEqualTo(3.0);
        assertThat(Geography.roundHalfAwayFromZero(-2.5)).isEqualTo(-3.0);
        assertThat(Geography.roundHalfAwayFromZero(0.49999999999999994)).isEqualTo(0.0);
        assertThat(Geography.roundHalfAwayFromZero(1e17 + 16)).isEqualTo(1e17 + 16);
    }

    @Test
    void lonLatCoordinatesAreBroughtIntoRangeAsPostgisCastsThem() throws ParseException {
        Geometry out = WKT.read("POINT (190 95)");
        out.setSRID(4326);
        assertThat(LonLatGeometry.asGeography("f", out).toText()).isEqualTo("POINT (-170 85)");
        Geometry nudged = WKT.read("POINT (180.00000000001 -90.00000000001)");
        assertThat(LonLatGeometry.asGeography("f", nudged).toText()).isEqualTo("POINT (180 -90)");
        Geometry inRange = WKT.read("POINT (10 20)");
        assertThat(LonLatGeometry.asGeography("f", inRange)).isSameAs(inRange);
        Geometry projected = WKT.read("POINT (1489199 6894026)");
        projected.setSRID(3857);
        assertThatThrownBy(() -> LonLatGeometry.asGeography("ST_Length", projected))
                .hasMessageStartingWith(
                        "ST_Length: meters on the sphere or spheroid need lon/lat degrees on WGS"
                                + " 84, SRID 4326 (or 0, taken as 4326), not SRID 3857");
    }
}
