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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.sf.geographiclib.Geodesic;
import net.sf.geographiclib.GeodesicMask;
import org.apache.flink.annotation.Internal;

/**
 * PostGIS's SPHEROID: semi-major axis {@code a}, semi-minor {@code b}, flattening {@code (a - b) /
 * a} and mean radius {@code (2a + b) / 3}, as {@code spheroid_init} computes them; a sphere when
 * {@code a == b}. Distances on a spheroid are GeographicLib's geodesics, as PostGIS built with
 * PROJ's geodesic computes them.
 */
@Internal
final class Spheroid {
    /** WGS 84 as PostGIS initializes it (SRID 4326; ST_DistanceSpheroid's default). */
    static final Spheroid WGS84 = new Spheroid(6378137.0, 6356752.314245179498);

    private static final Pattern TEXT =
            Pattern.compile(
                    "SPHEROID(?:\\[\"([^\"]{0,19})\",([^,\\]]+),([^,\\]]+)\\]"
                            + "|\\(\"([^\"]{0,19})\",([^,)]+),([^,)]+)\\))");

    final double a;
    final double b;
    final double f;
    final double radius;
    private transient Geodesic geodesic;

    private Spheroid(double a, double b, double radius) {
        this.a = a;
        this.b = b;
        this.f = (a - b) / a;
        this.radius = radius;
    }

    private Spheroid(double a, double b) {
        this(a, b, (2.0 * a + b) / 3.0);
    }

    /** The sphere of this spheroid's mean radius (PostGIS's {@code s.a = s.b = s.radius}). */
    Spheroid sphere() {
        return new Spheroid(radius, radius, radius);
    }

    /**
     * The sphere ST_DistanceSphere(g1, g2, radius) computes on: PostGIS sets a and b to the radius
     * and then initializes the spheroid again, so the radius is {@code (2r + r) / 3}.
     */
    static Spheroid sphereOfRadius(double r) {
        Spheroid reinitialized = new Spheroid(r, r);
        return new Spheroid(reinitialized.radius, reinitialized.radius, reinitialized.radius);
    }

    /**
     * PostGIS's spheroid text, {@code SPHEROID["WGS 84",6378137,298.257223563]} (or with
     * parentheses): name, semi-major axis, inverse flattening.
     */
    static Spheroid parse(String function, String text) {
        Matcher m = TEXT.matcher(text);
        if (!text.startsWith("SPHEROID")) {
            throw new IllegalArgumentException(
                    function + ": SPHEROID parser - doesn't start with SPHEROID: " + text);
        }
        if (!m.lookingAt()) {
            throw new IllegalArgumentException(
                    function
                            + ": SPHEROID parser - couldnt parse the spheroid: "
                            + text
                            + " (expected SPHEROID[\"name\",semi-major axis,inverse flattening])");
        }
        String aText = m.group(2) != null ? m.group(2) : m.group(5);
        String rfText = m.group(3) != null ? m.group(3) : m.group(6);
        double a;
        double rf;
        try {
            a = Double.parseDouble(aText.trim());
            rf = Double.parseDouble(rfText.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    function + ": SPHEROID parser - couldnt parse the spheroid: " + text, e);
        }
        // ellipsoid_in computes b so; geometry_distance_spheroid then re-initializes from a and b
        double b = a - (1.0 / rf) * a;
        return new Spheroid(a, b);
    }

    boolean isSphere() {
        return a == b;
    }

    /** {@code spheroid_distance}: the geodesic between two points, in the units of {@code a}. */
    double distance(LonLat p, LonLat q) {
        if (SphericalEdges.pointEquals(p, q)) {
            return 0.0;
        }
        double lat1 = p.lat * 180.0 / Math.PI;
        double lon1 = p.lon * 180.0 / Math.PI;
        double lat2 = q.lat * 180.0 / Math.PI;
        double lon2 = q.lon * 180.0 / Math.PI;
        return geodesic().Inverse(lat1, lon1, lat2, lon2, GeodesicMask.DISTANCE).s12;
    }

    Geodesic geodesic() {
        if (geodesic == null) {
            geodesic = new Geodesic(a, f);
        }
        return geodesic;
    }
}
