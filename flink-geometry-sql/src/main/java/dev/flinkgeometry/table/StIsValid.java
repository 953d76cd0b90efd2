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
import org.locationtech.jts.operation.valid.IsValidOp;

/**
 * {@code ST_IsValid(geometry)}: OGC validity as JTS's {@link IsValidOp} decides it (the same rules
 * as GEOS, which PostGIS calls).
 */
@Internal
public final class StIsValid extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    public StIsValid() {
        super(DataTypes.BOOLEAN(), args(geometry()));
    }

    @Override
    String name() {
        return "ST_IsValid";
    }

    public Boolean eval(Geometry geometry) {
        return geometry == null ? null : IsValidOp.isValid(geometry);
    }
}
