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
import org.locationtech.jts.geom.Geometry;

/**
 * {@code ST_MakeEnvelope(xmin, ymin, xmax, ymax [, srid INT])}: PostGIS's polygon {@code ((xmin
 * ymin, xmin ymax, xmax ymax, xmax ymin, xmin ymin))}, the numbers as given (not ordered, so a
 * "min" above its "max" stays where it is, and equal ones give a degenerate ring, as in PostGIS);
 * the SRID defaults to 0. The numbers are read as {@link NumberArgument} reads them.
 */
@Internal
public final class StMakeEnvelope extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    public StMakeEnvelope() {
        super(geometry());
    }

    @Override
    String name() {
        return "ST_MakeEnvelope";
    }

    @Override
    public TypeInference getTypeInference(DataTypeFactory typeFactory) {
        ArgumentTypeStrategy number = NumberArgument.INSTANCE;
        return TypeInference.newBuilder()
                .inputTypeStrategy(
                        InputTypeStrategies.or(
                                InputTypeStrategies.sequence(number, number, number, number),
                                InputTypeStrategies.sequence(
                                        number,
                                        number,
                                        number,
                                        number,
                                        InputTypeStrategies.explicit(DataTypes.INT()))))
                .outputTypeStrategy(TypeStrategies.explicit(geometry()))
                .build();
    }

    public Geometry eval(Number xmin, Number ymin, Number xmax, Number ymax) {
        return eval(xmin, ymin, xmax, ymax, 0);
    }

    public Geometry eval(Number xmin, Number ymin, Number xmax, Number ymax, Integer srid) {
        if (xmin == null || ymin == null || xmax == null || ymax == null || srid == null) {
            return null;
        }
        checkSrid(srid);
        double x1 = NumberArgument.toDouble(xmin);
        double y1 = NumberArgument.toDouble(ymin);
        double x2 = NumberArgument.toDouble(xmax);
        double y2 = NumberArgument.toDouble(ymax);
        return CoordinateSequenceKind.ARRAY
                .geometryFactory(srid)
                .createPolygon(
                        new Coordinate[] {
                            new CoordinateXY(x1, y1),
                            new CoordinateXY(x1, y2),
                            new CoordinateXY(x2, y2),
                            new CoordinateXY(x2, y1),
                            new CoordinateXY(x1, y1)
                        });
    }
}
