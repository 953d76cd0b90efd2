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

import static dev.flinkgeometry.table.VectorFiles.tsv;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.serializer.GeometrySerializer;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.BiPredicate;
import java.util.function.Supplier;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Polygon;

/**
 * Meters on the sphere and the spheroid against PostGIS 3.3 (PROJ 9.1's GeographicLib): {@code
 * /geodesic/geodesic-*.tsv}, made by {@code make-geodesic-vectors.sh} next to them from a real
 * PostGIS (run by hand; this test needs no database). Inputs are PostGIS's own EWKB, read into what
 * a geometry column holds. Booleans, NULLs and errors must be PostGIS's; doubles are compared bit
 * for bit, and where they differ the difference is measured in units in the last place and bounded
 * here. Differences by design are counted apart: an SRID the module refuses (a projected one, or a
 * lon/lat SRID other than 4326 and 0) where PostGIS computes, and 0 for a point inside a top-level
 * polygon where PostGIS's ST_DistanceSpheroid and ST_DistanceSphere(radius) read the polygon's
 * planar box as a geocentric one and give the distance to its boundary. The counts are asserted,
 * and printed as the table of docs/SQL-FUNCTIONS.md.
 */
class PostgisGeodesicConformanceTest {
    private static final HexFormat HEX = HexFormat.of();
    private static final GeometrySerializer<Geometry> COLUMN =
            GeometrySerializer.of(Geometry.class);
    private static final StGeomFromWkb FROM_EWKB = new StGeomFromWkb("ST_GeomFromEWKB");
    private static final String GRS80 = "SPHEROID[\"GRS 1980\",6378137,298.257222101]";

    private static final Map<String, Tally> TALLIES = new LinkedHashMap<>();
    private static final Map<String, Geometry> GEOMETRIES = new LinkedHashMap<>();
    private static final Map<String, String> GROUPS = new LinkedHashMap<>();

    private static List<String[]> geometryRows;
    private static List<String[]> pairRows;

    static final class Tally {
        int compared;
        int identical;
        int byDesign;
        int differing;
        final List<Long> ulps = new ArrayList<>();
        double maxDifference;
        final List<String> failures = new ArrayList<>();
        final java.util.TreeMap<Long, String> worst = new java.util.TreeMap<>();

        long maxUlps() {
            return ulps.stream().mapToLong(Long::longValue).max().orElse(0);
        }

        /** The median of the differing doubles' ulps. */
        long typicalUlps() {
            List<Long> sorted = new ArrayList<>(ulps);
            sorted.sort(null);
            return sorted.isEmpty() ? 0 : sorted.get(sorted.size() / 2);
        }
    }

    @BeforeAll
    static void load() throws IOException {
        geometryRows = tsv("/geodesic/geodesic-geometries.tsv");
        pairRows = tsv("/geodesic/geodesic-pairs.tsv");
        for (String[] row : geometryRows) {
            GEOMETRIES.put(row[1], row[3].equals("NULL") ? null : fromPostgis(row[3]));
            GROUPS.put(row[1], row[2]);
        }
    }

    @Test
    void lengthsAreasAndPerimetersAreWhatPostgisGives() {
        StLength length = new StLength();
        StArea area = new StArea();
        StPerimeter perimeter = new StPerimeter();
        for (String[] row : geometryRows) {
            Geometry g = GEOMETRIES.get(row[1]);
            String what = row[1];
            compare("ST_Length(g, true)", what, row[4], () -> length.eval(g, true));
            compare("ST_Length(g, false)", what, row[5], () -> length.eval(g, false));
            compare("ST_Area(g, true)", what, row[6], () -> area.eval(g, true));
            compare("ST_Area(g, false)", what, row[7], () -> area.eval(g, false));
            compare("ST_Perimeter(g, true)", what, row[8], () -> perimeter.eval(g, true));
            compare("ST_Perimeter(g, false)", what, row[9], () -> perimeter.eval(g, false));
            compare("ST_Perimeter(g)", what, row[10], () -> perimeter.eval(g));
        }
        assertThat(geometryRows).hasSize(115);
        // by design: SRID 3857 refused where PostGIS gives a projected point a perimeter of 0
        // before its cast (ST_Perimeter(g) is planar and identical everywhere)
        assertBound("ST_Length(g, true)", 115, 108, 1, 6, 63);
        assertBound("ST_Length(g, false)", 115, 112, 1, 2, 1);
        assertBound("ST_Area(g, true)", 115, 102, 1, 12, 8192);
        assertBound("ST_Area(g, false)", 115, 106, 1, 8, 453626);
        assertBound("ST_Perimeter(g, true)", 115, 103, 1, 11, 176);
        assertBound("ST_Perimeter(g, false)", 115, 105, 1, 9, 5);
        assertBound("ST_Perimeter(g)", 115, 115, 0, 0, 0);
    }

    @Test
    void distancesOfPairsAreWhatPostgisGives() {
        StDistanceSphere sphere = new StDistanceSphere();
        StDistanceSpheroid spheroid = new StDistanceSpheroid();
        StDistance distance = new StDistance();
        StDWithin dWithin = new StDWithin();
        BigDecimal meters = BigDecimal.valueOf(500);
        for (String[] row : pairRows) {
            Geometry a = GEOMETRIES.get(row[0]);
            Geometry b = GEOMETRIES.get(row[1]);
            String what = row[0] + " / " + row[1];
            // PostGIS's geography ST_Distance walks a circle tree, which answers 0 for some lines
            // that its own ST_DWithin (a walk over every edge, as here) finds farther than 500 m
            BiPredicate<Object, String> sphereTree =
                    (ours, postgis) -> treeSaysZero(ours, postgis, row[9]);
            BiPredicate<Object, String> spheroidTree =
                    (ours, postgis) -> treeSaysZero(ours, postgis, row[8]);
            // PostGIS's ST_DistanceSpheroid and ST_DistanceSphere(radius) read a top-level
            // polygon's planar box as a geocentric one when they test containment
            BiPredicate<Object, String> planarBox =
                    (ours, postgis) -> planarBoxQuirk(ours, postgis, a, b);
            compare("ST_DistanceSphere(a, b)", what, row[2], () -> sphere.eval(a, b), sphereTree);
            compare(
                    "ST_DistanceSphere(a, b, radius)",
                    what,
                    row[3],
                    () -> sphere.eval(a, b, 6371008),
                    planarBox);
            compare(
                    "ST_DistanceSpheroid(a, b)",
                    what,
                    row[4],
                    () -> spheroid.eval(a, b),
                    planarBox);
            compare(
                    "ST_DistanceSpheroid(a, b, spheroid)",
                    what,
                    row[5],
                    () -> spheroid.eval(a, b, GRS80),
                    planarBox);
            compare(
                    "ST_Distance(a, b, true)",
                    what,
                    row[6],
                    () -> distance.eval(a, b, true),
                    spheroidTree);
            compare(
                    "ST_Distance(a, b, false)",
                    what,
                    row[7],
                    () -> distance.eval(a, b, false),
                    sphereTree);
            compare(
                    "ST_DWithin(a, b, 500, true)",
                    what,
                    row[8],
                    () -> dWithin.eval(a, b, meters, true));
            compare(
                    "ST_DWithin(a, b, 500, false)",
                    what,
                    row[9],
                    () -> dWithin.eval(a, b, meters, false));
            Double threshold = null;
            if (row[6].matches("[0-9a-f]{16}")) {
                threshold = Double.longBitsToDouble(Long.parseUnsignedLong(row[6], 16));
            } else if (!row[6].equals("NULL")) {
                threshold = 1.0;
            }
            Double tolerance = threshold;
            // at exactly PostGIS's distance, rounded to 10 nm, the answer flips with the last
            // bits of the unrounded distance, or with the tree's 0 above
            compare(
                    "ST_DWithin(a, b, ST_Distance(a, b, true), true)",
                    what,
                    row[10],
                    () -> dWithin.eval(a, b, tolerance, true),
                    (ours, postgis) ->
                            tolerance != null
                                    && (tolerance == 0.0
                                            || Math.abs(
                                                            GeodeticDistance.between(
                                                                            LonLatGeometry
                                                                                    .asGeography(
                                                                                            "", a),
                                                                            LonLatGeometry
                                                                                    .asGeography(
                                                                                            "", b),
                                                                            Spheroid.WGS84,
                                                                            0.0,
                                                                            true)
                                                                    - tolerance)
                                                    <= 1e-8));
        }
        assertThat(pairRows).hasSize(2840);
        assertBound("ST_DistanceSphere(a, b)", 2840, 2685, 109, 46, 21);
        assertBound("ST_DistanceSphere(a, b, radius)", 2840, 2490, 65, 285, 472);
        assertBound("ST_DistanceSpheroid(a, b)", 2840, 2348, 65, 427, 6243);
        assertBound("ST_DistanceSpheroid(a, b, spheroid)", 2840, 2362, 67, 411, 99661);
        assertBound("ST_Distance(a, b, true)", 2840, 2640, 111, 89, 87961);
        assertBound("ST_Distance(a, b, false)", 2840, 2683, 111, 46, 21);
        // the geography distance is rounded to 10 nm: one step, and the last bit of 20,000 km
        assertThat(TALLIES.get("ST_Distance(a, b, true)").maxDifference).isLessThan(1.2e-8);
        assertBound("ST_DWithin(a, b, 500, true)", 2840, 2743, 97, 0, 0);
        assertBound("ST_DWithin(a, b, 500, false)", 2840, 2743, 97, 0, 0);
        assertBound("ST_DWithin(a, b, ST_Distance(a, b, true), true)", 2840, 2677, 163, 0, 0);
    }

    /**
     * The README's example: GPS fixes (SRID 4326) within 500 m of a depot. ST_DWithin with
     * use_spheroid gives PostGIS's pairs; the planar ST_DWithin(fix, depot, 500) on degrees takes
     * every pair.
     */
    @Test
    void gpsFixesWithin500MetersOfADepotAreThePairsPostgisFinds() {
        StDWithin dWithin = new StDWithin();
        BigDecimal meters = BigDecimal.valueOf(500);
        TreeSet<String> postgis = new TreeSet<>();
        TreeSet<String> ours = new TreeSet<>();
        TreeSet<String> planar = new TreeSet<>();
        int pairs = 0;
        for (String[] row : pairRows) {
            if (!GROUPS.get(row[0]).equals("fix") || !GROUPS.get(row[1]).equals("depot")) {
                continue;
            }
            pairs++;
            Geometry fix = GEOMETRIES.get(row[0]);
            Geometry depot = GEOMETRIES.get(row[1]);
            String pair = row[0] + " / " + row[1];
            if (row[8].equals("true")) {
                postgis.add(pair);
            }
            if (dWithin.eval(fix, depot, meters, true)) {
                ours.add(pair);
            }
            if (dWithin.eval(fix, depot, meters)) {
                planar.add(pair);
            }
        }
        assertThat(pairs).isEqualTo(112);
        assertThat(postgis).hasSize(12);
        assertThat(ours).isEqualTo(postgis);
        assertThat(planar).hasSize(pairs);
    }

    // ---------------------------------------------------------------------------------------
    // Comparison
    // ---------------------------------------------------------------------------------------

    private static void compare(
            String function, String what, String expected, Supplier<Object> call) {
        compare(function, what, expected, call, (ours, postgis) -> false);
    }

    /**
     * As above; {@code byDesign} tells, for two different doubles or booleans, whether the
     * difference is one of the documented ones.
     */
    private static void compare(
            String function,
            String what,
            String expected,
            Supplier<Object> call,
            java.util.function.BiPredicate<Object, String> byDesign) {
        Tally tally = TALLIES.computeIfAbsent(function, k -> new Tally());
        tally.compared++;
        Object ours;
        try {
            ours = call.get();
        } catch (IllegalArgumentException e) {
            String message = e.getMessage();
            boolean refusedSrid = message.contains("need lon/lat degrees on WGS 84");
            if (expected.startsWith("error: ")
                    && sameKindOfError(message, expected.substring("error: ".length()))) {
                tally.identical++;
            } else if (refusedSrid
                    && (!expected.startsWith("error: ")
                            || expected.contains("Operation on mixed SRID geometries"))) {
                tally.byDesign++;
            } else {
                tally.failures.add(what + ": ours " + message + ", PostGIS " + expected);
            }
            return;
        }
        String actual;
        if (ours == null) {
            actual = "NULL";
        } else if (ours instanceof Double) {
            actual = String.format("%016x", Double.doubleToRawLongBits((Double) ours));
            if (!actual.equals(expected) && expected.matches("[0-9a-f]{16}")) {
                double postgis = Double.longBitsToDouble(Long.parseUnsignedLong(expected, 16));
                double mine = (Double) ours;
                if (byDesign.test(mine, expected)) {
                    tally.byDesign++;
                    return;
                }
                tally.differing++;
                long ulps =
                        Math.abs(Double.doubleToLongBits(mine) - Double.doubleToLongBits(postgis));
                tally.ulps.add(ulps);
                tally.maxDifference = Math.max(tally.maxDifference, Math.abs(mine - postgis));
                tally.worst.put(ulps, what + ": ours " + mine + ", PostGIS " + postgis);
                return;
            }
        } else {
            actual = String.valueOf(ours);
        }
        if (actual.equals(expected)) {
            tally.identical++;
        } else if (ours instanceof Boolean && byDesign.test(ours, expected)) {
            tally.byDesign++;
        } else if (actual.equals("NULL") && expected.startsWith("error: ") && hasNull(what)) {
            // PostgreSQL casts the other argument to geography, and fails, before the NULL
            tally.byDesign++;
        } else {
            tally.failures.add(what + ": ours " + actual + ", PostGIS " + expected);
        }
    }

    /** PostGIS's distance is 0 where ours is not and PostGIS's ST_DWithin(a, b, 500) is false. */
    private static boolean treeSaysZero(Object ours, String postgis, String postgisWithin500) {
        return ours instanceof Double
                && (Double) ours > 0.0
                && postgis.equals("0000000000000000")
                && postgisWithin500.equals("false");
    }

    /** A top-level polygon, and exactly one of the two distances is 0. */
    private static boolean planarBoxQuirk(Object ours, String postgis, Geometry a, Geometry b) {
        if (!(ours instanceof Double) || !(a instanceof Polygon || b instanceof Polygon)) {
            return false;
        }
        return ((Double) ours == 0.0) != postgis.equals("0000000000000000");
    }

    /**
     * The counts docs/SQL-FUNCTIONS.md reports (compared, identical, differing by design, doubles
     * differing) and the bound on the ulps of the differing doubles.
     */
    private static void assertBound(
            String function,
            int compared,
            int identical,
            int byDesign,
            int differing,
            long maxUlps) {
        Tally tally = TALLIES.get(function);
        assertThat(tally.failures).as(function).isEmpty();
        assertThat(new int[] {tally.compared, tally.identical, tally.byDesign, tally.differing})
                .as(function + ": compared, identical, by design, doubles differing")
                .containsExactly(compared, identical, byDesign, differing);
        assertThat(tally.maxUlps()).as(function + ": max ulps").isLessThanOrEqualTo(maxUlps);
    }

    private static boolean hasNull(String what) {
        for (String id : what.split(" / ")) {
            if (GEOMETRIES.get(id) == null) {
                return true;
            }
        }
        return false;
    }

    /** Both errors say the same thing: mixed SRIDs, an SRID that is not lon/lat, a type refused. */
    private static boolean sameKindOfError(String ours, String postgis) {
        if (postgis.contains("Operation on mixed SRID geometries")) {
            return ours.contains("Operation on mixed SRID geometries");
        }
        if (postgis.contains("Only lon/lat coordinate systems are supported in geography")) {
            return ours.contains("need lon/lat degrees on WGS 84");
        }
        if (postgis.contains("Only point/line/polygon supported")) {
            return ours.contains("Only point/line/polygon supported");
        }
        return false;
    }

    private static void report() {
        StringBuilder out =
                new StringBuilder(
                        "| function | compared | identical | differing by design"
                                + " | doubles differing | max ulps | typical ulps | max difference |\n"
                                + "|---|---:|---:|---:|---:|---:|---:|---:|\n");
        TALLIES.forEach(
                (function, t) ->
                        out.append(
                                String.format(
                                        "| `%s` | %d | %d | %d | %d | %d | %d | %.1e |%n",
                                        function,
                                        t.compared,
                                        t.identical,
                                        t.byDesign,
                                        t.differing,
                                        t.maxUlps(),
                                        t.typicalUlps(),
                                        t.maxDifference)));
        System.out.println("Compared with PostGIS 3.3 (geodesic functions):\n" + out);
        TALLIES.forEach(
                (function, t) ->
                        t.failures.stream()
                                .limit(8)
                                .forEach(f -> System.out.println("  " + function + ": " + f)));
        TALLIES.forEach(
                (function, t) ->
                        t.worst.descendingMap().entrySet().stream()
                                .limit(4)
                                .forEach(
                                        e ->
                                                System.out.println(
                                                        "  worst "
                                                                + function
                                                                + ": "
                                                                + e.getKey()
                                                                + " ulps, "
                                                                + e.getValue())));
    }

    @AfterAll
    static void printTable() {
        report();
    }

    // ---------------------------------------------------------------------------------------
    // Vectors
    // ---------------------------------------------------------------------------------------

    private static Geometry fromPostgis(String ewkbHex) {
        try {
            Geometry geometry = FROM_EWKB.eval(HEX.parseHex(ewkbHex));
            DataOutputSerializer out = new DataOutputSerializer(64);
            COLUMN.serialize(geometry, out);
            return COLUMN.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
