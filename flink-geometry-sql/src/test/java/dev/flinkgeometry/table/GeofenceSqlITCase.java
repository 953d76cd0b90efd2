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

import dev.flinkgeometry.testing.MiniClusters;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.io.WKBReader;

/**
 * A geofence in SQL alone, streaming on a MiniCluster with each state backend: vehicle fixes as
 * numbers ({@code ST_Point(lon, lat, 4326)}) joined with 32 Natural Earth countries by {@code
 * ST_Contains}, each entry once per vehicle and zone ({@code SELECT DISTINCT}). The fixes are
 * cities and points PostGIS placed on the countries' rings (vertices and edge middles, where a
 * robust predicate and PostGIS can disagree); the expected entries are PostGIS's {@code ST_Within}
 * of each fix and country ({@code /postgis/geofence-pairs.tsv}).
 */
class GeofenceSqlITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    private static final int VEHICLES = 6;
    private static final int FIXES_PER_VEHICLE = 60;

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void entersEachZoneOnceAsPostgisDecides(String backend) throws Exception {
        Map<String, byte[]> zones = new HashMap<>();
        Map<String, double[]> fixPoints = new HashMap<>();
        WKBReader wkb = new WKBReader();
        for (String[] g : tsv("/postgis/geofence-geometries.tsv")) {
            if (g[2].equals("country")) {
                zones.put(g[1], HexFormat.of().parseHex(g[3]));
            } else if (g[2].equals("city") || g[2].equals("ring-point")) {
                Point p = (Point) wkb.read(HexFormat.of().parseHex(g[3]));
                fixPoints.put(g[1], new double[] {p.getX(), p.getY()});
            }
        }
        Map<String, Set<String>> within = new HashMap<>();
        for (String[] pair : tsv("/postgis/geofence-pairs.tsv")) {
            if (fixPoints.containsKey(pair[0]) && zones.containsKey(pair[1])) {
                within.computeIfAbsent(pair[0], k -> new HashSet<>());
                if (pair[3].equals("true")) {
                    within.get(pair[0]).add(pair[1]);
                }
            }
        }
        assertThat(zones).hasSize(32);
        assertThat(within.keySet()).isEqualTo(fixPoints.keySet());

        List<String> places = new ArrayList<>(new TreeSet<>(fixPoints.keySet()));
        Random random = new Random(29);
        List<Row> fixes = new ArrayList<>();
        Set<String> expected = new TreeSet<>();
        for (int v = 0; v < VEHICLES; v++) {
            String vehicle = "vehicle-" + v;
            for (int f = 0; f < FIXES_PER_VEHICLE; f++) {
                // some places twice: a second fix in a zone is no second entry
                String place = places.get(random.nextInt(places.size() / 3) * 3 % places.size());
                double[] xy = fixPoints.get(place);
                fixes.add(Row.of(vehicle, (long) f, xy[0], xy[1]));
                for (String zone : within.get(place)) {
                    expected.add(vehicle + " " + zone);
                }
            }
        }
        List<Row> zoneRows = new ArrayList<>();
        zones.forEach((zone, bytes) -> zoneRows.add(Row.of(zone, bytes)));

        TableEnvironment sql = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        sql.getConfig().set("parallelism.default", "1");
        sql.getConfig().set("state.backend.type", backend);
        sql.executeSql("LOAD MODULE geometry");
        sql.createTemporaryView(
                "fixes",
                sql.fromValues(
                        DataTypes.ROW(
                                DataTypes.FIELD("vehicle", DataTypes.STRING()),
                                DataTypes.FIELD("ts", DataTypes.BIGINT()),
                                DataTypes.FIELD("lon", DataTypes.DOUBLE()),
                                DataTypes.FIELD("lat", DataTypes.DOUBLE())),
                        fixes));
        sql.createTemporaryView(
                "zones",
                sql.fromValues(
                        DataTypes.ROW(
                                DataTypes.FIELD("zone", DataTypes.STRING()),
                                DataTypes.FIELD("wkb", DataTypes.BYTES())),
                        zoneRows));

        List<Row> changelog = new ArrayList<>();
        try (CloseableIterator<Row> it =
                sql.executeSql(
                                "SELECT DISTINCT f.vehicle, z.zone"
                                        + " FROM fixes AS f"
                                        + " JOIN (SELECT zone, ST_GeomFromEWKB(wkb) AS shape"
                                        + " FROM zones) AS z"
                                        + " ON ST_Contains(z.shape, ST_Point(f.lon, f.lat, 4326))")
                        .collect()) {
            it.forEachRemaining(changelog::add);
        }
        List<String> entries = new ArrayList<>();
        for (Row row : changelog) {
            assertThat(row.getKind()).as("an entry is never retracted").isEqualTo(RowKind.INSERT);
            entries.add(row.getField(0) + " " + row.getField(1));
        }
        assertThat(expected).hasSizeGreaterThan(VEHICLES * 10);
        assertThat(entries).doesNotHaveDuplicates();
        assertThat(new TreeSet<>(entries)).isEqualTo(expected);
    }
}
