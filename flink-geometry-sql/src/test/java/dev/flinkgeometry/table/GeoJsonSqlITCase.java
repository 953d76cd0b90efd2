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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.testing.MiniClusters;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * ST_GeomFromGeoJSON and ST_AsGeoJSON called from SQL, as users write them: every overload, NULL
 * arguments, and the error a job fails with. The expected texts are PostGIS 3.3.2's for the same
 * calls.
 */
class GeoJsonSqlITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    private static final String LINE =
            "'{\"type\":\"LineString\",\"coordinates\":[[13.377704,52.516275,34.5],"
                    + "[2.35,48.85,35]]}'";

    private TableEnvironment sql;

    @BeforeEach
    void loadTheModule() {
        sql = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        sql.getConfig().set("parallelism.default", "1");
        sql.executeSql("LOAD MODULE geometry");
    }

    @Test
    void everyOverloadWritesWhatPostgisWrites() throws Exception {
        Row row =
                single(
                        "SELECT ST_AsGeoJSON(g), ST_AsGeoJSON(g, 2, 1), ST_AsGeoJSON(g, 9, 4),"
                                + " ST_AsGeoJSON(ST_SetSRID(p, 3857)), ST_SRID(g), ST_SRID(c)"
                                + " FROM (SELECT ST_GeomFromGeoJSON("
                                + LINE
                                + ") AS g, ST_GeomFromGeoJSON('{\"type\":\"Point\","
                                + "\"coordinates\":[0.1,0.2]}') AS p, ST_GeomFromGeoJSON("
                                + "'{\"type\":\"Point\",\"coordinates\":[1,2],\"crs\":{"
                                + "\"type\":\"name\",\"properties\":{\"name\":\"EPSG:2154\"}}}')"
                                + " AS c)");
        assertThat(row.getField(0))
                .isEqualTo(
                        "{\"type\":\"LineString\",\"coordinates\":[[13.377704,52.516275,34.5],"
                                + "[2.35,48.85,35]]}");
        assertThat(row.getField(1))
                .isEqualTo(
                        "{\"type\":\"LineString\",\"bbox\":[2.35,48.85,34.50,13.38,52.52,35.00],"
                                + "\"coordinates\":[[13.38,52.52,34.5],[2.35,48.85,35]]}");
        assertThat(row.getField(2))
                .isEqualTo(
                        "{\"type\":\"LineString\",\"crs\":{\"type\":\"name\",\"properties\":"
                                + "{\"name\":\"urn:ogc:def:crs:EPSG::4326\"}},\"coordinates\":"
                                + "[[13.377704,52.516275,34.5],[2.35,48.85,35]]}");
        assertThat(row.getField(3))
                .isEqualTo(
                        "{\"type\":\"Point\",\"crs\":{\"type\":\"name\",\"properties\":"
                                + "{\"name\":\"EPSG:3857\"}},\"coordinates\":[0.1,0.2]}");
        assertThat(row.getField(4)).isEqualTo(4326);
        assertThat(row.getField(5)).isEqualTo(2154);
    }

    @Test
    void nullInNullOut() throws Exception {
        Row row =
                single(
                        "SELECT ST_GeomFromGeoJSON(CAST(NULL AS STRING)) IS NULL,"
                                + " ST_AsGeoJSON(g, CAST(NULL AS INT)) IS NULL,"
                                + " ST_AsGeoJSON(g, 9, CAST(NULL AS INT)) IS NULL,"
                                + " ST_AsGeoJSON(ST_GeomFromGeoJSON(CAST(NULL AS STRING))) IS NULL"
                                + " FROM (SELECT ST_GeomFromGeoJSON("
                                + LINE
                                + ") AS g)");
        assertThat(row.toString()).isEqualTo("+I[true, true, true, true]");
    }

    @Test
    void invalidGeoJsonFailsTheJobNamingInputAndPosition() {
        assertThatThrownBy(
                        () ->
                                single(
                                        "SELECT ST_AsText(ST_GeomFromGeoJSON(j)) FROM (VALUES"
                                                + " ('{\"type\":\"Point\",\"coordinates\":[1]}'))"
                                                + " AS t(j)"))
                .hasStackTraceContaining(
                        "ST_GeomFromGeoJSON: invalid GeoJSON: a position needs at least two"
                                + " numbers, found 1 at character 30; input"
                                + " '{\"type\":\"Point\",\"coordinates\":[1]}'");
    }

    private Row single(String query) throws Exception {
        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = sql.executeSql(query).collect()) {
            it.forEachRemaining(rows::add);
        }
        assertThat(rows).hasSize(1);
        return rows.get(0);
    }
}
