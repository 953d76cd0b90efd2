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

import dev.flinkgeometry.format.geojson.GeoJsonFormatException;
import dev.flinkgeometry.format.geojson.GeoJsonReader;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.DataTypes;
import org.locationtech.jts.geom.Geometry;

/**
 * {@code ST_GeomFromGeoJSON(text STRING)}: a GeoJSON geometry object to a geometry as PostGIS 3.3
 * reads it ({@link GeoJsonReader}): SRID 4326 unless its {@code crs} names another, Z if a position
 * has three numbers, each decimal the nearest double. Text that is not such an object fails with
 * the reason, its character offset and the input.
 */
@Internal
public final class StGeomFromGeoJson extends GeometryFunction {
    private static final long serialVersionUID = 1L;
    private static final int SHOWN_CHARS = 200;

    private transient GeoJsonReader reader;

    public StGeomFromGeoJson() {
        super(geometry(), args(DataTypes.STRING()));
    }

    @Override
    String name() {
        return "ST_GeomFromGeoJSON";
    }

    public Geometry eval(String text) {
        if (text == null) {
            return null;
        }
        if (reader == null) {
            reader = new GeoJsonReader();
        }
        try {
            Geometry geometry = withCheckedSrid(reader.read(text));
            return SridFactories.withSrid(geometry, geometry.getSRID());
        } catch (GeoJsonFormatException e) {
            String shown =
                    text.length() <= SHOWN_CHARS ? text : text.substring(0, SHOWN_CHARS) + "...";
            return refuse(
                    "ST_GeomFromGeoJSON: invalid GeoJSON: "
                            + e.getMessage()
                            + "; input '"
                            + shown
                            + "'",
                    e);
        }
    }
}
