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
package dev.flinkgeometry.examples;

import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;

/** What {@link LastPositionsJob} knows about a vehicle after one of its fixes. */
public class VehiclePosition {
    public String vehicle;

    /** The vehicle's fixes so far. */
    public long fixes;

    /** Its last position, exactly as the feed gave it (lossless compact state). */
    public Point last;

    /** Its last positions, at most {@link LastPositionsJob#TRACK_POINTS}, rounded to 5 decimals. */
    public LineString track;

    /** For Flink's POJO serializer. */
    public VehiclePosition() {}

    VehiclePosition(String vehicle, long fixes, Point last, LineString track) {
        this.vehicle = vehicle;
        this.fixes = fixes;
        this.last = last;
        this.track = track;
    }
}
