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
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;

/** A point array as lon/lat degrees, {@code xy[2i]} and {@code xy[2i + 1]}, as PostGIS reads it. */
@Internal
final class Rings {
    private Rings() {}

    static double[] lonLat(LineString line) {
        return lonLat(line.getCoordinateSequence());
    }

    static double[] lonLat(Point point) {
        return lonLat(point.getCoordinateSequence());
    }

    static double[] lonLat(CoordinateSequence sequence) {
        double[] xy = new double[2 * sequence.size()];
        for (int i = 0; i < sequence.size(); i++) {
            xy[2 * i] = sequence.getX(i);
            xy[2 * i + 1] = sequence.getY(i);
        }
        return xy;
    }
}
