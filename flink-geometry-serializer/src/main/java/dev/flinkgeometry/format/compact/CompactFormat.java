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
package dev.flinkgeometry.format.compact;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.format.GeometryDecoder;
import dev.flinkgeometry.format.GeometryEncoder;
import dev.flinkgeometry.format.GeometryLimits;

/**
 * The compact record payload, version 1 (byte-level specification: {@code docs/FORMAT.md}, section
 * "Compact record"). The first byte tells what follows:
 *
 * <ul>
 *   <li>{@link #TWKB} {@code 0x00}: a TWKB geometry, SRID 0;
 *   <li>{@link #TWKB_WITH_SRID} {@code 0x01}: the SRID as an unsigned LEB128 varint ({@code
 *       1..16777215}, minimal form), then a TWKB geometry;
 *   <li>{@link #ALIGNED} {@code 0x02}: an aligned-format payload (version 1), which carries its own
 *       SRID: the fallback for geometries that TWKB cannot carry exactly.
 * </ul>
 *
 * <p>A record of a geometry whose SRID is the <i>declared SRID</i> of its writer (recorded beside
 * the format version by whoever stores the records; 0 unless declared) stores no SRID. For the
 * declared SRID 0 that is the {@code 0x00} record above. For any other declared SRID the record is
 * the TWKB alone, whose first byte (type in the low nibble, 1..7) is no kind byte; where that byte
 * would read as one ({@code 0x01..0x03}: a point, line string or polygon at precision 0), {@link
 * #TWKB_DECLARED_SRID} {@code 0x03} comes first. Records of the declared SRID 0 never take these
 * forms, so every record written before SRIDs were declared keeps its meaning.
 */
public final class CompactFormat {
    /**
     * The version of the compact payload these classes write; recorded by whoever stores it, who
     * asks {@link #losslessEncoder}, {@link #encoderWithPrecision} and {@link #decoder} for it.
     */
    public static final int VERSION = 1;

    /** Leading byte of each kind of record. */
    public static final int TWKB = 0x00, TWKB_WITH_SRID = 0x01, ALIGNED = 0x02;

    /**
     * Leading byte of a TWKB record of the declared SRID whose TWKB starts with a kind byte ({@code
     * 0x01..0x03}); only under a declared SRID other than 0.
     */
    public static final byte TWKB_DECLARED_SRID = 0x03;

    private CompactFormat() {}

    /**
     * The lossless encoder of format {@code version}, for one thread, whose records of {@code
     * declaredSrid} store no SRID. One {@code case} per version: a new version is a new case (and a
     * new encoder path) beside the old ones, never an edit of one.
     *
     * @throws IllegalArgumentException if this release does not know {@code version}, or {@code
     *     declaredSrid} is not in {@code 0..16777215}
     */
    public static GeometryEncoder losslessEncoder(int version, int declaredSrid) {
        switch (version) {
            case 1:
                return CompactEncoder.lossless().withDeclaredSrid(declaredSrid);
            default:
                throw new IllegalArgumentException(unknownVersionMessage(version));
        }
    }

    /**
     * The encoder of format {@code version} at fixed precisions ({@link
     * CompactEncoder#withPrecision}), for one thread, whose records of {@code declaredSrid} store
     * no SRID. One {@code case} per version.
     *
     * @throws IllegalArgumentException if this release does not know {@code version}, or a
     *     precision or {@code declaredSrid} is out of range
     */
    public static GeometryEncoder encoderWithPrecision(
            int version, int xy, int z, int m, int declaredSrid) {
        switch (version) {
            case 1:
                return CompactEncoder.withPrecision(xy, z, m).withDeclaredSrid(declaredSrid);
            default:
                throw new IllegalArgumentException(unknownVersionMessage(version));
        }
    }

    /**
     * The decoder of format {@code version}, building sequences of {@code kind}, of records written
     * with {@code declaredSrid}. One {@code case} per version.
     *
     * @throws IllegalArgumentException if this release does not know {@code version}, or {@code
     *     declaredSrid} is not in {@code 0..16777215}
     */
    public static GeometryDecoder decoder(
            int version, CoordinateSequenceKind kind, int declaredSrid) {
        switch (version) {
            case 1:
                return CompactDecoder.of(kind, declaredSrid);
            default:
                throw new IllegalArgumentException(unknownVersionMessage(version));
        }
    }

    /** Whether this release reads and writes compact format {@code version}. */
    public static boolean isKnownVersion(int version) {
        return version >= 1 && version <= VERSION;
    }

    /** The message for a compact format version this release does not know. */
    public static String unknownVersionMessage(int version) {
        return "unknown compact format version "
                + version
                + " (this release knows 1.."
                + VERSION
                + ")";
    }

    /** Whether a record may start with {@code first} as its kind byte ({@code 0x00..0x03}). */
    static boolean isKindByte(byte first) {
        return (first & 0xFF) <= TWKB_DECLARED_SRID;
    }

    /**
     * Whether {@code first} starts the bare TWKB of a record of the declared SRID: a TWKB type byte
     * (type 1..7 in the low nibble) that is no kind byte.
     */
    static boolean isBareTwkb(int first) {
        int type = first & 0x0F;
        return first > TWKB_DECLARED_SRID && type >= 1 && type <= 7;
    }

    /** Throws unless {@code srid} is in {@code 0..16777215}. */
    static void checkDeclaredSrid(int srid) {
        if (!GeometryLimits.isValidSrid(srid)) {
            throw new IllegalArgumentException(
                    "declared SRID " + srid + " is not in 0.." + GeometryLimits.MAX_SRID);
        }
    }
}
