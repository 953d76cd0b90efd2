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

import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;

/** The final state of one country: what the tracking stage emits at the end of the input. */
public class CountryVisits {
    /** The country's line in the Natural Earth file. */
    public int countryId;

    /** Positions seen in the country. */
    public long visits;

    /** The last position seen. */
    public Point last;

    /** The convex hull of every position seen. */
    public Geometry hull;

    /** Serialized size of the country's geometry state: key (if a geometry), last, hull. */
    public long stateBytes;

    /** For Flink's POJO serializer. */
    public CountryVisits() {}
}
