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
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.algorithm.distance.DiscreteHausdorffDistance;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Polygonal;

/**
 * The processing functions against PostGIS 3.3 (GEOS 3.11, PROJ 9.1): {@code /processing/*.tsv},
 * made by {@code make-processing-vectors.sh} next to them from a real PostGIS (run by hand; this
 * test needs no database). Inputs are PostGIS's own EWKB, read into what a geometry column holds.
 * Booleans, texts, errors and the results PostGIS computes as we do are compared exactly (a
 * geometry by its structure and ordinate bits, a double by its bits); where GEOS and JTS, or PROJ
 * and proj4j, compute differently, the difference is measured (Hausdorff distance relative to the
 * size of PostGIS's result, area of the symmetric difference relative to its area, coordinates in
 * the units of the target) and bounded here. The counts are asserted, and printed as the table of
 * docs/SQL-FUNCTIONS.md.
 */
class PostgisProcessingConformanceTest {
    private static final HexFormat HEX = HexFormat.of();
    private static final GeometrySerializer<Geometry> COLUMN =
            GeometrySerializer.of(Geometry.class);
    private static final StGeomFromWkb FROM_EWKB = new StGeomFromWkb("ST_GeomFromEWKB");

    private static final Map<String, Tally> TALLIES = new LinkedHashMap<>();
    private static final Map<String, Geometry> GEOMETRIES = new LinkedHashMap<>();
    private static final Map<String, Boolean> VALID = new LinkedHashMap<>();

    private static List<String[]> geometryRows;
    private static List<String[]> pairRows;
    private static List<String[]> transformRows;

    /** How a result is compared. */
    enum Kind {
        /** identical, or a failure */
        EXACT,
        /** a geometry: identical, or measured by Hausdorff distance and area */
        SHAPE,
        /** a geometry of the same structure: identical, or measured coordinate by coordinate */
        COORDINATES
    }

    static final class Tally {
        int compared;
        int identical;
        int differing;
        int byDesign;
        double maxRelative;
        double maxArea;
        double maxAbsolute;
        long maxUlps;
        String worst = "";
        final List<String> failures = new ArrayList<>();
    }

    @BeforeAll
    static void load() throws IOException {
        geometryRows = tsv("/processing/processing-geometries.tsv");
        pairRows = tsv("/processing/processing-pairs.tsv");
        transformRows = tsv("/processing/processing-transform.tsv");
        for (String[] row : geometryRows) {
            GEOMETRIES.put(row[1], row[3].equals("NULL") ? null : fromPostgis(row[3]));
            VALID.put(row[1], !row[8].equals("false"));
        }
        assertThat(GEOMETRIES).hasSize(364);
    }

    // ---------------------------------------------------------------------------------------
    // Tests
    // ---------------------------------------------------------------------------------------

    @Test
    void constructionsOfOneGeometryAreWhatPostgisGives() {
        StCentroid centroid = new StCentroid();
        StCentroid onSurface = new StCentroid(true);
        StConvexHull hull = new StConvexHull();
        StBuffer buffer = new StBuffer();
        String[] options = {
            null,
            "2",
            "endcap=flat join=mitre mitre_limit=2",
            "endcap=square join=bevel quad_segs=3",
            "side=left",
            "side=right join=mitre",
            "negative"
        };
        for (String[] row : geometryRows) {
            Geometry g = GEOMETRIES.get(row[1]);
            String what = row[1];
            boolean invalid = !VALID.get(row[1]);
            double r = bits(row[4]);
            compare("ST_Centroid", what, row[9], () -> centroid.eval(g), Kind.COORDINATES, invalid);
            compare(
                    "ST_PointOnSurface",
                    what,
                    row[10],
                    () -> onSurface.eval(g),
                    Kind.EXACT,
                    invalid);
            compare("ST_ConvexHull", what, row[11], () -> hull.eval(g), Kind.SHAPE, invalid);
            for (int i = 0; i < options.length; i++) {
                if (row[12 + i].equals("skip")) {
                    continue;
                }
                String option = options[i];
                Supplier<Object> call;
                String function;
                if (option == null) {
                    function = "ST_Buffer(g, r)";
                    call = () -> buffer.eval(g, r);
                } else if (option.equals("2")) {
                    function = "ST_Buffer(g, r, 2)";
                    call = () -> buffer.eval(g, r, 2);
                } else if (option.equals("negative")) {
                    function = "ST_Buffer(g, -r / 5)";
                    call = () -> buffer.eval(g, -r / 5);
                } else {
                    function = "ST_Buffer(g, r, '" + option + "')";
                    call = () -> buffer.eval(g, r, option);
                }
                compare(function, what, row[12 + i], call, Kind.SHAPE, invalid);
            }
        }
        assertThat(geometryRows).hasSize(364);
        // GEOS and JTS sum a line's segments in different orders: 1 ulp
        assertCounts("ST_Centroid", 364, 362, 0, 2);
        assertBounds("ST_Centroid", 0, 0, 1e-14, 0);
        assertCounts("ST_PointOnSurface", 364, 364, 0, 0);
        // a two-point hull line from its other end: the same line
        assertCounts("ST_ConvexHull", 364, 362, 1, 1);
        assertBounds("ST_ConvexHull", 0, 0, 0, 0);
        // buffers: max Hausdorff / size, max area of the symmetric difference / area
        assertCounts("ST_Buffer(g, r)", 361, 279, 4, 78);
        assertBounds("ST_Buffer(g, r)", 2e-3, 6e-4, 5e-3, 0);
        assertCounts("ST_Buffer(g, r, 2)", 361, 279, 3, 79);
        assertBounds("ST_Buffer(g, r, 2)", 1.6e-2, 5e-3, 4e-2, 0);
        assertCounts("ST_Buffer(g, r, 'endcap=flat join=mitre mitre_limit=2')", 361, 301, 2, 58);
        assertBounds("ST_Buffer(g, r, 'endcap=flat join=mitre mitre_limit=2')", 0.41, 0.5, 41, 0);
        assertCounts("ST_Buffer(g, r, 'endcap=square join=bevel quad_segs=3')", 361, 307, 0, 54);
        assertBounds(
                "ST_Buffer(g, r, 'endcap=square join=bevel quad_segs=3')", 5e-2, 1.5e-2, 7e-2, 0);
        assertCounts("ST_Buffer(g, r, 'side=left')", 361, 285, 4, 72);
        assertBounds("ST_Buffer(g, r, 'side=left')", 0.68, 0.41, 41, 0);
        assertCounts("ST_Buffer(g, r, 'side=right join=mitre')", 361, 323, 3, 35);
        assertBounds("ST_Buffer(g, r, 'side=right join=mitre')", 5e-3, 1.5e-3, 1.7e-2, 0);
        assertCounts("ST_Buffer(g, -r / 5)", 361, 326, 2, 33);
        assertBounds("ST_Buffer(g, -r / 5)", 1.8e-3, 2.8e-3, 1e-3, 0);
    }

    @Test
    void simplificationsAreWhatPostgisGives() {
        StSimplify simplify = new StSimplify();
        StSimplify preserving = new StSimplify(true);
        for (String[] row : geometryRows) {
            Geometry g = GEOMETRIES.get(row[1]);
            String what = row[1];
            boolean invalid = !VALID.get(row[1]);
            double t1 = bits(row[5]);
            double t2 = bits(row[6]);
            compare(
                    "ST_Simplify(g, t1)",
                    what,
                    row[19],
                    () -> simplify.eval(g, t1),
                    Kind.EXACT,
                    false);
            compare(
                    "ST_Simplify(g, t2)",
                    what,
                    row[20],
                    () -> simplify.eval(g, t2),
                    Kind.EXACT,
                    false);
            compare(
                    "ST_Simplify(g, t2, true)",
                    what,
                    row[21],
                    () -> simplify.eval(g, t2, true),
                    Kind.EXACT,
                    false);
            compare(
                    "ST_Simplify(g, 0)",
                    what,
                    row[22],
                    () -> simplify.eval(g, 0),
                    Kind.EXACT,
                    false);
            compare(
                    "ST_SimplifyPreserveTopology(g, t1)",
                    what,
                    row[23],
                    () -> preserving.eval(g, t1),
                    Kind.SHAPE,
                    invalid);
            compare(
                    "ST_SimplifyPreserveTopology(g, t2)",
                    what,
                    row[24],
                    () -> preserving.eval(g, t2),
                    Kind.SHAPE,
                    invalid);
        }
        for (String f :
                new String[] {
                    "ST_Simplify(g, t1)",
                    "ST_Simplify(g, t2)",
                    "ST_Simplify(g, t2, true)",
                    "ST_Simplify(g, 0)"
                }) {
            assertCounts(f, 364, 364, 0, 0);
        }
        // JTS 1.20 may also remove a ring's start point, GEOS 3.11 keeps it
        assertCounts("ST_SimplifyPreserveTopology(g, t1)", 364, 344, 0, 20);
        assertBounds("ST_SimplifyPreserveTopology(g, t1)", 3.6e-2, 0.51, 0.11, 0);
        assertCounts("ST_SimplifyPreserveTopology(g, t2)", 364, 329, 1, 34);
        assertBounds("ST_SimplifyPreserveTopology(g, t2)", 0.67, 0.84, 1, 0);
    }

    @Test
    void geohashesAreWhatPostgisGives() {
        StGeoHash geohash = new StGeoHash();
        for (String[] row : geometryRows) {
            Geometry g = GEOMETRIES.get(row[1]);
            String what = row[1];
            compare("ST_GeoHash(g)", what, row[25], () -> geohash.eval(g), Kind.EXACT, false);
            compare("ST_GeoHash(g, 5)", what, row[26], () -> geohash.eval(g, 5), Kind.EXACT, false);
            compare(
                    "ST_GeoHash(g, 12)",
                    what,
                    row[27],
                    () -> geohash.eval(g, 12),
                    Kind.EXACT,
                    false);
        }
        assertCounts("ST_GeoHash(g)", 364, 364, 0, 0);
        assertCounts("ST_GeoHash(g, 5)", 364, 364, 0, 0);
        assertCounts("ST_GeoHash(g, 12)", 364, 364, 0, 0);
    }

    @Test
    void transformsOfTheCorpusAreWhatPostgisGives() {
        StTransform transform = new StTransform();
        for (String[] row : geometryRows) {
            Geometry g = GEOMETRIES.get(row[1]);
            String what = row[1];
            Integer utm = row[7].equals("NULL") ? null : Integer.valueOf(row[7]);
            compare(
                    "ST_Transform(g, 3857)",
                    what,
                    row[28],
                    () -> transform.eval(g, 3857),
                    Kind.COORDINATES,
                    false);
            compare(
                    "ST_Transform(g, utm)",
                    what,
                    row[29],
                    () -> transform.eval(g, utm),
                    Kind.COORDINATES,
                    false);
            compare(
                    "ST_Transform(g, 4326)",
                    what,
                    row[30],
                    () -> transform.eval(g, 4326),
                    Kind.COORDINATES,
                    false);
        }
        // PROJ 9 and proj4j: the same formulas, other arithmetic (meters; degrees back)
        assertCounts("ST_Transform(g, 3857)", 364, 110, 0, 254);
        assertBounds("ST_Transform(g, 3857)", 0, 0, 2e-8, 0);
        assertCounts("ST_Transform(g, utm)", 364, 226, 0, 138);
        assertBounds("ST_Transform(g, utm)", 0, 0, 1e-8, 0);
        assertCounts("ST_Transform(g, 4326)", 364, 360, 0, 4);
        assertBounds("ST_Transform(g, 4326)", 0, 0, 1e-13, 0);
    }

    @Test
    void transformsOfAGridAreWhatPostgisGives() {
        StTransform transform = new StTransform();
        for (String[] row : transformRows) {
            Geometry g = fromPostgis(row[0]);
            int target = Integer.parseInt(row[1]);
            String function =
                    target == 3857
                            ? "ST_Transform(grid, 3857)"
                            : target == 4326
                                    ? (g.getSRID() == 3857
                                            ? "ST_Transform(3857 grid, 4326)"
                                            : "ST_Transform(UTM grid, 4326)")
                                    : "ST_Transform(grid, UTM zone)";
            compare(
                    function,
                    row[0] + " to " + target,
                    row[2],
                    () -> transform.eval(g, target),
                    Kind.COORDINATES,
                    false);
        }
        assertCounts("ST_Transform(grid, 3857)", 861, 246, 0, 615);
        assertBounds("ST_Transform(grid, 3857)", 0, 0, 1e-8, 0);
        assertCounts("ST_Transform(grid, UTM zone)", 1722, 877, 0, 845);
        assertBounds("ST_Transform(grid, UTM zone)", 0, 0, 1e-8, 0);
        assertCounts("ST_Transform(3857 grid, 4326)", 861, 136, 0, 725);
        assertBounds("ST_Transform(3857 grid, 4326)", 0, 0, 1e-13, 0);
        assertCounts("ST_Transform(UTM grid, 4326)", 1722, 864, 0, 858);
        assertBounds("ST_Transform(UTM grid, 4326)", 0, 0, 1e-13, 0);
    }

    @Test
    void pairsAreWhatPostgisGives() {
        StPredicate touches = new StPredicate(StPredicate.Predicate.TOUCHES);
        StPredicate crosses = new StPredicate(StPredicate.Predicate.CROSSES);
        StPredicate overlaps = new StPredicate(StPredicate.Predicate.OVERLAPS);
        StClosestPoint closest = new StClosestPoint();
        StAzimuth azimuth = new StAzimuth();
        for (String[] row : pairRows) {
            assertThat(GEOMETRIES).containsKey(row[0]).containsKey(row[1]);
            Geometry a = GEOMETRIES.get(row[0]);
            Geometry b = GEOMETRIES.get(row[1]);
            String what = row[0] + " / " + row[1];
            boolean invalid = !VALID.get(row[0]) || !VALID.get(row[1]);
            compare("ST_Touches", what, row[2], () -> touches.eval(a, b), Kind.EXACT, invalid);
            compare("ST_Crosses", what, row[3], () -> crosses.eval(a, b), Kind.EXACT, invalid);
            compare("ST_Overlaps", what, row[4], () -> overlaps.eval(a, b), Kind.EXACT, invalid);
            compareNearest(what, row[5], a, b, () -> closest.eval(a, b), invalid);
            compare("ST_Azimuth", what, row[6], () -> azimuth.eval(a, b), Kind.EXACT, false);
        }
        assertThat(pairRows).hasSize(15779);
        for (String f : new String[] {"ST_Touches", "ST_Crosses", "ST_Overlaps"}) {
            assertCounts(f, 15779, 15779, 0, 0);
        }
        // equally near points, each side picking one: the distances agree within rounding
        assertCounts("ST_ClosestPoint", 15779, 15715, 18, 46);
        assertBounds("ST_ClosestPoint", 1e-15, 0, 56, 0);
        // glibc's atan2 against fdlibm's
        assertCounts("ST_Azimuth", 15779, 15687, 0, 92);
        assertBounds("ST_Azimuth", 3e-14, 0, 0, 128);
    }

    @Test
    void envelopesAreWhatPostgisGives() throws IOException {
        StMakeEnvelope envelope = new StMakeEnvelope();
        for (String[] row : tsv("/processing/processing-envelopes.tsv")) {
            Double[] v = new Double[4];
            for (int i = 0; i < 4; i++) {
                v[i] = Double.valueOf(row[i]); // as the script's float8 cast reads the text
            }
            Supplier<Object> call =
                    row[4].isEmpty()
                            ? () -> envelope.eval(v[0], v[1], v[2], v[3])
                            : () -> envelope.eval(v[0], v[1], v[2], v[3], Integer.valueOf(row[4]));
            compare("ST_MakeEnvelope", String.join(" ", row), row[5], call, Kind.EXACT, false);
        }
        assertCounts("ST_MakeEnvelope", 9, 9, 0, 0);
    }

    @Test
    void everyResolvedCodeIsPostgisDefinition() throws IOException {
        List<String[]> rows = tsv("/processing/processing-srs.tsv");
        assertThat(rows).hasSize(122);
        for (String[] row : rows) {
            int srid = Integer.parseInt(row[0]);
            assertThat(row[1] + ":" + row[2]).isEqualTo("EPSG:" + srid);
            assertThat(EpsgCodes.projText(srid)).as(row[0]).isEqualTo(row[3].trim());
        }
        assertThat(EpsgCodes.projText(32600)).isNull();
        assertThat(EpsgCodes.projText(32661)).isNull();
        assertThat(EpsgCodes.projText(2154)).isNull();
    }

    // ---------------------------------------------------------------------------------------
    // Comparison
    // ---------------------------------------------------------------------------------------

    /**
     * Compares one result with PostGIS's: an error with an error (a mixed-SRID refusal with a
     * mixed-SRID refusal), NULL, booleans, integers and text as text, a geometry by its exact
     * description after the column, a double by its bits. A different result of a measured kind is
     * counted and measured; where {@code byDesign} (an invalid input, on which GEOS and JTS give
     * different answers and neither is meaningful) it is counted as such; anything else is a
     * failure.
     */
    private static void compare(
            String function,
            String what,
            String expected,
            Supplier<Object> call,
            Kind kind,
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
            } else if (byDesign) {
                tally.byDesign++;
            } else {
                tally.failures.add(what + ": ours " + e.getMessage() + ", PostGIS " + expected);
            }
            return;
        } catch (RuntimeException e) {
            if (byDesign) {
                tally.byDesign++;
            } else {
                tally.failures.add(what + ": ours " + e + ", PostGIS " + expected);
            }
            return;
        }
        String actual;
        if (ours == null) {
            actual = "NULL";
        } else if (ours instanceof Double) {
            actual = String.format("%016x", Double.doubleToRawLongBits((Double) ours));
            if (!actual.equals(expected) && expected.matches("[0-9a-f]{16}")) {
                double postgis = bits(expected);
                double mine = (Double) ours;
                tally.differing++;
                tally.maxUlps =
                        Math.max(
                                tally.maxUlps,
                                Math.abs(
                                        Double.doubleToLongBits(mine)
                                                - Double.doubleToLongBits(postgis)));
                tally.maxRelative =
                        Math.max(tally.maxRelative, Math.abs(mine - postgis) / Math.abs(postgis));
                return;
            }
        } else if (ours instanceof Geometry) {
            Geometry mine = column((Geometry) ours);
            actual = PostgisConformanceTest.describe(mine);
            if (!expected.startsWith("error") && !expected.equals("NULL")) {
                Geometry postgis = fromPostgis(expected);
                expected = PostgisConformanceTest.describe(postgis);
                if (!actual.equals(expected) && kind != Kind.EXACT) {
                    if (byDesign) {
                        tally.byDesign++;
                    } else if (measure(tally, kind, mine, postgis)) {
                        tally.differing++;
                    } else {
                        tally.failures.add(what + ": ours " + mine + ", PostGIS " + postgis);
                    }
                    return;
                }
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

    /**
     * Measures how far {@code mine} is from {@code postgis}; false where they cannot be compared so
     * (a different structure for {@link Kind#COORDINATES}, a different SRID or emptiness).
     */
    private static boolean measure(Tally tally, Kind kind, Geometry mine, Geometry postgis) {
        if (mine.getSRID() != postgis.getSRID() || mine.isEmpty() != postgis.isEmpty()) {
            return false;
        }
        if (kind == Kind.COORDINATES) {
            if (!shape(mine).equals(shape(postgis))) {
                return false;
            }
            Coordinate[] a = mine.getCoordinates();
            Coordinate[] b = postgis.getCoordinates();
            for (int i = 0; i < a.length; i++) {
                if (Double.compare(a[i].getZ(), b[i].getZ()) != 0
                        || Double.compare(a[i].getM(), b[i].getM()) != 0) {
                    return false; // Z and M pass through unchanged
                }
                double dx = Math.abs(a[i].getX() - b[i].getX());
                if (postgis.getSRID() == 4326) {
                    dx = Math.min(dx, 360 - dx); // longitude 180 is longitude -180
                }
                double d = Math.max(dx, Math.abs(a[i].getY() - b[i].getY()));
                if (d > tally.maxAbsolute) {
                    tally.worst = a[i] + " vs PostGIS " + b[i];
                }
                tally.maxAbsolute = Math.max(tally.maxAbsolute, d);
            }
            return true;
        }
        Envelope box = postgis.getEnvelopeInternal();
        double size = Math.max(Math.max(box.getWidth(), box.getHeight()), Double.MIN_NORMAL);
        double hausdorff = DiscreteHausdorffDistance.distance(mine, postgis);
        if (hausdorff / size > tally.maxRelative) {
            tally.worst = mine + " vs PostGIS " + postgis;
        }
        tally.maxAbsolute = Math.max(tally.maxAbsolute, hausdorff);
        tally.maxRelative = Math.max(tally.maxRelative, hausdorff / size);
        if (postgis instanceof Polygonal && mine instanceof Polygonal && postgis.getArea() > 0) {
            double area = mine.symDifference(postgis).getArea() / postgis.getArea();
            tally.maxArea = Math.max(tally.maxArea, area);
        }
        return true;
    }

    /**
     * {@code ST_ClosestPoint(a, b)}: where our point is not PostGIS's, both must be on {@code a}
     * and equally near {@code b} (several points of {@code a} can be nearest, and each side picks
     * one): measured as the difference of their distances to {@code b} relative to the size of the
     * pair, and the distance between the two points.
     */
    private static void compareNearest(
            String what,
            String expected,
            Geometry a,
            Geometry b,
            Supplier<Object> call,
            boolean invalid) {
        Object ours;
        try {
            ours = call.get();
        } catch (RuntimeException e) {
            ours = e;
        }
        if (!expected.matches("[0-9a-f]+") || !(ours instanceof Geometry)) {
            // errors and NULLs must be PostGIS's
            compare("ST_ClosestPoint", what, expected, call, Kind.EXACT, invalid);
            return;
        }
        Tally tally = TALLIES.computeIfAbsent("ST_ClosestPoint", k -> new Tally());
        tally.compared++;
        Geometry mine = column((Geometry) ours);
        Geometry postgis = fromPostgis(expected);
        if (PostgisConformanceTest.describe(mine)
                .equals(PostgisConformanceTest.describe(postgis))) {
            tally.identical++;
            return;
        }
        if (invalid) {
            tally.byDesign++;
            return;
        }
        Envelope box = new Envelope(a.getEnvelopeInternal());
        box.expandToInclude(b.getEnvelopeInternal());
        double size = Math.max(box.getWidth(), box.getHeight());
        double nearer = Math.abs(mine.distance(b) - postgis.distance(b)) / size;
        double offA = mine.distance(a) / size;
        if (Math.max(nearer, offA) > tally.maxRelative) {
            tally.worst = what + ": " + mine + " vs PostGIS " + postgis;
        }
        tally.maxRelative = Math.max(tally.maxRelative, Math.max(nearer, offA));
        tally.maxAbsolute = Math.max(tally.maxAbsolute, mine.distance(postgis));
        tally.differing++;
    }

    /** The description of {@code g} without its ordinates: classes, SRIDs, sizes, dimensions. */
    private static String shape(Geometry g) {
        return PostgisConformanceTest.describe(g).replaceAll(" [0-9a-f -]+(?=[,)])", "");
    }

    private static void assertCounts(
            String function, int compared, int identical, int byDesign, int differing) {
        Tally tally = TALLIES.get(function);
        assertThat(tally.failures).as(function).isEmpty();
        assertThat(new int[] {tally.compared, tally.identical, tally.byDesign, tally.differing})
                .as(function + ": compared, identical, differing on invalid input, measured")
                .containsExactly(compared, identical, byDesign, differing);
    }

    /** The largest differences measured for {@code function} stay within these bounds. */
    private static void assertBounds(
            String function, double relative, double area, double absolute, long ulps) {
        Tally tally = TALLIES.get(function);
        assertThat(tally.maxRelative).as(function + " relative").isLessThanOrEqualTo(relative);
        assertThat(tally.maxArea).as(function + " area").isLessThanOrEqualTo(area);
        assertThat(tally.maxAbsolute).as(function + " absolute").isLessThanOrEqualTo(absolute);
        assertThat(tally.maxUlps).as(function + " ulps").isLessThanOrEqualTo(ulps);
    }

    @AfterAll
    static void report() {
        StringBuilder out =
                new StringBuilder(
                        "| function | compared | identical | differing by design | measured"
                                + " | max Hausdorff / size | max area difference | max absolute"
                                + " | max ulps |\n"
                                + "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        TALLIES.forEach(
                (function, t) ->
                        out.append(
                                String.format(
                                        "| `%s` | %d | %d | %d | %d | %.1e | %.1e | %.1e | %d |%n",
                                        function,
                                        t.compared,
                                        t.identical,
                                        t.byDesign,
                                        t.differing,
                                        t.maxRelative,
                                        t.maxArea,
                                        t.maxAbsolute,
                                        t.maxUlps)));
        System.out.println("Compared with PostGIS 3.3 (processing functions):\n" + out);
        TALLIES.forEach(
                (function, t) ->
                        t.failures.stream()
                                .limit(5)
                                .forEach(f -> System.out.println("  " + function + ": " + f)));
        TALLIES.forEach(
                (function, t) -> System.out.println("  worst " + function + ": " + t.worst));
    }

    // ---------------------------------------------------------------------------------------
    // Vectors
    // ---------------------------------------------------------------------------------------

    private static double bits(String hex) {
        return Double.longBitsToDouble(Long.parseUnsignedLong(hex, 16));
    }

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
