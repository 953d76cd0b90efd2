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
 * {@code ST_DistanceSphere(g1, g2 [, radius])}: meters between lon/lat geometries on a sphere, as
 * PostGIS 3.3 computes them. Without a radius it is PostGIS's {@code ST_Distance(g1::geography,
 * g2::geography, false)}: the sphere of WGS 84's mean radius, 6371008.771415059 m, distances
 * rounded to 10 nm, {@code NULL} for an empty argument, collections accepted. With a radius it is
 * PostGIS's C function: that radius (re-derived as PostGIS does, {@code (2r + r) / 3}), no
 * rounding, -1 for an empty argument, collections refused. Both refuse an SRID other than 4326 and
 * 0 ({@link LonLatGeometry}).
 */
@Internal
public final class StDistanceSphere extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    public StDistanceSphere() {
        super(DataTypes.DOUBLE());
    }

    @Override
    String name() {
        return "ST_DistanceSphere";
    }

    @Override
    public TypeInference getTypeInference(DataTypeFactory typeFactory) {
        return TypeInference.newBuilder()
                .inputTypeStrategy(
                        new GeometryColumnCheck(
                                InputTypeStrategies.or(
                                        InputTypeStrategies.sequence(
                                                GeometryArgument.INSTANCE,
                                                GeometryArgument.INSTANCE),
                                        InputTypeStrategies.sequence(
                                                GeometryArgument.INSTANCE,
                                                GeometryArgument.INSTANCE,
                                                NumberArgument.INSTANCE))))
                .outputTypeStrategy(TypeStrategies.explicit(DataTypes.DOUBLE()))
                .build();
    }

    public Double eval(Geometry a, Geometry b) {
        if (a == null || b == null) {
            return null;
        }
        // both lon/lat on WGS 84 (0 taken as 4326), so their SRIDs agree as geography's
        return Geography.distance(name(), a, b, false);
    }

    public Double eval(Geometry a, Geometry b, Number radius) {
        if (a == null || b == null || radius == null) {
            return null;
        }
        return SpheroidDistance.between(
                name(), a, b, Spheroid.sphereOfRadius(NumberArgument.toDouble(radius)));
    }
}
