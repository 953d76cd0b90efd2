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
package dev.flinkgeometry.format.compact;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.Hex;
import dev.flinkgeometry.testing.Wkt;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;

/**
 * The worked examples of {@code docs/FORMAT.md}, section 9.5 (their varints worked out by hand,
 * independently of the encoder): each encodes to the documented bytes and decodes back.
 */
class CompactFormatExamplesTest {
    private static final CompactDecoder DECODER = CompactDecoder.of(CoordinateSequenceKind.ARRAY);

    private static void assertExample(CompactEncoder encoder, Geometry geometry, String hex)
            throws Exception {
        assertThat(Hex.format(encoder.encode(geometry)))
                .as("%s", geometry)
                .isEqualToIgnoringCase(hex.replace(" ", ""));
    }

    private static void assertLossless(Geometry geometry, String hex) throws Exception {
        assertExample(CompactEncoder.lossless(), geometry, hex);
        ExactGeometry.assertExactlyEqual(DECODER.decode(Hex.parse(hex.replace(" ", ""))), geometry);
    }

    @Test
    void theExamplesOfSection95() throws Exception {
        assertLossless(Wkt.read("POINT (2.352219 48.856614)"), "00 c1 00 b6 91 9f 02 cc f8 cb 2e");
        assertLossless(
                Wkt.read("POINT (2.352219 48.856614)", 4326),
                "01 e6 21 c1 00 b6 91 9f 02 cc f8 cb 2e");
        assertLossless(
                Wkt.read(
                        "LINESTRING (2.352219 48.856614, 2.352301 48.856702, 2.35241 48.85681)",
                        4326),
                "01 e6 21 c2 00 03 b6 91 9f 02 cc f8 cb 2e a4 01 b0 01 da 01 d8 01");
        assertLossless(Wkt.read("POINT ZM (1 2 3.5 0.25)"), "00 01 08 47 02 04 46 32");
        assertLossless(
                Wkt.read("POLYGON ((0 0, 2 0, 2 2, 0 0))"),
                "00 03 00 01 04 00 00 04 00 00 04 03 03");
        assertLossless(Wkt.read("POLYGON EMPTY"), "00 03 10");
        assertLossless(Wkt.read("MULTIPOINT ((1 1), (2 3))"), "00 04 00 02 02 02 02 04");
        assertLossless(
                Wkt.withSridOnEveryMember(
                        Wkt.read("GEOMETRYCOLLECTION (POINT (1 2), LINESTRING EMPTY)"), 3857),
                "01 91 1e 07 00 02 01 00 02 04 02 10");
        assertLossless(
                Wkt.read("POINT (3.141592653589793 1)"),
                "02 12 00 00 00 01 00 00 00 18 2d 44 54 fb 21 09 40 00 00 00 00 00 00 f0 3f");
        assertExample(
                CompactEncoder.withPrecision(7, 0, 0),
                Wkt.read("POINT (2.35221234 48.85661234)"),
                "00 e1 00 96 ad b7 16 d6 b5 f7 d1 03");
        ExactGeometry.assertExactlyEqual(
                DECODER.decode(Hex.parse("00e10096adb716d6b5f7d103")),
                Wkt.read("POINT (2.3522123 48.8566123)"));
    }
}
