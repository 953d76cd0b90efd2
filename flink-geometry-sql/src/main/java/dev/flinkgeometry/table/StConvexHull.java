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
import org.locationtech.jts.algorithm.ConvexHull;
import org.locationtech.jts.geom.Geometry;

/**
 * {@code ST_ConvexHull(geometry)}: JTS's {@code ConvexHull}, the algorithm GEOS runs for PostGIS (a
 * point, a linestring or a polygon, as the hull is degenerate or not). The SRID is kept, M dropped
 * (GEOS has none), Z kept; an empty argument is returned as it is.
 */
@Internal
public final class StConvexHull extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    public StConvexHull() {
        super(geometry(), args(geometry()));
    }

    @Override
    String name() {
        return "ST_ConvexHull";
    }

    public Geometry eval(Geometry geometry) {
        if (geometry == null) {
            return null;
        }
        if (geometry.isEmpty()) {
            return geometry.copy();
        }
        return GeosResult.of(new ConvexHull(geometry).getConvexHull(), geometry);
    }
}
