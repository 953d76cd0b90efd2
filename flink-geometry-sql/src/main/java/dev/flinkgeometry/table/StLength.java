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
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Polygon;

/**
 * {@code ST_Length(geometry)}: the planar length of its linestrings, in the units of its
 * coordinates, in two dimensions; 0 for points and polygons (a polygon's boundary is {@code
 * ST_Perimeter} in PostGIS, not its length). Summed segment by segment as PostGIS's {@code
 * ptarray_length_2d} sums, so the doubles are PostGIS's.
 *
 * <p>{@code ST_Length(geometry, use_spheroid)}: PostGIS's {@code ST_Length(geography,
 * use_spheroid)}, meters along lon/lat lines (SRID 4326 or 0) on WGS 84 (true) or its sphere
 * (false), in 3D where the line has Z; 0 for a polygon or multipolygon, but a collection's polygons
 * count their rings, as in PostGIS ({@link GeodeticMeasures}).
 */
@Internal
public final class StLength extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    public StLength() {
        super(DataTypes.DOUBLE(), args(geometry()), args(geometry(), DataTypes.BOOLEAN()));
    }

    @Override
    String name() {
        return "ST_Length";
    }

    public Double eval(Geometry geometry) {
        return geometry == null ? null : length(geometry);
    }

    public Double eval(Geometry geometry, Boolean useSpheroid) {
        if (geometry == null || useSpheroid == null) {
            return null;
        }
        Geometry g = LonLatGeometry.asGeography(name(), geometry);
        if (g.isEmpty() || g instanceof Polygon || g instanceof MultiPolygon) {
            return 0.0;
        }
        return GeodeticMeasures.length(g, Geography.spheroid(useSpheroid));
    }

    private static double length(Geometry geometry) {
        if (geometry instanceof LineString) {
            return length(((LineString) geometry).getCoordinateSequence());
        }
        double length = 0.0;
        if (geometry instanceof GeometryCollection) {
            for (int i = 0; i < geometry.getNumGeometries(); i++) {
                length += length(geometry.getGeometryN(i));
            }
        }
        return length;
    }

    static double length(CoordinateSequence line) {
        double length = 0.0;
        for (int i = 1; i < line.size(); i++) {
            double dx = line.getX(i - 1) - line.getX(i);
            double dy = line.getY(i - 1) - line.getY(i);
            length += Math.sqrt(dx * dx + dy * dy);
        }
        return length;
    }
}
