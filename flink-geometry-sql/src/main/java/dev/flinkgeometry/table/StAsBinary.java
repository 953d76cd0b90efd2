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

import dev.flinkgeometry.format.wkb.WkbByteOrder;
import dev.flinkgeometry.format.wkb.WkbCodec;
import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.DataTypes;
import org.locationtech.jts.geom.Geometry;

/**
 * {@code ST_AsBinary(geometry)}: ISO WKB, little-endian (Z and M kept, as type codes
 * 1000/2000/3000; ISO WKB has no SRID). {@code ST_AsEWKB(geometry)}: PostGIS EWKB, with the SRID
 * unless it is 0. Both take a second argument, {@code 'NDR'} or {@code 'XDR'} (big-endian), as in
 * PostGIS.
 */
@Internal
public final class StAsBinary extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    private final boolean extended;
    private transient WkbCodec codec;

    /** {@code ST_AsBinary}. */
    public StAsBinary() {
        this(false);
    }

    StAsBinary(boolean extended) {
        super(DataTypes.BYTES(), args(geometry()), args(geometry(), DataTypes.STRING()));
        this.extended = extended;
    }

    @Override
    String name() {
        return extended ? "ST_AsEWKB" : "ST_AsBinary";
    }

    public byte[] eval(Geometry geometry) throws IOException {
        if (geometry == null) {
            return null;
        }
        if (codec == null) {
            codec = new WkbCodec();
        }
        return extended ? codec.writeEwkb(geometry) : codec.writeIsoWkb(geometry);
    }

    /** In the byte order named, {@code 'NDR'} (little-endian) or {@code 'XDR'}, in any case. */
    public byte[] eval(Geometry geometry, String byteOrder) throws IOException {
        if (geometry == null || byteOrder == null) {
            return null;
        }
        if (byteOrder.equalsIgnoreCase("NDR")) {
            return eval(geometry);
        }
        if (byteOrder.equalsIgnoreCase("XDR")) {
            return WkbByteOrder.toBigEndian(eval(geometry));
        }
        throw new IllegalArgumentException(
                name() + ": the byte order must be 'NDR' or 'XDR', not '" + byteOrder + "'");
    }
}
