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

import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.functions.FunctionDefinition;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.inference.ArgumentTypeStrategy;
import org.apache.flink.table.types.inference.CallContext;
import org.apache.flink.table.types.inference.Signature;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RawType;
import org.locationtech.jts.geom.Geometry;

/**
 * A geometry argument: a {@code RAW} type of any JTS geometry class whose serializer writes equal
 * geometries as equal bytes ({@link EqualGeometryProbe}). {@code fromDataStream} of a POJO with a
 * {@code Point} field gives {@code RAW('org.locationtech.jts.geom.Point', ...)} backed by {@code
 * GeometrySerializer} when the types are registered: taken as it is. A {@code RAW} that Flink backs
 * with Kryo's own serializer ({@code @DataTypeHint(value = "RAW", bridgedTo = Geometry.class)},
 * {@code fromDataStream} without registration) is refused, naming the fixes: its bytes change with
 * a cached envelope or the coordinate classes, so GROUP BY, JOIN and DISTINCT on that column would
 * split equal geometries without a word, and the module cannot change the bytes Flink's Kryo
 * writes. A {@code NULL} literal becomes a geometry {@code NULL}.
 */
@Internal
final class GeometryArgument implements ArgumentTypeStrategy {
    static final GeometryArgument INSTANCE = new GeometryArgument();

    private GeometryArgument() {}

    @Override
    public Optional<DataType> inferArgumentType(
            CallContext callContext, int argumentPos, boolean throwOnFailure) {
        DataType actual = callContext.getArgumentDataTypes().get(argumentPos);
        LogicalType type = actual.getLogicalType();
        if (type.is(LogicalTypeRoot.NULL)) {
            return Optional.of(GeometryDataTypes.geometry());
        }
        if (type.is(LogicalTypeRoot.RAW)
                && Geometry.class.isAssignableFrom(((RawType<?>) type).getOriginatingClass())) {
            RawType<?> raw = (RawType<?>) type;
            if (EqualGeometryProbe.writesEqualGeometriesAsEqualBytes(
                    raw.getTypeSerializer(), raw.getOriginatingClass())) {
                return Optional.of(actual);
            }
            if (throwOnFailure) {
                throw splitsEqualGeometries(callContext, argumentPos, raw);
            }
            return Optional.empty();
        }
        if (throwOnFailure) {
            throw callContext.newValidationError(
                    "%s: argument %d is %s, not a geometry. A geometry is a RAW type of a JTS"
                            + " geometry class: declare the column with"
                            + " GeometryDataTypes.geometry(), or make it with ST_GeomFromText or"
                            + " ST_GeomFromWKB",
                    callContext.getName(), argumentPos + 1, type.asSummaryString());
        }
        return Optional.empty();
    }

    /**
     * The refusal of argument {@code argumentPos}, a geometry column whose serializer writes equal
     * geometries as different bytes, naming the fixes.
     */
    static ValidationException splitsEqualGeometries(
            CallContext callContext, int argumentPos, RawType<?> raw) {
        return callContext.newValidationError(
                "%s: argument %d is a geometry column serialized by %s, which writes equal"
                        + " geometries as different bytes (a cached envelope, Coordinate or"
                        + " CoordinateXY, the sequence type): GROUP BY, JOIN and DISTINCT on it"
                        + " would split equal geometries. Type the column with the module's"
                        + " geometry type: in a function, @DataTypeHint(GeometryDataTypes.GEOMETRY)"
                        + " or GeometryDataTypes.geometry() in getTypeInference; from a"
                        + " DataStream, GeometryTypes.registerWith(env) before fromDataStream, or"
                        + " GeometryDataTypes.geometry() in its Schema",
                callContext.getName(),
                argumentPos + 1,
                raw.getTypeSerializer().getClass().getSimpleName());
    }

    /** Whether {@code type} is a geometry column whose serializer splits equal geometries. */
    static boolean splitsEqualGeometries(LogicalType type) {
        if (!type.is(LogicalTypeRoot.RAW)
                || !Geometry.class.isAssignableFrom(((RawType<?>) type).getOriginatingClass())) {
            return false;
        }
        RawType<?> raw = (RawType<?>) type;
        return !EqualGeometryProbe.writesEqualGeometriesAsEqualBytes(
                raw.getTypeSerializer(), raw.getOriginatingClass());
    }

    @Override
    public Signature.Argument getExpectedArgument(
            FunctionDefinition functionDefinition, int argumentPos) {
        return Signature.Argument.of(
                "GEOMETRY (GeometryDataTypes.geometry(), or a RAW of any JTS class whose"
                        + " serializer writes equal geometries as equal bytes)");
    }
}
