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
package dev.flinkgeometry.format.aligned;

import dev.flinkgeometry.format.CoordinateLayout;
import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.format.GeometryDecoder;
import dev.flinkgeometry.format.GeometryEncoder;
import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.format.internal.CoordinateTypeRule;
import org.locationtech.jts.geom.Geometry;

/**
 * The aligned geometry format: constants and one-call conveniences over {@link AlignedWriter} and
 * {@link AlignedReader}. Byte-level specification: {@code docs/FORMAT.md}.
 *
 * <p>A record is an 8-byte header (preamble {@code type << 4 | coordinateType << 1 | sridFlag},
 * SRID in 3 bytes big-endian, int32 count), the coordinates as little-endian doubles from offset 8,
 * then int32 structure data. The payload is byte-identical to Apache Sedona's {@code
 * GeometrySerializer} for every geometry that Sedona encodes without loss.
 */
public final class AlignedFormat {
    /**
     * The version of the format these classes write. The bytes carry no version: whoever stores
     * them records it (the Flink serializer's snapshot does) and asks {@link #encoder} and {@link
     * #decoder} for that version. A change to the bytes is a new version, never an edit of this
     * one.
     */
    public static final int VERSION = 1;

    /** Size of every header. */
    public static final int HEADER_BYTES = 8;

    // The SRID range, nesting depth and largest encoding: GeometryLimits.

    // The geometry type codes of the preamble are the WKB codes: GeometryTypeCode.

    private AlignedFormat() {}

    /**
     * The encoder of format {@code version}, for one thread: what a serializer restored from a
     * snapshot that recorded {@code version} writes. One {@code case} per version: a new version is
     * a new case (and a new encoder path) beside the old ones, never an edit of one.
     *
     * @throws IllegalArgumentException if this release does not know {@code version}
     */
    public static GeometryEncoder encoder(int version) {
        switch (version) {
            case 1:
                return new AlignedWriter();
            default:
                throw new IllegalArgumentException(unknownVersionMessage(version));
        }
    }

    /**
     * The decoder of format {@code version}, for one thread, building sequences of {@code kind}:
     * what reads the state a snapshot of {@code version} describes. One {@code case} per version.
     *
     * @throws IllegalArgumentException if this release does not know {@code version}
     */
    public static GeometryDecoder decoder(int version, CoordinateSequenceKind kind) {
        switch (version) {
            case 1:
                return AlignedReader.reusing(kind);
            default:
                throw new IllegalArgumentException(unknownVersionMessage(version));
        }
    }

    /** Whether this release reads and writes format {@code version}. */
    public static boolean isKnownVersion(int version) {
        return version >= 1 && version <= VERSION;
    }

    /** The message for a format version this release does not know. */
    public static String unknownVersionMessage(int version) {
        return "unknown aligned format version "
                + version
                + " (this release knows 1.."
                + VERSION
                + ")";
    }

    /** Encodes {@code geometry} into a new array. */
    public static byte[] encode(Geometry geometry) throws GeometryFormatException {
        return new AlignedWriter().encode(geometry);
    }

    /** Decodes a whole array into a geometry with JTS's default coordinate sequences. */
    public static Geometry decode(byte[] bytes) throws GeometryFormatException {
        return AlignedReader.of(CoordinateSequenceKind.ARRAY).decode(bytes, 0, bytes.length);
    }

    /**
     * The coordinate layout that {@code geometry}'s header gets: Z if and only if some coordinate
     * has a non-NaN Z, M if and only if some has a non-NaN M. A geometry collection's header is
     * always XY; each member is decided on its own values.
     */
    public static CoordinateLayout layoutOf(Geometry geometry) {
        return CoordinateTypeRule.isCollectionProper(geometry)
                ? CoordinateLayout.XY
                : CoordinateLayout.ofCode(codeOf(CoordinateTypeRule.of(geometry, true)));
    }

    /**
     * The header's coordinate-type code ({@link CoordinateLayout#code}) for the flags of {@link
     * CoordinateTypeRule} (Z is 1, M is 2): 1 + flags.
     */
    static int codeOf(int flags) {
        return 1 + flags;
    }
}
