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
package dev.flinkgeometry.benchmarks.data;

import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * The synthetic shapes of the Sedona serde write-up (source document 000): XY geometries built with
 * {@code new Coordinate(x, y)} and JTS's default sequences, where {@code segments} is the number of
 * segments of every line and ring.
 */
public final class Shapes {
    private static final GeometryFactory FACTORY = new GeometryFactory();
    private static final int HOLES = 4;
    private static final int POLYGONS = 4;

    private Shapes() {}

    public static Point point() {
        return FACTORY.createPoint(new Coordinate(10.123456789, 20.987654321));
    }

    /** A wave of {@code segments} segments. */
    public static LineString lineString(int segments) {
        Coordinate[] coordinates = new Coordinate[segments + 1];
        for (int i = 0; i <= segments; i++) {
            double x = 10 + 0.1 * i;
            coordinates[i] = new Coordinate(x, 20 + Math.sin(x));
        }
        return FACTORY.createLineString(coordinates);
    }

    /** A circle of radius 1 around (x, y) as a closed ring of {@code segments} segments. */
    static LinearRing ring(double x, double y, double radius, int segments) {
        Coordinate[] coordinates = new Coordinate[segments + 1];
        for (int i = 0; i < segments; i++) {
            double angle = 2 * Math.PI * i / segments;
            coordinates[i] =
                    new Coordinate(x + radius * Math.cos(angle), y + radius * Math.sin(angle));
        }
        coordinates[segments] = coordinates[0].copy();
        return FACTORY.createLinearRing(coordinates);
    }

    public static Polygon polygon(int segments) {
        return FACTORY.createPolygon(ring(10, 20, 1, segments));
    }

    /** A shell of radius 10 with four holes of radius 1, every ring of {@code segments}. */
    public static Polygon polygonWithHoles(int segments) {
        return polygonWithHoles(10, 20, segments);
    }

    private static Polygon polygonWithHoles(double x, double y, int segments) {
        LinearRing[] holes = new LinearRing[HOLES];
        for (int i = 0; i < HOLES; i++) {
            double angle = 2 * Math.PI * i / HOLES;
            holes[i] = ring(x + 5 * Math.cos(angle), y + 5 * Math.sin(angle), 1, segments);
        }
        return FACTORY.createPolygon(ring(x, y, 10, segments), holes);
    }

    /** Four polygons with four holes each, side by side. */
    public static Geometry multiPolygon(int segments) {
        Polygon[] polygons = new Polygon[POLYGONS];
        for (int i = 0; i < POLYGONS; i++) {
            polygons[i] = polygonWithHoles(10 + 25 * i, 20, segments);
        }
        return FACTORY.createMultiPolygon(polygons);
    }

    /** A point, a line string, a polygon, a polygon with holes and a multipolygon. */
    public static Geometry geometryCollection(int segments) {
        return FACTORY.createGeometryCollection(
                new Geometry[] {
                    point(),
                    lineString(segments),
                    polygon(segments),
                    polygonWithHoles(segments),
                    multiPolygon(segments)
                });
    }
}
