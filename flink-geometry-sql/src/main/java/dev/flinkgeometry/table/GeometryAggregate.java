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

import dev.flinkgeometry.format.internal.CoordinateTypeRule;
import dev.flinkgeometry.serializer.GeometrySerializer;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.functions.AggregateFunction;
import org.apache.flink.table.types.inference.InputTypeStrategies;
import org.apache.flink.table.types.inference.InputTypeStrategy;
import org.apache.flink.table.types.inference.TypeInference;
import org.apache.flink.table.types.inference.TypeStrategies;
import org.locationtech.jts.geom.Geometry;

/**
 * A geometry aggregate of {@link GeometryModule}. Its accumulator type is declared, not extracted:
 * a {@code RAW} type backed by {@link AccumulatorSerializer}, which writes the accumulator's
 * geometries with {@code GeometrySerializer} (aligned), so that Flink never falls back to Kryo for
 * the aggregate's state. Rows whose geometry is {@code NULL} are left out, as PostGIS leaves them
 * out; a group of no other rows gives {@code NULL}.
 *
 * @param <A> the accumulator
 */
@Internal
abstract class GeometryAggregate<A> extends AggregateFunction<Geometry, A> {
    private static final long serialVersionUID = 1L;

    private final AccumulatorKind kind;

    GeometryAggregate(AccumulatorKind kind) {
        this.kind = kind;
    }

    /** The SQL name, for error messages. */
    abstract String name();

    /** The arguments after the geometry's type check; by default one geometry. */
    InputTypeStrategy arguments() {
        return InputTypeStrategies.sequence(GeometryArgument.INSTANCE);
    }

    @Override
    public TypeInference getTypeInference(DataTypeFactory typeFactory) {
        return TypeInference.newBuilder()
                .inputTypeStrategy(new GeometryColumnCheck(arguments()))
                .accumulatorTypeStrategy(
                        TypeStrategies.explicit(
                                kind.dataType(GeometrySerializer.of(Geometry.class))))
                .outputTypeStrategy(TypeStrategies.explicit(GeometryDataTypes.geometry()))
                .build();
    }

    @Override
    @SuppressWarnings("unchecked")
    public A createAccumulator() {
        return (A) kind.create();
    }

    /**
     * The Z and M flags of {@code geometry} ({@link CoordinateTypeRule}), of all its members for a
     * collection.
     */
    static int layout(Geometry geometry) {
        if (!CoordinateTypeRule.isCollectionProper(geometry)) {
            return CoordinateTypeRule.of(geometry, true);
        }
        int flags = 0;
        for (int i = 0; i < geometry.getNumGeometries(); i++) {
            flags |= layout(geometry.getGeometryN(i));
        }
        return flags;
    }

    /** Fails as PostGIS fails on geometries of different coordinate dimensions. */
    final void requireLayout(int expected, Geometry geometry) {
        int actual = layout(geometry);
        if (actual != expected) {
            throw new IllegalArgumentException(
                    name()
                            + ": mixed dimension geometries: "
                            + layoutName(expected)
                            + " and "
                            + layoutName(actual)
                            + " ("
                            + GeometryTypeNames.of(geometry)
                            + ")");
        }
    }

    private static String layoutName(int flags) {
        return "XY"
                + ((flags & CoordinateTypeRule.Z) != 0 ? "Z" : "")
                + ((flags & CoordinateTypeRule.M) != 0 ? "M" : "");
    }
}
