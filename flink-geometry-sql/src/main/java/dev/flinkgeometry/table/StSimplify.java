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

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.types.inference.InputTypeStrategies;
import org.apache.flink.table.types.inference.InputTypeStrategy;
import org.apache.flink.table.types.inference.TypeInference;
import org.apache.flink.table.types.inference.TypeStrategies;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.simplify.TopologyPreservingSimplifier;

/**
 * {@code ST_Simplify(geometry, tolerance [, preserve_collapsed BOOLEAN])}: PostGIS's own
 * Douglas-Peucker ({@link PostgisSimplifier}), {@code NULL} where everything collapsed; and {@code
 * ST_SimplifyPreserveTopology(geometry, tolerance)}: JTS's {@code TopologyPreservingSimplifier},
 * the algorithm GEOS runs for PostGIS (M dropped, as GEOS has none). Both keep the SRID and return
 * an empty argument as it is.
 */
@Internal
public final class StSimplify extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    private final boolean preserveTopology;

    /** {@code ST_Simplify}. */
    public StSimplify() {
        this(false);
    }

    /** {@code ST_SimplifyPreserveTopology} when {@code preserveTopology}. */
    StSimplify(boolean preserveTopology) {
        super(geometry());
        this.preserveTopology = preserveTopology;
    }

    @Override
    String name() {
        return preserveTopology ? "ST_SimplifyPreserveTopology" : "ST_Simplify";
    }

    @Override
    public TypeInference getTypeInference(DataTypeFactory typeFactory) {
        InputTypeStrategy twoArguments =
                InputTypeStrategies.sequence(GeometryArgument.INSTANCE, NumberArgument.INSTANCE);
        InputTypeStrategy input =
                preserveTopology
                        ? twoArguments
                        : InputTypeStrategies.or(
                                twoArguments,
                                InputTypeStrategies.sequence(
                                        GeometryArgument.INSTANCE,
                                        NumberArgument.INSTANCE,
                                        InputTypeStrategies.explicit(DataTypes.BOOLEAN())));
        return TypeInference.newBuilder()
                .inputTypeStrategy(new GeometryColumnCheck(input))
                .outputTypeStrategy(TypeStrategies.explicit(geometry()))
                .build();
    }

    public Geometry eval(Geometry geometry, Number tolerance) {
        if (geometry == null || tolerance == null) {
            return null;
        }
        double distance = NumberArgument.toDouble(tolerance);
        if (!preserveTopology) {
            return unshared(geometry, PostgisSimplifier.simplify(geometry, distance, false));
        }
        if (geometry.isEmpty()) {
            return geometry.copy();
        }
        return GeosResult.of(TopologyPreservingSimplifier.simplify(geometry, distance), geometry);
    }

    /** {@code ST_Simplify(geometry, tolerance, preserve_collapsed)}. */
    public Geometry eval(Geometry geometry, Number tolerance, Boolean preserveCollapsed) {
        if (geometry == null || tolerance == null || preserveCollapsed == null) {
            return null;
        }
        return unshared(
                geometry,
                PostgisSimplifier.simplify(
                        geometry, NumberArgument.toDouble(tolerance), preserveCollapsed));
    }

    /** {@code result}, or a copy of it where it is the argument itself. */
    private static Geometry unshared(Geometry argument, Geometry result) {
        return result == argument ? argument.copy() : result;
    }
}
