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

import dev.flinkgeometry.format.geojson.GeoJsonWriter;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.DataTypes;
import org.locationtech.jts.geom.Geometry;

/**
 * {@code ST_AsGeoJSON(geometry [, maxdecimaldigits INT [, options INT]])}: GeoJSON text as PostGIS
 * 3.3 writes it ({@link GeoJsonWriter}): at most {@code maxdecimaldigits} decimals (default 9);
 * {@code options} a sum of 1 (bbox), 2 (short CRS), 4 (long CRS), 8 (short CRS unless SRID 4326;
 * the default). {@code NULL} if any argument is {@code NULL}, as PostGIS's strict function.
 */
@Internal
public final class StAsGeoJson extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    public StAsGeoJson() {
        super(
                DataTypes.STRING(),
                args(geometry()),
                args(geometry(), DataTypes.INT()),
                args(geometry(), DataTypes.INT(), DataTypes.INT()));
    }

    @Override
    String name() {
        return "ST_AsGeoJSON";
    }

    public String eval(Geometry geometry) {
        return eval(geometry, GeoJsonWriter.DEFAULT_DIGITS, GeoJsonWriter.DEFAULT_OPTIONS);
    }

    public String eval(Geometry geometry, Integer maxDecimalDigits) {
        return eval(geometry, maxDecimalDigits, GeoJsonWriter.DEFAULT_OPTIONS);
    }

    public String eval(Geometry geometry, Integer maxDecimalDigits, Integer options) {
        if (geometry == null || maxDecimalDigits == null || options == null) {
            return null;
        }
        try {
            return GeoJsonWriter.write(geometry, maxDecimalDigits, options);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("ST_AsGeoJSON: " + e.getMessage(), e);
        }
    }
}
