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
package dev.flinkgeometry.testing;

import java.util.ArrayList;
import java.util.List;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.CoordinateXYZM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;

/**
 * The geometries of the golden data files ({@code src/test/resources/golden/}).
 *
 * <p><b>Fixed forever</b>: a committed data file holds exactly these values in this order. Never
 * change, reorder or remove an entry of a list that has golden files; a new format version may use
 * a new list.
 */
public final class GoldenGeometries {
    private static final GeometryFactory ARRAY = new GeometryFactory();
    private static final GeometryFactory PACKED =
            new GeometryFactory(PackedCoordinateSequenceFactory.DOUBLE_FACTORY);

    private GoldenGeometries() {}

    /**
     * Version 1, every geometry class: points, lines, rings, polygons, the Multi* types and
     * collections (nested, with members of their own SRIDs); XY, Z, M, ZM, NaN and -0.0 ordinates,
     * extreme doubles; every EMPTY, and empty members; SRIDs up to the largest the format carries;
     * and real Natural Earth geometries (a city, a country, a multipolygon country, a river, a lake
     * with a hole).
     */
    public static List<Geometry> v1() {
        List<Geometry> all = new ArrayList<>();
        // Points.
        all.add(Wkt.read("POINT (1.5 -2.25)"));
        all.add(Wkt.read("POINT Z (1 2 3)"));
        all.add(Wkt.read("POINT M (1 2 4)"));
        all.add(Wkt.read("POINT ZM (1 2 3 4)"));
        all.add(ARRAY.createPoint(new Coordinate(-0.0, 0.0))); // -0.0 is kept
        all.add(ARRAY.createPoint(new CoordinateXYZM(7, 8, Double.NaN, 9))); // XYM by values
        all.add(Wkt.read("POINT Z (5 6 NaN)")); // no Z value: XY
        all.add(
                ARRAY.createPoint(
                        new CoordinateXY(Double.MAX_VALUE, -Double.MIN_VALUE))); // extremes
        all.add(ARRAY.createPoint(new CoordinateXY(1e300, -1e-300)));
        all.add(Wkt.withSrid(Wkt.read("POINT (13.4 52.5)"), 4326));
        all.add(Wkt.withSrid(Wkt.read("POINT (1 1)"), 16_777_215)); // the largest SRID
        all.add(Wkt.read("POINT EMPTY"));
        all.add(Wkt.withSrid(Wkt.read("POINT EMPTY"), 3857));

        // Lines and rings.
        all.add(Wkt.read("LINESTRING (0 0, 1 1, 2 0.5)"));
        all.add(Wkt.read("LINESTRING Z (20 20 NaN, 21 21 3, 22 20 -1)")); // Z by the whole line
        all.add(Wkt.read("LINESTRING M (0 0 1, 1 1 2)"));
        all.add(Wkt.read("LINESTRING ZM (0 0 1 2, 1 1 3 4, 2 0 5 6)"));
        all.add(
                ARRAY.createLineString(
                        new PackedCoordinateSequence.Double(
                                new double[] {3, 4, 0.5, 5, 6, 1.5}, 3, 1))); // packed XYM
        all.add(Wkt.read("LINESTRING EMPTY"));
        all.add(Wkt.read("LINEARRING (0 0, 1 0, 1 1, 0 0)")); // comes back as a LineString
        all.add(Wkt.read("LINEARRING EMPTY"));

        // Polygons.
        all.add(Wkt.read("POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (2 2, 2 3, 3 3, 2 2))"));
        all.add(Wkt.read("POLYGON Z ((0 0 1, 1 0 2, 1 1 3, 0 0 1))"));
        all.add(Wkt.read("POLYGON M ((30 30 1, 31 30 2, 31 31 3, 30 30 1))"));
        all.add(Wkt.withSrid(Wkt.read("POLYGON ZM ((0 0 1 5, 1 0 2 6, 1 1 3 7, 0 0 1 5))"), 4326));
        all.add(Wkt.read("POLYGON EMPTY"));

        // Multi*.
        all.add(Wkt.read("MULTIPOINT ((1 1), (2 2))"));
        all.add(Wkt.read("MULTIPOINT Z ((-60 -30 5), EMPTY, (-61 -31 6))")); // an empty member
        all.add(Wkt.read("MULTIPOINT EMPTY"));
        all.add(Wkt.read("MULTILINESTRING M ((40 40 0, 41 41 1), (42 42 2, 43 43 3))"));
        all.add(Wkt.read("MULTILINESTRING ((0 0, 1 1), EMPTY)"));
        all.add(Wkt.read("MULTILINESTRING EMPTY"));
        all.add(
                Wkt.withSrid(
                        Wkt.read(
                                "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), EMPTY,"
                                        + " ((5 5, 6 5, 6 6, 5 5), (5.2 5.1, 5.8 5.1, 5.8 5.7,"
                                        + " 5.2 5.1)))"),
                        3857));
        all.add(Wkt.read("MULTIPOLYGON Z (((0 0 1, 1 0 1, 1 1 1, 0 0 1)))"));
        all.add(Wkt.read("MULTIPOLYGON EMPTY"));

        // Collections.
        all.add(Wkt.read("GEOMETRYCOLLECTION EMPTY"));
        all.add(
                Wkt.read(
                        "GEOMETRYCOLLECTION (POINT Z (60 60 1), GEOMETRYCOLLECTION (LINESTRING (61"
                                + " 61, 62 62), POLYGON EMPTY), MULTIPOINT ((63 63), EMPTY))"));
        all.add(collectionWithMemberSrids());
        all.add(
                Wkt.read(
                        "GEOMETRYCOLLECTION (GEOMETRYCOLLECTION (GEOMETRYCOLLECTION (POINT M (1 1"
                                + " 1))), GEOMETRYCOLLECTION EMPTY, POINT EMPTY)"));

        // Natural Earth.
        all.add(NaturalEarth.copyOf("natural-earth-cities.wkt", 1));
        all.add(NaturalEarth.copyOf("natural-earth-countries-110m.wkt", 3));
        all.add(Wkt.withSrid(NaturalEarth.copyOf("natural-earth-countries-110m.wkt", 2), 4326));
        all.add(NaturalEarth.copyOf("natural-earth-rivers.wkt", 5));
        all.add(JobTestData.packed(NaturalEarth.copyOf("natural-earth-lakes.wkt", 36)));
        return all;
    }

    /** The polygons of {@link #v1()}, for a serializer declared for {@code Polygon}. */
    public static List<Geometry> v1Polygons() {
        List<Geometry> polygons = new ArrayList<>();
        for (Geometry geometry : v1()) {
            if (geometry instanceof Polygon) {
                polygons.add(geometry);
            }
        }
        return polygons;
    }

    /**
     * The legacy WKB serializer's version 1: {@link #v1()}, then cases of the WKB serializer's
     * documented rules ({@link ExactGeometry#asReadFromLegacyWkb}): points whose every ordinate is
     * NaN (read as {@code POINT EMPTY}, keeping the SRID), at the top level, in a MultiPoint and in
     * a collection; points with some NaN ordinates (kept); a collection of SRID 3857 whose members
     * have SRIDs of their own and hold a {@code LinearRing} (read with SRID 3857 everywhere, the
     * ring as a {@code LineString}). Every SRID is in 0..16777215, so that {@code
     * GeometrySerializer} can take the state over.
     */
    public static List<Geometry> wkbV1() {
        List<Geometry> all = new ArrayList<>(v1());
        all.add(ARRAY.createPoint(new CoordinateXY(Double.NaN, Double.NaN))); // POINT EMPTY
        all.add(
                Wkt.withSrid(
                        ARRAY.createPoint(
                                new CoordinateXYZM(Double.NaN, Double.NaN, Double.NaN, Double.NaN)),
                        4326)); // POINT EMPTY, SRID 4326
        all.add(ARRAY.createPoint(new CoordinateXY(1, Double.NaN))); // kept
        all.add(ARRAY.createPoint(new Coordinate(Double.NaN, Double.NaN, 3))); // kept
        all.add(
                ARRAY.createMultiPoint(
                        new Point[] {
                            ARRAY.createPoint(new CoordinateXY(1, 2)),
                            ARRAY.createPoint(new CoordinateXY(Double.NaN, Double.NaN))
                        })); // an empty member
        LineString line = (LineString) Wkt.read("LINESTRING Z (1 1 1, 2 2 2)");
        line.setSRID(2056);
        Geometry ring = Wkt.read("LINEARRING (10 10, 11 10, 11 11, 10 10)");
        ring.setSRID(4326);
        Geometry inner =
                ARRAY.createGeometryCollection(
                        new Geometry[] {
                            ARRAY.createPoint(new CoordinateXY(Double.NaN, Double.NaN)), ring
                        });
        inner.setSRID(900913);
        all.add(
                Wkt.withSrid(
                        ARRAY.createGeometryCollection(
                                new Geometry[] {
                                    line, inner, Wkt.read("MULTIPOINT ((1 1), EMPTY)"),
                                }),
                        3857));
        return all;
    }

    /** The points of {@link #wkbV1()}, for a serializer declared for {@code Point}. */
    public static List<Geometry> wkbV1Points() {
        List<Geometry> points = new ArrayList<>();
        for (Geometry geometry : wkbV1()) {
            if (geometry instanceof Point) {
                points.add(geometry);
            }
        }
        return points;
    }

    private static Geometry collectionWithMemberSrids() {
        Point point = ARRAY.createPoint(new CoordinateXYM(-5, -5, 2));
        point.setSRID(4326);
        LineString line =
                PACKED.createLineString(
                        new Coordinate[] {new Coordinate(-4, -4, 1), new Coordinate(-3, -4, 2)});
        line.setSRID(0);
        Polygon empty = ARRAY.createPolygon();
        empty.setSRID(3857);
        Geometry inner = ARRAY.createGeometryCollection(new Geometry[] {empty});
        inner.setSRID(2056);
        Geometry collection = ARRAY.createGeometryCollection(new Geometry[] {point, line, inner});
        collection.setSRID(4326);
        return collection;
    }
}
