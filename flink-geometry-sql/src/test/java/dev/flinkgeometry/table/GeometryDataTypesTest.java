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

import dev.flinkgeometry.serializer.GeometrySerializer;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.types.logical.RawType;
import org.apache.flink.table.types.logical.utils.LogicalTypeParser;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;

/** The annotation constant is the geometry type, as Flink reads a type from text and DDL. */
class GeometryDataTypesTest {

    @Test
    void theConstantIsTheGeometryTypeAsFlinkWritesIt() {
        assertThat(GeometryDataTypes.GEOMETRY)
                .isEqualTo(GeometryDataTypes.geometry().getLogicalType().asSerializableString());
    }

    @Test
    void flinkReadsTheConstantBackToTheGeometryType() {
        RawType<?> parsed =
                (RawType<?>)
                        LogicalTypeParser.parse(
                                GeometryDataTypes.GEOMETRY, getClass().getClassLoader());
        assertThat(parsed).isEqualTo(GeometryDataTypes.geometry().getLogicalType());
        assertThat(parsed.getOriginatingClass()).isEqualTo(Geometry.class);
        assertThat(parsed.getTypeSerializer()).isEqualTo(GeometrySerializer.of(Geometry.class));
    }

    @Test
    void aTableDeclaredWithTheConstantTakesTheFunctionsGeometries() {
        TableEnvironment sql = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        sql.loadModule(GeometryModule.IDENTIFIER, GeometryModule.INSTANCE);
        sql.executeSql(
                "CREATE TEMPORARY TABLE shapes (g "
                        + GeometryDataTypes.GEOMETRY
                        + ") WITH ('connector' = 'blackhole')");
        assertThat(sql.from("shapes").getResolvedSchema().getColumnDataTypes())
                .containsExactly(GeometryDataTypes.geometry());
        assertThat(sql.explainSql("INSERT INTO shapes SELECT ST_GeomFromText('POINT (1 2)')"))
                .contains("Sink(table=[default_catalog.default_database.shapes]");
    }
}
