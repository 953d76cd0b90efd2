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

/**
 * One country as broadcast to every locating subtask: its line in the Natural Earth file, the
 * number of countries in all (so that a subtask knows when it has every polygon), and its shape.
 */
public class Country {
    /** Zero-based line of the country in the Natural Earth file. */
    public int id;

    /** How many countries are broadcast in all. */
    public int total;

    /** The country's polygon or multipolygon. */
    public Geometry shape;

    /** For Flink's POJO serializer. */
    public Country() {}

    Country(int id, int total, Geometry shape) {
        this.id = id;
        this.total = total;
        this.shape = shape;
    }
}
