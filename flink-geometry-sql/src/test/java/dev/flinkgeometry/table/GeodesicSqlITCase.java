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

import dev.flinkgeometry.testing.MiniClusters;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Meters on the sphere and the spheroid from Flink SQL ({@code LOAD MODULE geometry}) on a
 * MiniCluster: the README's GPS example (fixes within 500 m of a depot) answers with PostGIS's
 * pairs ({@code /geodesic/geodesic-*.tsv}), each geodesic function gives PostGIS's double for the
 * same literals, and the SRID guard refuses a projected SRID.
 */
class GeodesicSqlITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    private static final Pattern POINT =
            Pattern.compile("SRID=4326;POINT \\(([-0-9.]+) ([-0-9.]+)\\)");

    private TableEnvironment sql;

    @BeforeEach
    void loadTheModule() {
        sql = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        sql.getConfig().set("parallelism.default", "1");
        sql.executeSql("LOAD MODULE geometry");
    }

    @Test
    void vehiclesWithin500MetersOfADepotAreThePairsPostgisFinds() throws IOException {
        Map<String, String[]> points = new HashMap<>();
        StringBuilder fixes = new StringBuilder();
        StringBuilder depots = new StringBuilder();
        for (String[] row : tsv("/geodesic/geodesic-corpus.tsv")) {
            Matcher m = POINT.matcher(row[2]);
            if (!(row[1].equals("fix") || row[1].equals("depot")) || !m.matches()) {
                continue;
            }
            points.put(row[0], new String[] {m.group(1), m.group(2)});
            StringBuilder values = row[1].equals("fix") ? fixes : depots;
            values.append(values.length() == 0 ? "" : ", ")
                    .append(String.format("('%s', %s, %s)", row[0], m.group(1), m.group(2)));
        }
        sql.executeSql(
                "CREATE TEMPORARY VIEW fixes AS SELECT * FROM (VALUES "
                        + fixes
                        + ") AS t(vehicle, lon, lat)");
        sql.executeSql(
                "CREATE TEMPORARY VIEW depots AS SELECT * FROM (VALUES "
                        + depots
                        + ") AS t(depot, lon, lat)");
        TreeSet<String> ours = new TreeSet<>();
        for (Row row :
                rows(
                        "SELECT f.vehicle, d.depot FROM fixes AS f, depots AS d"
                                + " WHERE ST_DWithin(ST_Point(f.lon, f.lat, 4326),"
                                + " ST_Point(d.lon, d.lat, 4326), 500, true)")) {
            ours.add(row.getField(0) + " / " + row.getField(1));
        }
        TreeSet<String> postgis = new TreeSet<>();
        int planar = 0;
        for (String[] row : tsv("/geodesic/geodesic-pairs.tsv")) {
            if (row[0].startsWith("fix-") && row[1].startsWith("depot-")) {
                planar++;
                if (row[8].equals("true")) {
                    postgis.add(row[0] + " / " + row[1]);
                }
            }
        }
        assertThat(points).hasSize(32);
        assertThat(postgis).hasSize(12);
        assertThat(ours).isEqualTo(postgis);
        // the planar form on degrees takes every pair
        assertThat(
                        single(
                                        "SELECT COUNT(*) FROM fixes AS f, depots AS d WHERE"
                                                + " ST_DWithin(ST_Point(f.lon, f.lat, 4326),"
                                                + " ST_Point(d.lon, d.lat, 4326), 500)")
                                .getField(0))
                .isEqualTo((long) planar);
    }

    @Test
    void eachFunctionGivesPostgisDoubleForTheSameLiterals() throws IOException {
        Map<String, String[]> pairs = new HashMap<>();
        for (String[] row : tsv("/geodesic/geodesic-pairs.tsv")) {
            pairs.put(row[0] + " / " + row[1], row);
        }
        Map<String, String[]> geometries = new HashMap<>();
        for (String[] row : tsv("/geodesic/geodesic-geometries.tsv")) {
            geometries.put(row[1], row);
        }
        String berlin = "ST_Point(13.377704, 52.516275, 4326)";
        String paris = "ST_Point(2.294481, 48.85837, 4326)";
        String[] pair = pairs.get("point-berlin / point-paris");
        Row row =
                single(
                        String.format(
                                "SELECT ST_DistanceSphere(%1$s, %2$s),"
                                        + " ST_DistanceSphere(%1$s, %2$s, 6371008),"
                                        + " ST_DistanceSpheroid(%1$s, %2$s),"
                                        + " ST_DistanceSpheroid(%1$s, %2$s,"
                                        + " 'SPHEROID[\"GRS 1980\",6378137,298.257222101]'),"
                                        + " ST_Distance(%1$s, %2$s, true),"
                                        + " ST_Distance(%1$s, %2$s, false)",
                                berlin, paris));
        List<String> ours = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            ours.add(bits((Double) row.getField(i)));
            expected.add(pair[2 + i]);
        }
        String block =
                "ST_GeomFromText('POLYGON ((13.37 52.51, 13.38 52.51, 13.38 52.52, 13.37 52.52,"
                        + " 13.37 52.51))', 4326)";
        String[] blockRow = geometries.get("polygon-berlin-block");
        String street =
                "ST_GeomFromText('LINESTRING (13.3777 52.5163, 13.3812 52.5164, 13.3834"
                        + " 52.5169)', 4326)";
        String[] streetRow = geometries.get("line-berlin-street");
        Row measures =
                single(
                        String.format(
                                "SELECT ST_Length(%2$s, true), ST_Length(%2$s, false),"
                                        + " ST_Area(%1$s, false), ST_Perimeter(%1$s, true),"
                                        + " ST_Perimeter(%1$s, false), ST_Perimeter(%1$s)",
                                block, street));
        String[] expectedMeasures = {
            streetRow[4], streetRow[5], blockRow[7], blockRow[8], blockRow[9], blockRow[10]
        };
        for (int i = 0; i < expectedMeasures.length; i++) {
            ours.add(bits((Double) measures.getField(i)));
            expected.add(expectedMeasures[i]);
        }
        assertThat(ours).containsExactlyElementsOf(expected);
    }

    @Test
    void aProjectedSridIsRefusedAndNullGivesNull() {
        assertThatThrownBy(
                        () ->
                                rows(
                                        "SELECT ST_Distance(ST_Point(1489199, 6894026, 3857),"
                                                + " ST_Point(1489299, 6894026, 3857), true)"))
                .hasStackTraceContaining(
                        "ST_Distance: meters on the sphere or spheroid need lon/lat degrees on"
                                + " WGS 84, SRID 4326 (or 0, taken as 4326), not SRID 3857");
        Row row =
                single(
                        "SELECT ST_Distance(ST_Point(1, 2, 4326), ST_Point(1, 3, 4326),"
                                + " CAST(NULL AS BOOLEAN)), ST_DistanceSpheroid(ST_Point(1, 2),"
                                + " ST_Point(1, 3), CAST(NULL AS STRING)),"
                                + " ST_DWithin(ST_Point(1, 2), ST_Point(1, 2.001), 112, false)");
        assertThat(row.toString()).isEqualTo("+I[null, null, true]");
    }

    private static String bits(Double value) {
        return value == null ? "NULL" : String.format("%016x", Double.doubleToRawLongBits(value));
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
