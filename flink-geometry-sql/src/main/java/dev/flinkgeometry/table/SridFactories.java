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

import dev.flinkgeometry.format.CoordinateSequenceKind;
import org.apache.flink.annotation.Internal;
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
import org.locationtech.jts.geom.PrecisionModel;

/**
 * Geometries whose factory carries their SRID, as decoded geometries have ({@link
 * CoordinateSequenceKind#geometryFactory(int)}), so that what JTS derives from a function's result
 * (centroid, envelope, buffer, union: each made by the geometry's factory) keeps the SRID. The
 * factories of the sequence kinds are shared, so a stream of few SRIDs allocates none per row.
 */
@Internal
final class SridFactories {
    private static final CoordinateSequenceKind[] KINDS = CoordinateSequenceKind.values();

    private SridFactories() {}

    /**
     * A factory as {@code factory} (precision, sequences) with {@code srid}: the shared one of its
     * sequence kind, or, for a factory of the caller's own, a new one.
     */
    static GeometryFactory like(GeometryFactory factory, int srid) {
        if (factory.getSRID() == srid) {
            return factory;
        }
        if (factory.getPrecisionModel().getType() == PrecisionModel.FLOATING) {
            for (CoordinateSequenceKind kind : KINDS) {
                GeometryFactory shared = kind.geometryFactory();
                if (shared.getCoordinateSequenceFactory()
                        == factory.getCoordinateSequenceFactory()) {
                    return kind.geometryFactory(srid);
                }
            }
        }
        return new GeometryFactory(
                factory.getPrecisionModel(), srid, factory.getCoordinateSequenceFactory());
    }

    /**
     * {@code geometry}, which the caller owns, with {@code srid} on it and on every member and a
     * factory of that SRID: {@code geometry} itself when its factory has that SRID, otherwise a
     * copy made by such a factory.
     */
    static Geometry withSrid(Geometry geometry, int srid) {
        if (geometry.getFactory().getSRID() == srid) {
            return GeometryFunction.setSridEverywhere(geometry, srid);
        }
        return copy(geometry, like(geometry.getFactory(), srid));
    }

    /**
     * A copy of {@code geometry} made by {@code factory}, whose sequences are the geometry's kind:
     * every part, empty ones too (JTS's {@code GeometryFactory.createGeometry} drops empty
     * members), each sequence copied as it is (dimension and measures kept).
     */
    static Geometry copy(Geometry geometry, GeometryFactory factory) {
        Geometry copy = part(geometry, factory);
        copy.setUserData(geometry.getUserData());
        return copy;
    }

    private static Geometry part(Geometry geometry, GeometryFactory factory) {
        if (geometry instanceof Point) {
            return factory.createPoint(((Point) geometry).getCoordinateSequence().copy());
        }
        if (geometry instanceof LinearRing) {
            return factory.createLinearRing(((LinearRing) geometry).getCoordinateSequence().copy());
        }
        if (geometry instanceof LineString) {
            return factory.createLineString(((LineString) geometry).getCoordinateSequence().copy());
        }
        if (geometry instanceof Polygon) {
            Polygon polygon = (Polygon) geometry;
            LinearRing[] holes = new LinearRing[polygon.getNumInteriorRing()];
            for (int i = 0; i < holes.length; i++) {
                holes[i] = (LinearRing) part(polygon.getInteriorRingN(i), factory);
            }
            return factory.createPolygon(
                    (LinearRing) part(polygon.getExteriorRing(), factory), holes);
        }
        int n = geometry.getNumGeometries();
        if (geometry instanceof MultiPoint) {
            Point[] points = new Point[n];
            for (int i = 0; i < n; i++) {
                points[i] = (Point) part(geometry.getGeometryN(i), factory);
            }
            return factory.createMultiPoint(points);
        }
        if (geometry instanceof MultiLineString) {
            LineString[] lines = new LineString[n];
            for (int i = 0; i < n; i++) {
                lines[i] = (LineString) part(geometry.getGeometryN(i), factory);
            }
            return factory.createMultiLineString(lines);
        }
        if (geometry instanceof MultiPolygon) {
            Polygon[] polygons = new Polygon[n];
            for (int i = 0; i < n; i++) {
                polygons[i] = (Polygon) part(geometry.getGeometryN(i), factory);
            }
            return factory.createMultiPolygon(polygons);
        }
        if (geometry instanceof GeometryCollection) {
            Geometry[] members = new Geometry[n];
            for (int i = 0; i < n; i++) {
                members[i] = part(geometry.getGeometryN(i), factory);
            }
            return factory.createGeometryCollection(members);
        }
        throw new IllegalArgumentException(
                "a geometry of class " + geometry.getClass().getName() + " cannot be copied");
    }
}
