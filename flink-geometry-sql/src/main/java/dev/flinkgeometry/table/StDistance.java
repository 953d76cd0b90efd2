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

/**
 * {@code ST_Distance(geometry, geometry)}: the planar minimum distance, in the units of the
 * coordinates (0 when they intersect); {@code NULL} when either is empty. Mixed SRIDs are refused,
 * as in PostGIS. From a point, PostGIS's own arithmetic; between lines and polygons, JTS's ({@link
 * PlanarDistance}).
 *
 * <p>{@code ST_Distance(geometry, geometry, use_spheroid)}: PostGIS's {@code ST_Distance(geography,
 * geography, use_spheroid)}, meters between lon/lat geometries (SRID 4326 or 0) on WGS 84 (true) or
 * its sphere (false), rounded to 10 nm as PostGIS rounds ({@link Geography}).
 */
@Internal
public final class StDistance extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    public StDistance() {
        super(
                DataTypes.DOUBLE(),
                args(geometry(), geometry()),
                args(geometry(), geometry(), DataTypes.BOOLEAN()));
    }

    @Override
    String name() {
        return "ST_Distance";
    }

    public Double eval(Geometry a, Geometry b) {
        if (a == null || b == null) {
            return null;
        }
        SameSrid.require(name(), a, b);
        if (a.isEmpty() || b.isEmpty()) {
            return null;
        }
        return PlanarDistance.between(a, b);
    }

    public Double eval(Geometry a, Geometry b, Boolean useSpheroid) {
        if (a == null || b == null || useSpheroid == null) {
            return null;
        }
        // both lon/lat on WGS 84 (0 taken as 4326), so their SRIDs agree as geography's
        return Geography.distance(name(), a, b, useSpheroid);
    }
}
