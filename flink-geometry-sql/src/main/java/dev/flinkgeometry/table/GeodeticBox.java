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
 * The geocentric box of a lon/lat geometry on the unit sphere, edges bulging included (PostGIS's
 * geodetic GBOX: {@code lwgeom_calculate_gbox_geodetic}). PostGIS keeps a stored geography's box in
 * floats rounded outward ({@link #roundedToFloats}).
 */
@Internal
final class GeodeticBox {
    double xmin;
    double xmax;
    double ymin;
    double ymax;
    double zmin;
    double zmax;

    private GeodeticBox() {}

    /** The box of a non-empty geometry, or null for an empty one. */
    static GeodeticBox of(Geometry g) {
        if (g instanceof Point) {
            return ((Point) g).isEmpty() ? null : ofPoints(Rings.lonLat((Point) g));
        }
        if (g instanceof LineString) {
            return g.isEmpty() ? null : ofPoints(Rings.lonLat(((LineString) g)));
        }
        if (g instanceof Polygon) {
            Polygon polygon = (Polygon) g;
            if (polygon.isEmpty()) {
                return null;
            }
            GeodeticBox box = ofPoints(Rings.lonLat(polygon.getExteriorRing()));
            for (int i = 0; i < polygon.getNumInteriorRing(); i++) {
                box.merge(ofPoints(Rings.lonLat(polygon.getInteriorRingN(i))));
            }
            box.checkPoles();
            return box;
        }
        GeometryCollection collection = (GeometryCollection) g;
        GeodeticBox box = null;
        for (int i = 0; i < collection.getNumGeometries(); i++) {
            GeodeticBox member = of(collection.getGeometryN(i));
            if (member == null) {
                continue;
            }
            if (box == null) {
                box = member;
            } else {
                box.merge(member);
            }
        }
        return box;
    }

    /** {@code ptarray_calculate_gbox_geodetic} of lon/lat degrees {@code xy}. */
    private static GeodeticBox ofPoints(double[] xy) {
        int n = xy.length / 2;
        if (n == 1) {
            Vec a = SphericalEdges.degreesToCartesian(xy[0], xy[1]);
            GeodeticBox box = new GeodeticBox();
            box.xmin = box.xmax = a.x;
            box.ymin = box.ymax = a.y;
            box.zmin = box.zmax = a.z;
            return box;
        }
        Vec a1 = SphericalEdges.degreesToCartesian(xy[0], xy[1]);
        GeodeticBox box = null;
        for (int i = 1; i < n; i++) {
            Vec a2 = SphericalEdges.degreesToCartesian(xy[2 * i], xy[2 * i + 1]);
            GeodeticBox edge = ofEdge(a1, a2);
            if (box == null) {
                box = edge;
            } else {
                box.merge(edge);
            }
            a1 = a2;
        }
        return box;
    }

    /** {@code edge_calculate_gbox}: the box of the great circle arc from a1 to a2. */
    private static GeodeticBox ofEdge(Vec a1, Vec a2) {
        GeodeticBox box = new GeodeticBox();
        box.xmin = box.xmax = a1.x;
        box.ymin = box.ymax = a1.y;
        box.zmin = box.zmax = a1.z;
        box.merge(a2);
        if (SphericalEdges.vecSame(a1, a2)) {
            return box;
        }
        if (SphericalEdges.fpEquals(a1.x, -1 * a2.x)
                && SphericalEdges.fpEquals(a1.y, -1 * a2.y)
                && SphericalEdges.fpEquals(a1.z, -1 * a2.z)) {
            throw new IllegalArgumentException("Antipodal (180 degrees long) edge detected!");
        }
        Vec an = SphericalEdges.unitNormal(a1, a2);
        Vec a3 = SphericalEdges.unitNormal(an, a1);
        double[] r1 = {1.0, 0.0};
        double[] r2 = {SphericalEdges.dot(a2, a1), SphericalEdges.dot(a2, a3)};
        double[] origin = {0.0, 0.0};
        int oSide = segmentSide(r1, r2, origin);
        Vec[] axes = {
            new Vec(1, 0, 0),
            new Vec(-1, 0, 0),
            new Vec(0, 1, 0),
            new Vec(0, -1, 0),
            new Vec(0, 0, 1),
            new Vec(0, 0, -1)
        };
        for (Vec axis : axes) {
            double[] rx = {SphericalEdges.dot(axis, a1), SphericalEdges.dot(axis, a3)};
            SphericalEdges.normalize2d(rx);
            if (segmentSide(r1, r2, rx) != oSide) {
                box.merge(
                        new Vec(
                                rx[0] * a1.x + rx[1] * a3.x,
                                rx[0] * a1.y + rx[1] * a3.y,
                                rx[0] * a1.z + rx[1] * a3.z));
            }
        }
        return box;
    }

    private static int segmentSide(double[] p1, double[] p2, double[] q) {
        double side = (q[0] - p1[0]) * (p2[1] - p1[1]) - (p2[0] - p1[0]) * (q[1] - p1[1]);
        return (int) Math.signum(side);
    }

    private void merge(Vec p) {
        if (xmin > p.x) {
            xmin = p.x;
        }
        if (ymin > p.y) {
            ymin = p.y;
        }
        if (zmin > p.z) {
            zmin = p.z;
        }
        if (xmax < p.x) {
            xmax = p.x;
        }
        if (ymax < p.y) {
            ymax = p.y;
        }
        if (zmax < p.z) {
            zmax = p.z;
        }
    }

    private void merge(GeodeticBox other) {
        xmin = Math.min(xmin, other.xmin);
        ymin = Math.min(ymin, other.ymin);
        zmin = Math.min(zmin, other.zmin);
        xmax = Math.max(xmax, other.xmax);
        ymax = Math.max(ymax, other.ymax);
        zmax = Math.max(zmax, other.zmax);
    }

    /** {@code gbox_check_poles}: a box around a pole or an axis reaches the sphere there. */
    private void checkPoles() {
        if (xmin < 0.0 && xmax > 0.0 && ymin < 0.0 && ymax > 0.0) {
            if (zmin > 0.0 && zmax > 0.0) {
                zmax = 1.0;
            } else if (zmin < 0.0 && zmax < 0.0) {
                zmin = -1.0;
            } else {
                zmin = -1.0;
                zmax = 1.0;
            }
        }
        if (xmin < 0.0 && xmax > 0.0 && zmin < 0.0 && zmax > 0.0) {
            if (ymin > 0.0 && ymax > 0.0) {
                ymax = 1.0;
            } else if (ymin < 0.0 && ymax < 0.0) {
                ymin = -1.0;
            } else {
                ymax = 1.0;
                ymin = -1.0;
            }
        }
        if (ymin < 0.0 && ymax > 0.0 && zmin < 0.0 && zmax > 0.0) {
            if (xmin > 0.0 && xmax > 0.0) {
                xmax = 1.0;
            } else if (xmin < 0.0 && xmax < 0.0) {
                xmin = -1.0;
            } else {
                xmax = 1.0;
                xmin = -1.0;
            }
        }
    }

    /** This box as PostGIS stores it: each side rounded outward to a float. */
    GeodeticBox roundedToFloats() {
        GeodeticBox box = new GeodeticBox();
        box.xmin = floatDown(xmin);
        box.ymin = floatDown(ymin);
        box.zmin = floatDown(zmin);
        box.xmax = floatUp(xmax);
        box.ymax = floatUp(ymax);
        box.zmax = floatUp(zmax);
        return box;
    }

    private static double floatDown(double d) {
        float f = (float) d;
        return f <= d ? f : Math.nextDown(f);
    }

    private static double floatUp(double d) {
        float f = (float) d;
        return f >= d ? f : Math.nextUp(f);
    }

    boolean contains(Vec p) {
        return !(xmin > p.x || ymin > p.y || zmin > p.z || xmax < p.x || ymax < p.y || zmax < p.z);
    }

    boolean overlaps(GeodeticBox other) {
        if (xmax < other.xmin || ymax < other.ymin || xmin > other.xmax || ymin > other.ymax) {
            return false;
        }
        return !(zmax < other.zmin || zmin > other.zmax);
    }

    /**
     * A point outside this box, lon/lat degrees ({@code gbox_pt_outside}), or null where none is
     * found.
     */
    double[] pointOutside() {
        double grow = Math.PI / 180.0 / 60.0;
        while (grow < Math.PI) {
            double gxmin = xmin > -1 ? xmin - grow : xmin;
            double gymin = ymin > -1 ? ymin - grow : ymin;
            double gzmin = zmin > -1 ? zmin - grow : zmin;
            double gxmax = xmax < 1 ? xmax + grow : xmax;
            double gymax = ymax < 1 ? ymax + grow : ymax;
            double gzmax = zmax < 1 ? zmax + grow : zmax;
            Vec[] corners = {
                new Vec(gxmin, gymin, gzmin),
                new Vec(gxmin, gymax, gzmin),
                new Vec(gxmin, gymin, gzmax),
                new Vec(gxmax, gymin, gzmin),
                new Vec(gxmax, gymax, gzmin),
                new Vec(gxmax, gymin, gzmax),
                new Vec(gxmin, gymax, gzmax),
                new Vec(gxmax, gymax, gzmax)
            };
            for (Vec corner : corners) {
                SphericalEdges.normalize(corner);
                if (!contains(corner)) {
                    Vec pt = new Vec(corner);
                    SphericalEdges.normalize(pt);
                    LonLat g = SphericalEdges.toGeographic(pt);
                    return new double[] {180.0 * g.lon / Math.PI, 180.0 * g.lat / Math.PI};
                }
            }
            grow *= 2.0;
        }
        return null;
    }
}
