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
package dev.flinkgeometry.serializer;

import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.CoordinateXYZM;
import org.locationtech.jts.geom.Geometry;
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
 * The deep copy of {@code copy(T)}: what JTS {@link Geometry#copy()} gives (new coordinates and
 * sequences of the same kinds, the same SRID and user data on every part, the same factory), built
 * directly: JTS copies each coordinate through a factory switch and a virtual {@code
 * setCoordinate}, and copies cached envelopes. Flink calls this for every record between chained
 * operators unless object reuse is on.
 *
 * <p>Only JTS's own classes with its default sequences take this path; anything else (subclasses,
 * other sequences) is copied by JTS itself.
 */
final class GeometryCopy {
    private GeometryCopy() {}

    static Geometry of(Geometry geometry) {
        Geometry copy = copyOrNull(geometry);
        return copy != null ? copy : geometry.copy();
    }

    /** The copy, or {@code null} if this geometry (or a part) is not for the direct path. */
    private static Geometry copyOrNull(Geometry geometry) {
        GeometryFactory factory = geometry.getFactory();
        Class<?> type = geometry.getClass();
        Geometry copy;
        if (type == Point.class) {
            CoordinateSequence sequence = copy(((Point) geometry).getCoordinateSequence());
            copy = sequence == null ? null : factory.createPoint(sequence);
        } else if (type == LineString.class) {
            CoordinateSequence sequence = copy(((LineString) geometry).getCoordinateSequence());
            copy = sequence == null ? null : factory.createLineString(sequence);
        } else if (type == LinearRing.class) {
            copy = ring((LinearRing) geometry);
        } else if (type == Polygon.class) {
            copy = polygon((Polygon) geometry);
        } else if (type == MultiPoint.class) {
            Point[] points = members(geometry, new Point[geometry.getNumGeometries()]);
            copy = points == null ? null : factory.createMultiPoint(points);
        } else if (type == MultiLineString.class) {
            LineString[] lines = members(geometry, new LineString[geometry.getNumGeometries()]);
            copy = lines == null ? null : factory.createMultiLineString(lines);
        } else if (type == MultiPolygon.class) {
            Polygon[] polygons = members(geometry, new Polygon[geometry.getNumGeometries()]);
            copy = polygons == null ? null : factory.createMultiPolygon(polygons);
        } else {
            return null; // a geometry collection proper, a subclass: JTS copies it
        }
        if (copy != null) {
            copy.setSRID(geometry.getSRID());
            copy.setUserData(geometry.getUserData());
        }
        return copy;
    }

    private static LinearRing ring(LinearRing ring) {
        CoordinateSequence sequence = copy(ring.getCoordinateSequence());
        if (sequence == null) {
            return null;
        }
        LinearRing copy = ring.getFactory().createLinearRing(sequence);
        copy.setSRID(ring.getSRID());
        copy.setUserData(ring.getUserData());
        return copy;
    }

    private static Polygon polygon(Polygon polygon) {
        if (polygon.getExteriorRing().getClass() != LinearRing.class) {
            return null;
        }
        LinearRing shell = ring(polygon.getExteriorRing());
        LinearRing[] holes = new LinearRing[polygon.getNumInteriorRing()];
        for (int i = 0; i < holes.length && shell != null; i++) {
            LinearRing hole = polygon.getInteriorRingN(i);
            holes[i] = hole.getClass() == LinearRing.class ? ring(hole) : null;
            if (holes[i] == null) {
                return null;
            }
        }
        return shell == null ? null : polygon.getFactory().createPolygon(shell, holes);
    }

    @SuppressWarnings("unchecked")
    private static <T extends Geometry> T[] members(Geometry multi, T[] members) {
        for (int i = 0; i < members.length; i++) {
            Geometry member = copyOrNull(multi.getGeometryN(i));
            if (member == null) {
                return null;
            }
            members[i] = (T) member;
        }
        return members;
    }

    /**
     * A copy of a default sequence with coordinates of the classes JTS's own copy gives for its
     * dimension and measures; {@code null} for other sequences.
     */
    private static CoordinateSequence copy(CoordinateSequence sequence) {
        if (sequence.getClass() != CoordinateArraySequence.class) {
            return null;
        }
        Coordinate[] from = ((CoordinateArraySequence) sequence).toCoordinateArray();
        int dimension = sequence.getDimension();
        int measures = sequence.getMeasures();
        Coordinate[] to = new Coordinate[from.length];
        // The classes of JTS's Coordinates.create, filled by setCoordinate as JTS's copy does;
        // one loop per class, so that each constructor and setCoordinate is known.
        if (dimension == 2) {
            for (int i = 0; i < to.length; i++) {
                Coordinate c = new CoordinateXY();
                c.setCoordinate(from[i]);
                to[i] = c;
            }
        } else if (dimension == 3 && measures == 0) {
            for (int i = 0; i < to.length; i++) {
                Coordinate c = new Coordinate();
                c.setCoordinate(from[i]);
                to[i] = c;
            }
        } else if (dimension == 3 && measures == 1) {
            for (int i = 0; i < to.length; i++) {
                Coordinate c = new CoordinateXYM();
                c.setCoordinate(from[i]);
                to[i] = c;
            }
        } else if (dimension == 4 && measures == 1) {
            for (int i = 0; i < to.length; i++) {
                Coordinate c = new CoordinateXYZM();
                c.setCoordinate(from[i]);
                to[i] = c;
            }
        } else {
            return null;
        }
        return new CoordinateArraySequence(to, dimension, measures);
    }
}
