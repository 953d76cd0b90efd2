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
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Polygon;

/**
 * {@code ST_Perimeter(geometry)}: the planar length of the rings of its polygons, in the units of
 * its coordinates, in two dimensions (0 for points and lines), summed as PostGIS's {@code
 * ptarray_length_2d} sums.
 *
 * <p>{@code ST_Perimeter(geometry, use_spheroid)}: PostGIS's {@code ST_Perimeter(geography,
 * use_spheroid)}, meters around lon/lat polygons (SRID 4326 or 0) on WGS 84 (true) or its sphere
 * (false); 0 for anything but a polygon, a multipolygon or a collection, and a collection's lines
 * count, as in PostGIS ({@link GeodeticMeasures}).
 */
@Internal
public final class StPerimeter extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    public StPerimeter() {
        super(DataTypes.DOUBLE(), args(geometry()), args(geometry(), DataTypes.BOOLEAN()));
    }

    @Override
    String name() {
        return "ST_Perimeter";
    }

    public Double eval(Geometry geometry) {
        return geometry == null ? null : perimeter(geometry);
    }

    public Double eval(Geometry geometry, Boolean useSpheroid) {
        if (geometry == null || useSpheroid == null) {
            return null;
        }
        Geometry g = LonLatGeometry.asGeography(name(), geometry);
        if (!(g instanceof Polygon)
                && !(g instanceof MultiPolygon)
                && g.getClass() != GeometryCollection.class) {
            return 0.0;
        }
        return GeodeticMeasures.length(g, Geography.spheroid(useSpheroid));
    }

    private static double perimeter(Geometry geometry) {
        if (geometry instanceof Polygon) {
            Polygon polygon = (Polygon) geometry;
            double perimeter = StLength.length(polygon.getExteriorRing().getCoordinateSequence());
            for (int i = 0; i < polygon.getNumInteriorRing(); i++) {
                perimeter += StLength.length(polygon.getInteriorRingN(i).getCoordinateSequence());
            }
            return perimeter;
        }
        double perimeter = 0.0;
        if (geometry instanceof GeometryCollection) {
            for (int i = 0; i < geometry.getNumGeometries(); i++) {
                perimeter += perimeter(geometry.getGeometryN(i));
            }
        }
        return perimeter;
    }
}
