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
package dev.flinkgeometry.format.internal;

/**
 * The bits of TWKB's header bytes and its zigzag forms, as the specification
 * (https://github.com/TWKB/Specification) defines it and PostGIS 3 implements it ({@code
 * ST_AsTWKB}, {@code ST_GeomFromTWKB}).
 *
 * <p>A TWKB geometry is a type-and-precision byte (type in the low nibble, the WKB type code of
 * {@link dev.flinkgeometry.format.GeometryTypeCode}; the zigzag-encoded XY precision in the high
 * nibble), a metadata byte (flags below), an extended-dimensions byte if Z or M is present (bit 0
 * Z, bit 1 M, bits 2-4 the Z precision, bits 5-7 the M precision), then the body: counts as
 * unsigned LEB128 varints, coordinates as zigzag varints of the difference between each quantized
 * ordinate and the previous one of the same geometry.
 */
public final class TwkbCodes {
    /** Metadata flags. */
    public static final int BBOX = 0x01, SIZE = 0x02, IDLIST = 0x04, EXTENDED = 0x08, EMPTY = 0x10;

    /** Extended-dimensions flags. */
    public static final int HAS_Z = 0x01, HAS_M = 0x02;

    private TwkbCodes() {}

    /** The 4-bit zigzag form of an XY precision {@code -8..7}. */
    public static int zigzagPrecision(int precision) {
        return ((precision << 1) ^ (precision >> 31)) & 0x0F;
    }

    /** The XY precision of a 4-bit zigzag nibble. */
    public static int unzigzagPrecision(int nibble) {
        return (nibble >>> 1) ^ -(nibble & 1);
    }

    /** The zigzag form of a signed 64-bit value. */
    public static long zigzag(long value) {
        return (value << 1) ^ (value >> 63);
    }

    /** The signed value of a zigzag form. */
    public static long unzigzag(long value) {
        return (value >>> 1) ^ -(value & 1);
    }
}
