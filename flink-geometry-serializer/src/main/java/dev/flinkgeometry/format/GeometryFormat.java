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

import dev.flinkgeometry.format.internal.CoordinateTypeRule;
import org.locationtech.jts.geom.Geometry;

/**
 * The aligned geometry format: constants and one-call conveniences over {@link GeometryEncoder} and
 * {@link GeometryDecoder}. Byte-level specification: {@code docs/FORMAT.md}.
 *
 * <p>A record is an 8-byte header (preamble {@code type << 4 | coordinateType << 1 | sridFlag},
 * SRID in 3 bytes big-endian, int32 count), the coordinates as little-endian doubles from offset 8,
 * then int32 structure data. The payload is byte-identical to Apache Sedona's {@code
 * GeometrySerializer} for every geometry that Sedona encodes without loss.
 */
public final class GeometryFormat {
    /**
     * The version of the format these classes write. The bytes carry no version: whoever stores
     * them records it (the Flink serializer's snapshot does). A change to the bytes is a new
     * version, never an edit of this one.
     */
    public static final int VERSION = 1;

    /** Size of every header. */
    public static final int HEADER_BYTES = 8;

    /** The largest SRID the 3-byte field holds; larger or negative SRIDs are rejected. */
    public static final int MAX_SRID = 0xFFFFFF;

    /** Deepest nesting of geometry collections written or read (the top level is depth 0). */
    public static final int MAX_NESTING_DEPTH = 64;

    /** The largest encoding: a Java array, with room left for a record's length prefix. */
    public static final int MAX_ENCODED_BYTES = Integer.MAX_VALUE - 16;

    // The geometry type codes of the preamble are the WKB codes: GeometryTypeCode.

    private GeometryFormat() {}

    /** Encodes {@code geometry} into a new array. */
    public static byte[] encode(Geometry geometry) throws GeometryFormatException {
        return new GeometryEncoder().encode(geometry);
    }

    /** Decodes a whole array into a geometry with JTS's default coordinate sequences. */
    public static Geometry decode(byte[] bytes) throws GeometryFormatException {
        return GeometryDecoder.of(CoordinateSequenceKind.ARRAY).decode(bytes, 0, bytes.length);
    }

    /**
     * The coordinate layout that {@code geometry}'s header gets: Z if and only if some coordinate
     * has a non-NaN Z, M if and only if some has a non-NaN M. A geometry collection's header is
     * always XY; each member is decided on its own values.
     */
    public static CoordinateLayout layoutOf(Geometry geometry) {
        return CoordinateTypeRule.isCollectionProper(geometry)
                ? CoordinateLayout.XY
                : CoordinateLayout.ofFlags(CoordinateTypeRule.of(geometry, true));
    }
}
