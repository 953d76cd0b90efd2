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
import org.locationtech.jts.geom.Point;

/**
 * {@code ST_Azimuth(a, b)}: the angle in radians from north, clockwise, of the segment from point
 * {@code a} to point {@code b}, in [0, 2π), with PostGIS's arithmetic ({@code fmod(2π + π/2 -
 * atan2(dy, dx), 2π)}; {@code atan2} is {@code StrictMath}'s, fdlibm's); {@code NULL} for two equal
 * points. Refused as PostGIS refuses them: an argument that is not a point, mixed SRIDs, an empty
 * point.
 */
@Internal
public final class StAzimuth extends GeometryFunction {
    private static final long serialVersionUID = 1L;
    private static final double TWO_PI = 2 * Math.PI;

    public StAzimuth() {
        super(DataTypes.DOUBLE(), args(geometry(), geometry()));
    }

    @Override
    String name() {
        return "ST_Azimuth";
    }

    public Double eval(Geometry a, Geometry b) {
        if (a == null || b == null) {
            return null;
        }
        // PostGIS reads all of a, then b, then compares SRIDs
        Point from = point(a);
        if (from.isEmpty()) {
            throw emptyPoint();
        }
        Point to = point(b);
        SameSrid.require(name(), a, b);
        if (to.isEmpty()) {
            throw emptyPoint();
        }
        double ax = from.getCoordinateSequence().getX(0);
        double ay = from.getCoordinateSequence().getY(0);
        double bx = to.getCoordinateSequence().getX(0);
        double by = to.getCoordinateSequence().getY(0);
        if (ax == bx && ay == by) {
            return null;
        }
        return (2 * Math.PI + Math.PI / 2 - StrictMath.atan2(by - ay, bx - ax)) % TWO_PI;
    }

    /** {@code geometry} as a point; refused if it is not one. */
    private static Point point(Geometry geometry) {
        if (!(geometry instanceof Point)) {
            throw new IllegalArgumentException(
                    "ST_Azimuth: Argument must be POINT geometries, not "
                            + GeometryTypeNames.of(geometry));
        }
        return (Point) geometry;
    }

    private static IllegalArgumentException emptyPoint() {
        return new IllegalArgumentException(
                "ST_Azimuth: Error extracting point: an empty point has no coordinates");
    }
}
