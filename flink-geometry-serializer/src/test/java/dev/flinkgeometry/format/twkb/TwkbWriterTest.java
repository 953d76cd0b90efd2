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
package dev.flinkgeometry.format.twkb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.testing.Hex;
import dev.flinkgeometry.testing.Wkt;
import org.junit.jupiter.api.Test;

/**
 * TWKB bytes worked out by hand from the specification (type and precision byte, metadata byte,
 * optional extended-dimensions byte, varint counts, zigzag varint deltas). PostGIS's own bytes are
 * checked in {@code PostgisTwkbVectorsTest}.
 */
class TwkbWriterTest {
    private final TwkbWriter writer = new TwkbWriter();

    private String twkb(String wkt, int xy, int z, int m) throws GeometryFormatException {
        return Hex.format(writer.write(Wkt.read(wkt), xy, z, m));
    }

    @Test
    void aPointAtPrecisionZero() throws Exception {
        // 01: point, precision 0; 00: no flags; x 1 -> zigzag 2; y 2 -> 4
        assertThat(twkb("POINT (1 2)", 0, 0, 0)).isEqualToIgnoringCase("01000204");
    }

    @Test
    void aPointWithNegativeOrdinatesAtPrecisionTwo() throws Exception {
        // 41: zigzag(2) = 4 in the high nibble; x -1.5 -> q -150 -> zigzag 299 = ab 02;
        // y 0.25 -> 25 -> 50 = 32
        assertThat(twkb("POINT (-1.5 0.25)", 2, 0, 0)).isEqualToIgnoringCase("4100ab0232");
    }

    @Test
    void aLineStringIsACountAndDeltas() throws Exception {
        // 02 00, 3 points; (0 0) -> 00 00; (1 1) -> +1 +1 = 02 02; (3 0) -> +2 -1 = 04 01
        assertThat(twkb("LINESTRING (0 0, 1 1, 3 0)", 0, 0, 0))
                .isEqualToIgnoringCase("020003000002020401");
    }

    @Test
    void zAndMTakeTheExtendedDimensionsByte() throws Exception {
        // 01, 08 (extended), 01 | 1 << 2 = 05 (Z, Z precision 1); 02 04; z 3.5 -> 35 -> 70 = 46
        assertThat(twkb("POINT Z (1 2 3.5)", 0, 1, 0)).isEqualToIgnoringCase("0108050204" + "46");
        // M only: 02 | 3 << 5 = 62 (M precision 3; the Z precision field holds the given 2: 0x6a)
        assertThat(twkb("POINT M (1 2 0.001)", 0, 2, 3)).isEqualToIgnoringCase("01086a020402");
        // ZM: 03 | 0 | 0 -> 03; z 3 -> 06, m 4 -> 08
        assertThat(twkb("POINT ZM (1 2 3 4)", 0, 0, 0))
                .isEqualToIgnoringCase("010803020406" + "08");
    }

    @Test
    void emptiesAreAHeaderWithTheEmptyFlag() throws Exception {
        assertThat(twkb("POINT EMPTY", 0, 0, 0)).isEqualToIgnoringCase("0110");
        assertThat(twkb("LINESTRING EMPTY", 3, 0, 0)).isEqualToIgnoringCase("6210");
        assertThat(twkb("POLYGON EMPTY", 0, 0, 0)).isEqualToIgnoringCase("0310");
        assertThat(twkb("MULTIPOLYGON EMPTY", 0, 0, 0)).isEqualToIgnoringCase("0610");
        assertThat(twkb("GEOMETRYCOLLECTION EMPTY", 0, 0, 0)).isEqualToIgnoringCase("0710");
    }

    @Test
    void aPolygonCountsRingsThenPointsAndDeltasRunOnAcrossRings() throws Exception {
        // 03 00, 2 rings; 4 points (0 0) 00 00, (2 0) 04 00, (2 2) 00 04, (0 0) -2 -2 = 03 03;
        // 4 points from (0 0) on: (1 1) 02 02, (1 2) 00 02, (2 2) 02 00, (1 1) 01 01
        assertThat(twkb("POLYGON ((0 0, 2 0, 2 2, 0 0), (1 1, 1 2, 2 2, 1 1))", 0, 0, 0))
                .isEqualToIgnoringCase(
                        "0300" + "02" + "04" + "0000" + "0400" + "0004" + "0303" + "04" + "0202"
                                + "0002" + "0200" + "0101");
    }

    @Test
    void multiPointMembersContinueTheDeltasAndCollectionMembersRestartThem() throws Exception {
        // 04 00, 2 points, (1 1) 02 02, (2 3) +1 +2 = 02 04
        assertThat(twkb("MULTIPOINT ((1 1), (2 3))", 0, 0, 0))
                .isEqualToIgnoringCase("0400020202" + "0204");
        // 07 00, 2 members; POINT (1 1): 01 00 02 02; POINT (2 3): 01 00 04 06
        assertThat(twkb("GEOMETRYCOLLECTION (POINT (1 1), POINT (2 3))", 0, 0, 0))
                .isEqualToIgnoringCase("070002" + "01000202" + "01000406");
    }

    @Test
    void whatTwkbCannotCarryIsRefused() {
        assertThatThrownBy(() -> writer.write(Wkt.read("POINT (NaN 1)"), 0, 0, 0))
                .isInstanceOf(GeometryFormatException.class)
                .hasMessageContaining("X or Y");
        assertThatThrownBy(() -> writer.write(Wkt.read("POINT Z (1 1 1e300)"), 0, 7, 0))
                .isInstanceOf(GeometryFormatException.class)
                .hasMessageContaining("Z");
        assertThatThrownBy(() -> writer.write(Wkt.read("MULTIPOINT ((1 1), EMPTY)"), 0, 0, 0))
                .isInstanceOf(GeometryFormatException.class)
                .hasMessageContaining("empty member of a MultiPoint");
        assertThatThrownBy(() -> writer.write(Wkt.read("POINT (1 1)"), 8, 0, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> writer.write(Wkt.read("POINT (1 1)"), 0, -1, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
