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
package dev.flinkgeometry.format.wkb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.testing.Wkt;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The ISO WKB that the SQL functions write (type code plus 1000/2000/3000, no SRID), and the
 * details of the reader's errors: offsets relative to the WKB's first byte, sizes in messages, and
 * the region check.
 */
class WkbIsoAndErrorDetailTest {
    private static final HexFormat HEX = HexFormat.of().withUpperCase();

    @ParameterizedTest
    @CsvSource({
        "'POINT (1 2)', 0101000000000000000000F03F0000000000000040",
        "'POINT Z (1 2 3)', 01E9030000000000000000F03F00000000000000400000000000000840",
        "'POINT M (1 2 4)', 01D1070000000000000000F03F00000000000000400000000000001040",
        "'POINT ZM (1 2 3 4)',"
                + " 01B90B0000000000000000F03F000000000000004000000000000008400000000000001040",
        "'MULTIPOINT Z ((1 2 3))',"
                + " 01EC0300000100000001E9030000000000000000F03F00000000000000400000000000000840",
    })
    void isoWkbHasTheDimensionInTheTypeCodeAndNoSrid(String wkt, String hex) throws Exception {
        byte[] iso = new WkbWriter(true).write(Wkt.read(wkt, 4326));

        assertThat(HEX.formatHex(iso)).isEqualTo(hex);
        assertThat(new WkbReader().read(iso, 0, iso.length).getSRID()).isZero();
    }

    @Test
    void errorOffsetsCountFromTheFirstByteOfTheWkbNotOfTheArray() {
        byte[] padded = new byte[7 + 5];
        padded[7] = 2; // no such byte order

        assertThatThrownBy(() -> new WkbReader().read(padded, 7, 5))
                .isInstanceOf(WkbFormatException.class)
                .hasMessage("unknown byte order 2 (expected 0 or 1) (at offset 0)")
                .satisfies(e -> assertThat(((WkbFormatException) e).offset()).isZero());
    }

    @Test
    void truncationSaysWhatIsMissingAndWhatRemains() {
        byte[] wkb = HEX.parseHex("0101000000000000000000F03F");

        assertThatThrownBy(() -> new WkbReader().read(wkb, 0, wkb.length))
                .isInstanceOf(WkbFormatException.class)
                .hasMessage("truncated XY point: need 16 bytes, 8 remain (at offset 5)");
    }

    @Test
    void aCountThatDoesNotFitSaysHowManyBytesRemain() {
        byte[] wkb = HEX.parseHex("0102000000E803000000000000");

        assertThatThrownBy(() -> new WkbReader().read(wkb, 0, wkb.length))
                .isInstanceOf(WkbFormatException.class)
                .hasMessage(
                        "number of points 1000 does not fit in the 4 bytes that remain"
                                + " (at offset 5)");
    }

    @Test
    void aRegionOutsideTheArrayIsRefusedBeforeReading() {
        byte[] wkb = HEX.parseHex("0101000000000000000000F03F0000000000000040");

        assertThatThrownBy(() -> new WkbReader().read(wkb, 1, wkb.length))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> new WkbReader().read(wkb, -1, 2))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> new WkbReader().read(wkb, 0, -1))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }
}
