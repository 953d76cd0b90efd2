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

import static dev.flinkgeometry.table.GeometryDataTypes.geometry;

import java.util.Locale;
import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.types.inference.TypeInference;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.IntersectionMatrix;
import org.locationtech.jts.operation.relate.RelateOp;

/**
 * {@code ST_Relate(geometry, geometry)}: the DE-9IM intersection matrix as nine characters ({@code
 * 'FF1FF0102'}); {@code ST_Relate(geometry, geometry, pattern STRING)}: whether the matrix matches
 * the pattern ({@code T}, {@code F}, {@code *}, {@code 0}, {@code 1}, {@code 2}). Computed by JTS's
 * {@link RelateOp}, as GEOS computes it for PostGIS; mixed SRIDs are refused, as in PostGIS; a
 * pattern of another length than nine is refused; letters in either case, another character matches
 * nothing.
 */
@Internal
public final class StRelate extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    public StRelate() {
        super(
                DataTypes.STRING(),
                args(geometry(), geometry()),
                args(geometry(), geometry(), DataTypes.STRING()));
    }

    @Override
    String name() {
        return "ST_Relate";
    }

    /** A matrix (STRING) of two arguments, a match (BOOLEAN) of three. */
    @Override
    public TypeInference getTypeInference(DataTypeFactory typeFactory) {
        TypeInference matrix = super.getTypeInference(typeFactory);
        return TypeInference.newBuilder()
                .inputTypeStrategy(matrix.getInputTypeStrategy())
                .outputTypeStrategy(
                        call ->
                                Optional.of(
                                        call.getArgumentDataTypes().size() == 2
                                                ? DataTypes.STRING()
                                                : DataTypes.BOOLEAN()))
                .build();
    }

    public String eval(Geometry a, Geometry b) {
        if (a == null || b == null) {
            return null;
        }
        return matrix(a, b).toString();
    }

    public Boolean eval(Geometry a, Geometry b, String pattern) {
        if (a == null || b == null || pattern == null) {
            return null;
        }
        if (pattern.length() != 9) {
            throw new IllegalArgumentException(
                    "ST_Relate: the pattern must be 9 characters long, not '" + pattern + "'");
        }
        return matrix(a, b).matches(pattern.toUpperCase(Locale.ROOT)); // as GEOS reads it
    }

    private IntersectionMatrix matrix(Geometry a, Geometry b) {
        SameSrid.require(name(), a, b);
        return RelateOp.relate(a, b);
    }
}
