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

import dev.flinkgeometry.table.SphericalEdges.LonLat;
import dev.flinkgeometry.table.SphericalEdges.Vec;
import org.apache.flink.annotation.Internal;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * The minimum distance between two lon/lat geometries on a sphere or a spheroid, as PostGIS 3.3's
 * {@code lwgeom_distance_spheroid} finds it: the nearest pair of points over all edges on the
 * sphere, then, on a spheroid, GeographicLib's geodesic between that pair; 0 where an edge crosses
 * an edge or a point or line starts inside a polygon (a stab-line test on the sphere). A {@code
 * tolerance} lets the walk stop at the first distance within it (ST_DWithin); 0 walks everything.
 * Returns -1 for an empty argument, as PostGIS does.
 */
@Internal
final class GeodeticDistance {
    /** C's FLT_MAX, PostGIS's "no distance yet". */
    private static final double NONE = Float.MAX_VALUE;

    private GeodeticDistance() {}

    /**
     * The distance in the units of the spheroid; {@code storedBoxes} where the top-level boxes are
     * PostGIS's stored geography boxes (floats rounded outward).
     */
    static double between(
            Geometry g1, Geometry g2, Spheroid s, double tolerance, boolean storedBoxes) {
        return distance(g1, g2, s, tolerance, storedBoxes ? 1 : 0);
    }

    /** {@code depth} 1: top-level geometries with a stored box; 0: boxes computed in doubles. */
    private static double distance(
            Geometry g1, Geometry g2, Spheroid s, double tolerance, int depth) {
        if (g1.isEmpty() || g2.isEmpty()) {
            return -1.0;
        }
        GeodeticBox box1 = box(g1, depth);
        GeodeticBox box2 = box(g2, depth);
        boolean checkIntersection = box1.overlaps(box2);

        boolean pointOrLine1 = g1 instanceof Point || g1 instanceof LineString;
        boolean pointOrLine2 = g2 instanceof Point || g2 instanceof LineString;
        if (pointOrLine1 && pointOrLine2) {
            return pointArrays(lonLat(g1), lonLat(g2), s, tolerance, checkIntersection);
        }
        if ((g1 instanceof Polygon && pointOrLine2) || (g2 instanceof Polygon && pointOrLine1)) {
            Polygon polygon = (Polygon) (g1 instanceof Polygon ? g1 : g2);
            Geometry other = g1 instanceof Polygon ? g2 : g1;
            GeodeticBox polygonBox = g1 instanceof Polygon ? box1 : box2;
            double[] xy = lonLat(other);
            if (covers(polygon, polygonBox, xy[0], xy[1])) {
                return 0.0;
            }
            double distance = NONE;
            for (int i = 0; i < polygon.getNumInteriorRing() + 1; i++) {
                double ring = pointArrays(ring(polygon, i), xy, s, tolerance, checkIntersection);
                if (ring < distance) {
                    distance = ring;
                }
                if (distance <= tolerance) {
                    return distance;
                }
            }
            return distance;
        }
        if (g1 instanceof Polygon && g2 instanceof Polygon) {
            Polygon p1 = (Polygon) g1;
            Polygon p2 = (Polygon) g2;
            double[] first1 = ring(p1, 0);
            if (covers(p2, box2, first1[0], first1[1])) {
                return 0.0;
            }
            double[] first2 = ring(p2, 0);
            if (covers(p1, box1, first2[0], first2[1])) {
                return 0.0;
            }
            double distance = NONE;
            for (int i = 0; i < p1.getNumInteriorRing() + 1; i++) {
                for (int j = 0; j < p2.getNumInteriorRing() + 1; j++) {
                    double ring =
                            pointArrays(ring(p1, i), ring(p2, j), s, tolerance, checkIntersection);
                    if (ring < distance) {
                        distance = ring;
                    }
                    if (distance <= tolerance) {
                        return distance;
                    }
                }
            }
            return distance;
        }
        if (g1 instanceof GeometryCollection) {
            double distance = NONE;
            for (int i = 0; i < g1.getNumGeometries(); i++) {
                double member = distance(g1.getGeometryN(i), g2, s, tolerance, 0);
                if (member < distance) {
                    distance = member;
                }
                if (distance <= tolerance) {
                    return distance;
                }
            }
            return distance;
        }
        double distance = NONE;
        for (int i = 0; i < g2.getNumGeometries(); i++) {
            double member = distance(g1, g2.getGeometryN(i), s, tolerance, 0);
            if (member < distance) {
                distance = member;
            }
            if (distance <= tolerance) {
                return distance;
            }
        }
        return distance;
    }

    /**
     * The box PostGIS uses: a stored geography keeps one in floats for every type but a point, a
     * line of at most two points, a multipoint of one point and a multilinestring of one such line
     * ({@code lwgeom_needs_bbox}); members and the rest get theirs computed.
     */
    private static GeodeticBox box(Geometry g, int depth) {
        GeodeticBox box = GeodeticBox.of(g);
        return depth == 1 && needsStoredBox(g) ? box.roundedToFloats() : box;
    }

    private static boolean needsStoredBox(Geometry g) {
        if (g instanceof Point) {
            return false;
        }
        if (g instanceof LineString) {
            return g.getNumPoints() > 2;
        }
        if (g.getClass() == org.locationtech.jts.geom.MultiPoint.class) {
            return g.getNumGeometries() != 1;
        }
        if (g.getClass() == org.locationtech.jts.geom.MultiLineString.class) {
            return !(g.getNumGeometries() == 1 && g.getNumPoints() <= 2);
        }
        return true;
    }

    private static double[] lonLat(Geometry pointOrLine) {
        return pointOrLine instanceof Point
                ? Rings.lonLat((Point) pointOrLine)
                : Rings.lonLat((LineString) pointOrLine);
    }

    private static double[] ring(Polygon polygon, int i) {
        return Rings.lonLat(i == 0 ? polygon.getExteriorRing() : polygon.getInteriorRingN(i - 1));
    }

    /** {@code lwpoly_covers_point2d}: the point in the shell and in no hole (or on an edge). */
    static boolean covers(Polygon polygon, GeodeticBox box, double lon, double lat) {
        if (polygon.isEmpty()) {
            return false;
        }
        Vec p = SphericalEdges.toCartesian(LonLat.ofDegrees(lon, lat));
        if (!box.contains(p)) {
            return false;
        }
        double[] outside = box.pointOutside();
        if (outside == null) {
            outside = pointOutsideShell(polygon);
        }
        if (!SphericalEdges.ringContains(ring(polygon, 0), outside[0], outside[1], lon, lat)) {
            return false;
        }
        int inHoles = 0;
        for (int i = 1; i < polygon.getNumInteriorRing() + 1; i++) {
            if (SphericalEdges.ringContains(ring(polygon, i), outside[0], outside[1], lon, lat)) {
                inHoles++;
            }
        }
        return inHoles % 2 == 0;
    }

    /** {@code lwpoly_pt_outside_hack}: a point just off the shell's first edge. */
    private static double[] pointOutsideShell(Polygon polygon) {
        double[] shell = ring(polygon, 0);
        Vec q1 = SphericalEdges.toCartesian(LonLat.ofDegrees(shell[0], shell[1]));
        Vec q2 = SphericalEdges.toCartesian(LonLat.ofDegrees(shell[2], shell[3]));
        Vec mid = SphericalEdges.sum(q1, q2);
        SphericalEdges.normalize(mid);
        Vec cross = SphericalEdges.cross(q1, q2);
        SphericalEdges.normalize(cross);
        SphericalEdges.scale(cross, -0.2);
        Vec outside = SphericalEdges.sum(mid, cross);
        SphericalEdges.normalize(outside);
        LonLat g = SphericalEdges.toGeographic(outside);
        return new double[] {180.0 * g.lon / Math.PI, 180.0 * g.lat / Math.PI};
    }

    /** {@code ptarray_distance_spheroid} of lon/lat degrees {@code xy1}, {@code xy2}. */
    static double pointArrays(
            double[] xy1, double[] xy2, Spheroid s, double tolerance, boolean checkIntersection) {
        int n1 = xy1.length / 2;
        int n2 = xy2.length / 2;
        boolean useSphere = s.isSphere();
        double distance = NONE;
        if (n1 == 0 || n2 == 0) {
            return -1.0;
        }
        if (n1 == 1 && n2 == 1) {
            LonLat g1 = LonLat.ofDegrees(xy1[0], xy1[1]);
            LonLat g2 = LonLat.ofDegrees(xy2[0], xy2[1]);
            distance = s.radius * SphericalEdges.sphereDistance(g1, g2);
            if (useSphere) {
                return distance;
            } else if (distance < 0.95 * tolerance) {
                return distance;
            }
            return s.distance(g1, g2);
        }
        if (n1 == 1 || n2 == 1) {
            double[] one = n1 == 1 ? xy1 : xy2;
            double[] many = n1 == 1 ? xy2 : xy1;
            LonLat g1 = LonLat.ofDegrees(one[0], one[1]);
            LonLat start = LonLat.ofDegrees(many[0], many[1]);
            LonLat g2 = new LonLat();
            LonLat nearest2 = null;
            for (int i = 1; i < many.length / 2; i++) {
                LonLat end = LonLat.ofDegrees(many[2 * i], many[2 * i + 1]);
                double d = s.radius * SphericalEdges.edgeDistanceToPoint(start, end, g1, g2);
                if (d < distance) {
                    distance = d;
                    nearest2 = new LonLat(g2);
                }
                if (d <= tolerance) {
                    if (useSphere) {
                        return d;
                    } else if (d <= tolerance * 0.95) {
                        return d;
                    } else {
                        d = s.distance(g1, nearest2);
                        if (d <= tolerance) {
                            return d;
                        }
                    }
                }
                start = end;
            }
            // no nearest point where every distance was NaN
            if (useSphere || nearest2 == null) {
                return distance;
            }
            return s.distance(g1, nearest2);
        }
        LonLat s1 = LonLat.ofDegrees(xy1[0], xy1[1]);
        Vec a1 = SphericalEdges.toCartesian(s1);
        LonLat g1 = new LonLat();
        LonLat g2 = new LonLat();
        LonLat nearest1 = null;
        LonLat nearest2 = null;
        for (int i = 1; i < n1; i++) {
            LonLat e1 = LonLat.ofDegrees(xy1[2 * i], xy1[2 * i + 1]);
            Vec a2 = SphericalEdges.toCartesian(e1);
            LonLat s2 = LonLat.ofDegrees(xy2[0], xy2[1]);
            Vec b1 = SphericalEdges.toCartesian(s2);
            for (int j = 1; j < n2; j++) {
                LonLat e2 = LonLat.ofDegrees(xy2[2 * j], xy2[2 * j + 1]);
                Vec b2 = SphericalEdges.toCartesian(e2);
                if (checkIntersection && SphericalEdges.edgeIntersects(a1, a2, b1, b2) != 0) {
                    return 0.0;
                }
                double d = s.radius * SphericalEdges.edgeDistanceToEdge(s1, e1, s2, e2, g1, g2);
                if (d < distance) {
                    distance = d;
                    nearest1 = new LonLat(g1);
                    nearest2 = new LonLat(g2);
                }
                if (d <= tolerance) {
                    if (useSphere) {
                        return d;
                    }
                    d = s.distance(nearest1, nearest2);
                    if (d <= tolerance) {
                        return d;
                    }
                }
                s2 = e2;
                b1 = b2;
            }
            s1 = e1;
            a1 = a2;
        }
        if (useSphere || nearest1 == null) {
            return distance;
        }
        return s.distance(nearest1, nearest2);
    }
}
