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

/**
 * Points, edges and vectors on the unit sphere, with the arithmetic of PostGIS 3.3's {@code
 * lwgeodetic.c} (same operations in the same order, same tolerances), so that distances, areas and
 * containment are PostGIS's doubles wherever Java's {@code Math} functions give glibc's.
 */
@Internal
final class SphericalEdges {
    /** lwgeodetic.h's FP_TOLERANCE. */
    static final double TOLERANCE = 5e-14;

    /** liblwgeom_internal.h's FP_TOLERANCE, which lwalgorithm.c's {@code p3d_same} uses. */
    private static final double POINT_TOLERANCE = 1e-12;

    static final int NO_INTERACT = 0x00;
    static final int INTERSECTS = 0x01;
    static final int COLINEAR = 0x02;
    static final int A_TOUCH_RIGHT = 0x04;
    static final int A_TOUCH_LEFT = 0x08;
    static final int B_TOUCH_RIGHT = 0x10;
    static final int B_TOUCH_LEFT = 0x20;

    private SphericalEdges() {}

    /** A point in radians (PostGIS's GEOGRAPHIC_POINT). */
    static final class LonLat {
        double lon;
        double lat;

        LonLat() {}

        LonLat(LonLat other) {
            lon = other.lon;
            lat = other.lat;
        }

        /** {@code geographic_point_init}: degrees to normalized radians. */
        static LonLat ofDegrees(double lonDegrees, double latDegrees) {
            LonLat g = new LonLat();
            g.lat = latitudeRadiansNormalize(Math.PI * latDegrees / 180.0);
            g.lon = longitudeRadiansNormalize(Math.PI * lonDegrees / 180.0);
            return g;
        }
    }

    /** A vector in three dimensions (POINT3D). */
    static final class Vec {
        double x;
        double y;
        double z;

        Vec() {}

        Vec(double x, double y, double z) {
            this.x = x;
            this.y = y;
            this.z = z;
        }

        Vec(Vec other) {
            this(other.x, other.y, other.z);
        }
    }

    static boolean fpEquals(double a, double b) {
        return Math.abs(a - b) <= TOLERANCE;
    }

    static boolean fpIsZero(double a) {
        return Math.abs(a) <= TOLERANCE;
    }

    static double longitudeRadiansNormalize(double lon) {
        if (lon == -1.0 * Math.PI) {
            return Math.PI;
        }
        if (lon == -2.0 * Math.PI) {
            return 0.0;
        }
        if (lon > 2.0 * Math.PI) {
            lon = Math.IEEEremainder(lon, 2.0 * Math.PI);
        }
        if (lon < -2.0 * Math.PI) {
            lon = Math.IEEEremainder(lon, -2.0 * Math.PI);
        }
        if (lon > Math.PI) {
            lon = -2.0 * Math.PI + lon;
        }
        if (lon < -1.0 * Math.PI) {
            lon = 2.0 * Math.PI + lon;
        }
        if (lon == -2.0 * Math.PI) {
            lon *= -1.0;
        }
        return lon;
    }

    static double latitudeRadiansNormalize(double lat) {
        if (lat > 2.0 * Math.PI) {
            lat = Math.IEEEremainder(lat, 2.0 * Math.PI);
        }
        if (lat < -2.0 * Math.PI) {
            lat = Math.IEEEremainder(lat, -2.0 * Math.PI);
        }
        if (lat > Math.PI) {
            lat = Math.PI - lat;
        }
        if (lat < -1.0 * Math.PI) {
            lat = -1.0 * Math.PI - lat;
        }
        if (lat > Math.PI / 2) {
            lat = Math.PI - lat;
        }
        if (lat < -1.0 * Math.PI / 2) {
            lat = -1.0 * Math.PI - lat;
        }
        return lat;
    }

    static double longitudeDegreesNormalize(double lon) {
        if (lon > 360.0) {
            lon = Math.IEEEremainder(lon, 360.0);
        }
        if (lon < -360.0) {
            lon = Math.IEEEremainder(lon, -360.0);
        }
        if (lon > 180.0) {
            lon = -360.0 + lon;
        }
        if (lon < -180.0) {
            lon = 360 + lon;
        }
        if (lon == -180.0) {
            return 180.0;
        }
        if (lon == -360.0) {
            return 0.0;
        }
        return lon;
    }

    static double latitudeDegreesNormalize(double lat) {
        if (lat > 360.0) {
            lat = Math.IEEEremainder(lat, 360.0);
        }
        if (lat < -360.0) {
            lat = Math.IEEEremainder(lat, -360.0);
        }
        if (lat > 180.0) {
            lat = 180.0 - lat;
        }
        if (lat < -180.0) {
            lat = -180.0 - lat;
        }
        if (lat > 90.0) {
            lat = 180.0 - lat;
        }
        if (lat < -90.0) {
            lat = -180.0 - lat;
        }
        return lat;
    }

    static boolean pointEquals(LonLat a, LonLat b) {
        return fpEquals(a.lat, b.lat) && fpEquals(a.lon, b.lon);
    }

    static boolean vecEquals(Vec a, Vec b) {
        return fpEquals(a.x, b.x) && fpEquals(a.y, b.y) && fpEquals(a.z, b.z);
    }

    /** lwalgorithm.c's {@code p3d_same}, with liblwgeom's wider tolerance. */
    static boolean vecSame(Vec a, Vec b) {
        return Math.abs(a.x - b.x) <= POINT_TOLERANCE
                && Math.abs(a.y - b.y) <= POINT_TOLERANCE
                && Math.abs(a.z - b.z) <= POINT_TOLERANCE;
    }

    static Vec toCartesian(LonLat g) {
        return new Vec(
                Math.cos(g.lat) * Math.cos(g.lon),
                Math.cos(g.lat) * Math.sin(g.lon),
                Math.sin(g.lat));
    }

    static LonLat toGeographic(Vec p) {
        LonLat g = new LonLat();
        g.lon = Math.atan2(p.y, p.x);
        g.lat = Math.asin(p.z);
        return g;
    }

    /** {@code ll2cart}: degrees straight to the unit sphere, with no normalization. */
    static Vec degreesToCartesian(double lonDegrees, double latDegrees) {
        double xRad = Math.PI * lonDegrees / 180.0;
        double yRad = Math.PI * latDegrees / 180.0;
        double cosY = Math.cos(yRad);
        return new Vec(cosY * Math.cos(xRad), cosY * Math.sin(xRad), Math.sin(yRad));
    }

    static double dot(Vec a, Vec b) {
        return (a.x * b.x) + (a.y * b.y) + (a.z * b.z);
    }

    static Vec cross(Vec a, Vec b) {
        return new Vec(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
    }

    static Vec sum(Vec a, Vec b) {
        return new Vec(a.x + b.x, a.y + b.y, a.z + b.z);
    }

    static Vec difference(Vec a, Vec b) {
        return new Vec(a.x - b.x, a.y - b.y, a.z - b.z);
    }

    static void scale(Vec n, double scale) {
        n.x *= scale;
        n.y *= scale;
        n.z *= scale;
    }

    static void normalize(Vec p) {
        double d = Math.sqrt(p.x * p.x + p.y * p.y + p.z * p.z);
        if (fpIsZero(d)) {
            p.x = p.y = p.z = 0.0;
            return;
        }
        p.x = p.x / d;
        p.y = p.y / d;
        p.z = p.z / d;
    }

    /** Normalizes a 2D vector given as {x, y}. */
    static void normalize2d(double[] p) {
        double d = Math.sqrt(p[0] * p[0] + p[1] * p[1]);
        if (fpIsZero(d)) {
            p[0] = p[1] = 0.0;
            return;
        }
        p[0] = p[0] / d;
        p[1] = p[1] / d;
    }

    static Vec unitNormal(Vec p1, Vec p2) {
        double pDot = dot(p1, p2);
        Vec p3;
        if (pDot < 0) {
            p3 = sum(p1, p2);
            normalize(p3);
        } else if (pDot > 0.95) {
            p3 = difference(p2, p1);
            normalize(p3);
        } else {
            p3 = new Vec(p2);
        }
        Vec normal = cross(p1, p3);
        normalize(normal);
        return normal;
    }

    static Vec robustCrossProduct(LonLat p, LonLat q) {
        double lonQpp = (q.lon + p.lon) / -2.0;
        double lonQmp = (q.lon - p.lon) / 2.0;
        double sinPLatMinusQLat = Math.sin(p.lat - q.lat);
        double sinPLatPlusQLat = Math.sin(p.lat + q.lat);
        double sinLonQpp = Math.sin(lonQpp);
        double sinLonQmp = Math.sin(lonQmp);
        double cosLonQpp = Math.cos(lonQpp);
        double cosLonQmp = Math.cos(lonQmp);
        return new Vec(
                sinPLatMinusQLat * sinLonQpp * cosLonQmp - sinPLatPlusQLat * cosLonQpp * sinLonQmp,
                sinPLatMinusQLat * cosLonQpp * cosLonQmp + sinPLatPlusQLat * sinLonQpp * sinLonQmp,
                Math.cos(p.lat) * Math.cos(q.lat) * Math.sin(q.lon - p.lon));
    }

    /** The angle between two points, in radians of the unit sphere. */
    static double sphereDistance(LonLat s, LonLat e) {
        if (fpEquals(s.lat, e.lat) && fpEquals(s.lon, e.lon)) {
            return 0.0;
        }
        double dLon = e.lon - s.lon;
        double cosDLon = Math.cos(dLon);
        double cosLatE = Math.cos(e.lat);
        double sinLatE = Math.sin(e.lat);
        double cosLatS = Math.cos(s.lat);
        double sinLatS = Math.sin(s.lat);
        double a1 = square(cosLatE * Math.sin(dLon));
        double a2 = square(cosLatS * sinLatE - sinLatS * cosLatE * cosDLon);
        double a = Math.sqrt(a1 + a2);
        double b = sinLatS * sinLatE + cosLatS * cosLatE * cosDLon;
        return Math.atan2(a, b);
    }

    static double sphereDistanceCartesian(Vec s, Vec e) {
        return Math.acos(Math.min(1.0, dot(s, e)));
    }

    private static double square(double x) {
        return x * x;
    }

    private static int edgePointSide(LonLat start, LonLat end, LonLat p) {
        Vec normal = robustCrossProduct(start, end);
        normalize(normal);
        double w = dot(normal, toCartesian(p));
        if (fpIsZero(w)) {
            return 0;
        }
        return w < 0 ? -1 : 1;
    }

    private static double sphereAngle(LonLat a, LonLat b, LonLat c) {
        Vec normal1 = robustCrossProduct(b, a);
        Vec normal2 = robustCrossProduct(b, c);
        normalize(normal1);
        normalize(normal2);
        return sphereDistanceCartesian(normal1, normal2);
    }

    /** The signed area of a spherical triangle, in steradians ({@code sphere_signed_area}). */
    static double sphereSignedArea(LonLat a, LonLat b, LonLat c) {
        double angleA = sphereAngle(b, a, c);
        double angleB = sphereAngle(a, b, c);
        double angleC = sphereAngle(b, c, a);
        double areaRadians = angleA + angleB + angleC - Math.PI;
        int side = edgePointSide(a, b, c);
        if (side == 0) {
            return 0.0;
        }
        return side * areaRadians;
    }

    private static boolean edgePointInCone(LonLat start, LonLat end, LonLat p) {
        Vec vs = toCartesian(start);
        Vec ve = toCartesian(end);
        if (vs.x == -1.0 * ve.x && vs.y == -1.0 * ve.y && vs.z == -1.0 * ve.z) {
            return true;
        }
        Vec vp = toCartesian(p);
        Vec vcp = sum(vs, ve);
        normalize(vcp);
        double vsDotVcp = dot(vs, vcp);
        double vpDotVcp = dot(vp, vcp);
        return vpDotVcp > vsDotVcp || Math.abs(vpDotVcp - vsDotVcp) < 2e-16;
    }

    /**
     * The angle from {@code p} to the nearest point of the edge, and that point in {@code closest}
     * ({@code edge_distance_to_point}).
     */
    static double edgeDistanceToPoint(LonLat start, LonLat end, LonLat p, LonLat closest) {
        double d1 = 1000000000.0;
        if (pointEquals(start, end)) {
            set(closest, start);
            return sphereDistance(start, p);
        }
        Vec n = robustCrossProduct(start, end);
        normalize(n);
        Vec vp = toCartesian(p);
        scale(n, dot(vp, n));
        Vec k = difference(vp, n);
        normalize(k);
        LonLat gk = toGeographic(k);
        if (edgePointInCone(start, end, gk)) {
            d1 = sphereDistance(p, gk);
        }
        double d2 = sphereDistance(p, start);
        double d3 = sphereDistance(p, end);
        double nearest = d1;
        LonLat gNearest = gk;
        if (d2 < nearest) {
            nearest = d2;
            gNearest = start;
        }
        if (d3 < nearest) {
            nearest = d3;
            gNearest = end;
        }
        set(closest, gNearest);
        return nearest;
    }

    /**
     * {@code edge_distance_to_edge}: the nearest points go to {@code closest1}, {@code closest2}.
     */
    static double edgeDistanceToEdge(
            LonLat s1, LonLat e1, LonLat s2, LonLat e2, LonLat closest1, LonLat closest2) {
        LonLat gcp1s = new LonLat();
        LonLat gcp1e = new LonLat();
        LonLat gcp2s = new LonLat();
        LonLat gcp2e = new LonLat();
        double d1s = edgeDistanceToPoint(s1, e1, s2, gcp1s);
        double d1e = edgeDistanceToPoint(s1, e1, e2, gcp1e);
        double d2s = edgeDistanceToPoint(s2, e2, s1, gcp2s);
        double d2e = edgeDistanceToPoint(s2, e2, e1, gcp2e);
        double d = d1s;
        LonLat c1 = gcp1s;
        LonLat c2 = s2;
        if (d1e < d) {
            d = d1e;
            c1 = gcp1e;
            c2 = e2;
        }
        if (d2s < d) {
            d = d2s;
            c1 = s1;
            c2 = gcp2s;
        }
        if (d2e < d) {
            d = d2e;
            c1 = e1;
            c2 = gcp2e;
        }
        set(closest1, c1);
        set(closest2, c2);
        return d;
    }

    private static void set(LonLat target, LonLat source) {
        target.lon = source.lon;
        target.lat = source.lat;
    }

    private static boolean pointInCone(Vec a1, Vec a2, Vec p) {
        if (vecEquals(a1, p) || vecEquals(a2, p)) {
            return true;
        }
        Vec ac = sum(a1, a2);
        normalize(ac);
        double minSimilarity = dot(a1, ac);
        if (Math.abs(1.0 - minSimilarity) > 1e-10) {
            return dot(p, ac) > minSimilarity;
        }
        Vec pa1 = difference(p, a1);
        Vec pa2 = difference(p, a2);
        normalize(pa1);
        normalize(pa2);
        return dot(pa1, pa2) < 0.0;
    }

    private static int dotProductSide(Vec p, Vec q) {
        double dp = dot(p, q);
        if (fpIsZero(dp)) {
            return 0;
        }
        return dp < 0.0 ? -1 : 1;
    }

    /** How edges A and B interact, as a mask of the constants above ({@code edge_intersects}). */
    static int edgeIntersects(Vec a1, Vec a2, Vec b1, Vec b2) {
        Vec an = unitNormal(a1, a2);
        Vec bn = unitNormal(b1, b2);
        double abDot = dot(an, bn);
        int rv = NO_INTERACT;
        if (fpEquals(Math.abs(abDot), 1.0)) {
            if (pointInCone(a1, a2, b1)
                    || pointInCone(a1, a2, b2)
                    || pointInCone(b1, b2, a1)
                    || pointInCone(b1, b2, a2)) {
                rv |= INTERSECTS;
                rv |= COLINEAR;
            }
            return rv;
        }
        int a1Side = dotProductSide(bn, a1);
        int a2Side = dotProductSide(bn, a2);
        int b1Side = dotProductSide(an, b1);
        int b2Side = dotProductSide(an, b2);
        if (a1Side == a2Side && a1Side != 0) {
            return NO_INTERACT;
        }
        if (b1Side == b2Side && b1Side != 0) {
            return NO_INTERACT;
        }
        if (a1Side != a2Side
                && (a1Side + a2Side) == 0
                && b1Side != b2Side
                && (b1Side + b2Side) == 0) {
            Vec vn = unitNormal(an, bn);
            if (pointInCone(a1, a2, vn) && pointInCone(b1, b2, vn)) {
                return INTERSECTS;
            }
            scale(vn, -1);
            if (pointInCone(a1, a2, vn) && pointInCone(b1, b2, vn)) {
                return INTERSECTS;
            }
            return NO_INTERACT;
        }
        rv |= INTERSECTS;
        if (a1Side == 0) {
            rv |= (a2Side < 0 ? A_TOUCH_RIGHT : A_TOUCH_LEFT);
        } else if (a2Side == 0) {
            rv |= (a1Side < 0 ? A_TOUCH_RIGHT : A_TOUCH_LEFT);
        }
        if (b1Side == 0) {
            rv |= (b2Side < 0 ? B_TOUCH_RIGHT : B_TOUCH_LEFT);
        } else if (b2Side == 0) {
            rv |= (b1Side < 0 ? B_TOUCH_RIGHT : B_TOUCH_LEFT);
        }
        return rv;
    }

    /**
     * Whether the ring (lon/lat degrees, {@code xy[2i], xy[2i+1]}) holds the point, on its boundary
     * included, by counting the crossings of the stab line to {@code outside} ({@code
     * ptarray_contains_point_sphere}).
     */
    static boolean ringContains(
            double[] ring, double outsideLon, double outsideLat, double lon, double lat) {
        int n = ring.length / 2;
        if (n < 4) {
            return false;
        }
        Vec s1 = degreesToCartesian(lon, lat);
        Vec s2 = degreesToCartesian(outsideLon, outsideLat);
        Vec e1 = degreesToCartesian(ring[0], ring[1]);
        int count = 0;
        for (int i = 1; i < n; i++) {
            Vec e2 = degreesToCartesian(ring[2 * i], ring[2 * i + 1]);
            if (vecEquals(e1, e2)) {
                continue;
            }
            if (vecEquals(s1, e1)) {
                return true;
            }
            int inter = edgeIntersects(s1, s2, e1, e2);
            if ((inter & INTERSECTS) != 0) {
                if ((inter & A_TOUCH_RIGHT) != 0 || (inter & A_TOUCH_LEFT) != 0) {
                    return true;
                }
                if ((inter & B_TOUCH_RIGHT) == 0 && (inter & COLINEAR) == 0) {
                    count++;
                }
            }
            e1 = e2;
        }
        return count % 2 == 1;
    }
}
