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

import dev.flinkgeometry.serializer.GeometrySerializer;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.types.DataType;
import org.locationtech.jts.geom.Geometry;

/**
 * The SQL type of a geometry column: {@code RAW('org.locationtech.jts.geom.Geometry', ...)} backed
 * by {@link GeometrySerializer}, which the functions of {@link GeometryModule} take and return, and
 * whose bytes make equal geometries one key in GROUP BY, JOIN and DISTINCT. Use it in a {@code
 * Schema} ({@code .column("shape", GeometryDataTypes.geometry())}) when a table comes from a {@code
 * DataStream} of geometries, in a function's {@code getTypeInference}, and, as {@link #GEOMETRY},
 * in {@code @DataTypeHint} and SQL DDL.
 */
@PublicEvolving
public final class GeometryDataTypes {
    /**
     * {@link #geometry()} as Flink writes a type: for annotations, {@code @DataTypeHint(GEOMETRY)}
     * on a function's {@code eval} or its geometry parameters, and for SQL DDL. The second string
     * is the serializer's snapshot ({@code GeometrySerializerSnapshot}, aligned format 1, array
     * sequences), from which Flink restores {@code GeometrySerializer.of(Geometry.class)}.
     */
    public static final String GEOMETRY =
            "RAW('org.locationtech.jts.geom.Geometry', '"
                    + "ADdkZXYuZmxpbmtnZW9tZXRyeS5zZXJpYWxpemVyLkdlb21ldHJ5U2VyaWFsaXplclNuYXBz"
                    + "aG90AAAAAgAib3JnLmxvY2F0aW9udGVjaC5qdHMuZ2VvbS5HZW9tZXRyeQAFQVJSQVkAAAAA"
                    + "AQ=="
                    + "')";

    private GeometryDataTypes() {}

    /**
     * {@code RAW} of {@code Geometry}, serialized by {@code GeometrySerializer.of(Geometry.class)}.
     */
    public static DataType geometry() {
        return DataTypes.RAW(Geometry.class, GeometrySerializer.of(Geometry.class));
    }
}
