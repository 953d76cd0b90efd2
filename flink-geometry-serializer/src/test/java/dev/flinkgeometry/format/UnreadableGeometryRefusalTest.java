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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.format.aligned.AlignedFormat;
import dev.flinkgeometry.format.aligned.AlignedWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.io.WKTReader;

/**
 * JTS checks that a ring is closed only when it builds it; its coordinate sequences stay mutable. A
 * ring opened afterwards must be refused by the encoder (FORMAT.md 6.6), because the decoder
 * refuses it (6.3): nothing is written that cannot be read back.
 */
class UnreadableGeometryRefusalTest {
    private static final String HOLED =
            "POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 2 1, 2 2, 1 1))";

    @ParameterizedTest
    @ValueSource(
            strings = {
                HOLED,
                "MULTIPOLYGON (((20 20, 30 20, 30 30, 20 20)), ((0 0, 10 0, 10 10, 0 10, 0 0), (1"
                        + " 1, 2 1, 2 2, 1 1)))",
                "GEOMETRYCOLLECTION (POINT (1 2), POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 2"
                        + " 1, 2 2, 1 1)))"
            })
    void aRingOpenedAfterConstructionIsRefused(String wkt) throws Exception {
        Geometry geometry = new WKTReader().read(wkt);
        assertThat(AlignedFormat.decode(AlignedFormat.encode(geometry))).isNotNull();

        Polygon polygon = lastPolygonOf(geometry);
        CoordinateSequence hole = polygon.getInteriorRingN(0).getCoordinateSequence();
        hole.setOrdinate(hole.size() - 1, CoordinateSequence.Y, 1.5);
        geometry.geometryChanged();

        assertThatThrownBy(() -> AlignedFormat.encode(geometry))
                .isInstanceOf(GeometryFormatException.class)
                .hasMessageContaining("hole 0 of a polygon is not closed")
                .hasMessageContaining("(1.0 1.0) differs from its last (1.0 1.5)");
    }

    @ParameterizedTest
    @ValueSource(doubles = {Double.NaN, 0.5})
    void anOpenedShellIsRefusedIntoACallersBufferWithoutAnyByteWritten(double y) throws Exception {
        Polygon polygon = (Polygon) new WKTReader().read(HOLED);
        polygon.getExteriorRing().getCoordinateSequence().setOrdinate(0, CoordinateSequence.Y, y);
        byte[] target = new byte[1024];

        assertThatThrownBy(() -> new AlignedWriter().encode(polygon, target, 0))
                .isInstanceOf(GeometryFormatException.class)
                .hasMessageContaining("shell of a polygon is not closed");
        assertThat(target).containsOnly(0);
    }

    private static Polygon lastPolygonOf(Geometry geometry) {
        Geometry last = geometry.getGeometryN(geometry.getNumGeometries() - 1);
        return (Polygon) last;
    }
}
