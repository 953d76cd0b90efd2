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

import dev.flinkgeometry.format.GeometryLimits;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.functions.ScalarFunction;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.inference.ArgumentTypeStrategy;
import org.apache.flink.table.types.inference.InputTypeStrategies;
import org.apache.flink.table.types.inference.InputTypeStrategy;
import org.apache.flink.table.types.inference.TypeInference;
import org.apache.flink.table.types.inference.TypeStrategies;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;

/**
 * A conversion function of {@link GeometryModule}: its signatures are given explicitly, because the
 * geometry type is a {@code RAW} type that annotations cannot name with its serializer. A geometry
 * argument takes a {@code RAW} of any JTS class ({@link GeometryArgument}). Every function returns
 * {@code NULL} for a {@code NULL} argument.
 */
@Internal
abstract class GeometryFunction extends ScalarFunction {
    private static final long serialVersionUID = 1L;

    private final transient DataType result;
    private final transient List<DataType[]> signatures = new ArrayList<>();

    GeometryFunction(DataType result, DataType[]... signatures) {
        this.result = result;
        this.signatures.addAll(Arrays.asList(signatures));
    }

    /** The SQL name, for error messages. */
    abstract String name();

    /** Whether this is a {@code TRY_} variant: NULL where the input is refused. */
    private boolean orNull;

    /**
     * This function as its {@code TRY_} variant ({@code TRY_ST_GeomFromEWKB}): input it refuses
     * (malformed, or a shape JTS cannot hold) gives NULL instead of failing the query.
     */
    final GeometryFunction orNull() {
        orNull = true;
        return this;
    }

    /**
     * NULL for a {@code TRY_} variant; otherwise fails with {@code message}, naming the variant
     * that gives NULL instead.
     */
    final Geometry refuse(String message, Exception cause) {
        if (orNull) {
            return null;
        }
        throw new IllegalArgumentException(
                message
                        + ". TRY_"
                        + name()
                        + " gives NULL for input it refuses, so that a query can route or skip"
                        + " such a row",
                cause);
    }

    @Override
    public TypeInference getTypeInference(DataTypeFactory typeFactory) {
        List<InputTypeStrategy> alternatives = new ArrayList<>();
        for (DataType[] signature : signatures) {
            ArgumentTypeStrategy[] arguments = new ArgumentTypeStrategy[signature.length];
            for (int i = 0; i < signature.length; i++) {
                arguments[i] =
                        signature[i].equals(GeometryDataTypes.geometry())
                                ? GeometryArgument.INSTANCE
                                : InputTypeStrategies.explicit(signature[i]);
            }
            alternatives.add(InputTypeStrategies.sequence(arguments));
        }
        InputTypeStrategy input =
                alternatives.size() == 1 ? alternatives.get(0) : new ByArgumentCount(alternatives);
        return TypeInference.newBuilder()
                .inputTypeStrategy(new GeometryColumnCheck(input))
                .outputTypeStrategy(TypeStrategies.explicit(result))
                .build();
    }

    static DataType[] args(DataType... types) {
        return types;
    }

    /**
     * Gives {@code geometry} and every collection member, at every depth, the SRID {@code srid}, as
     * the readers give them the SRID of the text or bytes; returns {@code geometry}.
     */
    static Geometry setSridEverywhere(Geometry geometry, int srid) {
        geometry.setSRID(srid);
        if (geometry instanceof GeometryCollection) {
            for (int i = 0; i < geometry.getNumGeometries(); i++) {
                setSridEverywhere(geometry.getGeometryN(i), srid);
            }
        }
        return geometry;
    }

    /**
     * Returns {@code geometry} if a geometry column can hold its SRID (0..16777215, the aligned
     * format's 3 bytes); otherwise fails, naming the function, rather than later when the row is
     * serialized.
     */
    final Geometry withCheckedSrid(Geometry geometry) {
        checkSrid(geometry.getSRID());
        return geometry;
    }

    /** Fails, naming the function, if a geometry column cannot hold {@code srid}. */
    final void checkSrid(int srid) {
        if (!GeometryLimits.isValidSrid(srid)) {
            throw new IllegalArgumentException(
                    name()
                            + ": SRID "
                            + srid
                            + " is outside 0.."
                            + GeometryLimits.MAX_SRID
                            + ", which a geometry column holds");
        }
    }
}
