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
package dev.flinkgeometry.format.internal;

import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Polygon;

/**
 * Numbers of coordinates summed as a {@code long}, for the size passes of both formats: JTS's
 * {@code getNumPoints()} sums in an {@code int}, which wraps for more than 2^31-1 coordinates
 * (parts can be shared, so such a geometry fits in memory), and a wrapped count would size a record
 * too small.
 */
public final class PointCount {
    private PointCount() {}

    /** The coordinates of all rings of {@code polygon}. */
    public static long ofPolygon(Polygon polygon) {
        long points = polygon.getExteriorRing().getCoordinateSequence().size();
        for (int i = 0; i < polygon.getNumInteriorRing(); i++) {
            points += polygon.getInteriorRingN(i).getCoordinateSequence().size();
        }
        return points;
    }

    /** The coordinates of all members of {@code lines}, whose members are line strings. */
    public static long ofLines(Geometry lines) {
        long points = 0;
        for (int i = 0; i < lines.getNumGeometries(); i++) {
            points += ((LineString) lines.getGeometryN(i)).getCoordinateSequence().size();
        }
        return points;
    }
}
