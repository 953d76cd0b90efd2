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
 * {@code ST_Area(geometry)}: the planar area of its polygons, in the units of its coordinates (for
 * meters on SRID 4326, the {@code use_spheroid} form below); 0 for points and lines. The shell
 * minus the holes, each ring by the shoelace sum relative to its first x, in the order of PostGIS's
 * {@code ptarray_signed_area}, so the doubles are PostGIS's.
 *
 * <p>{@code ST_Area(geometry, use_spheroid)}: PostGIS's {@code ST_Area(geography, use_spheroid)},
 * square meters of lon/lat polygons (SRID 4326 or 0): GeographicLib's geodesic polygon on WGS 84
 * (true), spherical excess on its sphere (false) ({@link GeodeticMeasures}).
 */
@Internal
public final class StArea extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    public StArea() {
        super(DataTypes.DOUBLE(), args(geometry()), args(geometry(), DataTypes.BOOLEAN()));
    }

    @Override
    String name() {
        return "ST_Area";
    }

    public Double eval(Geometry geometry) {
        return geometry == null ? null : geometry.getArea();
    }

    public Double eval(Geometry geometry, Boolean useSpheroid) {
        if (geometry == null || useSpheroid == null) {
            return null;
        }
        Geometry g = LonLatGeometry.asGeography(name(), geometry);
        return GeodeticMeasures.area(g, Geography.spheroid(useSpheroid));
    }
}
