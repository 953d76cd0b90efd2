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
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;

/**
 * {@code ST_X}, {@code ST_Y}, {@code ST_Z}, {@code ST_M} of a point: the ordinate, or {@code NULL}
 * for an empty point and for a Z or M the point has no value for (a geometry column keeps Z and M
 * by value, so a NaN Z is no Z). Any other geometry is refused, as PostGIS refuses it.
 */
@Internal
public final class StPointOrdinate extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    /** The ordinates, named as the SQL functions are. */
    enum Ordinate {
        X,
        Y,
        Z,
        M
    }

    private final Ordinate ordinate;

    StPointOrdinate(Ordinate ordinate) {
        super(DataTypes.DOUBLE(), args(geometry()));
        this.ordinate = ordinate;
    }

    @Override
    String name() {
        return "ST_" + ordinate.name();
    }

    public Double eval(Geometry geometry) {
        if (geometry == null) {
            return null;
        }
        if (!(geometry instanceof Point)) {
            throw new IllegalArgumentException(
                    "Argument to "
                            + name()
                            + "() must have type POINT, not "
                            + GeometryTypeNames.of(geometry));
        }
        if (geometry.isEmpty()) {
            return null;
        }
        CoordinateSequence sequence = ((Point) geometry).getCoordinateSequence();
        double value;
        switch (ordinate) {
            case X:
                return sequence.getX(0);
            case Y:
                return sequence.getY(0);
            case Z:
                value = sequence.hasZ() ? sequence.getZ(0) : Double.NaN;
                break;
            default:
                value = sequence.hasM() ? sequence.getM(0) : Double.NaN;
                break;
        }
        return Double.isNaN(value) ? null : value;
    }
}
