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

import dev.flinkgeometry.serializer.GeometryTypeInfo;
import dev.flinkgeometry.serializer.GeometryTypes;
import dev.flinkgeometry.testing.MiniClusters;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.functions.ScalarFunction;
import org.apache.flink.table.types.inference.TypeInference;
import org.apache.flink.table.types.inference.TypeStrategies;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.PrecisionModel;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;

/**
 * Equal geometries are one key in GROUP BY, JOIN and DISTINCT however they were built (envelope
 * cached or not, {@code Coordinate} or {@code CoordinateXY}, array or packed sequences, another
 * factory) and wherever the column comes from: the module's functions, a function typed with
 * {@code @DataTypeHint(GeometryDataTypes.GEOMETRY)}, one typed in {@code getTypeInference} with
 * {@code GeometryDataTypes.geometry()}, a {@code DataStream} of geometries; in streaming mode on
 * the hashmap and the RocksDB backend, and in batch mode. A Kryo-backed geometry column
 * ({@code @DataTypeHint(value = "RAW", bridgedTo = Geometry.class)}) splits them, and the module's
 * functions refuse it, naming the fix.
 */
class GeometryColumnKeysITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    private static final double X = 13.377704;
    private static final double Y = 52.516275;
    private static final int WAYS = 6;

    /** {@code POINT (13.377704 52.516275)}, SRID 4326, built way {@code way} (0..5). */
    static Geometry built(int way) {
        Point point;
        switch (way) {
            case 0:
                point = new GeometryFactory().createPoint(new Coordinate(X, Y));
                break;
            case 1:
                point = new GeometryFactory().createPoint(new Coordinate(X, Y));
                point.getEnvelopeInternal();
                break;
            case 2:
                point = new GeometryFactory().createPoint(new CoordinateXY(X, Y));
                break;
            case 3:
                point =
                        new GeometryFactory(PackedCoordinateSequenceFactory.DOUBLE_FACTORY)
                                .createPoint(
                                        PackedCoordinateSequenceFactory.DOUBLE_FACTORY.create(
                                                new double[] {X, Y}, 2));
                break;
            case 4:
                point =
                        new GeometryFactory(PackedCoordinateSequenceFactory.DOUBLE_FACTORY)
                                .createPoint(
                                        PackedCoordinateSequenceFactory.DOUBLE_FACTORY.create(
                                                new double[] {X, Y, Double.NaN}, 3));
                point.getEnvelopeInternal();
                break;
            default:
                point =
                        new GeometryFactory(new PrecisionModel(PrecisionModel.FLOATING), 4326)
                                .createPoint(new CoordinateXY(X, Y));
                point.getEnvelopeInternal();
                break;
        }
        point.setSRID(4326);
        return point;
    }

    /** A user's function, typed in the annotation. */
    public static class AnnotatedPoint extends ScalarFunction {
        public @DataTypeHint(GeometryDataTypes.GEOMETRY) Geometry eval(Integer way) {
            return built(way);
        }

        @Override
        public boolean isDeterministic() {
            return false; // evaluated per row, not folded into a literal by the planner
        }
    }

    /** A user's function, typed in its type inference. */
    public static class InferredPoint extends ScalarFunction {
        public Geometry eval(Integer way) {
            return built(way);
        }

        @Override
        public TypeInference getTypeInference(DataTypeFactory typeFactory) {
            return TypeInference.newBuilder()
                    .typedArguments(DataTypes.INT())
                    .outputTypeStrategy(TypeStrategies.explicit(GeometryDataTypes.geometry()))
                    .build();
        }

        @Override
        public boolean isDeterministic() {
            return false;
        }
    }

    /** A user's function taking a geometry, typed in the annotation. */
    public static class YOf extends ScalarFunction {
        public Double eval(@DataTypeHint(GeometryDataTypes.GEOMETRY) Geometry geometry) {
            return geometry == null ? null : geometry.getCoordinate().y;
        }
    }

    /** A user's function typed the way that gives a Kryo-backed column. */
    public static class KryoPoint extends ScalarFunction {
        public @DataTypeHint(value = "RAW", bridgedTo = Geometry.class) Geometry eval(Integer way) {
            return built(way);
        }

        @Override
        public boolean isDeterministic() {
            return false;
        }
    }

    /** Every way and every typing, as one column: 6 + 6 + 6 + 5 rows of the same point. */
    private static final String WAYS_VIEW =
            "CREATE TEMPORARY VIEW ways AS"
                    + " SELECT 'annotated' AS how, AnnotatedPoint(way) AS g FROM ways_n"
                    + " UNION ALL SELECT 'datastream', f0 FROM stream_ways"
                    + " UNION ALL SELECT 'inferred', InferredPoint(way) FROM ways_n"
                    + " UNION ALL SELECT 'text', ST_GeomFromText(w) FROM (VALUES"
                    + " ('SRID=4326;POINT (13.377704 52.516275)'),"
                    + " ('SRID=4326;POINT(13.377704 52.516275)')) AS t(w)"
                    + " UNION ALL SELECT 'geojson', ST_GeomFromGeoJSON("
                    + "'{\"type\":\"Point\",\"coordinates\":[13.377704,52.516275]}')"
                    + " UNION ALL SELECT 'wkb', ST_GeomFromWKB(ST_AsBinary(AnnotatedPoint(3)), 4326)"
                    + " UNION ALL SELECT 'setsrid', ST_SetSRID(InferredPoint(4), 4326)";

    private static final long ROWS = 3L * WAYS + 5;

    private TableEnvironment environment(String mode) {
        Configuration config = new Configuration();
        config.setString("parallelism.default", "1");
        if (mode.startsWith("streaming-")) {
            config.setString("state.backend.type", mode.substring("streaming-".length()));
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(config);
        env.setRuntimeMode(
                mode.equals("batch") ? RuntimeExecutionMode.BATCH : RuntimeExecutionMode.STREAMING);
        StreamTableEnvironment sql = StreamTableEnvironment.create(env);
        List<Geometry> ways = new ArrayList<>();
        for (int way = 0; way < WAYS; way++) {
            ways.add(built(way));
        }
        sql.createTemporaryView(
                "stream_ways",
                sql.fromDataStream(env.fromData(ways, GeometryTypeInfo.of(Geometry.class))));
        sql.loadModule(GeometryModule.IDENTIFIER, GeometryModule.INSTANCE);
        sql.createTemporarySystemFunction("AnnotatedPoint", AnnotatedPoint.class);
        sql.createTemporarySystemFunction("InferredPoint", InferredPoint.class);
        sql.createTemporarySystemFunction("YOf", YOf.class);
        sql.createTemporarySystemFunction("KryoPoint", KryoPoint.class);
        sql.executeSql(
                "CREATE TEMPORARY VIEW ways_n AS SELECT * FROM (VALUES (0), (1), (2), (3), (4),"
                        + " (5)) AS t(way)");
        sql.executeSql(WAYS_VIEW);
        return sql;
    }

    /**
     * Flink 1.20's batch planner cannot hash a {@code RAW} key: the code it generates for the hash
     * partitioner does not compile (fixed in Flink 2.x). Pinned there.
     */
    private static boolean flink1Batch(String mode) {
        return mode.equals("batch") && EnvironmentInformation.getVersion().startsWith("1.");
    }

    @ParameterizedTest
    @ValueSource(strings = {"streaming-hashmap", "streaming-rocksdb", "batch"})
    void groupByGivesOneGroup(String mode) throws Exception {
        TableEnvironment sql = environment(mode);
        String query =
                "SELECT ST_AsText(g), ST_SRID(g), YOf(g), ST_AsGeoJSON(g, 9, 2), COUNT(*)"
                        + " FROM ways GROUP BY g";
        if (flink1Batch(mode)) {
            assertThatThrownBy(() -> rows(sql, query))
                    .hasStackTraceContaining("getJavaObjectFromRawValueData");
            return;
        }
        assertThat(finalRows(rows(sql, query)))
                .containsExactly(
                        "POINT (13.377704 52.516275), 4326, 52.516275, {\"type\":\"Point\","
                                + "\"crs\":{\"type\":\"name\",\"properties\":{\"name\":"
                                + "\"EPSG:4326\"}},\"coordinates\":[13.377704,52.516275]}, "
                                + ROWS);
    }

    @ParameterizedTest
    @ValueSource(strings = {"streaming-hashmap", "streaming-rocksdb", "batch"})
    void distinctGivesOneRow(String mode) throws Exception {
        TableEnvironment sql = environment(mode);
        String query = "SELECT ST_AsEWKB(g) FROM (SELECT DISTINCT g FROM ways)";
        if (flink1Batch(mode)) {
            assertThatThrownBy(() -> rows(sql, query))
                    .hasStackTraceContaining("getJavaObjectFromRawValueData");
            return;
        }
        assertThat(finalRows(rows(sql, query))).hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"streaming-hashmap", "streaming-rocksdb", "batch"})
    void joinMatchesEveryPair(String mode) throws Exception {
        TableEnvironment sql = environment(mode);
        String query = "SELECT COUNT(*) FROM ways a JOIN ways b ON a.g = b.g";
        if (flink1Batch(mode)) {
            assertThatThrownBy(() -> rows(sql, query))
                    .hasStackTraceContaining("getJavaObjectFromRawValueData");
            return;
        }
        assertThat(finalRows(rows(sql, query))).containsExactly(String.valueOf(ROWS * ROWS));
    }

    @Test
    void theFunctionsRefuseAKryoColumnNamingTheFix() {
        TableEnvironment sql = environment("streaming-hashmap");
        assertThatThrownBy(() -> rows(sql, "SELECT ST_AsText(KryoPoint(0))"))
                .hasStackTraceContaining(
                        "ST_AsText: argument 1 is a geometry column serialized by KryoSerializer,"
                                + " which writes equal geometries as different bytes")
                .hasStackTraceContaining("@DataTypeHint(GeometryDataTypes.GEOMETRY)")
                .hasStackTraceContaining("GeometryDataTypes.geometry() in getTypeInference")
                .hasStackTraceContaining("GeometryTypes.registerWith(env)");
        assertThatThrownBy(() -> rows(sql, "SELECT ST_AsGeoJSON(KryoPoint(0), 9)"))
                .hasStackTraceContaining(
                        "ST_AsGeoJSON: argument 1 is a geometry column serialized by"
                                + " KryoSerializer");
    }

    /** What the refusal guards against: Flink groups a Kryo column by Kryo's bytes. */
    @Test
    void aKryoColumnSplitsEqualGeometries() throws Exception {
        TableEnvironment sql = environment("streaming-hashmap");
        List<String> groups =
                finalRows(
                        rows(
                                sql,
                                "SELECT COUNT(*) FROM (SELECT KryoPoint(way) AS g FROM ways_n)"
                                        + " GROUP BY g"));
        assertThat(groups).hasSizeGreaterThan(1);
    }

    /** A Kryo column whose Kryo writes the aligned record (the opt-in fallback) is one key. */
    @Test
    void aKryoColumnWithTheFallbackIsTaken() throws Exception {
        Configuration config = GeometryTypes.kryoFallbackConfiguration();
        config.setString("parallelism.default", "1");
        TableEnvironment sql =
                TableEnvironment.create(
                        EnvironmentSettings.newInstance()
                                .inStreamingMode()
                                .withConfiguration(config)
                                .build());
        sql.loadModule(GeometryModule.IDENTIFIER, GeometryModule.INSTANCE);
        sql.createTemporarySystemFunction("KryoPoint", KryoPoint.class);
        assertThat(
                        finalRows(
                                rows(
                                        sql,
                                        "SELECT ST_AsText(g), COUNT(*) FROM (SELECT KryoPoint(way)"
                                                + " AS g FROM (VALUES (0), (1), (2), (3), (4), (5))"
                                                + " AS t(way)) GROUP BY g")))
                .containsExactly("POINT (13.377704 52.516275), " + WAYS);
    }

    private static List<Row> rows(TableEnvironment sql, String query) throws Exception {
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
                Object field = row.getField(i);
                text.append(i == 0 ? "" : ", ")
                        .append(
                                field instanceof byte[]
                                        ? java.util.HexFormat.of().formatHex((byte[]) field)
                                        : String.valueOf(field));
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
