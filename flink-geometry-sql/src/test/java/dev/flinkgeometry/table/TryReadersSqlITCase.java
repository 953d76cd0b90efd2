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
 * Rows PostGIS holds and JTS cannot (bytes and text of PostGIS 3.3.2: an EWKB LINESTRING of one
 * point, a MULTILINESTRING with a one-point member, a GeoJSON ring of one position): the strict
 * readers fail the query naming the row and the TRY_ variant; the TRY_ variants give NULL, so that
 * a query keeps the other rows and can route these.
 */
class TryReadersSqlITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    /** ST_AsEWKB(ST_MakeLine(ARRAY['POINT(1 2)'::geometry])) in PostGIS 3.3.2. */
    private static final String ONE_POINT_LINE =
            "010200000001000000000000000000f03f0000000000000040";

    /** ST_AsEWKB of ST_Collect of LINESTRING(0 0,1 1) and a one-point line, in PostGIS 3.3.2. */
    private static final String ONE_POINT_MEMBER =
            "01050000000200000001020000000200000000000000000000000000000000000000000000000000f03f"
                    + "000000000000f03f01020000000100000000000000000000400000000000000040";

    /** PostGIS 3.3.2 reads it as SRID=4326;POLYGON((0 0)). */
    private static final String ONE_POSITION_RING =
            "{\"type\":\"Polygon\",\"coordinates\":[[[0,0]]]}";

    private TableEnvironment sql;

    @BeforeEach
    void loadTheModule() {
        sql = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        sql.getConfig().set("parallelism.default", "1");
        sql.executeSql("LOAD MODULE geometry");
    }

    @Test
    void tryVariantsGiveNullForRowsJtsCannotHoldAndKeepTheOthers() throws Exception {
        List<Row> rows =
                rows(
                        "SELECT id, ST_AsText(TRY_ST_GeomFromEWKB(b)), ST_AsText(TRY_ST_GeomFromWKB(b)),"
                                + " TRY_ST_GeomFromEWKB(b) IS NULL AND b IS NOT NULL FROM (VALUES"
                                + " (1, X'"
                                + ONE_POINT_LINE
                                + "'), (2, X'"
                                + ONE_POINT_MEMBER
                                + "'), (3, X'0101000000000000000000f03f0000000000000040'),"
                                + " (4, CAST(NULL AS BYTES))) AS t(id, b) ORDER BY id");
        assertThat(rows)
                .extracting(Row::toString)
                .containsExactly(
                        "+I[1, null, null, true]",
                        "+I[2, null, null, true]",
                        "+I[3, POINT (1 2), POINT (1 2), false]",
                        "+I[4, null, null, false]");
        List<Row> text =
                rows(
                        "SELECT ST_AsText(TRY_ST_GeomFromGeoJSON('"
                                + ONE_POSITION_RING
                                + "')), ST_AsText(TRY_ST_GeomFromText('LINESTRING (1 2)')),"
                                + " ST_AsEWKT(TRY_ST_GeomFromEWKT('SRID=4326;POINT (1 2)')),"
                                + " ST_AsText(TRY_ST_GeomFromGeoJSON('{\"type\":\"Point\","
                                + "\"coordinates\":[1,2]}'))");
        assertThat(text)
                .extracting(Row::toString)
                .containsExactly("+I[null, null, SRID=4326;POINT(1 2), POINT (1 2)]");
    }

    @Test
    void theStrictReaderNamesTheRowAndTheTryVariant() {
        assertThatThrownBy(() -> rows("SELECT ST_GeomFromEWKB(X'" + ONE_POINT_LINE + "')"))
                .hasStackTraceContaining("ST_GeomFromEWKB: invalid WKB: ")
                .hasStackTraceContaining("input 0x" + ONE_POINT_LINE)
                .hasStackTraceContaining(
                        "TRY_ST_GeomFromEWKB gives NULL for input it refuses, so that a query can"
                                + " route or skip such a row");
        assertThatThrownBy(() -> rows("SELECT ST_GeomFromGeoJSON('" + ONE_POSITION_RING + "')"))
                .hasStackTraceContaining("ST_GeomFromGeoJSON: invalid GeoJSON: ")
                .hasStackTraceContaining("TRY_ST_GeomFromGeoJSON gives NULL");
    }

    private List<Row> rows(String query) throws Exception {
        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = sql.executeSql(query).collect()) {
            it.forEachRemaining(rows::add);
        }
        return rows;
    }
}
