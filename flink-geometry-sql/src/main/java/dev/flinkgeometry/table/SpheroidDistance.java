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
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.MultiLineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.MultiPolygon;

/**
 * PostGIS's {@code geometry_distance_spheroid}, behind ST_DistanceSpheroid and the three-argument
 * ST_DistanceSphere: points, lines, polygons and their multi types (a GEOMETRYCOLLECTION is
 * refused, as in PostGIS), mixed SRIDs refused, -1 for an empty argument, the distance walked to
 * the end (no tolerance) and not rounded.
 */
@Internal
final class SpheroidDistance {
    private SpheroidDistance() {}

    static double between(String function, Geometry a, Geometry b, Spheroid spheroid) {
        SameSrid.require(function, a, b);
        LonLatGeometry.require(function, a);
        requireSupportedType(function, a);
        requireSupportedType(function, b);
        return GeodeticDistance.between(a, b, spheroid, 0.0, false);
    }

    private static void requireSupportedType(String function, Geometry g) {
        if (g instanceof GeometryCollection
                && !(g instanceof MultiPoint
                        || g instanceof MultiLineString
                        || g instanceof MultiPolygon)) {
            throw new IllegalArgumentException(
                    function
                            + ": geometry_distance_spheroid: Only point/line/polygon supported,"
                            + " not "
                            + GeometryTypeNames.of(g));
        }
    }
}
