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
import org.locationtech.jts.geom.PrecisionModel;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;

/**
 * Geometries for the end-to-end job tests: real Natural Earth geometries and synthetic ones with Z,
 * M, ZM, SRID and EMPTY, each available in several constructions that are equal by content.
 *
 * <p>A "group" is a list of geometries that are the same value built in different ways (WKT with
 * either coordinate syntax, {@code Coordinate} vs {@code CoordinateXY} vs {@code CoordinateXYZM}
 * with NaN ordinates, packed sequences of dimension 2 or 3, an SRID set on the factory or on the
 * geometry). All members of one group are equal by {@link ExactGeometry}, by JTS {@code equals} and
 * {@code hashCode}, and must serialize to the same bytes. Members of different groups differ in X/Y
 * (JTS {@code equals} is false), so every notion of key equality a Flink backend may use
 * (serialized bytes in RocksDB and in BATCH sorting, JTS {@code equals}/{@code hashCode} on the
 * heap and for BATCH key changes) partitions these geometries the same way.
 */
public final class JobTestData {
    private static final GeometryFactory ARRAY = new GeometryFactory();
    private static final GeometryFactory PACKED =
            new GeometryFactory(PackedCoordinateSequenceFactory.DOUBLE_FACTORY);

    private JobTestData() {}

    // ------------------------------------------------------------------------------------------
    // Natural Earth
    // ------------------------------------------------------------------------------------------

    /** Fresh copies of lines (1-based) of a Natural Earth file. */
    private static List<Geometry> naturalEarth(String file, int... lines) {
        List<Geometry> geometries = new ArrayList<>(lines.length);
        for (int line : lines) {
            geometries.add(NaturalEarth.copyOf(file, line));
        }
        return geometries;
    }

    /**
     * A deep copy whose sequences are {@code PackedCoordinateSequence.Double}, same SRID. Note: JTS
     * drops empty members of collections on the way, so use it on geometries without any.
     */
    public static Geometry packed(Geometry geometry) {
        Geometry copy = PACKED.createGeometry(geometry);
        copy.setSRID(geometry.getSRID());
        return copy;
    }

    // ------------------------------------------------------------------------------------------
    // Key and payload groups
    // ------------------------------------------------------------------------------------------

    /**
     * Groups of geometries used as keys. Every group is one key; its members are the same value
     * built differently and must land on the same key.
     */
    public static List<List<Geometry>> keyGroups() {
        List<List<Geometry>> groups = new ArrayList<>();

        // Natural Earth cities (points). The first one in every construction we know.
        List<String> cities = NaturalEarth.lines("natural-earth-cities.wkt");
        Point city = (Point) Wkt.read(cities.get(0));
        double x = city.getX();
        double y = city.getY();
        groups.add(
                List.of(
                        city,
                        Wkt.oldSyntax(cities.get(0)),
                        ARRAY.createPoint(new Coordinate(x, y)),
                        ARRAY.createPoint(new CoordinateXY(x, y)),
                        ARRAY.createPoint(new CoordinateXYZM(x, y, Double.NaN, Double.NaN)),
                        ARRAY.createPoint(
                                new PackedCoordinateSequence.Double(new double[] {x, y}, 2, 0)),
                        ARRAY.createPoint(
                                new PackedCoordinateSequence.Double(
                                        new double[] {x, y, Double.NaN}, 3, 0))));
        for (int line = 2; line <= 10; line++) {
            String wkt = cities.get(line - 1);
            Point p = (Point) Wkt.read(wkt);
            groups.add(
                    List.of(
                            p,
                            Wkt.oldSyntax(wkt),
                            ARRAY.createPoint(new Coordinate(p.getX(), p.getY()))));
        }

        // Natural Earth polygons, multipolygons, lines: large keys.
        List<String> countries = NaturalEarth.lines("natural-earth-countries-110m.wkt");
        Geometry country = Wkt.read(countries.get(2)); // a POLYGON
        groups.add(List.of(country, Wkt.oldSyntax(countries.get(2)), packed(country)));
        Geometry multiCountry = Wkt.withSrid(Wkt.read(countries.get(1)), 4326); // a MULTIPOLYGON
        Geometry multiCountryPacked =
                new GeometryFactory(
                                new PrecisionModel(),
                                4326,
                                PackedCoordinateSequenceFactory.DOUBLE_FACTORY)
                        .createGeometry(Wkt.read(countries.get(1)));
        groups.add(List.of(multiCountry, Wkt.withSrid(multiCountryPacked, 4326)));
        String river = NaturalEarth.lines("natural-earth-rivers.wkt").get(4); // MULTILINESTRING
        groups.add(List.of(Wkt.read(river), packed(Wkt.read(river)), Wkt.oldSyntax(river)));
        String lake = NaturalEarth.lines("natural-earth-lakes.wkt").get(35); // POLYGON with a hole
        groups.add(List.of(Wkt.read(lake), Wkt.oldSyntax(lake)));

        // Synthetic: Z, M, ZM, SRID.
        groups.add(
                List.of(
                        ARRAY.createPoint(new Coordinate(10.5, -20.25, 30)),
                        Wkt.read("POINT Z (10.5 -20.25 30)"),
                        Wkt.oldSyntax("POINT (10.5 -20.25 30)"),
                        ARRAY.createPoint(new CoordinateXYZM(10.5, -20.25, 30, Double.NaN)),
                        ARRAY.createPoint(
                                new PackedCoordinateSequence.Double(
                                        new double[] {10.5, -20.25, 30}, 3, 0))));
        groups.add(
                List.of(
                        ARRAY.createLineString(
                                new Coordinate[] {
                                    new CoordinateXYM(100, -45, 1),
                                    new CoordinateXYM(101, -44, 2),
                                    new CoordinateXYM(102, -45.5, 3)
                                }),
                        Wkt.read("LINESTRING M (100 -45 1, 101 -44 2, 102 -45.5 3)"),
                        ARRAY.createLineString(
                                new PackedCoordinateSequence.Double(
                                        new double[] {100, -45, 1, 101, -44, 2, 102, -45.5, 3},
                                        3,
                                        1))));
        String polygonZm = "POLYGON ZM ((-10 -10 1 5, -8 -10 2 6, -8 -8 3 7, -10 -10 1 5))";
        groups.add(
                List.of(
                        Wkt.read(polygonZm),
                        packed(Wkt.read(polygonZm)),
                        ARRAY.createPolygon(
                                new Coordinate[] {
                                    new CoordinateXYZM(-10, -10, 1, 5),
                                    new CoordinateXYZM(-8, -10, 2, 6),
                                    new CoordinateXYZM(-8, -8, 3, 7),
                                    new CoordinateXYZM(-10, -10, 1, 5)
                                })));
        groups.add(
                List.of(
                        Wkt.withSrid(ARRAY.createPoint(new CoordinateXY(7.5, 7.25)), 3857),
                        new GeometryFactory(new PrecisionModel(), 3857)
                                .createPoint(new Coordinate(7.5, 7.25)),
                        Wkt.withSrid(Wkt.read("POINT (7.5 7.25)"), 3857)));

        // Synthetic: EMPTY geometries of several classes (distinct keys: JTS never equates
        // geometries of different classes, and their bytes differ in the type code).
        groups.add(
                List.of(
                        ARRAY.createPoint(),
                        Wkt.read("POINT EMPTY"),
                        Wkt.read("POINT Z EMPTY"),
                        ARRAY.createPoint((Coordinate) null),
                        PACKED.createPoint()));
        groups.add(List.of(ARRAY.createLineString(), Wkt.read("LINESTRING ZM EMPTY")));
        groups.add(List.of(ARRAY.createPolygon(), Wkt.read("POLYGON EMPTY")));
        groups.add(List.of(ARRAY.createGeometryCollection(), Wkt.read("GEOMETRYCOLLECTION EMPTY")));
        groups.add(List.of(ARRAY.createMultiPolygon(), Wkt.read("MULTIPOLYGON M EMPTY")));

        // Synthetic: a MultiPoint with an empty member; a collection whose members have their
        // own SRIDs.
        String multiPoint = "MULTIPOINT Z ((-60 -30 5), EMPTY, (-61 -31 6))";
        groups.add(
                List.of(
                        Wkt.read(multiPoint),
                        // Not packed(...): JTS's GeometryEditor drops empty members.
                        PACKED.createMultiPoint(
                                new Point[] {
                                    PACKED.createPoint(
                                            new PackedCoordinateSequence.Double(
                                                    new double[] {-60, -30, 5}, 3, 0)),
                                    PACKED.createPoint(),
                                    PACKED.createPoint(
                                            new PackedCoordinateSequence.Double(
                                                    new double[] {-61, -31, 6}, 3, 0))
                                }),
                        ARRAY.createMultiPoint(
                                new Point[] {
                                    ARRAY.createPoint(new Coordinate(-60, -30, 5)),
                                    ARRAY.createPoint(),
                                    ARRAY.createPoint(new Coordinate(-61, -31, 6))
                                })));
        groups.add(List.of(collectionWithSrids(ARRAY), collectionWithSrids(PACKED)));
        return groups;
    }

    private static Geometry collectionWithSrids(GeometryFactory factory) {
        Point point = factory.createPoint(new CoordinateXY(-5, -5));
        point.setSRID(4326);
        LineString line =
                factory.createLineString(
                        new Coordinate[] {new Coordinate(-4, -4, 1), new Coordinate(-3, -4, 2)});
        line.setSRID(0);
        Polygon empty = factory.createPolygon();
        empty.setSRID(3857);
        Geometry collection = factory.createGeometryCollection(new Geometry[] {point, line, empty});
        collection.setSRID(4326);
        return collection;
    }

    /**
     * Groups of geometries used as state values (payloads), including geometries repeated in
     * different constructions; they are also the user keys of a {@code MapState<Geometry, Long>}.
     */
    public static List<List<Geometry>> payloadGroups() {
        List<List<Geometry>> groups = new ArrayList<>();
        for (Geometry g : naturalEarth("natural-earth-countries-110m.wkt", 1, 4, 6, 8, 10, 12)) {
            groups.add(List.of(g, packed(g)));
        }
        for (Geometry g : naturalEarth("natural-earth-countries-110m.wkt", 5, 11)) {
            groups.add(List.of(g)); // multipolygons
        }
        for (Geometry g : naturalEarth("natural-earth-lakes.wkt", 1, 7)) {
            groups.add(List.of(g, packed(g)));
        }
        for (Geometry g : naturalEarth("natural-earth-rivers.wkt", 1, 3, 6)) {
            groups.add(List.of(g));
        }
        for (Geometry g : naturalEarth("natural-earth-cities.wkt", 20, 21, 22, 23)) {
            Point p = (Point) g;
            groups.add(List.of(p, ARRAY.createPoint(new Coordinate(p.getX(), p.getY()))));
        }
        groups.add(
                List.of(
                        Wkt.read("POINT ZM (1.25 2.5 3.75 -4)"),
                        ARRAY.createPoint(new CoordinateXYZM(1.25, 2.5, 3.75, -4))));
        // Z decided by values over the whole line: the NaN Z of the first vertex is kept.
        groups.add(
                List.of(
                        Wkt.read("LINESTRING Z (20 20 NaN, 21 21 3, 22 20 -1)"),
                        ARRAY.createLineString(
                                new Coordinate[] {
                                    new Coordinate(20, 20),
                                    new Coordinate(21, 21, 3),
                                    new Coordinate(22, 20, -1)
                                })));
        groups.add(List.of(Wkt.read("POLYGON M ((30 30 1, 31 30 2, 31 31 3, 30 30 1))")));
        groups.add(List.of(Wkt.read("MULTILINESTRING M ((40 40 0, 41 41 1), (42 42 2, 43 43 3))")));
        groups.add(
                List.of(
                        Wkt.withSrid(Wkt.read("POLYGON ((50 50, 51 50, 51 51, 50 50))"), 4326),
                        Wkt.withSrid(
                                packed(Wkt.read("POLYGON ((50 50, 51 50, 51 51, 50 50))")), 4326)));
        groups.add(List.of(ARRAY.createMultiPolygon(), Wkt.read("MULTIPOLYGON EMPTY")));
        groups.add(List.of(ARRAY.createPoint(), Wkt.read("POINT ZM EMPTY")));
        groups.add(
                List.of(
                        Wkt.read(
                                "GEOMETRYCOLLECTION (POINT Z (60 60 1), GEOMETRYCOLLECTION"
                                        + " (LINESTRING (61 61, 62 62), POLYGON EMPTY),"
                                        + " MULTIPOINT ((63 63), EMPTY))")));
        return groups;
    }

    /** All geometries of all groups, flattened. */
    public static List<Geometry> flatten(List<List<Geometry>> groups) {
        List<Geometry> all = new ArrayList<>();
        groups.forEach(all::addAll);
        return all;
    }
}
