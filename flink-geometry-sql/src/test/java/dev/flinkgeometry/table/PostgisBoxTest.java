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

import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.io.WKTReader;

/**
 * The early box reject of a point against a zone uses PostGIS's box, rounded outward to floats: a
 * point outside the zone's exact envelope but inside that box still gets the full test.
 */
class PostgisBoxTest {
    // 0.1 is no float: PostGIS's box of this square starts at the float below, 0.099999994039535...
    private static final String ZONE = "POLYGON ((0.1 0.1, 1 0.1, 1 1, 0.1 1, 0.1 0.1))";

    @Test
    void aPointBetweenTheExactEnvelopeAndPostgisBoxIsNotLeftOut() throws Exception {
        assertThat(PostgisBox.leavesOut(read(ZONE), read("POINT (0.09999999999 0.5)"))).isFalse();
        assertThat(PostgisBox.leavesOut(read(ZONE), read("POINT (0.5 0.09999999999)"))).isFalse();
    }

    @Test
    void aPointOutsidePostgisBoxIsLeftOut() throws Exception {
        assertThat(PostgisBox.leavesOut(read(ZONE), read("POINT (0.0999999 0.5)"))).isTrue();
        assertThat(PostgisBox.leavesOut(read(ZONE), read("POINT (0.5 1.0000001)"))).isTrue();
        assertThat(PostgisBox.leavesOut(read("POLYGON EMPTY"), read("POINT (0.5 0.5)"))).isTrue();
    }

    @Test
    void onlyAPointOfTheZonesSridAgainstAPolygonIsDecidedEarly() throws Exception {
        Geometry far = read("POINT (5 5)");
        assertThat(PostgisBox.leavesOut(read(ZONE), far)).isTrue();
        assertThat(PostgisBox.leavesOut(far, read(ZONE))).isFalse();
        assertThat(PostgisBox.leavesOut(read(ZONE), read("MULTIPOINT ((5 5))"))).isFalse();
        assertThat(PostgisBox.leavesOut(read(ZONE), read("POINT EMPTY"))).isFalse();
        Geometry otherSrid = read("POINT (5 5)");
        otherSrid.setSRID(4326);
        assertThat(PostgisBox.leavesOut(read(ZONE), otherSrid)).isFalse();
    }

    private static Geometry read(String wkt) throws Exception {
        return new WKTReader().read(wkt);
    }
}
