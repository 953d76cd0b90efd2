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
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.DataTypes;
import org.locationtech.jts.geom.Geometry;

/**
 * {@code ST_AsEWKT(geometry [, digits INT])}: PostGIS's extended WKT, character for character
 * ({@code SRID=4326;POINT(1 2)}, no SRID when it is 0; {@code POINTM(1 2 3)}), ordinates rounded to
 * {@code digits} decimals, 15 by default as in PostGIS ({@link PostgisWktWriter#extended}). Like
 * PostGIS's, the text need not read back to the same doubles: {@code ST_AsEWKB} does.
 */
@Internal
public final class StAsEwkt extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    public StAsEwkt() {
        super(DataTypes.STRING(), args(geometry()), args(geometry(), DataTypes.INT()));
    }

    @Override
    String name() {
        return "ST_AsEWKT";
    }

    public String eval(Geometry geometry) {
        return eval(geometry, PostgisWktWriter.DEFAULT_DIGITS);
    }

    public String eval(Geometry geometry, Integer digits) {
        if (geometry == null || digits == null) {
            return null;
        }
        return PostgisWktWriter.extended(geometry, digits);
    }
}
