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
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.flinkgeometry.testing.MiniClusters;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.locationtech.jts.algorithm.distance.DiscreteHausdorffDistance;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKBReader;

/**
 * The processing functions called from Flink SQL after {@code LOAD MODULE geometry}, on a
 * MiniCluster, on GPS-like tracks, depots and zones and on shapes of the geofence corpus: results
 * compared with what PostGIS 3.3 gave for the same calls ({@code /processing/*.tsv}), bytes for
 * bytes where the conformance test finds them identical, within the documented tolerance where GEOS
 * and JTS or PROJ and proj4j compute differently; {@code NULL}s and refusals.
 */
class ProcessingSqlITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    private static final HexFormat HEX = HexFormat.of();

    /** Ids of processing-geometries.tsv whose exact results the queries check. */
    private static final List<String> IDS =
            List.of(
                    "track-berlin",
                    "track-zigzag",
                    "track-loop",
                    "track-south",
                    "zones-multipolygon",
                    "zone-concave",
                    "depot-point",
                    "fleet-multipoint",
                    "square",
                    "holed",
                    "line-crossing-square");

    private TableEnvironment sql;

    @BeforeEach
    void loadTheModule() {
        sql = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        sql.getConfig().set("parallelism.default", "1");
        sql.executeSql("LOAD MODULE geometry");
    }

    @Test
    void constructionsSimplificationsAndGeohashesAreWhatPostgisGives() throws IOException {
        Map<String, String[]> vectors = geometries();
        StringBuilder values = new StringBuilder();
        List<String> expected = new ArrayList<>();
        for (String id : IDS) {
            String[] v = vectors.get(id);
            values.append(values.length() == 0 ? "" : ", ")
                    .append(
                            String.format(
                                    "('%s', X'%s', CAST(%s AS DOUBLE), CAST(%s AS DOUBLE))",
                                    id, v[3], bits(v[5]), bits(v[6])));
            // centroid, point on surface, hull, the four simplifications, the three geohashes
            expected.add(
                    String.join(
                            " ", id, v[9], v[10], v[11], v[19], v[20], v[21], v[22], v[23], v[24],
                            v[25], v[26], v[27]));
        }
        List<String> actual = new ArrayList<>();
        for (Row r :
                rows(
                        "SELECT id, ST_AsEWKB(ST_Centroid(g)), ST_AsEWKB(ST_PointOnSurface(g)),"
                                + " ST_AsEWKB(ST_ConvexHull(g)), ST_AsEWKB(ST_Simplify(g, t1)),"
                                + " ST_AsEWKB(ST_Simplify(g, t2)),"
                                + " ST_AsEWKB(ST_Simplify(g, t2, TRUE)), ST_AsEWKB(ST_Simplify(g, 0)),"
                                + " ST_AsEWKB(ST_SimplifyPreserveTopology(g, t1)),"
                                + " ST_AsEWKB(ST_SimplifyPreserveTopology(g, t2)),"
                                + " ST_GeoHash(g), ST_GeoHash(g, 5), ST_GeoHash(g, 12)"
                                + " FROM (SELECT id, ST_GeomFromEWKB(w) AS g, t1, t2 FROM (VALUES "
                                + values
                                + ") AS t(id, w, t1, t2))")) {
            actual.add(line(r));
        }
        assertThat(actual).containsExactlyInAnyOrderElementsOf(expected);
    }

    /**
     * Buffers and transforms in SQL, against PostGIS's: within the tolerances of
     * docs/SQL-FUNCTIONS.md (a buffer's Hausdorff distance under 1e-4 of its size on these
     * GPS-sized shapes; a transform's coordinates within 1e-7 m or 1e-12 degrees).
     */
    @Test
    void buffersAndTransformsAreWithinTheirToleranceOfPostgis() throws IOException, ParseException {
        Map<String, String[]> vectors = geometries();
        StringBuilder values = new StringBuilder();
        for (String id : IDS.subList(0, 8)) { // the shapes in longitude and latitude
            String[] v = vectors.get(id);
            values.append(values.length() == 0 ? "" : ", ")
                    .append(
                            String.format(
                                    "('%s', X'%s', CAST(%s AS DOUBLE), %s)",
                                    id, v[3], bits(v[4]), v[7]));
        }
        int checked = 0;
        for (Row r :
                rows(
                        "SELECT id, ST_AsEWKB(ST_Buffer(g, r)), ST_AsEWKB(ST_Buffer(g, r, 2)),"
                                + " ST_AsEWKB(ST_Buffer(g, r, 'endcap=square join=bevel quad_segs=3')),"
                                + " ST_AsEWKB(ST_Buffer(g, r, 'side=right join=mitre')),"
                                + " ST_AsEWKB(ST_Buffer(g, -r / 5)),"
                                + " ST_AsEWKB(ST_Transform(g, 3857)), ST_AsEWKB(ST_Transform(g, utm))"
                                + " FROM (SELECT id, ST_GeomFromEWKB(w) AS g, r, utm FROM (VALUES "
                                + values
                                + ") AS t(id, w, r, utm))")) {
            String[] v = vectors.get((String) r.getField(0));
            int[] columns = {12, 13, 15, 17, 18, 28, 29};
            for (int i = 0; i < columns.length; i++) {
                String postgis = v[columns[i]];
                byte[] ours = (byte[]) r.getField(i + 1);
                if (postgis.startsWith("error")) {
                    continue; // SRID 0 shapes: refused, as the conformance test checks
                }
                Geometry theirs = new WKBReader().read(HEX.parseHex(postgis));
                Geometry mine = new WKBReader().read(ours);
                assertThat(mine.getSRID()).isEqualTo(theirs.getSRID());
                Envelope box = theirs.getEnvelopeInternal();
                double size = Math.max(box.getWidth(), box.getHeight());
                double hausdorff = DiscreteHausdorffDistance.distance(mine, theirs);
                double tolerance = i < 5 ? 1e-4 * size : theirs.getSRID() == 4326 ? 1e-12 : 1e-7;
                assertThat(hausdorff)
                        .as(v[1] + " column " + columns[i])
                        .isLessThanOrEqualTo(tolerance);
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(40);
    }

    @Test
    void predicatesAzimuthAndClosestPointOfPairsAreWhatPostgisGives()
            throws IOException, ParseException {
        Map<String, String[]> vectors = geometries();
        List<String> ids =
                List.of(
                        "square",
                        "square-shifted",
                        "line-crossing-square",
                        "line-on-square-edge",
                        "point-on-square-edge",
                        "point-inside-square",
                        "point-outside-square",
                        "multipolygon",
                        "line-inside-square");
        StringBuilder values = new StringBuilder();
        List<String> expected = new ArrayList<>();
        Map<String, String> closest = new LinkedHashMap<>();
        for (String[] p : tsv("/processing/processing-pairs.tsv")) {
            if (ids.contains(p[0]) && ids.contains(p[1])) {
                values.append(values.length() == 0 ? "" : ", ")
                        .append(
                                String.format(
                                        "('%s', '%s', X'%s', X'%s')",
                                        p[0], p[1], vectors.get(p[0])[3], vectors.get(p[1])[3]));
                // ST_Azimuth is asked of points only: NULL where PostGIS refuses
                expected.add(
                        String.join(
                                " ",
                                p[0],
                                p[1],
                                p[2],
                                p[3],
                                p[4],
                                p[6].startsWith("error") ? "NULL" : p[6]));
                closest.put(p[0] + " " + p[1], p[5]);
            }
        }
        List<String> actual = new ArrayList<>();
        int ties = 0;
        for (Row r :
                rows(
                        "SELECT a, b, ST_Touches(ga, gb), ST_Crosses(ga, gb), ST_Overlaps(ga, gb),"
                                + " CASE WHEN ST_GeometryType(ga) = 'ST_Point'"
                                + " AND ST_GeometryType(gb) = 'ST_Point'"
                                + " THEN ST_Azimuth(ga, gb) END,"
                                + " ST_AsEWKB(ST_ClosestPoint(ga, gb)), wa, wb"
                                + " FROM (SELECT a, b, wa, wb, ST_GeomFromEWKB(wa) AS ga,"
                                + " ST_GeomFromEWKB(wb) AS gb"
                                + " FROM (VALUES "
                                + values
                                + ") AS t(a, b, wa, wb))")) {
            actual.add(line(Row.project(r, new int[] {0, 1, 2, 3, 4, 5})));
            // the nearest point of a: PostGIS's, or one as near to b (a tie: each side picks one)
            Geometry a = new WKBReader().read((byte[]) r.getField(7));
            Geometry b = new WKBReader().read((byte[]) r.getField(8));
            Geometry mine = new WKBReader().read((byte[]) r.getField(6));
            Geometry theirs =
                    new WKBReader()
                            .read(HEX.parseHex(closest.get(r.getField(0) + " " + r.getField(1))));
            if (!mine.equalsExact(theirs)) {
                ties++;
                assertThat(mine.distance(a)).isLessThan(1e-12);
                assertThat(mine.distance(b)).isCloseTo(theirs.distance(b), within(1e-12));
            }
        }
        assertThat(expected).hasSizeGreaterThan(60);
        assertThat(actual).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(ties).isLessThan(expected.size() / 10);
    }

    @Test
    void anEnvelopeOfDecimalLiteralsIsPostgisPolygon() throws IOException {
        String expected = null;
        for (String[] e : tsv("/processing/processing-envelopes.tsv")) {
            if (e[0].equals("13.377704")) {
                expected = e[5];
            }
        }
        Row r =
                single(
                        "SELECT ST_AsEWKB(ST_MakeEnvelope(13.377704, 52.516275, 13.392201,"
                                + " 52.518831, 4326)), ST_SRID(ST_MakeEnvelope(0, 0, 1, 1))");
        assertThat(HEX.formatHex((byte[]) r.getField(0))).isEqualTo(expected);
        assertThat(r.getField(1)).isEqualTo(0);
    }

    @Test
    void nullInNullOut() {
        Row row =
                single(
                        "SELECT ST_Buffer(g, 1), ST_Buffer(ST_Point(1, 2), CAST(NULL AS DOUBLE)),"
                                + " ST_Buffer(ST_Point(1, 2), 1, CAST(NULL AS STRING)),"
                                + " ST_Centroid(g), ST_PointOnSurface(g), ST_ConvexHull(g),"
                                + " ST_Simplify(g, 1), ST_SimplifyPreserveTopology(g, 1),"
                                + " ST_Touches(g, g), ST_Crosses(g, g), ST_Overlaps(g, g),"
                                + " ST_Azimuth(g, g), ST_ClosestPoint(g, g), ST_GeoHash(g),"
                                + " ST_Transform(g, 3857), ST_MakeEnvelope(0, 0, 1, CAST(NULL AS DOUBLE))"
                                + " FROM (SELECT ST_GeomFromText(w) AS g"
                                + " FROM (VALUES (CAST(NULL AS STRING))) AS t(w))");
        assertThat(row.getArity()).isEqualTo(16);
        for (int i = 0; i < row.getArity(); i++) {
            assertThat(row.getField(i)).as("column %d", i + 1).isNull();
        }
    }

    @Test
    void refusalsNameWhatIsWrong() {
        assertThatThrownBy(() -> rows("SELECT ST_Transform(ST_Point(1, 2, 4326), 2154)"))
                .hasStackTraceContaining(
                        "ST_Transform: the target SRID 2154 is not an EPSG code this module"
                                + " resolves (it resolves 4326, 3857, 32601..32660 and"
                                + " 32701..32760, built in, without a database)");
        assertThatThrownBy(() -> rows("SELECT ST_Transform(ST_Point(1, 2), 4326)"))
                .hasStackTraceContaining("ST_Transform: Input geometry has unknown (0) SRID");
        assertThatThrownBy(() -> rows("SELECT ST_Buffer(ST_Point(1, 2), 1, 'endcap=pointy')"))
                .hasStackTraceContaining("ST_Buffer: Invalid buffer end cap style: pointy");
        assertThatThrownBy(() -> rows("SELECT ST_Touches(ST_Point(1, 2, 4326), ST_Point(1, 2))"))
                .hasStackTraceContaining(
                        "ST_Touches: Operation on mixed SRID geometries (Point, 4326) != (Point, 0)");
        assertThatThrownBy(() -> rows("SELECT ST_GeoHash(ST_Point(389000, 5819000, 32633))"))
                .hasStackTraceContaining(
                        "Geohash requires inputs in decimal degrees, got (389000 5.819e+06,"
                                + " 389000 5.819e+06).");
    }

    /** The cells of {@code r} as text, bytes in hex, doubles by their bits, spaced. */
    private static String line(Row r) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < r.getArity(); i++) {
            Object f = r.getField(i);
            line.append(i == 0 ? "" : " ")
                    .append(
                            f instanceof byte[]
                                    ? HEX.formatHex((byte[]) f)
                                    : f instanceof Double
                                            ? String.format(
                                                    "%016x", Double.doubleToRawLongBits((Double) f))
                                            : f == null ? "NULL" : String.valueOf(f));
        }
        return line.toString();
    }

    /** A double's IEEE bits as a SQL literal that Flink reads back to the same double. */
    private static String bits(String hex) {
        return Double.toString(Double.longBitsToDouble(Long.parseUnsignedLong(hex, 16)));
    }

    private static Map<String, String[]> geometries() throws IOException {
        Map<String, String[]> byId = new LinkedHashMap<>();
        for (String[] g : tsv("/processing/processing-geometries.tsv")) {
            byId.put(g[1], g);
        }
        return byId;
    }

    private Row single(String query) {
        List<Row> rows = rows(query);
        assertThat(rows).hasSize(1);
        return rows.get(0);
    }

    private List<Row> rows(String query) {
        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = sql.executeSql(query).collect()) {
            it.forEachRemaining(rows::add);
        } catch (Exception e) {
            throw new RuntimeException(e);
        }
        return rows;
    }
}
