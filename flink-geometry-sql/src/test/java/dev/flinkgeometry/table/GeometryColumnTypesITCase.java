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
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * A table made from a {@code DataStream} of POJOs keeps each geometry field's JTS class in its
 * column type ({@code RAW('org.locationtech.jts.geom.Point', ...)}): the module's functions take
 * such columns as they are with {@code GeometrySerializer} behind them (types registered), refuse
 * them with Kryo's (nothing registered: equal geometries would be different keys) naming the fix,
 * and refuse a column of another type with a message that says what a geometry is.
 */
class GeometryColumnTypesITCase {

    private static final GeometryFactory FACTORY = new GeometryFactory();

    /** A POJO as users stream it. */
    public static class Ping {
        public long id;
        public Point position;
        public Polygon zone;

        public Ping() {}

        Ping(long id, double x, double y) {
            this.id = id;
            this.position = FACTORY.createPoint(new Coordinate(x, y));
            this.position.setSRID(4326);
            this.zone =
                    FACTORY.createPolygon(
                            new Coordinate[] {
                                new Coordinate(0, 0),
                                new Coordinate(x, 0),
                                new Coordinate(x, y),
                                new Coordinate(0, 0)
                            });
        }
    }

    private static final String QUERY =
            "SELECT id, ST_AsText(`position`), ST_SRID(`position`), ST_AsText(zone) FROM pings";

    private static final List<String> EXPECTED =
            List.of(
                    "+I[1, POINT (2.5 48.75), 4326, POLYGON ((0 0, 2.5 0, 2.5 48.75, 0 0))]",
                    "+I[2, POINT (-73.5 40.25), 4326, POLYGON ((0 0, -73.5 0, -73.5 40.25, 0 0))]");

    @Test
    void functionsTakeColumnsOfEveryJtsClassWithTheTypesRegistered() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        GeometryTypes.registerWith(env);
        StreamTableEnvironment sql = pings(env);
        assertThat(sql.from("pings").getResolvedSchema().toString())
                .contains("`position` RAW('org.locationtech.jts.geom.Point', '")
                .contains("`zone` RAW('org.locationtech.jts.geom.Polygon', '");
        assertThat(rows(sql, QUERY)).containsExactlyInAnyOrderElementsOf(EXPECTED);
    }

    @Test
    void functionsRefuseKryoColumnsNamingTheFix() throws Exception {
        GeometryTypes.withoutRegistration(
                () -> {
                    StreamTableEnvironment sql =
                            pings(StreamExecutionEnvironment.getExecutionEnvironment());
                    assertThat(sql.from("pings").getResolvedSchema().toString())
                            .contains("`position` RAW('org.locationtech.jts.geom.Point', '");
                    assertThatThrownBy(() -> rows(sql, QUERY))
                            .hasStackTraceContaining(
                                    "ST_AsText: argument 1 is a geometry column serialized by"
                                            + " KryoSerializer")
                            .hasStackTraceContaining(
                                    "GeometryTypes.registerWith(env) before fromDataStream");
                    return null;
                });
    }

    @Test
    void aColumnOfAnotherTypeIsRefusedWithWhatAGeometryIs() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        GeometryTypes.registerWith(env);
        StreamTableEnvironment sql = pings(env);
        assertThatThrownBy(() -> rows(sql, "SELECT ST_AsText(id) FROM pings"))
                .hasStackTraceContaining(
                        "ST_AsText: argument 1 is BIGINT NOT NULL, not a geometry. A geometry is a"
                                + " RAW type of a JTS geometry class: declare the column with"
                                + " GeometryDataTypes.geometry()");
    }

    private static StreamTableEnvironment pings(StreamExecutionEnvironment env) {
        env.setParallelism(1);
        StreamTableEnvironment sql = StreamTableEnvironment.create(env);
        sql.loadModule("geometry", GeometryModule.INSTANCE);
        Table pings =
                sql.fromDataStream(
                        env.fromData(new Ping(1, 2.5, 48.75), new Ping(2, -73.5, 40.25)));
        sql.createTemporaryView("pings", pings);
        return sql;
    }

    private static List<String> rows(StreamTableEnvironment sql, String query) throws Exception {
        List<String> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = sql.executeSql(query).collect()) {
            it.forEachRemaining(row -> rows.add(row.toString()));
        }
        return rows;
    }
}
