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
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;

/**
 * PostGIS's point-in-polygon answers of {@code ST_Contains}, {@code ST_Covers} and {@code
 * ST_Intersects} for a (multi)point against a (multi)polygon, both non-empty: PostGIS's box test
 * ({@link PostgisBox}), then {@link PointInPolygon}, its rings indexed by the caller's {@link
 * PolygonIndexCache}.
 */
@Internal
final class PointsInPolygon {
    private PointsInPolygon() {}

    /** No point outside, and some point strictly inside. */
    static boolean contains(Geometry zone, Geometry puntal, PolygonIndexCache zones) {
        if (!PostgisBox.of(zone).contains(PostgisBox.of(puntal))) {
            return false;
        }
        PointInPolygon polygonal = zones.get(zone);
        boolean inside = false;
        for (int i = 0; i < puntal.getNumGeometries(); i++) {
            Point point = (Point) puntal.getGeometryN(i);
            if (point.isEmpty()) {
                continue;
            }
            int location = polygonal.locate(point.getX(), point.getY());
            if (location == PointInPolygon.OUTSIDE) {
                return false;
            }
            inside |= location == PointInPolygon.INSIDE;
        }
        return inside;
    }

    /** No point outside. */
    static boolean covers(Geometry zone, Geometry puntal, PolygonIndexCache zones) {
        if (!PostgisBox.of(zone).contains(PostgisBox.of(puntal))) {
            return false;
        }
        PointInPolygon polygonal = zones.get(zone);
        for (int i = 0; i < puntal.getNumGeometries(); i++) {
            Point point = (Point) puntal.getGeometryN(i);
            if (!point.isEmpty()
                    && polygonal.locate(point.getX(), point.getY()) == PointInPolygon.OUTSIDE) {
                return false;
            }
        }
        return true;
    }

    /** Some point inside or on the boundary. */
    static boolean intersects(Geometry zone, Geometry puntal, PolygonIndexCache zones) {
        if (!PostgisBox.of(zone).overlaps(PostgisBox.of(puntal))) {
            return false;
        }
        PointInPolygon polygonal = zones.get(zone);
        for (int i = 0; i < puntal.getNumGeometries(); i++) {
            Point point = (Point) puntal.getGeometryN(i);
            if (!point.isEmpty()
                    && polygonal.locate(point.getX(), point.getY()) != PointInPolygon.OUTSIDE) {
                return true;
            }
        }
        return false;
    }
}
