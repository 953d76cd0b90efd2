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
import org.locationtech.jts.geom.Polygon;

/**
 * Where a point lies against a polygon or multipolygon, decided as PostGIS decides it before it
 * calls GEOS ({@code point_in_polygon}, {@code point_in_multipolygon}, {@code point_in_ring} of its
 * {@code lwgeom_functions_analytic.c}): a winding number over each ring with the side of the point
 * computed in plain double arithmetic, and "on the boundary" when that side is exactly 0 and the
 * point is inside the segment's box. PostGIS answers {@code ST_Contains}, {@code ST_Within}, {@code
 * ST_Covers}, {@code ST_CoveredBy} and {@code ST_Intersects} between a (multi)polygon and a
 * (multi)point this way, so a geofence's answer for a point on or next to an edge is PostGIS's,
 * which a robust predicate (GEOS's or JTS's) can contradict.
 *
 * <p>The rings are read through {@link Ring}: each ring as it is ({@link #of}), or indexed by
 * horizontal bands ({@link BandedRing}), which visits only the segments that can count and so gives
 * the same answers.
 */
@Internal
final class PointInPolygon {
    static final int OUTSIDE = -1;
    static final int BOUNDARY = 0;
    static final int INSIDE = 1;

    /** A segment the point is on, in {@link #step}. */
    static final int ON_SEGMENT = Integer.MIN_VALUE;

    /** One ring: {@link #INSIDE}, {@link #BOUNDARY} or {@link #OUTSIDE} for a point. */
    interface Ring {
        int locate(double x, double y);

        /** The ints and doubles an index of the ring holds beyond the ring itself. */
        default int indexSize() {
            return 0;
        }
    }

    /** Per polygon its shell then its holes; {@code null} for an empty polygon. */
    private final Ring[][] polygons;

    private final boolean multi;

    PointInPolygon(Ring[][] polygons, boolean multi) {
        this.polygons = polygons;
        this.multi = multi;
    }

    /** The rings of a non-empty polygon or multipolygon, each read as it is. */
    static PointInPolygon of(Geometry polygonal) {
        return build(polygonal, false);
    }

    /** The rings of a non-empty polygon or multipolygon, indexed by bands. */
    static PointInPolygon indexed(Geometry polygonal) {
        return build(polygonal, true);
    }

    private static PointInPolygon build(Geometry polygonal, boolean banded) {
        Ring[][] polygons = new Ring[polygonal.getNumGeometries()][];
        for (int i = 0; i < polygons.length; i++) {
            Polygon polygon = (Polygon) polygonal.getGeometryN(i);
            if (polygon.isEmpty()) {
                continue;
            }
            Ring[] rings = new Ring[1 + polygon.getNumInteriorRing()];
            for (int r = 0; r < rings.length; r++) {
                CoordinateSequence ring =
                        (r == 0 ? polygon.getExteriorRing() : polygon.getInteriorRingN(r - 1))
                                .getCoordinateSequence();
                rings[r] = banded ? new BandedRing(ring) : (x, y) -> inRing(ring, x, y);
            }
            polygons[i] = rings;
        }
        return new PointInPolygon(polygons, !(polygonal instanceof Polygon));
    }

    /** The ints and doubles the rings' indexes hold. */
    long indexSize() {
        long size = 0;
        for (Ring[] rings : polygons) {
            for (int r = 0; rings != null && r < rings.length; r++) {
                size += rings[r].indexSize();
            }
        }
        return size;
    }

    /** {@link #INSIDE}, {@link #BOUNDARY} or {@link #OUTSIDE}. */
    int locate(double x, double y) {
        return multi ? inMultiPolygon(x, y) : inPolygon(polygons[0], x, y);
    }

    /** PostGIS's {@code point_in_polygon}. */
    private static int inPolygon(Ring[] rings, double x, double y) {
        if (rings == null) {
            return OUTSIDE;
        }
        int result = rings[0].locate(x, y);
        if (result == OUTSIDE) {
            return OUTSIDE;
        }
        for (int h = 1; h < rings.length; h++) {
            int inHole = rings[h].locate(x, y);
            if (inHole == INSIDE) {
                return OUTSIDE;
            }
            if (inHole == BOUNDARY) {
                return BOUNDARY;
            }
        }
        return result;
    }

    /** PostGIS's {@code point_in_multipolygon}. */
    private int inMultiPolygon(double x, double y) {
        int result = OUTSIDE;
        for (Ring[] rings : polygons) {
            if (rings == null) {
                continue;
            }
            int inShell = rings[0].locate(x, y);
            if (inShell == OUTSIDE) {
                continue;
            }
            if (inShell == BOUNDARY) {
                return BOUNDARY;
            }
            result = inShell;
            for (int h = 1; h < rings.length; h++) {
                int inHole = rings[h].locate(x, y);
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

    /** PostGIS's {@code point_in_ring}: every segment. */
    static int inRing(CoordinateSequence ring, double x, double y) {
        int windings = 0;
        for (int i = 0; i < ring.size() - 1; i++) {
            int step = step(ring, i, x, y);
            if (step == ON_SEGMENT) {
                return BOUNDARY;
            }
            windings += step;
        }
        return windings == 0 ? OUTSIDE : INSIDE;
    }

    /**
     * The winding step of segment {@code i} of {@code ring} around {@code (x, y)}: +1, -1 or 0, or
     * {@link #ON_SEGMENT}. It is 0 whenever {@code y} is outside the segment's y range, so a ring
     * may skip such segments.
     */
    static int step(CoordinateSequence ring, int i, double x, double y) {
        double x1 = ring.getX(i);
        double y1 = ring.getY(i);
        double x2 = ring.getX(i + 1);
        double y2 = ring.getY(i + 1);
        if ((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1) < 1e-12 * 1e-12) {
            return 0; // a zero-length segment is ignored
        }
        double side = (x2 - x1) * (y - y1) - (x - x1) * (y2 - y1);
        if (side == 0.0
                && x <= Math.max(x1, x2)
                && x >= Math.min(x1, x2)
                && y <= Math.max(y1, y2)
                && y >= Math.min(y1, y2)) {
            return ON_SEGMENT;
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
