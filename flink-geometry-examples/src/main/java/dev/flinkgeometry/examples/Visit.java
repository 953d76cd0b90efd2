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

/** One position inside a country. */
public class Visit {
    /** The country's line in the Natural Earth file. */
    public int countryId;

    /** The country's shape: the key of the tracking stage. */
    public Geometry country;

    /** Where the position is. */
    public Point position;

    /** For Flink's POJO serializer. */
    public Visit() {}

    Visit(int countryId, Geometry country, Point position) {
        this.countryId = countryId;
        this.country = country;
        this.position = position;
    }
}
