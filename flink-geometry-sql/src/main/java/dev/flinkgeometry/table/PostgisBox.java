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
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygonal;

/**
 * The bounding-box test PostGIS makes before its point-in-polygon test: with the boxes PostGIS
 * keeps, rounded outward to floats ({@code gbox_float_round}), except a point's (and a one-point
 * multipoint's), which it reads exactly. It answers false early for most pairs of a geofence, and
 * answers as PostGIS does.
 */
@Internal
final class PostgisBox {
    private final double minX;
    private final double minY;
    private final double maxX;
    private final double maxY;

    private PostgisBox(double minX, double minY, double maxX, double maxY) {
        this.minX = minX;
        this.minY = minY;
        this.maxX = maxX;
        this.maxY = maxY;
    }

    /** The box PostGIS uses for {@code geometry}, non-empty. */
    static PostgisBox of(Geometry geometry) {
        Envelope e = geometry.getEnvelopeInternal();
        if (geometry instanceof Point
                || (geometry instanceof MultiPoint && geometry.getNumGeometries() == 1)) {
            return new PostgisBox(e.getMinX(), e.getMinY(), e.getMaxX(), e.getMaxY());
        }
        return new PostgisBox(
                down(e.getMinX()), down(e.getMinY()), up(e.getMaxX()), up(e.getMaxY()));
    }

    /**
     * Whether PostGIS's box test alone says that the (multi)polygon {@code zone} neither contains,
     * covers nor intersects the point {@code point} of the same SRID: the point lies outside the
     * zone's box, or the zone is empty (its box holds no point). Reads only the zone's SRID and
     * cached envelope, so that a fix tested against many zones touches little of each; false
     * wherever the full test is needed.
     */
    static boolean leavesOut(Geometry zone, Geometry point) {
        if (!(zone instanceof Polygonal)
                || !(point instanceof Point)
                || zone.getSRID() != point.getSRID()
                || point.isEmpty()) {
            return false;
        }
        Envelope e = zone.getEnvelopeInternal();
        double x = ((Point) point).getX();
        double y = ((Point) point).getY();
        return e.isNull()
                || x < down(e.getMinX())
                || x > up(e.getMaxX())
                || y < down(e.getMinY())
                || y > up(e.getMaxY());
    }

    double minX() {
        return minX;
    }

    double minY() {
        return minY;
    }

    double maxX() {
        return maxX;
    }

    double maxY() {
        return maxY;
    }

    /** PostGIS's {@code gbox_contains_2d}. */
    boolean contains(PostgisBox inner) {
        return !(inner.minX < minX || inner.maxX > maxX || inner.minY < minY || inner.maxY > maxY);
    }

    /** PostGIS's {@code gbox_overlaps_2d}. */
    boolean overlaps(PostgisBox other) {
        return !(maxX < other.minX || maxY < other.minY || minX > other.maxX || minY > other.maxY);
    }

    /** PostGIS's {@code next_float_down}: the largest float not above {@code d}. */
    private static double down(double d) {
        float f = (float) d;
        return f <= d ? f : Math.nextDown(f);
    }

    /** PostGIS's {@code next_float_up}: the smallest float not below {@code d}. */
    private static double up(double d) {
        float f = (float) d;
        return f >= d ? f : Math.nextUp(f);
    }
}
