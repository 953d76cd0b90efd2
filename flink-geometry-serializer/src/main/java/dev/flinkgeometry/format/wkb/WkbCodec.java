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
package dev.flinkgeometry.format.wkb;

import java.io.IOException;
import org.locationtech.jts.geom.Geometry;

/**
 * The WKB reader and writers of this package for other callers (the SQL conversion functions):
 * reads ISO WKB and PostGIS EWKB (either byte order, Z, M, ZM, SRID); writes little-endian EWKB
 * (with the SRID when it is not 0) or ISO WKB (no SRID), the members of a geometry collection in
 * the collection's dimension, as PostGIS requires. Not thread-safe: one instance per thread.
 */
public final class WkbCodec {
    private final WkbReader reader = new WkbReader();
    private final WkbWriter ewkbWriter = new WkbWriter(false, true);
    private final WkbWriter isoWriter = new WkbWriter(true, true);

    /**
     * Reads exactly one geometry from {@code bytes}.
     *
     * @throws IOException saying what is wrong and at which offset
     */
    public Geometry read(byte[] bytes) throws IOException {
        return reader.read(bytes, 0, bytes.length);
    }

    /** PostGIS extended WKB, little-endian: Z and M flags, and the SRID unless it is 0. */
    public byte[] writeEwkb(Geometry geometry) throws IOException {
        return ewkbWriter.write(geometry);
    }

    /** ISO WKB, little-endian: Z and M in the type code (1000, 2000, 3000); no SRID. */
    public byte[] writeIsoWkb(Geometry geometry) throws IOException {
        return isoWriter.write(geometry);
    }
}
