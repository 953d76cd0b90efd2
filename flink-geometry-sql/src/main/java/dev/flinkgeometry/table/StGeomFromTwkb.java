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

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.format.twkb.TwkbReader;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.util.StringUtils;
import org.locationtech.jts.geom.Geometry;

/**
 * {@code ST_GeomFromTWKB(twkb BYTES [, srid INT])}: a geometry from TWKB as PostGIS's {@code
 * ST_GeomFromTWKB} reads it (any precision, Z, M, bounding boxes, sizes and id lists skipped,
 * empties); each ordinate is {@code q / 10^precision}. TWKB has no SRID: the geometry gets SRID 0,
 * or {@code srid}. Invalid bytes fail with what is wrong, where, and the input.
 */
@Internal
public final class StGeomFromTwkb extends GeometryFunction {
    private static final long serialVersionUID = 1L;
    private static final int SHOWN_BYTES = 64;
    private static final TwkbReader READER = TwkbReader.of(CoordinateSequenceKind.ARRAY);

    public StGeomFromTwkb() {
        super(geometry(), args(DataTypes.BYTES()), args(DataTypes.BYTES(), DataTypes.INT()));
    }

    @Override
    String name() {
        return "ST_GeomFromTWKB";
    }

    public Geometry eval(byte[] twkb) {
        return twkb == null ? null : read(twkb, 0);
    }

    public Geometry eval(byte[] twkb, Integer srid) {
        return twkb == null || srid == null ? null : read(twkb, srid);
    }

    private Geometry read(byte[] twkb, int srid) {
        try {
            // Every member gets the SRID too, as the geometry column's serializer carries them.
            return withCheckedSrid(READER.read(twkb, srid));
        } catch (GeometryFormatException | RuntimeException e) {
            if (e instanceof IllegalArgumentException && e.getMessage().startsWith(name())) {
                throw (IllegalArgumentException) e;
            }
            throw new IllegalArgumentException(
                    name() + ": invalid TWKB: " + e.getMessage() + "; input " + shown(twkb), e);
        }
    }

    private static String shown(byte[] twkb) {
        int shown = Math.min(twkb.length, SHOWN_BYTES);
        return "0x"
                + StringUtils.byteToHexString(twkb, 0, shown)
                + (shown < twkb.length ? "..." : "")
                + " ("
                + twkb.length
                + " bytes)";
    }
}
