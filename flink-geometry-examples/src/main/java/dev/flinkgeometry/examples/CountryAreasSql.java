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

import dev.flinkgeometry.serializer.GeometrySerializer;
import dev.flinkgeometry.serializer.GeometryTypes;
import dev.flinkgeometry.table.GeometryDataTypes;
import dev.flinkgeometry.table.GeometryModule;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.InputGroup;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.functions.ScalarFunction;
import org.apache.flink.table.types.DataType;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.locationtech.jts.geom.Geometry;

/**
 * Geometries in the Table API and SQL: a {@code RAW} column backed by {@link GeometrySerializer}, a
 * table made from a {@code DataStream} of {@link Country} POJOs, a SQL query with a scalar function
 * over the geometry and the conversion functions of {@link GeometryModule}, and the result back as
 * a {@code DataStream} of rows whose geometry column holds JTS geometries again.
 *
 * <p>Run it: {@code mvn -B -q -pl flink-geometry-examples -am compile exec:exec
 * -Dexample.mainClass=dev.flinkgeometry.examples.CountryAreasSql -Dexample.args=5}.
 */
public final class CountryAreasSql {
    /** The SQL type of a geometry column: {@code RAW}, serialized by {@link GeometrySerializer}. */
    public static final DataType GEOMETRY = GeometryDataTypes.geometry();

    /**
     * The query: the largest countries by area (in square degrees), with their shapes, and what
     * {@link GeometryModule} converts them to: their ISO WKB, and an SRID set in SQL.
     */
    static final String LARGEST =
            "SELECT id, shape, AREA(shape) AS area, ST_AsBinary(shape) AS wkb,"
                    + " ST_SRID(ST_SetSRID(shape, 4326)) AS srid"
                    + " FROM countries ORDER BY area DESC LIMIT ";

    private CountryAreasSql() {}

    /** Arguments: {@code [n]} countries to list (default 5). */
    public static void main(String[] args) throws Exception {
        int limit = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        System.out.println(
                "largest countries (country, square degrees, vertices, ISO WKB bytes, SRID):");
        CountryNames names = CountryNames.load();
        for (Row row : largest(limit)) {
            Geometry shape = row.getFieldAs("shape");
            System.out.printf(
                    "  %-32s %8.1f  %,6d  %,7d  %d%n",
                    names.label(row.<Integer>getFieldAs("id")),
                    row.<Double>getFieldAs("area"),
                    shape.getNumPoints(),
                    row.<byte[]>getFieldAs("wkb").length,
                    row.<Integer>getFieldAs("srid"));
        }
    }

    /** Runs {@link #LARGEST} on an embedded cluster: rows {@code (id, shape, area)}. */
    static List<Row> largest(int limit) throws Exception {
        Configuration config = new Configuration();
        config.setString("pipeline.generic-types", "false");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(config);
        GeometryTypes.registerWith(env);
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        env.setParallelism(1);
        StreamTableEnvironment tables = StreamTableEnvironment.create(env);

        Table countries =
                tables.fromDataStream(
                        env.fromData(Countries.load()),
                        Schema.newBuilder()
                                .column("id", DataTypes.INT().notNull())
                                .column("total", DataTypes.INT().notNull())
                                .column("shape", GEOMETRY)
                                .build());
        tables.createTemporaryView("countries", countries);
        tables.createTemporarySystemFunction("AREA", Area.class);
        // ST_AsBinary, ST_SRID, ... (in the SQL client: LOAD MODULE geometry)
        tables.loadModule(GeometryModule.IDENTIFIER, GeometryModule.INSTANCE);

        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> it =
                tables.toDataStream(tables.sqlQuery(LARGEST + limit)).executeAndCollect()) {
            it.forEachRemaining(rows::add);
        }
        return rows;
    }

    /** {@code AREA(geometry)}: the planar area, in the units of the coordinates. */
    public static final class Area extends ScalarFunction {
        private static final long serialVersionUID = 1L;

        /** The area of {@code geometry} (a {@code RAW} geometry value; typed {@code Object}). */
        public double eval(@DataTypeHint(inputGroup = InputGroup.ANY) Object geometry) {
            return ((Geometry) geometry).getArea();
        }
    }
}
