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
package dev.flinkgeometry.examples;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.api.StatementSet;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

/**
 * The geofence's results into PostGIS and back through Flink's JDBC connector: geometries are
 * written as {@code ST_AsEWKB(g)} into a {@code BYTES} column, which PostgreSQL's driver sends as
 * {@code bytea} and PostGIS casts to the {@code geometry} column implicitly; they are read back as
 * {@code bytea} from a view that selects {@code ST_AsEWKB(geom)}.
 *
 * <p>The PostGIS side ({@code ci/postgis-roundtrip.sh} creates it):
 *
 * <pre>{@code
 * CREATE TABLE zone_entries (vehicle text, zone text, seq int, position geometry(Point, 4326),
 *                            PRIMARY KEY (vehicle, zone));
 * CREATE TABLE zones_copy (id int PRIMARY KEY, name text, geom geometry(Geometry, 4326));
 * CREATE VIEW zone_entries_ewkb AS
 *   SELECT vehicle, zone, seq, ST_AsEWKB(position) AS ewkb FROM zone_entries;
 * }</pre>
 */
final class PostgisRoundTrip {

    private PostgisRoundTrip() {}

    /**
     * Writes the entries (upserted by vehicle and zone) into {@code zone_entries} and the zones
     * (upserted by id, deleted when deleted) into {@code zones_copy}, and waits for both.
     */
    static void write(TableEnvironment tables, String jdbcUrl) throws Exception {
        tables.executeSql(
                "CREATE TEMPORARY TABLE pg_entries (\n"
                        + "  vehicle STRING, zone STRING, seq INT, `position` BYTES,\n"
                        + "  PRIMARY KEY (vehicle, zone) NOT ENFORCED\n"
                        + ") WITH ("
                        + jdbc(jdbcUrl, "zone_entries")
                        + ")");
        tables.executeSql(
                "CREATE TEMPORARY TABLE pg_zones (\n"
                        + "  id INT, name STRING, geom BYTES, PRIMARY KEY (id) NOT ENFORCED\n"
                        + ") WITH ("
                        + jdbc(jdbcUrl, "zones_copy")
                        + ")");
        StatementSet inserts = tables.createStatementSet();
        inserts.addInsertSql(
                "INSERT INTO pg_entries SELECT vehicle, zone, seq, ST_AsEWKB(fix) FROM entries");
        inserts.addInsertSql(
                "INSERT INTO pg_zones SELECT id, name, ST_AsEWKB(ST_GeomFromEWKB(geom.wkb))"
                        + " FROM zones");
        inserts.execute().await();
    }

    /**
     * Reads {@code zone_entries} back through the view {@code zone_entries_ewkb}: one line per
     * entry, sorted, in the form of {@link GeofenceSqlJob#entries}.
     */
    static List<String> readBack(TableEnvironment tables, String jdbcUrl) throws Exception {
        tables.executeSql(
                "CREATE TEMPORARY TABLE pg_entries_read (\n"
                        + "  vehicle STRING, zone STRING, seq INT, ewkb BYTES\n"
                        + ") WITH ("
                        + jdbc(jdbcUrl, "zone_entries_ewkb")
                        + ")");
        List<String> lines = new ArrayList<>();
        try (CloseableIterator<Row> rows =
                tables.executeSql(
                                "SELECT vehicle, zone, seq, ST_AsText(ST_GeomFromEWKB(ewkb)) AS fix,"
                                        + " ewkb FROM pg_entries_read")
                        .collect()) {
            while (rows.hasNext()) {
                Row row = rows.next();
                lines.add(
                        row.getField("vehicle")
                                + "\t"
                                + row.getField("zone")
                                + "\t"
                                + row.getField("seq")
                                + "\t"
                                + row.getField("fix")
                                + "\t"
                                + GeofenceSqlJob.hex(row.getFieldAs("ewkb")));
            }
        }
        lines.sort(null);
        return lines;
    }

    private static String jdbc(String url, String table) {
        return "'connector' = 'jdbc', 'url' = '" + url + "', 'table-name' = '" + table + "'";
    }
}
