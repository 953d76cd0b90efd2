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
import org.locationtech.jts.geom.Geometry;

/** The SRID rule of PostGIS's functions of two geometries: both must have the same SRID. */
@Internal
final class SameSrid {
    private SameSrid() {}

    /**
     * Fails as PostGIS fails when {@code a} and {@code b} have different SRIDs, naming the
     * function, the types and the SRIDs.
     */
    static void require(String function, Geometry a, Geometry b) {
        if (a.getSRID() != b.getSRID()) {
            throw new IllegalArgumentException(
                    function
                            + ": Operation on mixed SRID geometries ("
                            + GeometryTypeNames.of(a)
                            + ", "
                            + a.getSRID()
                            + ") != ("
                            + GeometryTypeNames.of(b)
                            + ", "
                            + b.getSRID()
                            + ")");
        }
    }
}
