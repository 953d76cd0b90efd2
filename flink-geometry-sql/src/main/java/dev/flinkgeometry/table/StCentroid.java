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
import org.locationtech.jts.geom.Geometry;

/**
 * {@code ST_Centroid(geometry)} and {@code ST_PointOnSurface(geometry)}: a point, computed by JTS's
 * {@code Centroid} and {@code InteriorPoint}, the algorithms GEOS runs for PostGIS. The SRID is
 * kept, M dropped (GEOS has none), Z kept where the point has one (a vertex's, for {@code
 * ST_PointOnSurface} of points and lines); an empty argument gives an empty point with its Z and M.
 */
@Internal
public final class StCentroid extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    private final boolean onSurface;

    /** {@code ST_Centroid}. */
    public StCentroid() {
        this(false);
    }

    /** {@code ST_PointOnSurface} when {@code onSurface}. */
    StCentroid(boolean onSurface) {
        super(geometry(), args(geometry()));
        this.onSurface = onSurface;
    }

    @Override
    String name() {
        return onSurface ? "ST_PointOnSurface" : "ST_Centroid";
    }

    public Geometry eval(Geometry geometry) {
        if (geometry == null) {
            return null;
        }
        if (geometry.isEmpty()) {
            return GeosResult.emptyPoint(geometry);
        }
        return GeosResult.of(
                onSurface ? geometry.getInteriorPoint() : geometry.getCentroid(), geometry);
    }
}
