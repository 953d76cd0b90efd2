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

/** PostGIS 3.3.2's default TWKB XY precision by SRID (asked of PostGIS: see the SRID list). */
class TwkbDefaultPrecisionTest {
    @Test
    void geographicSridsRoundToFiveDecimalsOthersToNone() {
        assertThat(TwkbDefaultPrecision.xy(4326)).isEqualTo(5);
        assertThat(TwkbDefaultPrecision.xy(4269)).isEqualTo(5); // NAD83
        assertThat(TwkbDefaultPrecision.xy(3857)).isEqualTo(0);
        assertThat(TwkbDefaultPrecision.xy(0)).isEqualTo(0);
        assertThat(TwkbDefaultPrecision.xy(16777215)).isEqualTo(0);
        assertThat(TwkbDefaultPrecision.geographicSrids()).isEqualTo(1129); // 4326 and 1,128 others
    }

    @Test
    void stAsTwkbWithoutPrecisionUsesIt() {
        // PostGIS 3.3.2: ST_AsTWKB('SRID=4326;POINT(13.377704 52.516275)') and the same in 3857
        StGeomFromText read = StGeomFromText.ewkt();
        assertThat(
                        java.util.HexFormat.of()
                                .formatHex(
                                        new StAsTwkb()
                                                .eval(
                                                        read.eval(
                                                                "SRID=4326;POINT(13.377704 52.516275)"))))
                .isEqualTo("a100d4a6a301d8888105");
        assertThat(
                        java.util.HexFormat.of()
                                .formatHex(
                                        new StAsTwkb()
                                                .eval(
                                                        read.eval(
                                                                "SRID=3857;POINT(13.377704 52.516275)"))))
                .isEqualTo("01001a6a");
    }
}
