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

import dev.flinkgeometry.testing.MiniClusters;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.functions.ScalarFunction;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.locationtech.jts.geom.Geometry;

/**
 * A user function handed the result of a module function in the same expression (Flink passes the
 * object, no serializer between them) derives geometries with JTS that keep the SRID the module
 * function set.
 */
class SridFactorySqlITCase {
    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    /** The SRIDs of the centroid, envelope and buffer JTS derives from a geometry. */
    public static class DerivedSrids extends ScalarFunction {
        public String eval(@DataTypeHint(GeometryDataTypes.GEOMETRY) Geometry geometry) {
            return geometry.getCentroid().getSRID()
                    + " "
                    + geometry.getEnvelope().getSRID()
                    + " "
                    + geometry.buffer(1).getSRID();
        }
    }

    @Test
    void jtsKeepsTheSridAModuleFunctionSet() throws Exception {
        TableEnvironment sql = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        sql.getConfig().set("parallelism.default", "1");
        sql.loadModule(GeometryModule.IDENTIFIER, GeometryModule.INSTANCE);
        sql.createTemporarySystemFunction("DerivedSrids", DerivedSrids.class);
        sql.createTemporaryView(
                "shapes",
                sql.fromValues(
                        DataTypes.ROW(
                                DataTypes.FIELD("wkt", DataTypes.STRING()),
                                DataTypes.FIELD("x", DataTypes.DOUBLE()),
                                DataTypes.FIELD("y", DataTypes.DOUBLE()),
                                DataTypes.FIELD("srid", DataTypes.INT())),
                        Row.of("POLYGON ((0 0, 4 0, 4 4, 0 4, 0 0))", 1.0, 2.0, 4326),
                        Row.of("MULTIPOINT ((1 2), (3 4))", 13.377704, 52.516275, 3857)));
        List<String> rows = new ArrayList<>();
        try (CloseableIterator<Row> it =
                sql.executeSql(
                                "SELECT srid,"
                                        + " DerivedSrids(ST_SetSRID(ST_GeomFromText(wkt), srid)),"
                                        + " DerivedSrids(ST_GeomFromText(wkt, srid)),"
                                        + " DerivedSrids(ST_GeomFromWKB("
                                        + "ST_AsBinary(ST_GeomFromText(wkt)), srid)),"
                                        + " DerivedSrids(ST_Point(x, y, srid)),"
                                        + " DerivedSrids(ST_Envelope(ST_GeomFromText(wkt, srid)))"
                                        + " FROM shapes")
                        .collect()) {
            it.forEachRemaining(
                    row -> {
                        int srid = (Integer) row.getField(0);
                        String expected = srid + " " + srid + " " + srid;
                        for (int i = 1; i < row.getArity(); i++) {
                            assertThat(row.getField(i))
                                    .as("column %s of %s", i, row)
                                    .isEqualTo(expected);
                        }
                        rows.add(row.toString());
                    });
        }
        assertThat(rows).hasSize(2);
    }
}
