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
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Puntal;

/**
 * Points from numbers, accessors, predicates and measures against PostGIS 3.3 (GEOS 3.11): {@code
 * /postgis/geofence-*.tsv}, made by {@code make-geofence-vectors.sh} next to them from a real
 * PostGIS (run by hand; this test needs no database). Inputs are PostGIS's own EWKB, read into what
 * a geometry column holds, so both sides see the same bits. Booleans, texts, integers and errors
 * must be identical; doubles are compared bit for bit, and where JTS computes a double differently
 * from PostGIS the difference is measured (units in the last place, relative) and bounded here. The
 * counts are asserted, and printed as the table of docs/SQL-FUNCTIONS.md.
 */
class PostgisGeofenceConformanceTest {
    private static final HexFormat HEX = HexFormat.of();
    private static final GeometrySerializer<Geometry> COLUMN =
            GeometrySerializer.of(Geometry.class);
    private static final StGeomFromWkb FROM_EWKB = new StGeomFromWkb("ST_GeomFromEWKB");

    /** Per function: compared, identical, differing doubles; max ulps; max relative difference. */
    private static final Map<String, Tally> TALLIES = new LinkedHashMap<>();

    private static final Map<String, Geometry> GEOMETRIES = new LinkedHashMap<>();

    /** The ids of the geometries PostGIS finds invalid. */
    private static final Set<String> INVALID = new HashSet<>();

    private static List<String[]> geometryRows;
    private static List<String[]> pairRows;
    private static List<String[]> pointRows;

    static final class Tally {
        int compared;
        int identical;
        int differing;
        int byDesign;
        long maxUlps;
        double maxRelative;
        final List<String> failures = new ArrayList<>();
    }

    @BeforeAll
    static void load() throws IOException {
        geometryRows = tsv("/postgis/geofence-geometries.tsv");
        pairRows = tsv("/postgis/geofence-pairs.tsv");
        pointRows = tsv("/postgis/geofence-points.tsv");
        for (String[] row : geometryRows) {
            GEOMETRIES.put(row[1], row[3].equals("NULL") ? null : fromPostgis(row[3]));
            if (row[11].equals("false")) {
                INVALID.add(row[1]);
            }
        }
        assertThat(GEOMETRIES.size()).isGreaterThan(300);
        assertThat(pairRows.size()).isGreaterThan(10_000);
    }

    // ---------------------------------------------------------------------------------------
    // Tests
    // ---------------------------------------------------------------------------------------

    @Test
    void pointsFromDecimalTextAreWhatPostgisReads() throws IOException {
        StPoint point = new StPoint();
        StPoint makePoint = new StPoint(true);
        for (String[] row : pointRows) {
            BigDecimal x = new BigDecimal(row[1]);
            BigDecimal y = new BigDecimal(row[2]);
            boolean make = row[0].equals("ST_MakePoint");
            Supplier<Object> call;
            if (row[3].isEmpty()) {
                call = () -> (make ? makePoint : point).eval(x, y);
            } else if (!make) {
                call = () -> point.eval(x, y, Integer.valueOf(row[3]));
            } else if (row[4].isEmpty()) {
                call = () -> makePoint.eval(x, y, new BigDecimal(row[3]));
            } else {
                call = () -> makePoint.eval(x, y, new BigDecimal(row[3]), new BigDecimal(row[4]));
            }
            compare(row[0] + " (decimal literals)", String.join(", ", row), row[5], call);
        }
        assertCounts("ST_Point (decimal literals)", 71, 71, 0);
        assertCounts("ST_MakePoint (decimal literals)", 65, 65, 0);
    }

    @Test
    void accessorsAndMeasuresOfOneGeometryAreWhatPostgisGives() {
        StPointOrdinate[] ordinates = {
            new StPointOrdinate(StPointOrdinate.Ordinate.X),
            new StPointOrdinate(StPointOrdinate.Ordinate.Y),
            new StPointOrdinate(StPointOrdinate.Ordinate.Z),
            new StPointOrdinate(StPointOrdinate.Ordinate.M)
        };
        StGeometryType type = new StGeometryType();
        StNumPoints numPoints = new StNumPoints();
        StIsEmpty isEmpty = new StIsEmpty();
        StIsValid isValid = new StIsValid();
        StEnvelope envelope = new StEnvelope();
        StBoxOrdinate[] sides = {
            new StBoxOrdinate(StBoxOrdinate.Side.XMin),
            new StBoxOrdinate(StBoxOrdinate.Side.XMax),
            new StBoxOrdinate(StBoxOrdinate.Side.YMin),
            new StBoxOrdinate(StBoxOrdinate.Side.YMax)
        };
        StArea area = new StArea();
        StLength length = new StLength();
        for (String[] row : geometryRows) {
            Geometry g = GEOMETRIES.get(row[1]);
            String what = row[1];
            for (int i = 0; i < 4; i++) {
                StPointOrdinate f = ordinates[i];
                compare(f.name(), what, row[4 + i], () -> f.eval(g));
            }
            compare("ST_GeometryType", what, row[8], () -> type.eval(g));
            compare("ST_NumPoints", what, row[9], () -> numPoints.eval(g));
            compare("ST_IsEmpty", what, row[10], () -> isEmpty.eval(g));
            compare("ST_IsValid", what, row[11], () -> isValid.eval(g));
            compare("ST_Envelope", what, row[12], () -> envelope.eval(g));
            for (int i = 0; i < 4; i++) {
                StBoxOrdinate f = sides[i];
                compare(f.name(), what, row[13 + i], () -> f.eval(g));
            }
            compare("ST_Area", what, row[17], () -> area.eval(g));
            compare("ST_Length", what, row[18], () -> length.eval(g));
        }
        int n = geometryRows.size();
        assertThat(n).isEqualTo(340);
        for (String f : new String[] {"ST_X", "ST_Y", "ST_Z", "ST_M"}) {
            assertCounts(f, n, n, 0);
        }
        for (String f :
                new String[] {
                    "ST_GeometryType", "ST_NumPoints", "ST_IsEmpty", "ST_IsValid", "ST_Envelope"
                }) {
            assertCounts(f, n, n, 0);
        }
        for (String f : new String[] {"ST_XMin", "ST_XMax", "ST_YMin", "ST_YMax"}) {
            assertCounts(f, n, n, 0);
        }
        assertCounts("ST_Area", n, n, 0);
        assertCounts("ST_Length", n, n, 0);
    }

    @Test
    void predicatesAndDistancesOfPairsAreWhatPostgisGives() {
        StPredicate[] predicates = {
            new StPredicate(StPredicate.Predicate.CONTAINS),
            new StPredicate(StPredicate.Predicate.WITHIN),
            new StPredicate(StPredicate.Predicate.INTERSECTS),
            new StPredicate(StPredicate.Predicate.COVERS),
            new StPredicate(StPredicate.Predicate.COVERED_BY),
            new StPredicate(StPredicate.Predicate.DISJOINT),
            new StPredicate(StPredicate.Predicate.EQUALS)
        };
        StDistance distance = new StDistance();
        StDWithin dWithin = new StDWithin();
        for (String[] row : pairRows) {
            Geometry a = GEOMETRIES.get(row[0]);
            Geometry b = GEOMETRIES.get(row[1]);
            assertThat(GEOMETRIES.containsKey(row[0]) && GEOMETRIES.containsKey(row[1]))
                    .as(row[0] + " " + row[1])
                    .isTrue();
            String what = row[0] + " / " + row[1];
            boolean invalid = INVALID.contains(row[0]) || INVALID.contains(row[1]);
            for (int i = 0; i < predicates.length; i++) {
                StPredicate p = predicates[i];
                compare(p.name(), what, row[2 + i], () -> p.eval(a, b), invalid);
            }
            // from a point, PostGIS's arithmetic; between lines and polygons, JTS's
            String kind = puntal(a) || puntal(b) ? " (a point)" : " (lines, polygons)";
            compare("ST_Distance" + kind, what, row[9], () -> distance.eval(a, b), invalid);
            compare(
                    "ST_DWithin (0)",
                    what,
                    row[10],
                    () -> dWithin.eval(a, b, BigDecimal.ZERO),
                    invalid);
            compare(
                    "ST_DWithin (1)",
                    what,
                    row[11],
                    () -> dWithin.eval(a, b, BigDecimal.ONE),
                    invalid);
            // PostGIS's ST_DWithin(a, b, ST_Distance(a, b)): NULL for no distance, ST_Distance's
            // error for mixed SRIDs (any distance gives ours)
            Double postgisDistance = null;
            if (row[9].matches("[0-9a-f]{16}")) {
                postgisDistance = Double.longBitsToDouble(Long.parseUnsignedLong(row[9], 16));
            } else if (row[9].startsWith("error")) {
                postgisDistance = 1.0;
            }
            Double tolerance = postgisDistance;
            boolean distanceDiffers =
                    row[9].matches("[0-9a-f]{16}")
                            && !row[9].equals(
                                    String.format(
                                            "%016x",
                                            Double.doubleToRawLongBits(distance.eval(a, b))));
            compare(
                    "ST_DWithin (PostGIS's distance)" + kind,
                    what,
                    row[12],
                    () -> dWithin.eval(a, b, tolerance),
                    invalid || distanceDiffers);
        }
        int n = pairRows.size();
        assertThat(n).isEqualTo(11849);
        assertCounts("ST_Contains", n, n, 0, 0);
        assertCounts("ST_Intersects", n, n, 0, 0);
        assertCounts("ST_Equals", n, n, 0, 0);
        // differing only where an input is invalid (bowtie, self-touching ring, hole outside the
        // shell, a line of one repeated point)
        assertCounts("ST_Within", n, 11845, 4, 0);
        assertCounts("ST_Covers", n, 11834, 15, 0);
        assertCounts("ST_CoveredBy", n, 11834, 15, 0);
        assertCounts("ST_Disjoint", n, 11845, 4, 0);
        assertCounts("ST_DWithin (0)", n, 11843, 6, 0);
        assertCounts("ST_DWithin (1)", n, 11845, 4, 0);
        // from a point: PostGIS's arithmetic, bit for bit, and so the same answer at the threshold
        assertCounts("ST_Distance (a point)", 9029, 9029, 0, 0);
        assertCounts("ST_DWithin (PostGIS's distance) (a point)", 9029, 9029, 0, 0);
        // between lines and polygons: JTS's arithmetic, within 110 ulps (relative 2.3e-14); at
        // exactly PostGIS's distance, ST_DWithin flips where the double differs
        assertCounts("ST_Distance (lines, polygons)", 2820, 2507, 16, 297);
        assertThat(TALLIES.get("ST_Distance (lines, polygons)").maxUlps).isEqualTo(110);
        assertThat(TALLIES.get("ST_Distance (lines, polygons)").maxRelative).isLessThan(2.4e-14);
        assertCounts("ST_DWithin (PostGIS's distance) (lines, polygons)", 2820, 2663, 157, 0);
    }

    /** A point or a multipoint: its distances are PostGIS's own arithmetic. */
    private static boolean puntal(Geometry g) {
        return g instanceof Puntal;
    }

    // ---------------------------------------------------------------------------------------
    // Comparison
    // ---------------------------------------------------------------------------------------

    /**
     * Compares one result with PostGIS's: an error with an error (a mixed-SRID refusal with a
     * mixed-SRID refusal), NULL, booleans, integers and text as text, a geometry by its exact
     * description after the column, a double by its bits (a different double is counted and
     * measured, never a failure by itself: the bounds are asserted per function).
     */
    private static void compare(
            String function, String what, String expected, Supplier<Object> call) {
        compare(function, what, expected, call, false);
    }

    /**
     * As above; where {@code byDesign}, a different value (not a different error or NULL) is a
     * difference by design: GEOS and JTS give no meaning to the relations and distances of an
     * invalid geometry, and their answers differ; and {@code ST_DWithin} at exactly PostGIS's
     * distance flips where our distance is a different double.
     */
    private static void compare(
            String function,
            String what,
            String expected,
            Supplier<Object> call,
            boolean byDesign) {
        Tally tally = TALLIES.computeIfAbsent(function, k -> new Tally());
        tally.compared++;
        Object ours;
        try {
            ours = call.get();
        } catch (IllegalArgumentException e) {
            boolean mixed = e.getMessage().contains("Operation on mixed SRID geometries");
            if (expected.startsWith("error: ")
                    && mixed == expected.contains("Operation on mixed SRID geometries")) {
                tally.identical++;
            } else {
                tally.failures.add(what + ": ours " + e.getMessage() + ", PostGIS " + expected);
            }
            return;
        }
        String actual;
        if (ours == null) {
            actual = "NULL";
        } else if (ours instanceof Double) {
            actual = String.format("%016x", Double.doubleToRawLongBits((Double) ours));
            if (!actual.equals(expected) && byDesign) {
                tally.byDesign++;
                return;
            }
            if (!actual.equals(expected) && expected.matches("[0-9a-f]{16}")) {
                double postgis = Double.longBitsToDouble(Long.parseUnsignedLong(expected, 16));
                double mine = (Double) ours;
                long ulps =
                        Math.abs(Double.doubleToLongBits(mine) - Double.doubleToLongBits(postgis));
                tally.differing++;
                tally.maxUlps = Math.max(tally.maxUlps, ulps);
                tally.maxRelative =
                        Math.max(tally.maxRelative, Math.abs(mine - postgis) / Math.abs(postgis));
                return;
            }
        } else if (ours instanceof Geometry) {
            actual = PostgisConformanceTest.describe(column((Geometry) ours));
            if (!expected.startsWith("error") && !expected.equals("NULL")) {
                expected = PostgisConformanceTest.describe(fromPostgis(expected));
            }
        } else {
            actual = String.valueOf(ours);
        }
        if (actual.equals(expected)) {
            tally.identical++;
        } else if (byDesign && !expected.startsWith("error") && !actual.equals("NULL")) {
            tally.byDesign++;
        } else {
            tally.failures.add(what + ": ours " + actual + ", PostGIS " + expected);
        }
    }

    private static void assertCounts(String function, int compared, int identical, int differing) {
        assertCounts(function, compared, identical, 0, differing);
    }

    /**
     * The counts docs/SQL-FUNCTIONS.md reports: compared, identical, booleans differing on invalid
     * input, doubles differing. A change of the vectors or of the code that moves them must update
     * the document.
     */
    private static void assertCounts(
            String function, int compared, int identical, int byDesign, int differing) {
        Tally tally = TALLIES.get(function);
        assertThat(tally.failures).as(function).isEmpty();
        assertThat(new int[] {tally.compared, tally.identical, tally.byDesign, tally.differing})
                .as(
                        function
                                + ": compared, identical, differing on invalid input, differing doubles")
                .containsExactly(compared, identical, byDesign, differing);
    }

    @AfterAll
    static void report() {
        StringBuilder out =
                new StringBuilder(
                        "| function | compared | identical | differing by design"
                                + " | doubles differing | max ulps | max relative |\n"
                                + "|---|---:|---:|---:|---:|---:|---:|\n");
        TALLIES.forEach(
                (function, t) ->
                        out.append(
                                String.format(
                                        "| `%s` | %d | %d | %d | %d | %d | %.1e |%n",
                                        function,
                                        t.compared,
                                        t.identical,
                                        t.byDesign,
                                        t.differing,
                                        t.maxUlps,
                                        t.maxRelative)));
        System.out.println("Compared with PostGIS 3.3 (geofence functions):\n" + out);
        TALLIES.forEach(
                (function, t) ->
                        t.failures.stream()
                                .limit(5)
                                .forEach(f -> System.out.println("  " + function + ": " + f)));
    }

    // ---------------------------------------------------------------------------------------
    // Vectors
    // ---------------------------------------------------------------------------------------

    /** What a geometry column holds of PostGIS's EWKB. */
    private static Geometry fromPostgis(String ewkbHex) {
        return column(FROM_EWKB.eval(HEX.parseHex(ewkbHex)));
    }

    private static Geometry column(Geometry geometry) {
        try {
            DataOutputSerializer out = new DataOutputSerializer(64);
            COLUMN.serialize(geometry, out);
            return COLUMN.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
