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

import static dev.flinkgeometry.testing.Wkt.withSrid;
import static dev.flinkgeometry.testing.Wkt.withSridOnEveryMember;

import java.util.List;
import java.util.function.Function;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;

/**
 * Mixes of geometries of every type that a serializer declared for {@code Geometry} carries
 * exactly: the test data of the contract tests and of the tests beyond them, in one place.
 */
public final class GeometryMixes {
    private static final GeometryFactory ARRAY = new GeometryFactory();

    private GeometryMixes() {}

    /**
     * One or more geometries of every type for the aligned format (no top-level LinearRing: the
     * format does not carry that distinction for a {@code Geometry} serializer; members of a
     * collection keep their own SRIDs), built with {@code factory}.
     */
    public static List<Geometry> aligned(GeometryFactory factory) {
        Function<String, Geometry> wkt = text -> Wkt.read(factory, text);
        GeometryCollection withSrids =
                factory.createGeometryCollection(
                        new Geometry[] {
                            withSrid(wkt.apply("POINT (1 2)"), 4326),
                            withSrid(wkt.apply("POLYGON Z ((0 0 1, 1 0 1, 1 1 1, 0 0 1))"), 3857),
                            wkt.apply("GEOMETRYCOLLECTION (MULTIPOINT M ((1 2 3), EMPTY))")
                        });
        withSrids.setSRID(900913);
        return List.of(
                wkt.apply("POINT (1 2)"),
                wkt.apply("POINT EMPTY"),
                withSrid(wkt.apply("POINT ZM (1 2 3 4)"), 4326),
                wkt.apply("POINT (NaN -0)"),
                wkt.apply("LINESTRING (0 0, 1 1, 2 1)"),
                wkt.apply("LINESTRING Z (0 0 NaN, 1 1 3)"),
                wkt.apply("LINESTRING (0 0, 1 0, 1 1, 0 0)"),
                wkt.apply("POLYGON ((0 0, 10 0, 10 10, 0 0), (1 1, 2 1, 2 2, 1 1))"),
                wkt.apply("POLYGON EMPTY"),
                wkt.apply("MULTIPOINT ((1 2), EMPTY)"),
                wkt.apply("MULTILINESTRING M ((0 0 1, 1 1 2), EMPTY)"),
                withSrid(wkt.apply("MULTIPOLYGON (EMPTY, ((0 0, 1 0, 1 1, 0 0)))"), 4326),
                wkt.apply("MULTIPOLYGON EMPTY"),
                wkt.apply("GEOMETRYCOLLECTION EMPTY"),
                wkt.apply(
                        "GEOMETRYCOLLECTION (POINT Z (1 2 3), GEOMETRYCOLLECTION"
                                + " (LINESTRING (0 0, 1 1), POLYGON EMPTY))"),
                withSrids);
    }

    /**
     * Every type, every empty, XY, Z, M and ZM, NaN and -0.0 ordinates, SRIDs and nested
     * collections, as the legacy WKB format carries them exactly (members take the top level's
     * SRID).
     */
    public static List<Geometry> legacyWkb() {
        return List.of(
                Wkt.read("POINT (1 2)"),
                Wkt.read("POINT EMPTY"),
                Wkt.read("POINT Z (1 2 3)"),
                Wkt.read("POINT M (1 2 4)"),
                withSridOnEveryMember(Wkt.read("POINT ZM (1 2 3 4)"), 4326),
                Wkt.read("POINT (NaN -0)"),
                Wkt.read("POINT Z (NaN NaN 3)"),
                withSridOnEveryMember(Wkt.read("POINT EMPTY"), 3857),
                Wkt.read("LINESTRING (0 0, 1 1, 2 1)"),
                Wkt.read("LINESTRING EMPTY"),
                Wkt.read("LINESTRING Z (0 0 NaN, 1 1 3)"),
                Wkt.read("LINESTRING M (0 0 1, 1 1 -0)"),
                withSridOnEveryMember(Wkt.read("LINESTRING ZM (0 0 1 2, 1 1 3 4)"), -1),
                Wkt.read("LINESTRING (0 0, 1 0, 1 1, 0 0)"),
                Wkt.read("POLYGON ((0 0, 10 0, 10 10, 0 0), (1 1, 2 1, 2 2, 1 1))"),
                Wkt.read("POLYGON EMPTY"),
                Wkt.read("POLYGON M ((0 0 1, 1 0 2, 1 1 3, 0 0 1))"),
                withSridOnEveryMember(
                        Wkt.read("POLYGON ZM ((0 0 1 1, 1 0 1 2, 1 1 1 3, 0 0 1 1))"), 2056),
                Wkt.read("MULTIPOINT ((1 2), EMPTY)"),
                Wkt.read("MULTIPOINT Z ((1 2 3), (4 5 NaN), EMPTY)"),
                Wkt.read("MULTIPOINT EMPTY"),
                Wkt.read("MULTILINESTRING M ((0 0 1, 1 1 2), EMPTY)"),
                Wkt.read("MULTILINESTRING EMPTY"),
                withSridOnEveryMember(
                        Wkt.read("MULTIPOLYGON (EMPTY, ((0 0, 1 0, 1 1, 0 0)))"), 4326),
                Wkt.read("MULTIPOLYGON ZM (((0 0 1 2, 1 0 1 2, 1 1 1 2, 0 0 1 2)))"),
                Wkt.read("MULTIPOLYGON EMPTY"),
                Wkt.read("GEOMETRYCOLLECTION EMPTY"),
                Wkt.read(
                        "GEOMETRYCOLLECTION (POINT Z (1 2 3), GEOMETRYCOLLECTION"
                                + " (LINESTRING (0 0, 1 1), POLYGON EMPTY))"),
                withSridOnEveryMember(
                        Wkt.read(
                                "GEOMETRYCOLLECTION (POINT M (1 2 3), MULTIPOINT ZM ((1"
                                        + " 2 3 4), EMPTY), GEOMETRYCOLLECTION EMPTY,"
                                        + " POINT EMPTY)"),
                        900913));
    }

    /** An XY line string of {@code vertices} distinct, non-integral vertices. */
    public static LineString longLine(int vertices) {
        Coordinate[] coordinates = new Coordinate[vertices];
        for (int i = 0; i < vertices; i++) {
            coordinates[i] = new CoordinateXY(i * 0.001 - 180.0, Math.sin(i * 0.01) * 89.5);
        }
        return ARRAY.createLineString(coordinates);
    }
}
