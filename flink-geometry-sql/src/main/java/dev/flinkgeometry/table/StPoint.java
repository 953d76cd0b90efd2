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

import dev.flinkgeometry.format.CoordinateSequenceKind;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.types.inference.ArgumentTypeStrategy;
import org.apache.flink.table.types.inference.InputTypeStrategies;
import org.apache.flink.table.types.inference.TypeInference;
import org.apache.flink.table.types.inference.TypeStrategies;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.CoordinateXYZM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;

/**
 * {@code ST_Point(x, y [, srid INT])} and {@code ST_MakePoint(x, y [, z [, m]])}: a point from
 * numbers of any numeric type. Decimal literals ({@code ST_Point(13.377704, 52.516275)}) give the
 * double nearest to their value, as PostGIS reads the same text ({@link NumberArgument}). {@code
 * ST_MakePoint} with four numbers gives an XYZM point (PostGIS has no three-number XYM form: that
 * is {@code ST_MakePointM}).
 */
@Internal
public final class StPoint extends GeometryFunction {
    private static final long serialVersionUID = 1L;
    private static final GeometryFactory FACTORY = CoordinateSequenceKind.ARRAY.geometryFactory();

    private final boolean make;

    /** {@code ST_Point}. */
    public StPoint() {
        this(false);
    }

    /** {@code ST_MakePoint} when {@code make}. */
    StPoint(boolean make) {
        super(geometry());
        this.make = make;
    }

    @Override
    String name() {
        return make ? "ST_MakePoint" : "ST_Point";
    }

    @Override
    public TypeInference getTypeInference(DataTypeFactory typeFactory) {
        ArgumentTypeStrategy number = NumberArgument.INSTANCE;
        ArgumentTypeStrategy third = make ? number : InputTypeStrategies.explicit(DataTypes.INT());
        TypeInference.Builder builder =
                TypeInference.newBuilder().outputTypeStrategy(TypeStrategies.explicit(geometry()));
        if (make) {
            builder.inputTypeStrategy(
                    InputTypeStrategies.or(
                            InputTypeStrategies.sequence(number, number),
                            InputTypeStrategies.sequence(number, number, number),
                            InputTypeStrategies.sequence(number, number, number, number)));
        } else {
            builder.inputTypeStrategy(
                    InputTypeStrategies.or(
                            InputTypeStrategies.sequence(number, number),
                            InputTypeStrategies.sequence(number, number, third)));
        }
        return builder.build();
    }

    public Geometry eval(Number x, Number y) {
        if (x == null || y == null) {
            return null;
        }
        return FACTORY.createPoint(
                new CoordinateXY(NumberArgument.toDouble(x), NumberArgument.toDouble(y)));
    }

    /** {@code ST_Point(x, y, srid)} or {@code ST_MakePoint(x, y, z)}. */
    public Geometry eval(Number x, Number y, Number third) {
        if (x == null || y == null || third == null) {
            return null;
        }
        if (!make) {
            int srid = third.intValue();
            checkSrid(srid);
            return CoordinateSequenceKind.ARRAY
                    .geometryFactory(srid)
                    .createPoint(
                            new CoordinateXY(
                                    NumberArgument.toDouble(x), NumberArgument.toDouble(y)));
        }
        return FACTORY.createPoint(
                new Coordinate(
                        NumberArgument.toDouble(x),
                        NumberArgument.toDouble(y),
                        NumberArgument.toDouble(third)));
    }

    public Geometry eval(Number x, Number y, Number z, Number m) {
        if (x == null || y == null || z == null || m == null) {
            return null;
        }
        return FACTORY.createPoint(
                new CoordinateXYZM(
                        NumberArgument.toDouble(x),
                        NumberArgument.toDouble(y),
                        NumberArgument.toDouble(z),
                        NumberArgument.toDouble(m)));
    }
}
