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

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** Each error message says each thing once: the function name, the problem, the input. */
class ErrorMessagesTest {
    @Test
    void anOutOfRangeEwktSridIsNamedOnce() {
        assertThatThrownBy(() -> new StGeomFromText().eval("SRID=16777216;POINT (1 2)"))
                .hasMessage(
                        "ST_GeomFromText: invalid WKT: SRID 16777216 is outside 0..16777215, which"
                                + " a geometry column holds at character 5; input"
                                + " 'SRID=16777216;POINT (1 2)'. TRY_ST_GeomFromText gives NULL for"
                                + " input it refuses, so that a query can route or skip such a row");
    }

    @Test
    void anOutOfRangeEwkbSridIsNamedOnce() {
        // EWKB point with the SRID flag and SRID 16777216 (little-endian 00000001).
        byte[] ewkb =
                HexFormat.of()
                        .parseHex(
                                "010100002000000001000000000000F03F0000000000000040".toLowerCase());
        assertThatThrownBy(() -> new StGeomFromWkb("ST_GeomFromEWKB").eval(ewkb))
                .hasMessage(
                        "ST_GeomFromEWKB: SRID 16777216 is outside 0..16777215, which a geometry"
                                + " column holds");
    }

    @Test
    void anOutOfRangeSridArgumentIsNamedOnce() {
        assertThatThrownBy(() -> new StGeomFromText().eval("POINT (1 2)", -5))
                .hasMessage(
                        "ST_GeomFromText: SRID -5 is outside 0..16777215, which a geometry column"
                                + " holds");
    }
}
