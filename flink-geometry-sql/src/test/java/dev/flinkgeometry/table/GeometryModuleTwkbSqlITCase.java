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
import org.apache.flink.util.ExceptionUtils;
import org.apache.flink.util.StringUtils;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code ST_AsTWKB} and {@code ST_GeomFromTWKB} of {@link GeometryModule} in SQL on a MiniCluster:
 * PostGIS's bytes (from {@code postgis/twkb-vectors.tsv}, made with PostGIS 3.3.2, or worked out by
 * hand), round trips, SRIDs, and clear errors.
 */
class GeometryModuleTwkbSqlITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    private TableEnvironment sql;

    @BeforeEach
    void loadTheModuleByName() {
        sql = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        sql.getConfig().set("parallelism.default", "1");
        sql.executeSql("LOAD MODULE geometry");
    }

    @Test
    void theFunctionsAreListed() {
        assertThat(rows("SHOW FUNCTIONS"))
                .extracting(row -> String.valueOf(row.getField(0)).toLowerCase())
                .contains("st_astwkb", "st_geomfromtwkb");
    }

    @Test
    void asTwkbWritesPostgisBytes() {
        Row row =
                single(
                        "SELECT ST_AsTWKB(ST_GeomFromText('POINT (1 2)')),"
                                + " ST_AsTWKB(ST_GeomFromText('SRID=4326;POINT (2.3522 48.8566)'), 4),"
                                + " ST_AsTWKB(ST_GeomFromText('POINT ZM (1 2 3 4)'), 1, 2, 3),"
                                + " ST_AsTWKB(ST_GeomFromText('POINT M (1.5 2.25 0.001)'), 2, 5),"
                                + " ST_AsTWKB(ST_GeomFromText('MULTIPOINT ((1 2), EMPTY)'), 0),"
                                + " ST_AsTWKB(ST_GeomFromText('POINT (-1.5 0.25)'), 2)");
        // PostGIS 3.3.2 (twkb-vectors.tsv: point 0/0/0, point-zm 1/2/3) and by hand: 4326 is not
        // part of TWKB; precision 4 is 81; 23522 and 488566 as zigzag varints.
        assertThat(hex(row, 0)).isEqualTo("01000204");
        assertThat(hex(row, 1)).isEqualTo("8100c4ef02ecd13b");
        assertThat(hex(row, 2)).isEqualTo("21086b1428d804c03e");
        // M precision 0 by default (PostGIS: point-m 2/5/3 has 76; here m = 0: 16), m 0.001 -> 0
        assertThat(hex(row, 3)).isEqualTo("410816ac02c20300");
        // PostGIS leaves the empty point out: one point
        assertThat(hex(row, 4)).isEqualTo("0400010204");
        assertThat(hex(row, 5)).isEqualTo("4100ab0232");
    }

    @Test
    void geomFromTwkbReadsWhatAsTwkbWroteAndTakesAnSrid() {
        Row row =
                single(
                        "SELECT ST_AsText(ST_GeomFromTWKB(ST_AsTWKB(g, 7, 3, 1))),"
                                + " ST_SRID(ST_GeomFromTWKB(ST_AsTWKB(g, 7, 3, 1))),"
                                + " ST_SRID(ST_GeomFromTWKB(ST_AsTWKB(g, 7, 3, 1), 4326)),"
                                + " ST_AsText(ST_GeomFromTWKB(X'21086b1428d804c03e')),"
                                + " ST_AsText(ST_GeomFromTWKB(ST_AsTWKB(g)))"
                                + " FROM (SELECT ST_GeomFromText("
                                + "'SRID=3857;LINESTRING ZM (2.352219 48.856614 35.125 1.5,"
                                + " 2.3523 48.8567 36 2)') AS g)");
        assertThat(row.getField(0))
                .isEqualTo("LINESTRING ZM (2.352219 48.856614 35.125 1.5, 2.3523 48.8567 36 2)");
        assertThat(row.getField(1)).isEqualTo(0);
        assertThat(row.getField(2)).isEqualTo(4326);
        assertThat(row.getField(3)).isEqualTo("POINT ZM (1 2 3 4)");
        // precision 0 rounds (the M 1.5 half away from zero); both points are kept
        assertThat(row.getField(4)).isEqualTo("LINESTRING ZM (2 49 35 2, 2 49 36 2)");
    }

    @Test
    void invalidTwkbNamesTheProblemAndTheInput() {
        assertThatThrownBy(
                        () ->
                                rows(
                                        "SELECT ST_AsText(ST_GeomFromTWKB(b)) FROM (VALUES"
                                                + " (X'01000204'), (X'020003')) AS t(b)"))
                .satisfies(
                        failure ->
                                assertThat(
                                                ExceptionUtils.findThrowableWithMessage(
                                                        failure, "ST_GeomFromTWKB: invalid TWKB: "))
                                        .hasValueSatisfying(
                                                e ->
                                                        assertThat(e.getMessage())
                                                                .contains("number of points 3")
                                                                .endsWith(
                                                                        "; input 0x020003"
                                                                                + " (3 bytes)")));
    }

    @Test
    void whatCannotBeWrittenFailsTheQuery() {
        assertThatThrownBy(() -> rows("SELECT ST_AsTWKB(ST_GeomFromText('POINT (1 2)'), 8)"))
                .hasStackTraceContaining("ST_AsTWKB: XY precision 8 is not in -7..7");
        assertThatThrownBy(() -> rows("SELECT ST_AsTWKB(ST_GeomFromText('POINT (NaN 2)'), 1)"))
                .hasStackTraceContaining("ST_AsTWKB: an ordinate (X or Y) is NaN");
    }

    private static String hex(Row row, int field) {
        return StringUtils.byteToHexString((byte[]) row.getField(field));
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
