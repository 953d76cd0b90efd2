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

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.types.inference.InputTypeStrategies;
import org.apache.flink.table.types.inference.TypeInference;
import org.apache.flink.table.types.inference.TypeStrategies;
import org.locationtech.jts.geom.Geometry;

/**
 * {@code ST_DWithin(geometry, geometry, distance)}: whether the planar distance is at most {@code
 * distance} (any numeric type; a decimal literal is its nearest double, see {@link
 * NumberArgument}); false when either is empty. Mixed SRIDs and a negative distance are refused, as
 * in PostGIS.
 *
 * <p>{@code ST_DWithin(geometry, geometry, meters, use_spheroid)}: PostGIS's {@code
 * ST_DWithin(geography, geography, meters, use_spheroid)} for lon/lat geometries (SRID 4326 or 0):
 * the geodesic distance on WGS 84 (true) or its sphere (false) is at most {@code meters} ({@link
 * Geography}).
 */
@Internal
public final class StDWithin extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    public StDWithin() {
        super(DataTypes.BOOLEAN());
    }

    @Override
    String name() {
        return "ST_DWithin";
    }

    @Override
    public TypeInference getTypeInference(DataTypeFactory typeFactory) {
        return TypeInference.newBuilder()
                .inputTypeStrategy(
                        InputTypeStrategies.or(
                                InputTypeStrategies.sequence(
                                        GeometryArgument.INSTANCE,
                                        GeometryArgument.INSTANCE,
                                        NumberArgument.INSTANCE),
                                InputTypeStrategies.sequence(
                                        GeometryArgument.INSTANCE,
                                        GeometryArgument.INSTANCE,
                                        NumberArgument.INSTANCE,
                                        InputTypeStrategies.explicit(DataTypes.BOOLEAN()))))
                .outputTypeStrategy(TypeStrategies.explicit(DataTypes.BOOLEAN()))
                .build();
    }

    public Boolean eval(Geometry a, Geometry b, Number distance) {
        if (a == null || b == null || distance == null) {
            return null;
        }
        SameSrid.require(name(), a, b);
        double tolerance = NumberArgument.toDouble(distance);
        if (tolerance < 0) {
            throw new IllegalArgumentException(
                    "ST_DWithin: Tolerance cannot be less than zero, got " + tolerance);
        }
        if (a.isEmpty() || b.isEmpty()) {
            return false;
        }
        return PlanarDistance.between(a, b) <= tolerance;
    }

    public Boolean eval(Geometry a, Geometry b, Number meters, Boolean useSpheroid) {
        if (a == null || b == null || meters == null || useSpheroid == null) {
            return null;
        }
        // both lon/lat on WGS 84 (0 taken as 4326), so their SRIDs agree as geography's
        return Geography.dWithin(name(), a, b, NumberArgument.toDouble(meters), useSpheroid);
    }
}
