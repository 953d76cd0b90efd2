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

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.CoordinateSequenceFactory;
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

/**
 * PostGIS's {@code ST_Simplify}: the Douglas-Peucker simplification of liblwgeom ({@code
 * lwgeom_simplify_in_place}, {@code ptarray_simplify_in_place}), with its arithmetic (squared
 * distances scaled by the squared segment length, a segment shorter than {@code sqrt(DBL_EPSILON)}
 * taken as a point) and its rules: points are kept; a line keeps its ends; a line collapsed to two
 * equal points, a ring under four points, a polygon whose shell collapsed, and the empty members
 * they leave in a collection are dropped, unless {@code preserveCollapsed} keeps a line's two
 * points and a shell's four; Z and M are carried. JTS's {@code DouglasPeuckerSimplifier} differs
 * (it repairs polygons by a buffer), so this is ported instead, for PostGIS's vertices exactly.
 */
@Internal
final class PostgisSimplifier {
    private static final double DBL_EPSILON = Math.ulp(1.0);

    private final double tolerance;
    private final boolean preserveCollapsed;
    private final CoordinateSequenceFactory sequences;
    private boolean modified;

    private PostgisSimplifier(
            double tolerance, boolean preserveCollapsed, CoordinateSequenceFactory sequences) {
        this.tolerance = tolerance;
        this.preserveCollapsed = preserveCollapsed;
        this.sequences = sequences;
    }

    /**
     * What PostGIS's {@code ST_Simplify(geometry, tolerance, preserveCollapsed)} returns: {@code
     * geometry} itself when nothing was removed (points, multipoints), {@code null} when all of it
     * collapsed, else the simplified geometry.
     */
    static Geometry simplify(Geometry geometry, double tolerance, boolean preserveCollapsed) {
        if (geometry instanceof Point || geometry instanceof MultiPoint) {
            return geometry;
        }
        PostgisSimplifier simplifier =
                new PostgisSimplifier(
                        tolerance,
                        preserveCollapsed,
                        geometry.getFactory().getCoordinateSequenceFactory());
        Geometry simplified = simplifier.geometry(geometry);
        if (!simplifier.modified) {
            return geometry;
        }
        return simplified.isEmpty() ? null : simplified;
    }

    private Geometry geometry(Geometry geometry) {
        GeometryFactory factory = geometry.getFactory();
        if (geometry instanceof Point) {
            return geometry;
        }
        if (geometry instanceof LineString) {
            CoordinateSequence points = ((LineString) geometry).getCoordinateSequence();
            CoordinateSequence kept = simplify(points, 2);
            modified |= kept.size() != points.size();
            if (kept.size() == 2
                    && !preserveCollapsed
                    && kept.getX(0) == kept.getX(1)
                    && kept.getY(0) == kept.getY(1)) {
                kept = empty(points);
            }
            return factory.createLineString(kept);
        }
        if (geometry instanceof Polygon) {
            Polygon polygon = (Polygon) geometry;
            List<LinearRing> rings = new ArrayList<>();
            for (int i = 0; i <= polygon.getNumInteriorRing(); i++) {
                CoordinateSequence ring =
                        (i == 0 ? polygon.getExteriorRing() : polygon.getInteriorRingN(i - 1))
                                .getCoordinateSequence();
                CoordinateSequence kept = simplify(ring, preserveCollapsed && i == 0 ? 4 : 0);
                modified |= kept.size() != ring.size();
                if (kept.size() < 4) {
                    if (i == 0) {
                        rings.clear();
                        break; // the shell collapsed: so does the polygon
                    }
                    continue;
                }
                rings.add(factory.createLinearRing(kept));
            }
            if (rings.isEmpty()) {
                return factory.createPolygon(
                        factory.createLinearRing(
                                empty(polygon.getExteriorRing().getCoordinateSequence())));
            }
            return factory.createPolygon(
                    rings.get(0), rings.subList(1, rings.size()).toArray(new LinearRing[0]));
        }
        List<Geometry> members = new ArrayList<>();
        for (int i = 0; i < geometry.getNumGeometries(); i++) {
            Geometry member = geometry(geometry.getGeometryN(i));
            if (!member.isEmpty()) {
                members.add(member);
            }
        }
        if (geometry instanceof MultiPoint) {
            return factory.createMultiPoint(members.toArray(new Point[0]));
        }
        if (geometry instanceof MultiLineString) {
            return factory.createMultiLineString(members.toArray(new LineString[0]));
        }
        if (geometry instanceof MultiPolygon) {
            return factory.createMultiPolygon(members.toArray(new Polygon[0]));
        }
        if (geometry instanceof GeometryCollection) {
            return factory.createGeometryCollection(members.toArray(new Geometry[0]));
        }
        throw new IllegalArgumentException(
                "ST_Simplify: unsupported geometry type: " + geometry.getGeometryType());
    }

    private CoordinateSequence empty(CoordinateSequence like) {
        return copy(like, new int[0], 0);
    }

    /** {@code ptarray_simplify_in_place}: the kept points of {@code points}, in order. */
    private CoordinateSequence simplify(CoordinateSequence points, int minPoints) {
        int n = points.size();
        if (n < 3 || n <= minPoints) {
            return points;
        }
        if (tolerance == 0 && minPoints <= 2) {
            return withoutCollinear(points);
        }
        boolean[] keep = new boolean[n];
        keep[0] = true;
        keep[n - 1] = true;
        int kept = 2;
        int[] stack = new int[n];
        stack[0] = 0;
        int stackSize = 1;
        int first = 0;
        int last = n - 1;
        double toleranceSquared = tolerance * tolerance;
        double iterationTolerance = kept >= minPoints ? toleranceSquared : -1.0;
        while (stackSize > 0) {
            int split = findSplit(points, first, last, iterationTolerance);
            if (split == first) {
                first = last;
                last = stack[--stackSize];
            } else {
                keep[split] = true;
                kept++;
                stack[stackSize++] = last;
                last = split;
                iterationTolerance = kept >= minPoints ? toleranceSquared : -1.0;
            }
        }
        if (kept == n) {
            return points;
        }
        int[] indices = new int[kept];
        for (int i = 0, k = 0; i < n; i++) {
            if (keep[i]) {
                indices[k++] = i;
            }
        }
        return copy(points, indices, kept);
    }

    /** {@code ptarray_dp_findsplit_in_place}: the farthest point beyond the tolerance, or first. */
    private static int findSplit(
            CoordinateSequence points, int first, int last, double maxDistanceSquared) {
        int split = first;
        // liblwgeom's unsigned (it_first - it_last) < 2: true only when first == last or last + 1
        if (Integer.compareUnsigned(first - last, 2) < 0) {
            return first;
        }
        double ax = points.getX(first);
        double ay = points.getY(first);
        double bx = points.getX(last);
        double by = points.getY(last);
        if (distanceSquared(ax, ay, bx, by) < DBL_EPSILON) {
            for (int k = first + 1; k < last; k++) {
                double d = distanceSquared(ax, ay, points.getX(k), points.getY(k));
                if (d > maxDistanceSquared) {
                    split = k;
                    maxDistanceSquared = d;
                }
            }
            return split;
        }
        double baX = bx - ax;
        double baY = by - ay;
        double abLengthSquared = baX * baX + baY * baY;
        maxDistanceSquared *= abLengthSquared;
        for (int k = first + 1; k < last; k++) {
            double cx = points.getX(k);
            double cy = points.getY(k);
            double caX = cx - ax;
            double caY = cy - ay;
            double dot = caX * baX + caY * baY;
            double d;
            if (dot <= 0.0) {
                d = distanceSquared(ax, ay, cx, cy) * abLengthSquared;
            } else if (dot >= abLengthSquared) {
                d = distanceSquared(bx, by, cx, cy) * abLengthSquared;
            } else {
                double numerator = caX * baY - caY * baX;
                d = numerator * numerator;
            }
            if (d > maxDistanceSquared) {
                split = k;
                maxDistanceSquared = d;
            }
        }
        return split;
    }

    /** {@code ptarray_simplify_in_place_tolerance0}: drops points on the segment of neighbours. */
    private CoordinateSequence withoutCollinear(CoordinateSequence points) {
        int n = points.size();
        int[] indices = new int[n];
        int kept = 0;
        indices[0] = 0;
        int keptPoint = 0;
        for (int i = 1; i < n - 1; i++) {
            double kx = points.getX(keptPoint);
            double ky = points.getY(keptPoint);
            double baX = points.getX(i + 1) - kx;
            double baY = points.getY(i + 1) - ky;
            double abLengthSquared = baX * baX + baY * baY;
            double caX = points.getX(i) - kx;
            double caY = points.getY(i) - ky;
            double dot = caX * baX + caY * baY;
            double numerator = caX * baY - caY * baX;
            if (dot < 0.0 || dot > abLengthSquared || numerator != 0) {
                indices[++kept] = i;
                keptPoint = i;
            }
        }
        indices[++kept] = n - 1;
        return kept + 1 == n ? points : copy(points, indices, kept + 1);
    }

    /** liblwgeom's {@code distance2d_sqr_pt_pt(p1, p2)}. */
    private static double distanceSquared(double x1, double y1, double x2, double y2) {
        double h = x2 - x1;
        double v = y2 - y1;
        return h * h + v * v;
    }

    /** The points at {@code indices[0 .. count)} of {@code points}, every ordinate. */
    private CoordinateSequence copy(CoordinateSequence points, int[] indices, int count) {
        CoordinateSequence out =
                sequences.create(count, points.getDimension(), points.getMeasures());
        for (int i = 0; i < count; i++) {
            for (int o = 0; o < points.getDimension(); o++) {
                out.setOrdinate(i, o, points.getOrdinate(indices[i], o));
            }
        }
        return out;
    }
}
