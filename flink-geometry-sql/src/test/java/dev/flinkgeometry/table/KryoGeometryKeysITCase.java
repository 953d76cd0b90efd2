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

import dev.flinkgeometry.serializer.GeometryTypes;
import dev.flinkgeometry.testing.MiniClusters;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.InputGroup;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.functions.ScalarFunction;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Point;

/**
 * A Kryo-backed geometry column grouped, joined or deduplicated without passing through one of the
 * module's functions: Flink keys it by Kryo's bytes, so equal points, three with the envelope
 * cached before serialization and three without, are two keys, without an error, in streaming mode
 * on the hashmap and RocksDB backends and in batch mode. The ways to type the column that make them
 * one key: {@code GeometryTypes.registerWith} before {@code fromDataStream}, {@code
 * GeometryDataTypes.geometry()} in the {@code fromDataStream} schema, and a function that re-types
 * the column ({@code @DataTypeHint(GeometryDataTypes.GEOMETRY)} on its result).
 */
class KryoGeometryKeysITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    private static final GeometryFactory FACTORY = new GeometryFactory();
    private static final int ROWS = 6;

    /** {@code POINT (13.377704 52.516275)}; odd rows have the envelope cached. */
    static Point point(int row) {
        Point point = FACTORY.createPoint(new Coordinate(13.377704, 52.516275));
        point.setSRID(4326);
        if (row % 2 == 1) {
            point.getEnvelopeInternal();
        }
        return point;
    }

    /** A POJO as users stream it. */
    public static class Fix {
        public long id;
        public Point position;

        public Fix() {}

        Fix(int id) {
            this.id = id;
            this.position = point(id);
        }
    }

    /** A user's function typed the way that gives a Kryo-backed column. */
    public static class KryoPoint extends ScalarFunction {
        public @DataTypeHint(value = "RAW", bridgedTo = Geometry.class) Geometry eval(Integer row) {
            return point(row);
        }

        @Override
        public boolean isDeterministic() {
            return false; // evaluated per row, not folded into a literal by the planner
        }
    }

    /**
     * A user's function that re-types a geometry column of any serializer and JTS class with the
     * module's geometry type.
     */
    public static class AsGeometry extends ScalarFunction {
        public @DataTypeHint(GeometryDataTypes.GEOMETRY) Geometry eval(
                @DataTypeHint(inputGroup = InputGroup.ANY) Object geometry) {
            return (Geometry) geometry;
        }
    }

    /** The three keyed operators on a view {@code fixes(id, g)}, each as its expected count. */
    private static final String GROUPS = "SELECT COUNT(*) FROM fixes GROUP BY g";

    private static final String DISTINCT = "SELECT COUNT(*) FROM (SELECT DISTINCT g FROM fixes)";
    private static final String JOIN = "SELECT COUNT(*) FROM fixes a JOIN fixes b ON a.g = b.g";

    @ParameterizedTest
    @ValueSource(strings = {"streaming-hashmap", "streaming-rocksdb", "batch"})
    void aKryoFunctionResultSplitsEqualGeometries(String mode) throws Exception {
        GeometryTypes.withoutRegistration(
                () -> {
                    StreamExecutionEnvironment env = executionEnvironment(mode);
                    StreamTableEnvironment sql = tables(env);
                    sql.createTemporarySystemFunction("KryoPoint", KryoPoint.class);
                    sql.executeSql(
                            "CREATE TEMPORARY VIEW fixes AS SELECT id, KryoPoint(id) AS g FROM"
                                    + " (VALUES (0), (1), (2), (3), (4), (5)) AS t(id)");
                    assertThat(sql.from("fixes").getResolvedSchema().toString())
                            .contains("`g` RAW('org.locationtech.jts.geom.Geometry', '");
                    assertSplit(sql, mode, true);
                    return null;
                });
    }

    @ParameterizedTest
    @ValueSource(strings = {"streaming-hashmap", "streaming-rocksdb", "batch"})
    void anUnregisteredDataStreamColumnSplitsEqualGeometries(String mode) throws Exception {
        GeometryTypes.withoutRegistration(
                () -> {
                    StreamExecutionEnvironment env = executionEnvironment(mode);
                    StreamTableEnvironment sql = tables(env);
                    sql.createTemporaryView("raw_fixes", sql.fromDataStream(fixStream(env)));
                    sql.executeSql(
                            "CREATE TEMPORARY VIEW fixes AS SELECT id, `position` AS g FROM"
                                    + " raw_fixes");
                    assertThat(sql.from("fixes").getResolvedSchema().toString())
                            .contains("`g` RAW('org.locationtech.jts.geom.Point', '");
                    assertSplit(sql, mode, false);
                    return null;
                });
    }

    @ParameterizedTest
    @ValueSource(strings = {"streaming-hashmap", "streaming-rocksdb", "batch"})
    void registeringTheTypesBeforeFromDataStreamGivesOneKey(String mode) throws Exception {
        StreamExecutionEnvironment env = executionEnvironment(mode);
        GeometryTypes.registerWith(env);
        StreamTableEnvironment sql = tables(env);
        sql.createTemporaryView("raw_fixes", sql.fromDataStream(fixStream(env)));
        sql.executeSql("CREATE TEMPORARY VIEW fixes AS SELECT id, `position` AS g FROM raw_fixes");
        assertOneKey(sql, mode);
    }

    @ParameterizedTest
    @ValueSource(strings = {"streaming-hashmap", "streaming-rocksdb", "batch"})
    void theModulesTypeInTheSchemaGivesOneKey(String mode) throws Exception {
        GeometryTypes.withoutRegistration(
                () -> {
                    StreamExecutionEnvironment env = executionEnvironment(mode);
                    StreamTableEnvironment sql = tables(env);
                    sql.createTemporaryView(
                            "raw_fixes",
                            sql.fromDataStream(
                                    fixStream(env),
                                    Schema.newBuilder()
                                            .column("id", DataTypes.BIGINT().notNull())
                                            .column("position", GeometryDataTypes.geometry())
                                            .build()));
                    sql.executeSql(
                            "CREATE TEMPORARY VIEW fixes AS SELECT id, `position` AS g FROM"
                                    + " raw_fixes");
                    assertThat(sql.from("fixes").getResolvedSchema().getColumnDataTypes().get(1))
                            .isEqualTo(GeometryDataTypes.geometry());
                    assertOneKey(sql, mode);
                    return null;
                });
    }

    @ParameterizedTest
    @ValueSource(strings = {"streaming-hashmap", "streaming-rocksdb", "batch"})
    void aFunctionThatRetypesTheColumnGivesOneKey(String mode) throws Exception {
        GeometryTypes.withoutRegistration(
                () -> {
                    StreamExecutionEnvironment env = executionEnvironment(mode);
                    StreamTableEnvironment sql = tables(env);
                    sql.createTemporarySystemFunction("AsGeometry", AsGeometry.class);
                    sql.createTemporaryView("raw_fixes", sql.fromDataStream(fixStream(env)));
                    sql.executeSql(
                            "CREATE TEMPORARY VIEW fixes AS SELECT id, AsGeometry(`position`) AS g"
                                    + " FROM raw_fixes");
                    assertThat(sql.from("fixes").getResolvedSchema().getColumnDataTypes().get(1))
                            .isEqualTo(GeometryDataTypes.geometry());
                    assertOneKey(sql, mode);
                    return null;
                });
    }

    @Test
    void theModulesFunctionsCannotRetypeAKryoColumn() throws Exception {
        GeometryTypes.withoutRegistration(
                () -> {
                    StreamTableEnvironment sql = tables(executionEnvironment("streaming-hashmap"));
                    sql.createTemporarySystemFunction("KryoPoint", KryoPoint.class);
                    assertThatThrownBy(
                                    () ->
                                            rows(
                                                    sql,
                                                    "SELECT COUNT(*) FROM (SELECT"
                                                            + " ST_GeomFromEWKB(ST_AsEWKB(KryoPoint(id)))"
                                                            + " AS g FROM (VALUES (0), (1)) AS t(id))"
                                                            + " GROUP BY g"))
                            .hasStackTraceContaining(
                                    "ST_AsEWKB: argument 1 is a geometry column serialized by"
                                            + " KryoSerializer");
                    return null;
                });
    }

    /**
     * Kryo writes the envelope field: three rows without it, three with it, two keys, and a join
     * pairs each row with the three of its own key only. Batch mode groups and deduplicates a
     * function's Kryo result one row per key: six groups of one.
     */
    private static void assertSplit(StreamTableEnvironment sql, String mode, boolean functionResult)
            throws Exception {
        if (flink1Batch(mode) && functionResult) {
            assertFlink1BatchFails(sql, List.of(GROUPS, DISTINCT));
            assertThat(finalRows(rows(sql, JOIN))).containsExactly("18");
            return;
        }
        if (flink1Batch(mode)) {
            assertFlink1BatchFails(sql, List.of(GROUPS, DISTINCT, JOIN));
            return;
        }
        if (mode.equals("batch") && functionResult) {
            assertThat(finalRows(rows(sql, GROUPS))).containsExactly("1", "1", "1", "1", "1", "1");
            assertThat(finalRows(rows(sql, DISTINCT))).containsExactly("6");
        } else {
            assertThat(finalRows(rows(sql, GROUPS))).containsExactly("3", "3");
            assertThat(finalRows(rows(sql, DISTINCT))).containsExactly("2");
        }
        assertThat(finalRows(rows(sql, JOIN))).containsExactly("18");
    }

    private static void assertOneKey(StreamTableEnvironment sql, String mode) throws Exception {
        if (flink1Batch(mode)) {
            assertFlink1BatchFails(sql, List.of(GROUPS, DISTINCT, JOIN));
            return;
        }
        assertThat(finalRows(rows(sql, GROUPS))).containsExactly(String.valueOf(ROWS));
        assertThat(finalRows(rows(sql, DISTINCT))).containsExactly("1");
        assertThat(finalRows(rows(sql, JOIN))).containsExactly(String.valueOf(ROWS * ROWS));
    }

    /**
     * Flink 1.20's batch planner cannot hash a {@code RAW} key: the code it generates for the hash
     * partitioner does not compile (fixed in Flink 2.x), whatever the serializer. The self-join of
     * a function's result is planned without it and runs.
     */
    private static void assertFlink1BatchFails(StreamTableEnvironment sql, List<String> queries) {
        for (String query : queries) {
            assertThatThrownBy(() -> rows(sql, query))
                    .hasStackTraceContaining("getJavaObjectFromRawValueData");
        }
    }

    private static boolean flink1Batch(String mode) {
        return mode.equals("batch") && EnvironmentInformation.getVersion().startsWith("1.");
    }

    private static StreamExecutionEnvironment executionEnvironment(String mode) {
        Configuration config = new Configuration();
        config.setString("parallelism.default", "1");
        if (mode.startsWith("streaming-")) {
            config.setString("state.backend.type", mode.substring("streaming-".length()));
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(config);
        env.setRuntimeMode(
                mode.equals("batch") ? RuntimeExecutionMode.BATCH : RuntimeExecutionMode.STREAMING);
        return env;
    }

    private static StreamTableEnvironment tables(StreamExecutionEnvironment env) {
        StreamTableEnvironment sql = StreamTableEnvironment.create(env);
        sql.loadModule(GeometryModule.IDENTIFIER, GeometryModule.INSTANCE);
        return sql;
    }

    private static DataStream<Fix> fixStream(StreamExecutionEnvironment env) {
        List<Fix> fixes = new ArrayList<>();
        for (int id = 0; id < ROWS; id++) {
            fixes.add(new Fix(id));
        }
        return env.fromData(fixes);
    }

    private static List<Row> rows(StreamTableEnvironment sql, String query) throws Exception {
        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = sql.executeSql(query).collect()) {
            it.forEachRemaining(rows::add);
        }
        return rows;
    }

    /** The rows that remain after a changelog is applied, each as its fields joined by ", ". */
    private static List<String> finalRows(List<Row> changelog) {
        List<String> rows = new ArrayList<>();
        for (Row row : changelog) {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < row.getArity(); i++) {
                text.append(i == 0 ? "" : ", ").append(row.getField(i));
            }
            if (row.getKind() == RowKind.INSERT || row.getKind() == RowKind.UPDATE_AFTER) {
                rows.add(text.toString());
            } else {
                rows.remove(text.toString());
            }
        }
        return rows;
    }
}
