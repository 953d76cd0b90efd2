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

/**
 * PostGIS's {@code geography} functions of lon/lat geometries, for the {@code use_spheroid}
 * signatures of ST_Distance, ST_DWithin, ST_Length, ST_Area and ST_Perimeter and for
 * ST_DistanceSphere: each argument as {@code g::geography} makes it ({@link LonLatGeometry}), WGS
 * 84 or its sphere of mean radius, PostGIS's rounding of distances to 10 nanometres.
 */
@Internal
final class Geography {
    /** geography_measurement.c's INVMINDIST (built with PROJ's geodesic). */
    private static final double INVERSE_MIN_DISTANCE = 1.0e8;

    private Geography() {}

    static Spheroid spheroid(boolean useSpheroid) {
        return useSpheroid ? Spheroid.WGS84 : WGS84_SPHERE;
    }

    private static final Spheroid WGS84_SPHERE = Spheroid.WGS84.sphere();

    /** {@code geography_distance}: NULL for an empty argument. */
    static Double distance(String function, Geometry a, Geometry b, boolean useSpheroid) {
        Geometry ga = LonLatGeometry.asGeography(function, a);
        Geometry gb = LonLatGeometry.asGeography(function, b);
        if (ga.isEmpty() || gb.isEmpty()) {
            return null;
        }
        double distance =
                GeodeticDistance.between(
                        ga, gb, spheroid(useSpheroid), SphericalEdges.TOLERANCE, true);
        return roundHalfAwayFromZero(distance * INVERSE_MIN_DISTANCE) / INVERSE_MIN_DISTANCE;
    }

    /** {@code geography_dwithin}: false for an empty argument. */
    static boolean dWithin(
            String function, Geometry a, Geometry b, double tolerance, boolean useSpheroid) {
        Geometry ga = LonLatGeometry.asGeography(function, a);
        Geometry gb = LonLatGeometry.asGeography(function, b);
        if (ga.isEmpty() || gb.isEmpty()) {
            return false;
        }
        double distance = GeodeticDistance.between(ga, gb, spheroid(useSpheroid), tolerance, true);
        if (distance < 0.0) {
            throw new IllegalArgumentException(
                    function + ": lwgeom_distance_spheroid returned negative!");
        }
        return distance <= tolerance;
    }

    /** C's {@code round}: halves away from zero. */
    static double roundHalfAwayFromZero(double x) {
        double magnitude = Math.abs(x);
        double whole = Math.floor(magnitude);
        if (magnitude - whole >= 0.5) {
            whole += 1.0;
        }
        return Math.copySign(whole, x);
    }
}
