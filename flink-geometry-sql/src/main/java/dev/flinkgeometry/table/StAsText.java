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

import dev.flinkgeometry.format.wkt.PostgisWktWriter;
import dev.flinkgeometry.format.wkt.WktWriter;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.DataTypes;
import org.locationtech.jts.geom.Geometry;

/**
 * {@code ST_AsText(geometry)}: WKT with {@code Z}, {@code M} or {@code ZM} where the geometry has
 * such values (WKT has no SRID: use {@code ST_SRID}). Ordinates are written so that they read back
 * to the same doubles and that PostGIS reads ({@link WktWriter}); PostGIS's own {@code
 * ST_AsText(g)} rounds to 15 decimals, which {@code ST_AsText(geometry, 15)} gives. {@code
 * ST_AsText(geometry, digits INT)}: PostGIS's text at {@code digits} decimals, character for
 * character ({@link PostgisWktWriter#iso}).
 */
@Internal
public final class StAsText extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    public StAsText() {
        super(DataTypes.STRING(), args(geometry()), args(geometry(), DataTypes.INT()));
    }

    @Override
    String name() {
        return "ST_AsText";
    }

    public String eval(Geometry geometry) {
        if (geometry == null) {
            return null;
        }
        return WktWriter.write(geometry);
    }

    /** PostGIS's text at {@code digits} decimals ({@link PostgisWktWriter#iso}). */
    public String eval(Geometry geometry, Integer digits) {
        if (geometry == null || digits == null) {
            return null;
        }
        return PostgisWktWriter.iso(geometry, digits);
    }
}
