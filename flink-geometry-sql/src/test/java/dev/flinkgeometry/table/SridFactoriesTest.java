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

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.format.wkb.WkbCodec;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.PrecisionModel;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKTReader;

/**
 * The functions that give a geometry an SRID return one whose factory carries that SRID, on every
 * member too, so that what JTS derives from it (centroid, envelope, convex hull, buffer) keeps the
 * SRID; the coordinates, empties, Z and M are unchanged, and the factories are shared ones.
 */
class SridFactoriesTest {
    private static final String COLLECTION =
            "GEOMETRYCOLLECTION (POINT EMPTY, POLYGON ((0 0, 4 0, 4 4, 0 4, 0 0), (1 1, 1 2, 2 2,"
                    + " 2 1, 1 1)), MULTIPOINT ((5 5), EMPTY), LINESTRING (0 0, 9 9),"
                    + " GEOMETRYCOLLECTION (POINT (7 8)))";
    private static final String MULTIPOLYGON =
            "MULTIPOLYGON (((0 0, 4 0, 4 4, 0 4, 0 0)), ((10 10, 12 10, 12 12, 10 10)))";

    private final WkbCodec wkb = new WkbCodec();

    @Test
    void stSetSridGivesEveryKindOfInputAFactoryOfTheSrid() throws Exception {
        StSetSrid setSrid = new StSetSrid();
        GeometryFactory plain = new GeometryFactory();
        GeometryFactory packed4326 = CoordinateSequenceKind.PACKED_DOUBLE.geometryFactory(4326);
        GeometryFactory fixed =
                new GeometryFactory(
                        new PrecisionModel(1000),
                        0,
                        PackedCoordinateSequenceFactory.DOUBLE_FACTORY);
        for (GeometryFactory factory : new GeometryFactory[] {plain, packed4326, fixed}) {
            for (String text : new String[] {"POINT (1 2)", MULTIPOLYGON, COLLECTION}) {
                Geometry input = read(factory, text);
                int before = input.getSRID();
                Geometry result = setSrid.eval(input, 3857);
                assertCarriesSrid(result, 3857);
                assertSameShape(result, input);
                assertThat(result.getFactory().getCoordinateSequenceFactory())
                        .as("the input's sequence kind")
                        .isSameAs(factory.getCoordinateSequenceFactory());
                assertThat(result.getPrecisionModel()).isEqualTo(factory.getPrecisionModel());
                assertThat(input.getSRID()).as("the input is not changed").isEqualTo(before);
                assertThat(input.getFactory()).isSameAs(factory);
            }
        }
        // a decoded geometry gets the shared factory of its kind and SRID
        assertThat(setSrid.eval(read(packed4326, MULTIPOLYGON), 3857).getFactory())
                .isSameAs(CoordinateSequenceKind.PACKED_DOUBLE.geometryFactory(3857));
        assertThat(setSrid.eval(read(plain, MULTIPOLYGON), 3857).getFactory())
                .isSameAs(CoordinateSequenceKind.ARRAY.geometryFactory(3857));
    }

    /** A geometry whose factory has the SRID already, and a member with another SRID. */
    @Test
    void stSetSridToTheFactorysOwnSridSetsEveryMember() throws Exception {
        Geometry input = read(CoordinateSequenceKind.ARRAY.geometryFactory(3857), COLLECTION);
        input.getGeometryN(1).setSRID(4326);
        input.setSRID(4326);
        Geometry result = new StSetSrid().eval(input, 3857);
        assertCarriesSrid(result, 3857);
        assertSameShape(result, input);
        assertThat(input.getGeometryN(1).getSRID()).isEqualTo(4326);
    }

    @Test
    void stGeomFromWkbWithAnSrid() throws Exception {
        StGeomFromWkb fromWkb = new StGeomFromWkb();
        for (String text : new String[] {"POINT ZM (1 2 3 4)", MULTIPOLYGON, COLLECTION}) {
            Geometry source = read(new GeometryFactory(), text);
            byte[] iso = wkb.writeIsoWkb(source);
            Geometry result = fromWkb.eval(iso, 4326);
            assertCarriesSrid(result, 4326);
            assertSameShape(result, source);
            source.setSRID(3857);
            byte[] ewkb3857 = wkb.writeEwkb(source);
            assertCarriesSrid(fromWkb.eval(ewkb3857, 4326), 4326);
            assertCarriesSrid(fromWkb.eval(ewkb3857, 3857), 3857);
            assertCarriesSrid(new StGeomFromWkb("ST_GeomFromEWKB").eval(ewkb3857), 3857);
            assertSameShape(fromWkb.eval(ewkb3857, 4326), source);
        }
    }

    @Test
    void stGeomFromTextWithAnSridOrEwkt() throws Exception {
        StGeomFromText fromText = new StGeomFromText();
        for (String text : new String[] {"POINT ZM (1 2 3 4)", MULTIPOLYGON, COLLECTION}) {
            Geometry source = read(new GeometryFactory(), text);
            assertCarriesSrid(fromText.eval(text, 4326), 4326);
            assertSameShape(fromText.eval(text, 4326), source);
            assertCarriesSrid(fromText.eval("SRID=3857;" + text), 3857);
            assertSameShape(fromText.eval("SRID=3857;" + text), source);
            assertCarriesSrid(fromText.eval("SRID=3857;" + text, 4326), 4326);
            assertCarriesSrid(fromText.eval(text), 0);
        }
    }

    @Test
    void stGeomFromGeoJsonGivesItsSrid() throws Exception {
        StGeomFromGeoJson fromGeoJson = new StGeomFromGeoJson();
        Geometry polygon =
                fromGeoJson.eval(
                        "{\"type\":\"Polygon\",\"coordinates\":[[[0,0],[4,0],[4,4],[0,4],[0,0]]]}");
        assertCarriesSrid(polygon, 4326);
        assertSameShape(
                polygon, read(new GeometryFactory(), "POLYGON ((0 0, 4 0, 4 4, 0 4, 0 0))"));
        assertCarriesSrid(
                fromGeoJson.eval(
                        "{\"type\":\"MultiPoint\",\"crs\":{\"type\":\"name\",\"properties\":"
                                + "{\"name\":\"EPSG:3857\"}},\"coordinates\":[[0.1,0.2],[3,4]]}"),
                3857);
    }

    @Test
    void stGeomFromTwkbWithAnSrid() throws Exception {
        Geometry source = read(new GeometryFactory(), MULTIPOLYGON);
        byte[] twkb = new StAsTwkb().eval(source);
        Geometry result = new StGeomFromTwkb().eval(twkb, 4326);
        assertCarriesSrid(result, 4326);
        assertSameShape(result, source);
    }

    @Test
    void stPointWithAnSridSharesOneFactory() {
        StPoint point = new StPoint();
        Geometry first = point.eval(13.377704, 52.516275, 4326);
        Geometry second = point.eval(2.2945, 48.8584, 4326);
        assertCarriesSrid(first, 4326);
        assertThat(second.getFactory()).isSameAs(first.getFactory());
        assertCarriesSrid(point.eval(1, 2), 0);
    }

    @Test
    void stEnvelopeKeepsTheSridOnItsFactory() throws Exception {
        StEnvelope envelope = new StEnvelope();
        for (String text : new String[] {"POINT (1 2)", "LINESTRING (0 0, 0 5)", MULTIPOLYGON}) {
            Geometry input = read(CoordinateSequenceKind.ARRAY.geometryFactory(3857), text);
            assertCarriesSrid(envelope.eval(input), 3857);
        }
    }

    private static Geometry read(GeometryFactory factory, String text) throws ParseException {
        Geometry geometry = new WKTReader(factory).read(text);
        GeometryFunction.setSridEverywhere(geometry, factory.getSRID());
        return geometry;
    }

    /** The same coordinates, parts, empties and dimensions: the same ISO WKB. */
    private void assertSameShape(Geometry actual, Geometry expected) throws IOException {
        assertThat(wkb.writeIsoWkb(actual)).isEqualTo(wkb.writeIsoWkb(expected));
        assertThat(actual.getNumPoints()).isEqualTo(expected.getNumPoints());
    }

    private static void assertCarriesSrid(Geometry geometry, int srid) {
        assertOnEveryPart(geometry, srid);
        String label = geometry.toString();
        assertThat(geometry.getCentroid().getSRID()).as("centroid of %s", label).isEqualTo(srid);
        assertThat(geometry.getEnvelope().getSRID()).as("envelope of %s", label).isEqualTo(srid);
        assertThat(geometry.convexHull().getSRID()).as("hull of %s", label).isEqualTo(srid);
        assertThat(geometry.getInteriorPoint().getSRID())
                .as("interior point of %s", label)
                .isEqualTo(srid);
        assertThat(geometry.buffer(1).getSRID()).as("buffer of %s", label).isEqualTo(srid);
    }

    private static void assertOnEveryPart(Geometry geometry, int srid) {
        assertThat(geometry.getSRID()).as("SRID of %s", geometry).isEqualTo(srid);
        assertThat(geometry.getFactory().getSRID())
                .as("factory SRID of %s", geometry)
                .isEqualTo(srid);
        if (geometry instanceof Polygon) {
            Polygon polygon = (Polygon) geometry;
            assertOnEveryPart(polygon.getExteriorRing(), srid);
            for (int i = 0; i < polygon.getNumInteriorRing(); i++) {
                assertOnEveryPart(polygon.getInteriorRingN(i), srid);
            }
        }
        if (geometry instanceof GeometryCollection) {
            for (int i = 0; i < geometry.getNumGeometries(); i++) {
                assertOnEveryPart(geometry.getGeometryN(i), srid);
            }
        }
    }
}
