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
import org.locationtech.jts.geom.CoordinateSequenceFilter;
import org.locationtech.jts.geom.Geometry;

/**
 * The lon/lat rules of the geodesic functions. Their coordinates must be longitude and latitude in
 * degrees on WGS 84: SRID 4326, or SRID 0, which PostGIS's {@code geography} takes as 4326. Any
 * other SRID is refused (PostGIS's geography knows the spheroid of every lon/lat SRID in its {@code
 * spatial_ref_sys}; this module knows WGS 84 only, and a projected SRID holds no degrees). {@link
 * #asGeography} brings coordinates into range as PostGIS's cast to {@code geography} does.
 */
@Internal
final class LonLatGeometry {
    static final int WGS84 = 4326;

    private LonLatGeometry() {}

    /** Fails, naming the function and the SRID, unless {@code g} holds WGS 84 lon/lat. */
    static void require(String function, Geometry g) {
        int srid = g.getSRID();
        if (srid != WGS84 && srid != 0) {
            throw new IllegalArgumentException(
                    function
                            + ": meters on the sphere or spheroid need lon/lat degrees on WGS 84,"
                            + " SRID 4326 (or 0, taken as 4326), not SRID "
                            + srid
                            + ". Transform the geometry to 4326 first, or, if its coordinates are"
                            + " WGS 84 lon/lat already, ST_SetSRID(g, 4326)");
        }
    }

    /**
     * {@code g} as PostGIS's {@code geometry::geography} holds it: coordinates within 1e-10 of the
     * range snapped onto it, others out of [-180 -90, 180 90] wrapped into it ({@code
     * lwgeom_nudge_geodetic}, {@code lwgeom_force_geodetic}); {@code g} itself when nothing moves.
     */
    static Geometry asGeography(String function, Geometry g) {
        require(function, g);
        if (!needsChange(g)) {
            return g;
        }
        Geometry copy = g.copy();
        copy.apply(
                new CoordinateSequenceFilter() {
                    @Override
                    public void filter(CoordinateSequence seq, int i) {
                        double x = nudge(seq.getX(i), 180.0);
                        double y = nudge(seq.getY(i), 90.0);
                        if (x < -180.0 || x > 180.0 || y < -90.0 || y > 90.0) {
                            x = SphericalEdges.longitudeDegreesNormalize(x);
                            y = SphericalEdges.latitudeDegreesNormalize(y);
                        }
                        seq.setOrdinate(i, 0, x);
                        seq.setOrdinate(i, 1, y);
                    }

                    @Override
                    public boolean isDone() {
                        return false;
                    }

                    @Override
                    public boolean isGeometryChanged() {
                        return true;
                    }
                });
        return copy;
    }

    private static double nudge(double v, double limit) {
        if (v < -limit && (-limit - v <= 1e-10)) {
            return -limit;
        }
        if (v > limit && (v - limit <= 1e-10)) {
            return limit;
        }
        return v;
    }

    private static boolean needsChange(Geometry g) {
        boolean[] out = {false};
        g.apply(
                new CoordinateSequenceFilter() {
                    @Override
                    public void filter(CoordinateSequence seq, int i) {
                        double x = seq.getX(i);
                        double y = seq.getY(i);
                        if (x < -180.0 || x > 180.0 || y < -90.0 || y > 90.0) {
                            out[0] = true;
                        }
                    }

                    @Override
                    public boolean isDone() {
                        return out[0];
                    }

                    @Override
                    public boolean isGeometryChanged() {
                        return false;
                    }
                });
        return out[0];
    }
}
