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
 * {@code ST_DistanceSpheroid(g1, g2 [, spheroid])}: meters between lon/lat geometries on a
 * spheroid, as PostGIS 3.3 computes them: the nearest points found on the sphere, then
 * GeographicLib's geodesic between them. The spheroid is PostGIS's text, {@code 'SPHEROID["WGS
 * 84",6378137,298.257223563]'} (the default). Points, lines, polygons and their multi types; -1 for
 * an empty argument, as PostGIS; an SRID other than 4326 and 0 is refused ({@link LonLatGeometry}).
 */
@Internal
public final class StDistanceSpheroid extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    private transient String lastText;
    private transient Spheroid lastSpheroid;

    public StDistanceSpheroid() {
        super(
                DataTypes.DOUBLE(),
                args(geometry(), geometry()),
                args(geometry(), geometry(), DataTypes.STRING()));
    }

    @Override
    String name() {
        return "ST_DistanceSpheroid";
    }

    public Double eval(Geometry a, Geometry b) {
        if (a == null || b == null) {
            return null;
        }
        return SpheroidDistance.between(name(), a, b, Spheroid.WGS84);
    }

    public Double eval(Geometry a, Geometry b, String spheroid) {
        if (a == null || b == null || spheroid == null) {
            return null;
        }
        if (!spheroid.equals(lastText)) {
            lastSpheroid = Spheroid.parse(name(), spheroid);
            lastText = spheroid;
        }
        return SpheroidDistance.between(name(), a, b, lastSpheroid);
    }
}
