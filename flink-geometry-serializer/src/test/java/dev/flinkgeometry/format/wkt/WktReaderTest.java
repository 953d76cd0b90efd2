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
package dev.flinkgeometry.format.wkt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.Point;

/**
 * The strict WKT/EWKT reader: refusals naming the offending character, the nesting cap, PostGIS's
 * EWKT dimensions and MultiPoint forms, tagged empties, exact decimals and members' SRIDs (expected
 * values written by hand; the PostGIS corpus is checked by {@code PostgisConformanceTest}).
 */
class WktReaderTest {
    private final WktReader reader = new WktReader();

    /**
     * Text that JTS's WKTReader read as something else; now an error at the offending character.
     */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "POINT (1 2) junk|12|expected the end of the text but found 'junk'",
                "POINT (1 2))|11|expected the end of the text but found ')'",
                "POINT (1 2) POINT (3 4)|12|expected the end of the text but found 'POINT'",
                "SRID=4326;LINESTRING (0 0, 1 1), (2 2, 3 3)|31|expected the end of the text but found ','",
                "POINT (0x1p3 2)|7|invalid number '0x1p3'",
                "POINT (1d 2)|7|invalid number '1d'",
                "POINT (Infinity 2)|7|expected a number but found 'Infinity'",
                "POINT (-nan 2)|7|expected a number but found '-nan'",
                "POINT (+1 2)|7|expected a number but found '+1'",
                "POINT (1)|8|expected a second ordinate but found ')'",
                "POINT (1 2 3 4 5)|15|more than 4 ordinates in a coordinate",
                "POINT Z (1 2)|9|can not mix dimensionality: 2 ordinates in an XYZ geometry",
                "LINESTRING (0 0 0, 1 1)|19|can not mix dimensionality: 2 ordinates in an XYZ geometry",
                "GEOMETRYCOLLECTION (POINT Z (1 2 3), POINT EMPTY)|37|can not mix dimensionality: an XY member in an XYZ collection",
                "MULTIPOINT (EMPTY, 1 2 3)|19|can not mix dimensionality: 3 ordinates in an XY geometry",
                "SRID=16777216;POINT (1 2)|5|SRID 16777216 is outside 0..16777215",
                "SRID=-1;POINT (1 2)|5|SRID -1 is outside 0..16777215",
                "SRID=4326POINT (1 2)|9|expected ';' after the SRID but found 'POINT'",
                "TRIANGLE ((0 0, 1 0, 0 1, 0 0))|0|unsupported geometry type 'TRIANGLE'",
                "GEOMETRYCOLLECTION (EMPTY)|20|unsupported geometry type 'EMPTY'",
            })
    void refusesWithTheOffendingCharacter(String text, int offset, String message) {
        assertThatThrownBy(() -> reader.read(text))
                .isInstanceOf(WktFormatException.class)
                .hasMessageStartingWith(message)
                .hasMessageEndingWith(" at character " + offset)
                .satisfies(e -> assertThat(((WktFormatException) e).offset()).isEqualTo(offset));
    }

    @Test
    void everyGeometryCollectionNestingBeyondTheCapIsRefused() throws Exception {
        String text = "GEOMETRYCOLLECTION (".repeat(65) + "POINT (1 2)" + ")".repeat(65);
        assertThatThrownBy(() -> reader.read(text))
                .hasMessageStartingWith("geometry collections nested deeper than 64 levels");
        String deepest = "GEOMETRYCOLLECTION (".repeat(64) + "POINT (1 2)" + ")".repeat(64);
        assertThat(reader.read(deepest).getNumGeometries()).isEqualTo(1);
    }

    /** PostGIS's EWKT: no ZM tag, 4 ordinates are XYZM, 3 are XYZ; with an M tag, 3 are XYM. */
    @Test
    void readsPostgisEwktDimensions() throws Exception {
        Point zm = (Point) reader.read("SRID=4326;POINT(1 2 3 4)");
        assertThat(zm.getSRID()).isEqualTo(4326);
        assertLayout(zm.getCoordinateSequence(), 4, 1);
        assertThat(zm.getCoordinateSequence().getM(0)).isEqualTo(4.0);
        Point z = (Point) reader.read("POINT(1 2 3)");
        assertLayout(z.getCoordinateSequence(), 3, 0);
        assertThat(z.getCoordinateSequence().getZ(0)).isEqualTo(3.0);
        Point m = (Point) reader.read("POINTM(1 2 3)");
        assertLayout(m.getCoordinateSequence(), 3, 1);
        assertThat(m.getCoordinateSequence().getM(0)).isEqualTo(3.0);
        Point tagged = (Point) reader.read("point zm (1 2 3 4)");
        assertLayout(tagged.getCoordinateSequence(), 4, 1);
    }

    @Test
    void readsPostgisMultiPointForms() throws Exception {
        MultiPoint withEmpty = (MultiPoint) reader.read("MULTIPOINT(10 20,EMPTY)");
        assertThat(withEmpty.getNumGeometries()).isEqualTo(2);
        assertThat(withEmpty.getGeometryN(0).getCoordinate().x).isEqualTo(10.0);
        assertThat(withEmpty.getGeometryN(1).isEmpty()).isTrue();
        MultiPoint bare = (MultiPoint) reader.read("MULTIPOINT(1 2,3 4)");
        assertThat(bare.getGeometryN(1).getCoordinate().y).isEqualTo(4.0);
    }

    /** Declared dimensions of empty geometries are kept in the sequences (a column drops them). */
    @Test
    void emptiesKeepTheirTag() throws Exception {
        assertLayout(((Point) reader.read("POINT Z EMPTY")).getCoordinateSequence(), 3, 0);
        assertLayout(
                ((LineString) reader.read("LINESTRING M EMPTY")).getCoordinateSequence(), 3, 1);
        assertThat(reader.read("POLYGON Z EMPTY").isEmpty()).isTrue();
        GeometryCollection collection =
                (GeometryCollection)
                        reader.read("GEOMETRYCOLLECTION Z (POINT Z EMPTY, POINT EMPTY)");
        assertLayout(((Point) collection.getGeometryN(1)).getCoordinateSequence(), 3, 0);
    }

    /** A validated decimal token is converted with correct rounding, bit for bit. */
    @Test
    void readsDecimalsExactly() throws Exception {
        Point p = (Point) reader.read("POINT (0.30000000000000004 -0)");
        assertThat(Double.doubleToRawLongBits(p.getX())).isEqualTo(0x3FD3333333333334L);
        assertThat(Double.doubleToRawLongBits(p.getY())).isEqualTo(0x8000000000000000L);
        Point q = (Point) reader.read("POINT (1. .5)");
        assertThat(q.getX()).isEqualTo(1.0);
        assertThat(q.getY()).isEqualTo(0.5);
        Point nan = (Point) reader.read("POINT (nan NaN)");
        assertThat(Double.isNaN(nan.getX()) && Double.isNaN(nan.getY())).isTrue();
    }

    @Test
    void givesTheSridToEveryMember() throws Exception {
        Geometry g =
                reader.read(
                        "srid=3857 ; GEOMETRYCOLLECTION (MULTIPOINT (1 2), GEOMETRYCOLLECTION (POINT (3 4)))");
        assertThat(g.getSRID()).isEqualTo(3857);
        assertThat(g.getGeometryN(0).getSRID()).isEqualTo(3857);
        assertThat(g.getGeometryN(0).getGeometryN(0).getSRID()).isEqualTo(3857);
        assertThat(g.getGeometryN(1).getGeometryN(0).getSRID()).isEqualTo(3857);
    }

    @Test
    void geometriesDerivedFromAnEwktGeometryKeepItsSrid() throws Exception {
        Geometry g = reader.read("SRID=4326;POLYGON ((0 0, 2 0, 2 2, 0 2, 0 0))");

        assertThat(g.getFactory().getSRID()).isEqualTo(4326);
        assertThat(g.getCentroid().getSRID()).isEqualTo(4326);
        assertThat(g.getEnvelope().getSRID()).isEqualTo(4326);
        assertThat(reader.read("POINT (1 2)").getFactory().getSRID()).isZero();
    }

    private static void assertLayout(CoordinateSequence sequence, int dimension, int measures) {
        assertThat(sequence.getDimension()).isEqualTo(dimension);
        assertThat(sequence.getMeasures()).isEqualTo(measures);
    }
}
