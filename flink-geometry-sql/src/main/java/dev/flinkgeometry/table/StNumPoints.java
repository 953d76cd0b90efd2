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
import org.locationtech.jts.geom.LineString;

/**
 * {@code ST_NumPoints(geometry)}: the number of points of a linestring; {@code NULL} for any other
 * type, as in PostGIS (whose {@code ST_NPoints} counts the points of every type).
 */
@Internal
public final class StNumPoints extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    public StNumPoints() {
        super(DataTypes.INT(), args(geometry()));
    }

    @Override
    String name() {
        return "ST_NumPoints";
    }

    public Integer eval(Geometry geometry) {
        return geometry instanceof LineString ? geometry.getNumPoints() : null;
    }
}
