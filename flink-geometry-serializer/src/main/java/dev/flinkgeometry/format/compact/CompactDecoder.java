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
import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.format.GeometryLimits;
import dev.flinkgeometry.format.aligned.AlignedReader;
import dev.flinkgeometry.format.twkb.TwkbReader;
import org.locationtech.jts.geom.Geometry;

/**
 * Decodes compact records ({@link CompactFormat}) into JTS geometries, with bounded work and memory
 * for any input: the TWKB part through {@link TwkbReader}, the aligned fallback through {@link
 * AlignedReader}. Offsets in errors are relative to the record's first byte. Thread-safe.
 */
public final class CompactDecoder implements GeometryDecoder {
    private final TwkbReader twkb;
    private final AlignedReader aligned;
    private final int declaredSrid;

    private CompactDecoder(CoordinateSequenceKind kind, int declaredSrid) {
        this.twkb = TwkbReader.of(kind);
        this.aligned = AlignedReader.of(kind);
        this.declaredSrid = declaredSrid;
    }

    /** A decoder building sequences of {@code kind}, of records written with declared SRID 0. */
    public static CompactDecoder of(CoordinateSequenceKind kind) {
        return new CompactDecoder(kind, 0);
    }

    /**
     * A decoder building sequences of {@code kind}, of records written with {@code declaredSrid}
     * ({@link CompactFormat}).
     *
     * @throws IllegalArgumentException if {@code declaredSrid} is not in {@code 0..16777215}
     */
    public static CompactDecoder of(CoordinateSequenceKind kind, int declaredSrid) {
        CompactFormat.checkDeclaredSrid(declaredSrid);
        return new CompactDecoder(kind, declaredSrid);
    }

    /** Decodes a whole array holding one record. */
    public Geometry decode(byte[] bytes) throws GeometryFormatException {
        return decode(bytes, 0, bytes.length);
    }

    /** Decodes the record {@code bytes[offset, offset + length)}. */
    @Override
    public Geometry decode(byte[] bytes, int offset, int length) throws GeometryFormatException {
        if (offset < 0 || length < 0 || offset > bytes.length - length) {
            throw new IndexOutOfBoundsException(
                    "region [" + offset + ", " + offset + "+" + length + ") of " + bytes.length);
        }
        if (length == 0) {
            throw new GeometryFormatException("empty compact record: no kind byte", 0);
        }
        int kind = bytes[offset] & 0xFF;
        switch (kind) {
            case CompactFormat.TWKB:
                try {
                    return twkb.read(bytes, offset + 1, length - 1, 0);
                } catch (GeometryFormatException e) {
                    throw shifted(e, 1);
                }
            case CompactFormat.TWKB_WITH_SRID:
                {
                    int at = offset + 1;
                    int end = offset + length;
                    int srid = 0;
                    int shift = 0;
                    while (true) {
                        if (at >= end) {
                            throw new GeometryFormatException(
                                    "truncated compact record: the SRID varint is cut off",
                                    at - offset);
                        }
                        int b = bytes[at++] & 0xFF;
                        srid |= (b & 0x7F) << shift;
                        shift += 7;
                        if ((b & 0x80) == 0) {
                            if (b == 0) {
                                throw new GeometryFormatException(
                                        "the SRID varint is 0 or not in minimal form",
                                        at - 1 - offset);
                            }
                            break;
                        }
                        if (shift >= 28) {
                            throw new GeometryFormatException(
                                    "the SRID varint exceeds " + GeometryLimits.MAX_SRID, 1);
                        }
                    }
                    if (srid > GeometryLimits.MAX_SRID) {
                        throw new GeometryFormatException(
                                "SRID " + srid + " exceeds " + GeometryLimits.MAX_SRID, 1);
                    }
                    if (srid == declaredSrid) {
                        throw new GeometryFormatException(
                                "the record stores SRID "
                                        + srid
                                        + ", which its writer declared (such a record stores"
                                        + " none)",
                                1);
                    }
                    try {
                        return twkb.read(bytes, at, end - at, srid);
                    } catch (GeometryFormatException e) {
                        throw shifted(e, at - offset);
                    }
                }
            case CompactFormat.ALIGNED:
                try {
                    return aligned.decode(bytes, offset + 1, length - 1);
                } catch (GeometryFormatException e) {
                    throw shifted(e, 1);
                }
            case CompactFormat.TWKB_DECLARED_SRID:
                requireDeclaredSrid(kind);
                if (length < 2 || !CompactFormat.isKindByte(bytes[offset + 1])) {
                    throw new GeometryFormatException(
                            "kind 0x03 must precede a TWKB that starts with 0x01..0x03", 1);
                }
                try {
                    return twkb.read(bytes, offset + 1, length - 1, declaredSrid);
                } catch (GeometryFormatException e) {
                    throw shifted(e, 1);
                }
            default:
                if (!CompactFormat.isBareTwkb(kind)) {
                    throw new GeometryFormatException(
                            "unknown compact record kind 0x" + Integer.toHexString(kind), 0);
                }
                requireDeclaredSrid(kind);
                return twkb.read(bytes, offset, length, declaredSrid);
        }
    }

    /** Refuses a record of the declared SRID in a decoder that declares none. */
    private void requireDeclaredSrid(int kind) throws GeometryFormatException {
        if (declaredSrid == 0) {
            throw new GeometryFormatException(
                    "compact record kind 0x"
                            + Integer.toHexString(kind)
                            + " holds a geometry of the writer's declared SRID, but this reader"
                            + " declares none (SRID 0)",
                    0);
        }
    }

    /** {@code e} with its offset made relative to the record (it was relative to a part). */
    private static GeometryFormatException shifted(GeometryFormatException e, int by) {
        GeometryFormatException moved =
                e.offset() < 0
                        ? new GeometryFormatException(e.getMessage())
                        : new GeometryFormatException(stripOffset(e), e.offset() + by);
        moved.initCause(e);
        return moved;
    }

    private static String stripOffset(GeometryFormatException e) {
        String message = e.getMessage();
        String suffix = " (at offset " + e.offset() + ")";
        return message.endsWith(suffix)
                ? message.substring(0, message.length() - suffix.length())
                : message;
    }
}
