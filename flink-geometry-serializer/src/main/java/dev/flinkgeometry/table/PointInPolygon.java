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

import org.apache.flink.annotation.Internal;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * Where a point lies against a polygon or multipolygon, decided as PostGIS decides it before it
 * calls GEOS ({@code point_in_polygon}, {@code point_in_multipolygon}, {@code point_in_ring} of
 * its {@code lwgeom_functions_analytic.c}): a winding number over each ring with the side of the
 * point computed in plain double arithmetic, and "on the boundary" when that side is exactly 0
 * and the point is inside the segment's box. PostGIS answers {@code ST_Contains}, {@code
 * ST_Within}, {@code ST_Covers}, {@code ST_CoveredBy} and {@code ST_Intersects} between a
 * (multi)polygon and a (multi)point this way, so a geofence's answer for a point on or next to an
 * edge is PostGIS's, which a robust predicate (GEOS's or JTS's) can contradict.
 */
@Internal
final class PointInPolygon {
    static final int OUTSIDE = -1;
    static final int BOUNDARY = 0;
    static final int INSIDE = 1;

    private PointInPolygon() {}

    /** {@link #INSIDE}, {@link #BOUNDARY} or {@link #OUTSIDE}: a non-empty point, a polygonal. */
    static int locate(Point point, Geometry polygonal) {
        double x = point.getX();
        double y = point.getY();
        if (polygonal instanceof Polygon) {
            return inPolygon((Polygon) polygonal, x, y);
        }
        int result = OUTSIDE;
        for (int i = 0; i < polygonal.getNumGeometries(); i++) {
            Polygon polygon = (Polygon) polygonal.getGeometryN(i);
            if (polygon.isEmpty()) {
                continue;
            }
            int inShell = inRing(polygon.getExteriorRing().getCoordinateSequence(), x, y);
            if (inShell == OUTSIDE) {
                continue;
            }
            if (inShell == BOUNDARY) {
                return BOUNDARY;
            }
            result = inShell;
            for (int h = 0; h < polygon.getNumInteriorRing(); h++) {
                int inHole = inRing(polygon.getInteriorRingN(h).getCoordinateSequence(), x, y);
                if (inHole == INSIDE) {
                    result = OUTSIDE;
                    break;
                }
                if (inHole == BOUNDARY) {
                    return BOUNDARY;
                }
            }
            if (result != OUTSIDE) {
                return result;
            }
        }
        return result;
    }

    private static int inPolygon(Polygon polygon, double x, double y) {
        if (polygon.isEmpty()) {
            return OUTSIDE;
        }
        int result = inRing(polygon.getExteriorRing().getCoordinateSequence(), x, y);
        if (result == OUTSIDE) {
            return OUTSIDE;
        }
        for (int h = 0; h < polygon.getNumInteriorRing(); h++) {
            int inHole = inRing(polygon.getInteriorRingN(h).getCoordinateSequence(), x, y);
            if (inHole == INSIDE) {
                return OUTSIDE;
            }
            if (inHole == BOUNDARY) {
                return BOUNDARY;
            }
        }
        return result;
    }

    /** PostGIS's {@code point_in_ring}. */
    static int inRing(CoordinateSequence ring, double x, double y) {
        int windings = 0;
        for (int i = 0; i < ring.size() - 1; i++) {
            int step = segment(ring, i, x, y);
            if (step == Integer.MIN_VALUE) {
                return BOUNDARY;
            }
            windings += step;
        }
        return windings == 0 ? OUTSIDE : INSIDE;
    }

    /**
     * The winding step of segment {@code i} of {@code ring} around {@code (x, y)}: +1, -1 or 0, or
     * {@link Integer#MIN_VALUE} when the point is on it.
     */
    static int segment(CoordinateSequence ring, int i, double x, double y) {
        double x1 = ring.getX(i);
        double y1 = ring.getY(i);
        double x2 = ring.getX(i + 1);
        double y2 = ring.getY(i + 1);
        double side = (x2 - x1) * (y - y1) - (x - x1) * (y2 - y1);
        if ((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1) < 1e-12 * 1e-12) {
            return 0; // a zero-length segment is ignored
        }
        if (side == 0.0
                && x <= Math.max(x1, x2)
                && x >= Math.min(x1, x2)
                && y <= Math.max(y1, y2)
                && y >= Math.min(y1, y2)) {
            return Integer.MIN_VALUE;
        }
        if (y1 <= y && y < y2 && side > 0) {
            return 1;
        }
        if (y2 <= y && y < y1 && side < 0) {
            return -1;
        }
        return 0;
    }
}
