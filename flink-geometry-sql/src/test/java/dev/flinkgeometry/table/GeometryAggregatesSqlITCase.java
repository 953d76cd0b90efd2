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
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The geometry aggregates in Flink SQL on a MiniCluster, with {@code pipeline.generic-types: false}
 * (no generic type anywhere in the job; a Kryo-backed {@code RAW} accumulator would pass it, which
 * {@code GeometryAggregatesSavepointITCase} checks instead): per vehicle in the window TVFs {@code
 * TUMBLE}, {@code HOP}, {@code CUMULATE} and {@code SESSION} on event time (fixes arriving out of
 * order), in {@code GROUP BY} on an updating input (retractions), and in batch with two-phase
 * aggregation (accumulators merged). Expected values are written out.
 */
class GeometryAggregatesSqlITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    /** vehicle, epoch milliseconds, x, y: fixes of two vehicles, not in time order. */
    private static final List<Row> FIXES =
            List.of(
                    Row.of("a", 130_000L, 1.0, 1.0),
                    Row.of("a", 10_000L, 0.0, 0.0),
                    Row.of("b", 90_000L, 11.0, 10.0),
                    Row.of("a", 200_000L, 2.0, 1.0),
                    Row.of("a", 70_000L, 1.0, 0.0),
                    Row.of("a", 400_000L, 4.0, 3.0),
                    Row.of("b", 20_000L, 10.0, 10.0),
                    Row.of("a", 320_000L, 3.0, 3.0));

    private static final String AGGREGATES =
            "ST_AsText(ST_MakeLine(ST_Point(x, y, 4326), rowtime)) AS track,"
                    + " ST_AsText(ST_Extent(ST_Point(x, y, 4326))) AS extent,"
                    + " COUNT(*) AS n";

    private StreamExecutionEnvironment env;
    private StreamTableEnvironment streaming;

    @BeforeEach
    void fixesWithEventTime() {
        Configuration config = new Configuration();
        config.set(PipelineOptions.GENERIC_TYPES, false);
        env = StreamExecutionEnvironment.getExecutionEnvironment(config);
        env.setParallelism(1);
        streaming = StreamTableEnvironment.create(env);
        streaming.loadModule(GeometryModule.IDENTIFIER, GeometryModule.INSTANCE);
        DataStream<Row> fixes =
                env.fromData(
                        FIXES,
                        Types.ROW_NAMED(
                                new String[] {"vehicle", "ms", "x", "y"},
                                Types.STRING,
                                Types.LONG,
                                Types.DOUBLE,
                                Types.DOUBLE));
        streaming.createTemporaryView(
                "fixes",
                streaming.fromDataStream(
                        fixes,
                        Schema.newBuilder()
                                .columnByExpression("rowtime", "TO_TIMESTAMP_LTZ(ms, 3)")
                                .watermark("rowtime", "rowtime - INTERVAL '10' MINUTE")
                                .build()));
    }

    @Test
    void tumbleGivesEachVehicleItsTrackPerFiveMinutes() {
        assertThat(
                        rows(
                                "SELECT vehicle, window_start, "
                                        + AGGREGATES
                                        + ", ST_AsText(ST_Collect(ST_Point(x, y)))"
                                        + ", ST_AsText(ST_Union(ST_Point(x, y)))"
                                        + " FROM TABLE(TUMBLE(TABLE fixes, DESCRIPTOR(rowtime),"
                                        + " INTERVAL '5' MINUTE))"
                                        + " GROUP BY vehicle, window_start, window_end"))
                .containsExactlyInAnyOrder(
                        "a|1970-01-01 00:00|LINESTRING (0 0, 1 0, 1 1, 2 1)"
                                + "|POLYGON ((0 0, 0 1, 2 1, 2 0, 0 0))|4"
                                + "|MULTIPOINT ((1 1), (0 0), (2 1), (1 0))"
                                + "|MULTIPOINT ((0 0), (1 0), (1 1), (2 1))",
                        "a|1970-01-01 00:05|LINESTRING (3 3, 4 3)|LINESTRING (3 3, 4 3)|2"
                                + "|MULTIPOINT ((4 3), (3 3))|MULTIPOINT ((3 3), (4 3))",
                        "b|1970-01-01 00:00|LINESTRING (10 10, 11 10)|LINESTRING (10 10, 11 10)|2"
                                + "|MULTIPOINT ((11 10), (10 10))|MULTIPOINT ((10 10), (11 10))");
    }

    @Test
    void hopWindowsShareFixesAndAOnePointTrackIsNull() {
        assertThat(
                        rows(
                                "SELECT vehicle, window_start, "
                                        + AGGREGATES
                                        + " FROM TABLE(HOP(TABLE fixes, DESCRIPTOR(rowtime),"
                                        + " INTERVAL '1' MINUTE, INTERVAL '2' MINUTE))"
                                        + " WHERE vehicle = 'a'"
                                        + " GROUP BY vehicle, window_start, window_end"))
                .containsExactlyInAnyOrder(
                        "a|1969-12-31 23:59|null|POINT (0 0)|1",
                        "a|1970-01-01 00:00|LINESTRING (0 0, 1 0)|LINESTRING (0 0, 1 0)|2",
                        "a|1970-01-01 00:01|LINESTRING (1 0, 1 1)|LINESTRING (1 0, 1 1)|2",
                        "a|1970-01-01 00:02|LINESTRING (1 1, 2 1)|LINESTRING (1 1, 2 1)|2",
                        "a|1970-01-01 00:03|null|POINT (2 1)|1",
                        "a|1970-01-01 00:04|null|POINT (3 3)|1",
                        "a|1970-01-01 00:05|LINESTRING (3 3, 4 3)|LINESTRING (3 3, 4 3)|2",
                        "a|1970-01-01 00:06|null|POINT (4 3)|1");
    }

    @Test
    void cumulateWindowsGrowTheTrack() {
        assertThat(
                        rows(
                                "SELECT vehicle, window_end, "
                                        + AGGREGATES
                                        + " FROM TABLE(CUMULATE(TABLE fixes, DESCRIPTOR(rowtime),"
                                        + " INTERVAL '2' MINUTE, INTERVAL '6' MINUTE))"
                                        + " WHERE vehicle = 'a'"
                                        + " GROUP BY vehicle, window_start, window_end"))
                .containsExactlyInAnyOrder(
                        "a|1970-01-01 00:02|LINESTRING (0 0, 1 0)|LINESTRING (0 0, 1 0)|2",
                        "a|1970-01-01 00:04|LINESTRING (0 0, 1 0, 1 1, 2 1)"
                                + "|POLYGON ((0 0, 0 1, 2 1, 2 0, 0 0))|4",
                        "a|1970-01-01 00:06|LINESTRING (0 0, 1 0, 1 1, 2 1, 3 3)"
                                + "|POLYGON ((0 0, 0 3, 3 3, 3 0, 0 0))|5",
                        "a|1970-01-01 00:08|null|POINT (4 3)|1",
                        "a|1970-01-01 00:10|null|POINT (4 3)|1",
                        "a|1970-01-01 00:12|null|POINT (4 3)|1");
    }

    @Test
    void sessionWindowsSplitATrackAtAGap() {
        assertThat(
                        rows(
                                "SELECT vehicle, window_start, "
                                        + AGGREGATES
                                        + " FROM TABLE(SESSION(TABLE fixes PARTITION BY vehicle,"
                                        + " DESCRIPTOR(rowtime), INTERVAL '100' SECOND(3)))"
                                        + " GROUP BY vehicle, window_start, window_end"))
                .containsExactlyInAnyOrder(
                        "a|1970-01-01 00:00:10|LINESTRING (0 0, 1 0, 1 1, 2 1)"
                                + "|POLYGON ((0 0, 0 1, 2 1, 2 0, 0 0))|4",
                        "a|1970-01-01 00:05:20|LINESTRING (3 3, 4 3)|LINESTRING (3 3, 4 3)|2",
                        "b|1970-01-01 00:00:20|LINESTRING (10 10, 11 10)|LINESTRING (10 10, 11 10)|2");
    }

    @Test
    void groupByOnAnUpdatingInputRetractsWhatTheUpdatesReplace() throws Exception {
        createChanges();
        assertThat(
                        finalRows(
                                "SELECT vehicle, ST_AsText(ST_MakeLine(ST_Point(x, y), ms)),"
                                        + " ST_AsText(ST_Collect(ST_Point(x, y))), COUNT(*)"
                                        + " FROM changes GROUP BY vehicle"))
                .containsExactly(
                        "a|LINESTRING (0 0, 1 5, 3 3)|MULTIPOINT ((0 0), (3 3), (1 5))|3",
                        "b|null|MULTIPOINT ((7 7))|1");
    }

    @Test
    void unionAndExtentRefuseAnUpdatingInput() {
        createChanges();
        for (String aggregate : List.of("ST_Union", "ST_Extent")) {
            assertThatThrownBy(
                            () ->
                                    streaming
                                            .sqlQuery(
                                                    "SELECT vehicle, "
                                                            + aggregate
                                                            + "(ST_Point(x, y)) FROM changes"
                                                            + " GROUP BY vehicle")
                                            .execute())
                    .as(aggregate)
                    .hasStackTraceContaining("retract");
        }
    }

    @Test
    void batchWithTwoPhaseAggregationMergesAccumulators() {
        TableEnvironment batch = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        batch.getConfig().set("parallelism.default", "1");
        batch.getConfig().set(PipelineOptions.GENERIC_TYPES, false);
        batch.getConfig().set("table.optimizer.agg-phase-strategy", "TWO_PHASE");
        batch.loadModule(GeometryModule.IDENTIFIER, GeometryModule.INSTANCE);
        StringBuilder values = new StringBuilder();
        for (Row fix : FIXES) {
            values.append(values.length() == 0 ? "" : ", ")
                    .append(
                            String.format(
                                    "('%s', TO_TIMESTAMP_LTZ(%d, 3), %s, %s)",
                                    fix.getField(0),
                                    fix.getField(1),
                                    fix.getField(2),
                                    fix.getField(3)));
        }
        batch.executeSql(
                "CREATE TEMPORARY VIEW fixes AS SELECT * FROM (VALUES "
                        + values
                        + ") AS t(vehicle, rowtime, x, y)");
        String plan =
                batch.explainSql("SELECT vehicle, " + AGGREGATES + " FROM fixes GROUP BY vehicle");
        assertThat(plan).containsPattern("Local(Hash|Sort)Aggregate");
        assertThat(
                        rows(
                                batch,
                                "SELECT vehicle, "
                                        + AGGREGATES
                                        + ", ST_AsText(ST_Union(ST_Point(x, y)))"
                                        + " FROM fixes GROUP BY vehicle"))
                .containsExactlyInAnyOrder(
                        "a|LINESTRING (0 0, 1 0, 1 1, 2 1, 3 3, 4 3)"
                                + "|POLYGON ((0 0, 0 3, 4 3, 4 0, 0 0))|6"
                                + "|MULTIPOINT ((0 0), (1 0), (1 1), (2 1), (3 3), (4 3))",
                        "b|LINESTRING (10 10, 11 10)|LINESTRING (10 10, 11 10)|2"
                                + "|MULTIPOINT ((10 10), (11 10))");
    }

    /**
     * An updating table {@code changes}: vehicle a's fix at 2 moves from (1 1) to (1 5), its fix at
     * 3 is deleted, one at 4 added; vehicle b has one fix.
     */
    private void createChanges() {
        DataStream<Row> changes =
                env.fromData(
                        List.of(
                                Row.ofKind(RowKind.INSERT, "a", 1L, 0.0, 0.0),
                                Row.ofKind(RowKind.INSERT, "a", 2L, 1.0, 1.0),
                                Row.ofKind(RowKind.INSERT, "a", 3L, 2.0, 2.0),
                                Row.ofKind(RowKind.INSERT, "b", 1L, 7.0, 7.0),
                                Row.ofKind(RowKind.INSERT, "a", 4L, 3.0, 3.0),
                                Row.ofKind(RowKind.UPDATE_BEFORE, "a", 2L, 1.0, 1.0),
                                Row.ofKind(RowKind.UPDATE_AFTER, "a", 2L, 1.0, 5.0),
                                Row.ofKind(RowKind.DELETE, "a", 3L, 2.0, 2.0)),
                        Types.ROW_NAMED(
                                new String[] {"vehicle", "ms", "x", "y"},
                                Types.STRING,
                                Types.LONG,
                                Types.DOUBLE,
                                Types.DOUBLE));
        streaming.createTemporaryView(
                "changes",
                streaming.fromChangelogStream(changes, Schema.derived(), ChangelogMode.all()));
    }

    private List<String> rows(String query) {
        return rows(streaming, query);
    }

    private static List<String> rows(TableEnvironment tables, String query) {
        List<String> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = tables.executeSql(query).collect()) {
            it.forEachRemaining(row -> rows.add(text(row)));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return rows;
    }

    /** The rows a changelog query ends with, sorted. */
    private List<String> finalRows(String query) throws Exception {
        Map<String, String> latest = new TreeMap<>();
        try (CloseableIterator<Row> it = streaming.executeSql(query).collect()) {
            while (it.hasNext()) {
                Row row = it.next();
                String key = String.valueOf(row.getField(0));
                if (row.getKind() == RowKind.INSERT || row.getKind() == RowKind.UPDATE_AFTER) {
                    latest.put(key, text(row));
                } else {
                    latest.remove(key);
                }
            }
        }
        List<String> rows = new ArrayList<>(latest.values());
        Collections.sort(rows);
        return rows;
    }

    private static String text(Row row) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < row.getArity(); i++) {
            Object field = row.getField(i);
            String value = String.valueOf(field);
            if (field instanceof java.time.LocalDateTime) {
                value = value.replace('T', ' ');
            }
            text.append(i == 0 ? "" : "|").append(value);
        }
        return text.toString();
    }
}
