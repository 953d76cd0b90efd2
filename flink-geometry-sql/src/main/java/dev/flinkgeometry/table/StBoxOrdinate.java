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
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;

/**
 * {@code ST_XMin}, {@code ST_XMax}, {@code ST_YMin}, {@code ST_YMax} of a geometry: a side of its
 * bounding box, exactly a coordinate of the geometry; {@code NULL} for an empty geometry.
 */
@Internal
public final class StBoxOrdinate extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    /** The sides, named as the SQL functions are. */
    enum Side {
        XMin,
        XMax,
        YMin,
        YMax
    }

    private final Side side;

    StBoxOrdinate(Side side) {
        super(DataTypes.DOUBLE(), args(geometry()));
        this.side = side;
    }

    @Override
    String name() {
        return "ST_" + side.name();
    }

    public Double eval(Geometry geometry) {
        if (geometry == null || geometry.isEmpty()) {
            return null;
        }
        Envelope box = geometry.getEnvelopeInternal();
        switch (side) {
            case XMin:
                return box.getMinX();
            case XMax:
                return box.getMaxX();
            case YMin:
                return box.getMinY();
            default:
                return box.getMaxY();
        }
    }
}
