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
package dev.flinkgeometry.format;

import org.locationtech.jts.geom.Geometry;

/**
 * The limits every format of this library shares, declared once: the SRID range, the nesting depth
 * of geometry collections, the size of one encoding. Encoders refuse what exceeds them; decoders
 * refuse input that claims to.
 */
public final class GeometryLimits {
    /**
     * The largest SRID: the aligned format's header holds it in 3 bytes. Larger or negative SRIDs
     * are refused by every encoder, never truncated.
     */
    public static final int MAX_SRID = 0xFFFFFF;

    /** Deepest nesting of geometry collections written or read (the top level is depth 0). */
    public static final int MAX_NESTING_DEPTH = 64;

    /** The largest encoding: a Java array, with room left for a record's length prefix. */
    public static final int MAX_ENCODED_BYTES = Integer.MAX_VALUE - 16;

    private GeometryLimits() {}

    /** Whether {@code srid} is in {@code 0..}{@value #MAX_SRID}. */
    public static boolean isValidSrid(int srid) {
        return srid >= 0 && srid <= MAX_SRID;
    }

    /** Refuses to encode {@code geometry} if its SRID is outside {@code 0..}{@value #MAX_SRID}. */
    public static void requireValidSrid(Geometry geometry) throws GeometryFormatException {
        int srid = geometry.getSRID();
        if (!isValidSrid(srid)) {
            throw new GeometryFormatException(
                    "SRID "
                            + srid
                            + " of "
                            + geometry.getGeometryType()
                            + " does not fit the format's 24 bits (0.."
                            + MAX_SRID
                            + ")");
        }
    }
}
