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
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Lineal;
import org.locationtech.jts.geom.Polygonal;
import org.locationtech.jts.geom.Puntal;

/**
 * {@code ST_Dimension(geometry)}: the topological dimension, as PostGIS's: 0 for a (multi)point, 1
 * for a (multi)linestring, 2 for a (multi)polygon, empty or not; for a geometry collection the
 * largest of its members', 0 when it has none.
 */
@Internal
public final class StDimension extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    public StDimension() {
        super(DataTypes.INT(), args(geometry()));
    }

    @Override
    String name() {
        return "ST_Dimension";
    }

    public Integer eval(Geometry geometry) {
        return geometry == null ? null : dimension(geometry);
    }

    static int dimension(Geometry geometry) {
        if (geometry instanceof Puntal) {
            return 0;
        } else if (geometry instanceof Lineal) {
            return 1;
        } else if (geometry instanceof Polygonal) {
            return 2;
        }
        int largest = 0;
        for (int i = 0; i < geometry.getNumGeometries(); i++) {
            largest = Math.max(largest, dimension(geometry.getGeometryN(i)));
        }
        return largest;
    }
}
