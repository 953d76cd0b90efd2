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

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.table.GeometryModule;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;

/**
 * The recipe for a PostGIS geometry from flink-cdc's Postgres connector: a {@code STRING} column
 * holding {@code {"hexewkb":"<EWKB in lower-case hex>","srid":<srid>}} (the JSON flink-cdc 3.5's
 * {@code PostgreSQLDeserializationConverterFactory} writes from Debezium's geometry struct) read
 * with {@code ST_GeomFromEWKB(UNHEX(JSON_VALUE(geom, '$.hexewkb')))}. The EWKB is PostGIS's own:
 * the {@code wkb} of the committed change events.
 */
class FlinkCdcGeometryJsonITCase {

    @Test
    void theHexEwkbOfFlinkCdcsJsonReadsToPostgisBytes() throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<byte[]> postgis = new ArrayList<>();
        StringBuilder values = new StringBuilder();
        try (InputStream in = getClass().getResourceAsStream("/geofence/zone-events.json");
                BufferedReader reader =
                        new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                JsonNode after = json.readTree(line).get("after");
                if (after.isNull()) {
                    continue;
                }
                byte[] ewkb = Base64.getDecoder().decode(after.get("geom").get("wkb").asText());
                String cdcJson =
                        "{\"srid\":"
                                + after.get("geom").get("srid").asInt()
                                + ",\"hexewkb\":\""
                                + GeofenceSqlJob.hex(ewkb)
                                + "\"}";
                values.append(postgis.isEmpty() ? "" : ", ")
                        .append("(")
                        .append(postgis.size())
                        .append(", '")
                        .append(cdcJson)
                        .append("')");
                postgis.add(ewkb);
            }
        }
        assertThat(postgis).hasSize(11);

        TableEnvironment tables = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        tables.loadModule(GeometryModule.IDENTIFIER, GeometryModule.INSTANCE);
        String query =
                "SELECT n, ST_AsEWKB(g) AS ewkb, ST_SRID(g) AS srid,"
                        + " JSON_VALUE(geom, '$.srid' RETURNING INT) AS cdc_srid"
                        + " FROM (SELECT n, geom,"
                        + " ST_GeomFromEWKB(UNHEX(JSON_VALUE(geom, '$.hexewkb'))) AS g"
                        + " FROM (VALUES "
                        + values
                        + ") AS t(n, geom))";
        int read = 0;
        try (CloseableIterator<Row> rows = tables.executeSql(query).collect()) {
            while (rows.hasNext()) {
                Row row = rows.next();
                int n = row.<Integer>getFieldAs("n");
                assertThat(row.<byte[]>getFieldAs("ewkb"))
                        .as("zone event %d", n)
                        .isEqualTo(postgis.get(n));
                assertThat(row.<Integer>getFieldAs("srid"))
                        .isEqualTo(row.<Integer>getFieldAs("cdc_srid"));
                read++;
            }
        }
        assertThat(read).isEqualTo(postgis.size());
    }
}
