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
package dev.flinkgeometry.benchmarks.contenders;

import java.util.EnumSet;
import java.util.Set;
import org.apache.flink.core.memory.DataInputView;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.MultiLineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;

/**
 * The floor of decoding into JTS's default sequences: building the same geometry from arrays that
 * are already decoded (a {@code double[]} of X, Y per line and ring, so no bytes are read at all):
 * one {@code CoordinateXY} per vertex, a {@code CoordinateArraySequence} per line or ring, the
 * factory for the rest, with no array allocated or copied that the geometry does not keep (a shared
 * empty holes array, collection members built into the collection's own array). Deserialization
 * into default sequences cannot do less; a deep copy of one does about this much.
 */
final class ConstructFloor extends Contender {
    private static final GeometryFactory FACTORY = new GeometryFactory();
    private static final LinearRing[] NO_HOLES = new LinearRing[0];

    private final Object[] parts;

    ConstructFloor(Geometry[] geometries) {
        super(Contenders.CONSTRUCT, geometries);
        parts = new Object[geometries.length];
        for (int i = 0; i < geometries.length; i++) {
            requireXy(geometries[i]);
            parts[i] = decompose(geometries[i]);
        }
    }

    @Override
    public Set<Operation> operations() {
        return EnumSet.of(Operation.DESERIALIZE, Operation.DEEP_COPY);
    }

    @Override
    public Object deserialize(int index, DataInputView source) {
        return build(geometries[index], parts[index]);
    }

    @Override
    public Object copy(int index) {
        return build(geometries[index], parts[index]);
    }

    @Override
    public boolean readsInput() {
        return false;
    }

    /** A point or line: its X, Y pairs; a polygon: its rings; a collection: its members. */
    private static Object decompose(Geometry geometry) {
        if (geometry instanceof Point || geometry instanceof LineString) {
            CoordinateSequence sequence =
                    geometry instanceof Point
                            ? ((Point) geometry).getCoordinateSequence()
                            : ((LineString) geometry).getCoordinateSequence();
            double[] xy = new double[2 * sequence.size()];
            for (int i = 0; i < sequence.size(); i++) {
                xy[2 * i] = sequence.getX(i);
                xy[2 * i + 1] = sequence.getY(i);
            }
            return xy;
        }
        Object[] members;
        if (geometry instanceof Polygon) {
            Polygon polygon = (Polygon) geometry;
            members = new Object[1 + polygon.getNumInteriorRing()];
            members[0] = decompose(polygon.getExteriorRing());
            for (int i = 0; i < polygon.getNumInteriorRing(); i++) {
                members[i + 1] = decompose(polygon.getInteriorRingN(i));
            }
        } else {
            members = new Object[geometry.getNumGeometries()];
            for (int i = 0; i < members.length; i++) {
                members[i] = decompose(geometry.getGeometryN(i));
            }
        }
        return members;
    }

    private static Geometry build(Geometry shape, Object part) {
        if (shape instanceof Point) {
            return FACTORY.createPoint(sequence((double[]) part));
        }
        if (shape instanceof LinearRing) {
            return FACTORY.createLinearRing(sequence((double[]) part));
        }
        if (shape instanceof LineString) {
            return FACTORY.createLineString(sequence((double[]) part));
        }
        Object[] members = (Object[]) part;
        if (shape instanceof Polygon) {
            // A shared empty array for the holes: JTS allocates one per polygon when given none.
            LinearRing[] holes =
                    members.length == 1 ? NO_HOLES : new LinearRing[members.length - 1];
            for (int i = 0; i < holes.length; i++) {
                holes[i] = FACTORY.createLinearRing(sequence((double[]) members[i + 1]));
            }
            return FACTORY.createPolygon(
                    FACTORY.createLinearRing(sequence((double[]) members[0])), holes);
        }
        // Members straight into the array of the collection's own type: no second array, no copy.
        Geometry[] built;
        if (shape instanceof MultiPoint) {
            built = new Point[members.length];
        } else if (shape instanceof MultiLineString) {
            built = new LineString[members.length];
        } else if (shape instanceof MultiPolygon) {
            built = new Polygon[members.length];
        } else if (shape instanceof GeometryCollection) {
            built = new Geometry[members.length];
        } else {
            throw new IllegalArgumentException("unsupported geometry " + shape.getGeometryType());
        }
        for (int i = 0; i < members.length; i++) {
            built[i] = build(shape.getGeometryN(i), members[i]);
        }
        if (shape instanceof MultiPoint) {
            return FACTORY.createMultiPoint((Point[]) built);
        }
        if (shape instanceof MultiLineString) {
            return FACTORY.createMultiLineString((LineString[]) built);
        }
        if (shape instanceof MultiPolygon) {
            return FACTORY.createMultiPolygon((Polygon[]) built);
        }
        return FACTORY.createGeometryCollection(built);
    }

    /**
     * One {@code CoordinateXY} per vertex and the sequence constructor that is told the dimension
     * (the one without it scans every coordinate to find it).
     */
    private static CoordinateSequence sequence(double[] xy) {
        Coordinate[] coordinates = new Coordinate[xy.length / 2];
        for (int i = 0; i < coordinates.length; i++) {
            coordinates[i] = new CoordinateXY(xy[2 * i], xy[2 * i + 1]);
        }
        return new CoordinateArraySequence(coordinates, 2, 0);
    }

    /** The floor builds XY geometries with SRID 0, as every workload is. */
    private static void requireXy(Geometry geometry) {
        if (geometry.getSRID() != 0) {
            throw new IllegalArgumentException("the construct floor builds SRID 0 only");
        }
        for (Coordinate c : geometry.getCoordinates()) {
            if (!Double.isNaN(c.getZ()) || !Double.isNaN(c.getM())) {
                throw new IllegalArgumentException("the construct floor builds XY only");
            }
        }
    }
}
