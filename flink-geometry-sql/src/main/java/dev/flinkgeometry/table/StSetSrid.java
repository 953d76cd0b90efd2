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

/**
 * {@code ST_SetSRID(geometry, srid INT)}: a copy with that SRID on it, on every member and on its
 * factory (coordinates unchanged; no reprojection). An SRID the aligned format cannot hold (outside
 * 0..16777215) is refused.
 */
@Internal
public final class StSetSrid extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    public StSetSrid() {
        super(geometry(), args(geometry(), DataTypes.INT()));
    }

    @Override
    String name() {
        return "ST_SetSRID";
    }

    public Geometry eval(Geometry geometry, Integer srid) {
        if (geometry == null || srid == null) {
            return null;
        }
        checkSrid(srid);
        if (geometry.getFactory().getSRID() == srid) {
            return setSridEverywhere(geometry.copy(), srid);
        }
        return SridFactories.copy(geometry, SridFactories.like(geometry.getFactory(), srid));
    }
}
