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

import dev.flinkgeometry.format.wkb.WkbCodec;
import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.util.StringUtils;
import org.locationtech.jts.geom.Geometry;

/**
 * {@code ST_GeomFromWKB(wkb BYTES [, srid INT])} and {@code ST_GeomFromEWKB(ewkb BYTES)}: ISO WKB
 * or PostGIS EWKB (either byte order, Z, M, ZM, an EWKB SRID) to a geometry; the optional SRID
 * replaces the one in the bytes. Invalid bytes fail with what is wrong, where, and the input.
 */
@Internal
public final class StGeomFromWkb extends GeometryFunction {
    private static final long serialVersionUID = 1L;
    private static final int SHOWN_BYTES = 64;

    private final String name;
    private transient WkbCodec codec;

    /** {@code ST_GeomFromWKB}. */
    public StGeomFromWkb() {
        this("ST_GeomFromWKB");
    }

    StGeomFromWkb(String name) {
        super(geometry(), args(DataTypes.BYTES()), args(DataTypes.BYTES(), DataTypes.INT()));
        this.name = name;
    }

    @Override
    String name() {
        return name;
    }

    public Geometry eval(byte[] wkb) {
        if (wkb == null) {
            return null;
        }
        if (codec == null) {
            codec = new WkbCodec();
        }
        Geometry geometry;
        try {
            geometry = codec.read(wkb);
        } catch (IOException | RuntimeException e) {
            return refuse(name + ": invalid WKB: " + e.getMessage() + "; input " + shown(wkb), e);
        }
        return withCheckedSrid(geometry); // outside the try: its message names the function once
    }

    /** A NULL SRID gives NULL, as in PostGIS, whose function is STRICT. */
    public Geometry eval(byte[] wkb, Integer srid) {
        Geometry geometry = srid == null ? null : eval(wkb);
        if (geometry == null) {
            return null;
        }
        checkSrid(srid);
        return SridFactories.withSrid(geometry, srid);
    }

    private static String shown(byte[] wkb) {
        int shown = Math.min(wkb.length, SHOWN_BYTES);
        return "0x"
                + StringUtils.byteToHexString(wkb, 0, shown)
                + (shown < wkb.length ? "..." : "")
                + " ("
                + wkb.length
                + " bytes)";
    }
}
