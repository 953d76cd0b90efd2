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
import org.locationtech.jts.geom.LineString;

/** PostGIS's names of geometry types, for results and messages. */
@Internal
final class GeometryTypeNames {
    private GeometryTypeNames() {}

    /**
     * {@code Point}, {@code LineString}, {@code Polygon}, {@code MultiPoint}, {@code
     * MultiLineString}, {@code MultiPolygon} or {@code GeometryCollection}: a JTS {@code
     * LinearRing} is a {@code LineString} (PostGIS has no ring type).
     */
    static String of(Geometry geometry) {
        return geometry instanceof LineString ? "LineString" : geometry.getGeometryType();
    }
}
