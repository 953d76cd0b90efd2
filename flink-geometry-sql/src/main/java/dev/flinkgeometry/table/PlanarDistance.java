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
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.operation.distance.DistanceOp;

/**
 * The planar distance of {@code ST_Distance} and {@code ST_DWithin}. Where one side is a point, the
 * distance is computed with the arithmetic of PostGIS's own {@code measures.c} (not GEOS): point to
 * point as {@code sqrt(dx * dx + dy * dy)}, point to segment through the projection parameter
 * {@code r} with an exact test for a point on the segment, point to polygon by PostGIS's
 * winding-number test of each ring; so a point on an edge is at distance 0 exactly as in PostGIS,
 * and the doubles are PostGIS's. Between two non-point parts, JTS's {@link DistanceOp} (the
 * difference from PostGIS is measured in docs/SQL-FUNCTIONS.md). Collections: the minimum over
 * their non-empty parts. Callers check emptiness first: an empty side has no distance.
 */
@Internal
final class PlanarDistance {
    private PlanarDistance() {}

    /** The distance between two non-empty geometries. */
    static double between(Geometry a, Geometry b) {
        if (a instanceof GeometryCollection) {
            double min = Double.MAX_VALUE;
            for (int i = 0; i < a.getNumGeometries() && min > 0; i++) {
                Geometry part = a.getGeometryN(i);
                if (!part.isEmpty()) {
                    min = Math.min(min, between(part, b));
                }
            }
            return min;
        }
        if (b instanceof GeometryCollection) {
            double min = Double.MAX_VALUE;
            for (int i = 0; i < b.getNumGeometries() && min > 0; i++) {
                Geometry part = b.getGeometryN(i);
                if (!part.isEmpty()) {
                    min = Math.min(min, between(a, part));
                }
            }
            return min;
        }
        if (a instanceof Point) {
            return fromPoint((Point) a, b);
        }
        if (b instanceof Point) {
            return fromPoint((Point) b, a);
        }
        return DistanceOp.distance(a, b);
    }

    private static double fromPoint(Point point, Geometry other) {
        double x = point.getX();
        double y = point.getY();
        if (other instanceof Point) {
            return pointToPoint(x, y, ((Point) other).getX(), ((Point) other).getY());
        }
        if (other instanceof LineString) {
            return pointToLine(x, y, ((LineString) other).getCoordinateSequence());
        }
        Polygon polygon = (Polygon) other;
        CoordinateSequence shell = polygon.getExteriorRing().getCoordinateSequence();
        if (!inOrOnRing(x, y, shell)) {
            return pointToLine(x, y, shell);
        }
        for (int i = 0; i < polygon.getNumInteriorRing(); i++) {
            CoordinateSequence hole = polygon.getInteriorRingN(i).getCoordinateSequence();
            if (inOrOnRing(x, y, hole)) {
                return pointToLine(x, y, hole);
            }
        }
        return 0.0;
    }

    /** PostGIS's {@code lw_dist2d_pt_pt}. */
    private static double pointToPoint(double px, double py, double qx, double qy) {
        double h = qx - px;
        double v = qy - py;
        return Math.sqrt(h * h + v * v);
    }

    /** PostGIS's {@code lw_dist2d_pt_ptarray}: the first vertex, then every segment. */
    private static double pointToLine(double px, double py, CoordinateSequence line) {
        double min = pointToPoint(px, py, line.getX(0), line.getY(0));
        for (int i = 1; i < line.size() && min > 0; i++) {
            min = Math.min(min, pointToSegment(px, py, line, i - 1, i));
        }
        return min;
    }

    /** PostGIS's {@code lw_dist2d_pt_seg}. */
    private static double pointToSegment(
            double px, double py, CoordinateSequence line, int start, int end) {
        double ax = line.getX(start);
        double ay = line.getY(start);
        double bx = line.getX(end);
        double by = line.getY(end);
        if (ax == bx && ay == by) {
            return pointToPoint(px, py, ax, ay);
        }
        double r =
                ((px - ax) * (bx - ax) + (py - ay) * (by - ay))
                        / ((bx - ax) * (bx - ax) + (by - ay) * (by - ay));
        if (r < 0) {
            return pointToPoint(px, py, ax, ay);
        }
        if (r >= 1) {
            return pointToPoint(px, py, bx, by);
        }
        if ((ay - py) * (bx - ax) == (ax - px) * (by - ay)) {
            return 0.0; // on the segment, decided exactly as PostGIS decides it
        }
        return pointToPoint(px, py, ax + r * (bx - ax), ay + r * (by - ay));
    }

    /**
     * PostGIS's {@code ptarray_contains_point} is not {@code LW_OUTSIDE}: the winding number of the
     * ring around the point is not 0, or the point is on it.
     */
    private static boolean inOrOnRing(double px, double py, CoordinateSequence ring) {
        int windings = 0;
        double x1 = ring.getX(0);
        double y1 = ring.getY(0);
        for (int i = 1; i < ring.size(); i++) {
            double x2 = ring.getX(i);
            double y2 = ring.getY(i);
            if (x1 == x2 && y1 == y2) {
                continue;
            }
            if (py > Math.max(y1, y2) || py < Math.min(y1, y2)) {
                x1 = x2;
                y1 = y2;
                continue;
            }
            double side = (px - x1) * (y2 - y1) - (x2 - x1) * (py - y1);
            if (side == 0 && inSegmentRange(px, py, x1, y1, x2, y2)) {
                return true;
            }
            if (side < 0 && y1 <= py && py < y2) {
                windings++;
            } else if (side > 0 && y2 <= py && py < y1) {
                windings--;
            }
            x1 = x2;
            y1 = y2;
        }
        return windings != 0;
    }

    /** PostGIS's {@code lw_pt_in_seg}. */
    private static boolean inSegmentRange(
            double px, double py, double x1, double y1, double x2, double y2) {
        return (x1 <= px && px < x2)
                || (x1 >= px && px > x2)
                || (y1 <= py && py < y2)
                || (y1 >= py && py > y2);
    }
}
