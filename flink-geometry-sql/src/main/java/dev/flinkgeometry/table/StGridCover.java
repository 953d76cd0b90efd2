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
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.inference.InputTypeStrategies;
import org.apache.flink.table.types.inference.TypeInference;
import org.apache.flink.table.types.inference.TypeStrategies;
import org.locationtech.jts.geom.Geometry;

/**
 * {@code ST_GridCover(geometry, size [, max_cells])}: the {@link GridCells grid cells} meeting the
 * geometry's PostGIS box, an {@code ARRAY<BIGINT NOT NULL>} to unnest into one row per cell; empty
 * for an empty geometry, {@code NULL} for a {@code NULL} one. More than {@code max_cells} (default
 * {@value GridCells#DEFAULT_MAX_CELLS}) is refused with the count. Not a PostGIS function: the
 * partitioning key of a spatial join's zones (docs/SPATIAL-JOINS.md).
 */
@Internal
public final class StGridCover extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    private static final DataType CELLS = DataTypes.ARRAY(DataTypes.BIGINT().notNull());

    public StGridCover() {
        super(CELLS);
    }

    @Override
    String name() {
        return "ST_GridCover";
    }

    @Override
    public TypeInference getTypeInference(DataTypeFactory typeFactory) {
        return TypeInference.newBuilder()
                .inputTypeStrategy(
                        new GeometryColumnCheck(
                                InputTypeStrategies.or(
                                        InputTypeStrategies.sequence(
                                                GeometryArgument.INSTANCE, NumberArgument.INSTANCE),
                                        InputTypeStrategies.sequence(
                                                GeometryArgument.INSTANCE,
                                                NumberArgument.INSTANCE,
                                                InputTypeStrategies.explicit(DataTypes.INT())))))
                .outputTypeStrategy(TypeStrategies.explicit(CELLS))
                .build();
    }

    public Long[] eval(Geometry geometry, Number size) {
        return eval(geometry, size, GridCells.DEFAULT_MAX_CELLS);
    }

    public Long[] eval(Geometry geometry, Number size, Integer maxCells) {
        if (geometry == null || size == null || maxCells == null) {
            return null;
        }
        long[] cells;
        try {
            cells = GridCells.cover(geometry, NumberArgument.toDouble(size), maxCells);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name() + ": " + e.getMessage(), e);
        }
        Long[] boxed = new Long[cells.length];
        for (int i = 0; i < cells.length; i++) {
            boxed[i] = cells[i];
        }
        return boxed;
    }
}
