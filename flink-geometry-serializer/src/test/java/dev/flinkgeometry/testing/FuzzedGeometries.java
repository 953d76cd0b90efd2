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

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import dev.flinkgeometry.format.GeometryLimits;
import dev.flinkgeometry.format.GeometryTypeCode;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.CoordinateSequenceFactory;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.impl.CoordinateArraySequenceFactory;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;

/**
 * Builds a valid JTS geometry of any type from a fuzzer's bytes, so that fuzzing can start from
 * records our encoders really write: any nesting up to {@link #MAX_DEPTH}, empty parts, any SRID,
 * any double (NaN, infinities, -0.0) in every ordinate, Z and M present, absent or partly NaN, and
 * either JTS sequence implementation (which must not change the bytes). Sizes stay small: the
 * fuzzer's time is better spent on variety.
 */
public final class FuzzedGeometries {
    /** Nesting of geometry collections. */
    public static final int MAX_DEPTH = 3;

    private static final int MAX_PARTS = 4;
    private static final int MAX_POINTS = 6;

    private static final GeometryFactory[] FACTORIES = {
        new GeometryFactory(CoordinateArraySequenceFactory.instance()),
        new GeometryFactory(PackedCoordinateSequenceFactory.DOUBLE_FACTORY)
    };

    private final FuzzedDataProvider data;
    private GeometryFactory factory;
    private int dimension;
    private int measures;

    private FuzzedGeometries(FuzzedDataProvider data) {
        this.data = data;
    }

    /** A geometry drawn from {@code data}; always valid for JTS and for both encoders. */
    public static Geometry geometry(FuzzedDataProvider data) {
        return new FuzzedGeometries(data).geometry(0);
    }

    private Geometry geometry(int depth) {
        int type = data.consumeInt(GeometryTypeCode.POINT, GeometryTypeCode.GEOMETRYCOLLECTION);
        if (type == GeometryTypeCode.GEOMETRYCOLLECTION && depth == MAX_DEPTH) {
            type = GeometryTypeCode.POINT;
        }
        factory = FACTORIES[data.consumeInt(0, 1)];
        boolean z = data.consumeBoolean();
        boolean m = data.consumeBoolean();
        dimension = 2 + (z ? 1 : 0) + (m ? 1 : 0);
        measures = m ? 1 : 0;
        Geometry geometry;
        switch (type) {
            case GeometryTypeCode.POINT:
                geometry = factory.createPoint(sequence(data.consumeInt(0, 1), false));
                break;
            case GeometryTypeCode.LINESTRING:
                geometry = lineString();
                break;
            case GeometryTypeCode.POLYGON:
                geometry = polygon();
                break;
            case GeometryTypeCode.MULTIPOINT:
                Point[] points = new Point[data.consumeInt(0, MAX_PARTS)];
                for (int i = 0; i < points.length; i++) {
                    points[i] = factory.createPoint(sequence(data.consumeInt(0, 1), false));
                }
                geometry = factory.createMultiPoint(points);
                break;
            case GeometryTypeCode.MULTILINESTRING:
                LineString[] lines = new LineString[data.consumeInt(0, MAX_PARTS)];
                for (int i = 0; i < lines.length; i++) {
                    lines[i] = lineString();
                }
                geometry = factory.createMultiLineString(lines);
                break;
            case GeometryTypeCode.MULTIPOLYGON:
                Polygon[] polygons = new Polygon[data.consumeInt(0, MAX_PARTS)];
                for (int i = 0; i < polygons.length; i++) {
                    polygons[i] = polygon();
                }
                geometry = factory.createMultiPolygon(polygons);
                break;
            default:
                Geometry[] members = new Geometry[data.consumeInt(0, MAX_PARTS)];
                for (int i = 0; i < members.length; i++) {
                    members[i] = geometry(depth + 1);
                }
                geometry = factory.createGeometryCollection(members);
                break;
        }
        geometry.setSRID(data.consumeBoolean() ? 0 : data.consumeInt(0, GeometryLimits.MAX_SRID));
        return geometry;
    }

    private LineString lineString() {
        int points = data.consumeInt(0, MAX_POINTS);
        return factory.createLineString(sequence(points == 1 ? 2 : points, false));
    }

    private Polygon polygon() {
        int rings = data.consumeInt(0, 3);
        if (rings == 0) {
            return factory.createPolygon();
        }
        LinearRing shell = ring();
        LinearRing[] holes = new LinearRing[shell.isEmpty() ? 0 : rings - 1];
        for (int i = 0; i < holes.length; i++) {
            holes[i] = ring();
        }
        return factory.createPolygon(shell, holes);
    }

    /** An empty ring (only as a shell, which makes the polygon empty) or a closed one. */
    private LinearRing ring() {
        int points = data.consumeInt(3, MAX_POINTS);
        CoordinateSequence ring = sequence(points + 1, true);
        for (int o = 0; o < dimension; o++) {
            ring.setOrdinate(points, o, ring.getOrdinate(0, o));
        }
        return factory.createLinearRing(ring);
    }

    /**
     * {@code size} coordinates; in a ring X and Y must be numbers (JTS checks that the ring is
     * closed, and NaN equals nothing). Z and M may be NaN anywhere, which the format's value rule
     * must handle.
     */
    private CoordinateSequence sequence(int size, boolean ring) {
        CoordinateSequenceFactory sequences = factory.getCoordinateSequenceFactory();
        CoordinateSequence sequence = sequences.create(size, dimension, measures);
        for (int i = 0; i < size; i++) {
            for (int o = 0; o < dimension; o++) {
                boolean xy = o < 2;
                double value =
                        xy && ring
                                ? data.consumeRegularDouble()
                                : data.consumeBoolean() ? Double.NaN : data.consumeDouble();
                sequence.setOrdinate(i, o, value);
            }
        }
        return sequence;
    }
}
