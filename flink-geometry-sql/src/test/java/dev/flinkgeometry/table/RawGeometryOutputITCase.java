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
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.locationtech.jts.geom.Geometry;

/**
 * How a geometry column leaves a query for a person to read (docs/SQL.md, "Looking at geometries"):
 * through the module's output functions it does, after any shuffle; through {@code CAST} and
 * Flink's printing it does not, because Flink's casts from {@code RAW} hand the column's serializer
 * wrapped in Flink's internal {@code RawValueDataSerializer} to the value (Flink's FLINK-35406).
 * These tests pin Flink's behaviour, so that a Flink release that fixes it shows here and the docs
 * can say so.
 */
class RawGeometryOutputITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    private static final String GROUPED =
            "(SELECT g, COUNT(*) AS n FROM (SELECT ST_GeomFromText(wkt) AS g FROM (VALUES"
                    + " ('SRID=4326;POINT (1 2)'), ('SRID=4326;POINT(1 2)'),"
                    + " ('LINESTRING (0 0, 1 1)')) AS t(wkt)) GROUP BY g)";

    private TableEnvironment sql;

    @BeforeEach
    void streamingWithTheModule() {
        // streaming: GROUP BY on a RAW column works on Flink 1.20 in this mode too
        sql = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        sql.getConfig().set("parallelism.default", "1");
        sql.executeSql("LOAD MODULE geometry");
    }

    @Test
    void theOutputFunctionsGiveTextAndBytesAfterGroupBy() {
        assertThat(finalRows("SELECT ST_AsText(g), ST_SRID(g), ST_AsEWKB(g), n FROM " + GROUPED))
                .extracting(row -> row.getField(0) + " " + row.getField(1) + " " + row.getField(3))
                .containsExactlyInAnyOrder("POINT (1 2) 4326 2", "LINESTRING (0 0, 1 1) 0 1");
    }

    @Test
    void javaCollectGivesTheGeometries() {
        assertThat(finalRows("SELECT g, n FROM " + GROUPED))
                .extracting(row -> (Geometry) row.getField(0))
                .extracting(g -> g.toText() + " " + g.getSRID())
                .containsExactlyInAnyOrder("POINT (1 2) 4326", "LINESTRING (0 0, 1 1) 0");
    }

    @Test
    void castToStringBeforeAShuffleIsJtsTextWithoutTheSrid() {
        assertThat(
                        finalRows(
                                "SELECT CAST(ST_GeomFromText('SRID=4326;POINT (1 2)') AS"
                                        + " STRING)"))
                .extracting(row -> row.getField(0))
                .containsExactly("POINT (1 2)");
    }

    @Test
    void castToStringAfterGroupByFailsInFlink() {
        assertThatThrownBy(() -> finalRows("SELECT CAST(g AS STRING) FROM " + GROUPED))
                .satisfies(RawGeometryOutputITCase::isFlinksRawCastEof);
    }

    @Test
    void castToBytesFailsInFlink() {
        assertThatThrownBy(() -> finalRows("SELECT CAST(ST_GeomFromText('POINT (1 2)') AS BYTES)"))
                .satisfies(
                        e ->
                                assertThat(ExceptionUtils.stringifyException(e))
                                        .contains(
                                                "org.locationtech.jts.geom.Point cannot be cast to"
                                                        + " class"
                                                        + " org.apache.flink.table.data.RawValueData")
                                        .contains("RawValueDataSerializer.serialize"));
    }

    @Test
    void printingAGeometryColumnFailsInFlink() {
        TableResult result = sql.executeSql("SELECT g, n FROM " + GROUPED);
        PrintStream original = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            assertThatThrownBy(result::print)
                    .satisfies(RawGeometryOutputITCase::isFlinksRawCastEof);
        } finally {
            System.setOut(original);
        }
    }

    /** Flink's RAW-to-STRING cast reads the column's bytes with RawValueDataSerializer. */
    private static void isFlinksRawCastEof(Throwable e) {
        assertThat(ExceptionUtils.findThrowable(e, EOFException.class)).isPresent();
        assertThat(ExceptionUtils.stringifyException(e))
                .contains("RawValueDataSerializer.deserialize")
                .contains("BinaryRawValueData.toObject");
    }

    /** The rows a streaming query ends with (its changelog applied). */
    private List<Row> finalRows(String query) {
        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = sql.executeSql(query).collect()) {
            it.forEachRemaining(
                    row -> {
                        switch (row.getKind()) {
                            case INSERT:
                            case UPDATE_AFTER:
                                row.setKind(org.apache.flink.types.RowKind.INSERT);
                                rows.add(row);
                                break;
                            default:
                                Row before = Row.copy(row);
                                before.setKind(org.apache.flink.types.RowKind.INSERT);
                                rows.remove(before);
                        }
                    });
        } catch (Exception e) {
            throw new RuntimeException(e);
        }
        return rows;
    }
}
