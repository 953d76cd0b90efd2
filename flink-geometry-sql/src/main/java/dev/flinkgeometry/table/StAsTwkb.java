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

import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.format.twkb.TwkbWriter;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.DataTypes;
import org.locationtech.jts.geom.Geometry;

/**
 * {@code ST_AsTWKB(geometry [, xy INT [, z INT [, m INT]]])}: TWKB as PostGIS's {@code ST_AsTWKB}
 * writes it, without bounding box, sizes or id list: X and Y rounded to {@code xy} decimal digits
 * (default 0, or 5 for a geographic SRID as in PostGIS: {@link TwkbDefaultPrecision}; {@code
 * -7..7}), Z to {@code z} and M to {@code m} (default 0, {@code 0..7}), halves away from zero; the
 * SRID is not part of TWKB. The bytes are PostGIS's ({@link TwkbWriter#asPostgis()}): a point of a
 * line or ring that rounds to the point before it is left out while a line keeps 2 points and a
 * ring 4, empty members of a MultiPoint are left out, and a collection of empties is an empty
 * collection. Unlike PostGIS, an ordinate that cannot be rounded (NaN, infinite, beyond 2^53 units)
 * fails the query instead of writing an undefined value.
 */
@Internal
public final class StAsTwkb extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    private transient TwkbWriter writer;

    public StAsTwkb() {
        super(
                DataTypes.BYTES(),
                args(geometry()),
                args(geometry(), DataTypes.INT()),
                args(geometry(), DataTypes.INT(), DataTypes.INT()),
                args(geometry(), DataTypes.INT(), DataTypes.INT(), DataTypes.INT()));
    }

    @Override
    String name() {
        return "ST_AsTWKB";
    }

    public byte[] eval(Geometry geometry) {
        return geometry == null
                ? null
                : eval(geometry, TwkbDefaultPrecision.xy(geometry.getSRID()), 0, 0);
    }

    public byte[] eval(Geometry geometry, Integer xy) {
        return eval(geometry, xy, 0, 0);
    }

    public byte[] eval(Geometry geometry, Integer xy, Integer z) {
        return eval(geometry, xy, z, 0);
    }

    public byte[] eval(Geometry geometry, Integer xy, Integer z, Integer m) {
        if (geometry == null || xy == null || z == null || m == null) {
            return null;
        }
        if (writer == null) {
            writer = TwkbWriter.asPostgis();
        }
        try {
            return writer.write(geometry, xy, z, m);
        } catch (GeometryFormatException | IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    name() + ": " + e.getMessage() + "; input " + geometry, e);
        }
    }
}
