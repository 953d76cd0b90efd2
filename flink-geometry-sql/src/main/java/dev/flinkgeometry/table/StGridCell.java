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
import org.locationtech.jts.geom.Point;

/**
 * {@code ST_GridCell(point, size)}: the {@link GridCells grid cell} of a point, a {@code BIGINT};
 * {@code NULL} for a {@code NULL} or empty point. Not a PostGIS function: the partitioning key of a
 * spatial join (docs/SPATIAL-JOINS.md). Any other geometry is refused, since only a point has
 * exactly one cell ({@code ST_GridCover} gives the cells of the others).
 */
@Internal
public final class StGridCell extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    public StGridCell() {
        super(DataTypes.BIGINT());
    }

    @Override
    String name() {
        return "ST_GridCell";
    }

    @Override
    public TypeInference getTypeInference(DataTypeFactory typeFactory) {
        return TypeInference.newBuilder()
                .inputTypeStrategy(
                        new GeometryColumnCheck(
                                InputTypeStrategies.sequence(
                                        GeometryArgument.INSTANCE, NumberArgument.INSTANCE)))
                .outputTypeStrategy(TypeStrategies.explicit(DataTypes.BIGINT()))
                .build();
    }

    public Long eval(Geometry point, Number size) {
        if (point == null || size == null) {
            return null;
        }
        if (!(point instanceof Point)) {
            throw new IllegalArgumentException(
                    name()
                            + ": a point has one cell, a "
                            + point.getGeometryType()
                            + " has many: use ST_GridCover");
        }
        if (point.isEmpty()) {
            return null;
        }
        Point p = (Point) point;
        try {
            return GridCells.cellOf(p.getX(), p.getY(), NumberArgument.toDouble(size));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name() + ": " + e.getMessage(), e);
        }
    }
}
