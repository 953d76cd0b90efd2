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

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.serializer.GeometrySerializer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;

/**
 * The functions added for PostGIS's ordinary queries against PostGIS 3.3's answers: {@code
 * /postgis-functions/function-vectors.tsv}, made by {@code make-function-vectors.py} next to it
 * from a real PostGIS (run by hand; this test needs no database). A geometry answer is compared by
 * its EWKB, bit for bit; text, numbers and booleans character for character; a PostGIS refusal must
 * be a refusal here. Differences by design are listed here with their reason; {@link #report}
 * prints the counts of docs/SQL-FUNCTIONS.md's conformance table.
 */
class PostgisFunctionConformanceTest {
    private static final HexFormat HEX = HexFormat.of();

    /** Calls whose answer differs from PostGIS's on purpose, by id prefix and function. */
    private static final Map<String, String> BY_DESIGN = new LinkedHashMap<>();

    /** Per function: compared, identical, differing by design. */
    private static final Map<String, int[]> COUNTS = new LinkedHashMap<>();

    private static final GeometrySerializer<Geometry> COLUMN =
            GeometrySerializer.of(Geometry.class);
    private static final StGeomFromText FROM_EWKT = StGeomFromText.ewkt();
    private static final StAsBinary AS_EWKB = new StAsBinary(true);

    /** What a geometry column holds: the geometry after the column's serializer. */
    private static Geometry column(Geometry geometry) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        COLUMN.serialize(geometry, out);
        return COLUMN.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
    }

    private static Geometry geometry(String ewkt) throws IOException {
        return ewkt.isEmpty() ? null : column(FROM_EWKT.eval(ewkt));
    }

    /** Our answer, formatted as the vector script formats PostGIS's. */
    private static String call(String function, Geometry a, Geometry b, String[] args)
            throws IOException {
        Object result;
        switch (function) {
            case "ST_AsEWKT":
                result =
                        args.length == 0
                                ? new StAsEwkt().eval(a)
                                : new StAsEwkt().eval(a, Integer.parseInt(args[0]));
                break;
            case "ST_AsText":
                result = new StAsText().eval(a, Integer.parseInt(args[0]));
                break;
            case "ST_GeomFromEWKT":
                result = column(StGeomFromText.ewkt().eval(args[0]));
                break;
            case "ST_Dimension":
                result = new StDimension().eval(a);
                break;
            case "ST_Reverse":
                result = new StReverse().eval(a);
                break;
            case "ST_SnapToGrid":
                {
                    StSnapToGrid f = new StSnapToGrid();
                    double[] n = new double[args.length];
                    for (int i = 0; i < n.length; i++) {
                        n[i] = Double.parseDouble(args[i]);
                    }
                    result =
                            n.length == 1
                                    ? f.eval(a, n[0])
                                    : n.length == 2
                                            ? f.eval(a, n[0], n[1])
                                            : f.eval(a, n[0], n[1], n[2], n[3]);
                    break;
                }
            case "ST_CollectionExtract":
                result =
                        args.length == 0
                                ? new StCollectionExtract().eval(a)
                                : new StCollectionExtract().eval(a, Integer.parseInt(args[0]));
                break;
            case "ST_AsBinary":
                result = new StAsBinary().eval(a, args[0]);
                break;
            case "ST_AsEWKB":
                result = new StAsBinary(true).eval(a, args[0]);
                break;
            case "ST_OrderingEquals":
                result = new StOrderingEquals().eval(a, b);
                break;
            case "ST_ContainsProperly":
                result = new StPredicate(StPredicate.Predicate.CONTAINS_PROPERLY).eval(a, b);
                break;
            case "ST_Relate":
                result =
                        args.length == 0
                                ? new StRelate().eval(a, b)
                                : new StRelate().eval(a, b, args[0]);
                break;
            case "ST_AsTWKB":
                result =
                        args.length == 0
                                ? new StAsTwkb().eval(a)
                                : new StAsTwkb().eval(a, Integer.parseInt(args[0]));
                break;
            default:
                throw new AssertionError("no such function in the vectors: " + function);
        }
        if (result == null) {
            return "NULL";
        } else if (result instanceof Geometry) {
            return "ewkb:" + HEX.formatHex(AS_EWKB.eval((Geometry) result));
        } else if (result instanceof byte[]) {
            return HEX.formatHex((byte[]) result);
        }
        return result.toString();
    }

    @Test
    void everyCallAnswersAsPostgis() throws IOException {
        List<String> failures = new ArrayList<>();
        int rows = 0;
        for (String[] f : tsv("/postgis-functions/function-vectors.tsv")) {
            rows++;
            String function = f[1];
            String[] args =
                    f[4].isEmpty()
                            ? new String[0]
                            : function.equals("ST_GeomFromEWKT")
                                    ? new String[] {f[4]}
                                    : f[4].split(";");
            String postgis = f[5];
            int[] counts = COUNTS.computeIfAbsent(function, k -> new int[3]);
            counts[0]++;
            String ours;
            try {
                ours = call(function, geometry(f[2]), geometry(f[3]), args);
            } catch (IllegalArgumentException e) {
                ours = "refused: " + e.getMessage();
            }
            if (postgis.startsWith("refused: ")
                    ? ours.startsWith("refused: ")
                    : ours.equals(postgis)) {
                counts[1]++;
                continue;
            }
            String reason = byDesign(f, ours, postgis);
            if (reason != null) {
                counts[2]++;
                BY_DESIGN.merge(
                        function + ": " + reason,
                        "1",
                        (x, y) -> String.valueOf(Integer.parseInt(x) + 1));
            } else {
                failures.add(
                        f[0]
                                + " "
                                + function
                                + "("
                                + f[2]
                                + ", "
                                + f[3]
                                + ", "
                                + f[4]
                                + ")\n  ours    "
                                + ours
                                + "\n  PostGIS "
                                + postgis);
            }
        }
        assertThat(rows).isGreaterThan(2000);
        assertThat(failures)
                .as(
                        failures.size()
                                + " differ:\n"
                                + String.join(
                                        "\n", failures.subList(0, Math.min(400, failures.size()))))
                .isEmpty();
        // the counts of docs/SQL-FUNCTIONS.md's table
        assertCounts("ST_AsEWKT", 172, 172, 0);
        assertCounts("ST_AsText", 387, 387, 0);
        assertCounts("ST_GeomFromEWKT", 43, 43, 0);
        assertCounts("ST_Dimension", 43, 43, 0);
        assertCounts("ST_Reverse", 43, 43, 0);
        assertCounts("ST_SnapToGrid", 387, 387, 0);
        assertCounts("ST_CollectionExtract", 258, 242, 16);
        assertCounts("ST_AsBinary", 172, 129, 43);
        assertCounts("ST_AsEWKB", 172, 129, 43);
        assertCounts("ST_OrderingEquals", 111, 111, 0);
        assertCounts("ST_AsTWKB", 86, 80, 6);
        assertCounts("ST_ContainsProperly", 68, 68, 0);
        assertCounts("ST_Relate", 340, 340, 0);
    }

    /**
     * ST_AsEWKT and ST_AsText(g, 17) of every geometry of the main corpus ({@code
     * /postgis/vectors.tsv}) are PostGIS's text, but where PostGIS declares a Z or M that has no
     * values (the column keeps the Z and M of values: its EWKB differs too).
     */
    @Test
    void wktOfTheMainCorpusIsPostgisText() throws IOException {
        List<String> failures = new ArrayList<>();
        int[] ewkt = COUNTS.computeIfAbsent("ST_AsEWKT (main corpus)", k -> new int[3]);
        int[] text = COUNTS.computeIfAbsent("ST_AsText(g, 17) (main corpus)", k -> new int[3]);
        for (String[] f : tsv("/postgis/vectors.tsv")) {
            byte[] ewkb = HexFormat.of().parseHex(f[10].toLowerCase(java.util.Locale.ROOT));
            if (!f[3].equals("t") || (ewkb[1] & 0xFF) > 7) {
                continue; // refused by PostGIS, or a type JTS does not have
            }
            Geometry g = column(FROM_EWKB.eval(ewkb));
            boolean sameBytes = HEX.formatHex(AS_EWKB.eval(g)).equalsIgnoreCase(f[10]);
            compare(ewkt, new StAsEwkt().eval(g), f[6], sameBytes, f[0], failures);
            compare(text, new StAsText().eval(g, 17), f[7], sameBytes, f[0], failures);
        }
        assertThat(failures).as(String.join("\n", failures)).isEmpty();
        assertCounts("ST_AsEWKT (main corpus)", 305, 286, 19);
        assertCounts("ST_AsText(g, 17) (main corpus)", 305, 255, 50);
    }

    private static void compare(
            int[] counts,
            String ours,
            String postgis,
            boolean sameBytes,
            String id,
            List<String> failures) {
        counts[0]++;
        if (ours.equals(postgis)) {
            counts[1]++;
        } else if (postgis.endsWith("POINT(NaN NaN)") && ours.endsWith("POINT EMPTY")) {
            counts[2]++; // what the column read: the WKB of POINT(NaN NaN) is POINT EMPTY
            BY_DESIGN.merge(
                    "WKT: POINT(NaN NaN), whose EWKB is POINT EMPTY",
                    "1",
                    (x, y) -> String.valueOf(Integer.parseInt(x) + 1));
        } else if (!sameBytes) {
            counts[2]++;
            BY_DESIGN.merge(
                    "WKT: a declared Z or M without values (the column has none there)",
                    "1",
                    (x, y) -> String.valueOf(Integer.parseInt(x) + 1));
        } else {
            failures.add(id + ": ours " + ours + ", PostGIS " + postgis);
        }
    }

    private static void assertCounts(String function, int compared, int identical, int byDesign) {
        assertThat(COUNTS.get(function))
                .as(function)
                .containsExactly(compared, identical, byDesign);
    }

    /** The reason a difference is by design, or null. */
    private static String byDesign(String[] f, String ours, String postgis) throws IOException {
        String function = f[1];
        if ((function.equals("ST_AsBinary") || function.equals("ST_AsEWKB"))
                && !f[4].equalsIgnoreCase("NDR")
                && !f[4].equalsIgnoreCase("XDR")
                && ours.startsWith("refused: ")) {
            return "a byte order other than NDR or XDR is refused (PostGIS writes NDR)";
        }
        if (function.equals("ST_AsTWKB")
                && ours.contains("is NaN, infinite or too large for its precision")) {
            return "an ordinate beyond 2^53 units at its precision is refused (PostGIS rounds it"
                    + " through a 64-bit integer, undefined beyond 2^63)";
        }
        if (ours.startsWith("ewkb:") && postgis.startsWith("ewkb:")) {
            Geometry mine = FROM_EWKB.eval(HEX.parseHex(ours.substring(5)));
            Geometry theirs = FROM_EWKB.eval(HEX.parseHex(postgis.substring(5)));
            if (mine.isEmpty()
                    && theirs.isEmpty()
                    && mine.getGeometryType().equals(theirs.getGeometryType())
                    && hasZOrMFlag(postgis.substring(5))) {
                return "an empty result of a Z or M input has no Z or M (a geometry column keeps"
                        + " the Z and M of values, and an empty has none)";
            }
        }
        return null;
    }

    private static final StGeomFromWkb FROM_EWKB = new StGeomFromWkb("ST_GeomFromEWKB");

    private static boolean hasZOrMFlag(String ewkbHex) {
        byte[] header = HEX.parseHex(ewkbHex.substring(0, 10));
        return (header[4] & 0xC0) != 0;
    }

    @AfterAll
    static void report() {
        System.out.println("Compared with PostGIS (compared / identical / differing by design):");
        COUNTS.forEach(
                (k, v) -> System.out.println("  " + k + ": " + v[0] + " / " + v[1] + " / " + v[2]));
        BY_DESIGN.forEach((k, v) -> System.out.println("    " + v + " x " + k));
    }

    private static List<String[]> tsv(String resource) throws IOException {
        List<String[]> rows = new ArrayList<>();
        try (InputStream in =
                        Objects.requireNonNull(
                                PostgisFunctionConformanceTest.class.getResourceAsStream(resource),
                                resource);
                BufferedReader reader =
                        new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (!line.startsWith("#") && !line.isEmpty()) {
                    rows.add(line.split("\t", -1));
                }
            }
        }
        return rows;
    }
}
