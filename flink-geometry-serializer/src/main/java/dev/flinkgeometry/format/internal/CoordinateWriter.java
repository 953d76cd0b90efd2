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

import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;

/**
 * Writes a sequence's coordinates as interleaved little-endian doubles X, Y[, Z][, M], NaN in its
 * canonical form: the same bytes in the aligned format and in WKB, so both use this one loop per
 * layout. A sequence that declares no Z (M) contributes NaN for it, as {@link
 * CoordinateSequence#getZ} does.
 *
 * <p>Byte offsets are {@code offset + k * i}, affine in the loop counter, so that the JIT hoists
 * the bounds checks of the {@code VarHandle} accesses out of the loops.
 */
public final class CoordinateWriter {
    private CoordinateWriter() {}

    /** Bytes per coordinate of the layout with these {@link CoordinateTypeRule} flags. */
    public static int bytes(int flags) {
        return 16 + 8 * Integer.bitCount(flags);
    }

    /**
     * Writes every coordinate of {@code sequence} with the ordinates of {@code flags} at {@code
     * offset}; returns the offset after them. {@code fast} reads JTS's default and packed sequences
     * directly; without it only {@link CoordinateSequence} getters are used (the plain path, same
     * bytes).
     */
    public static int write(
            CoordinateSequence sequence, int flags, byte[] target, int offset, boolean fast) {
        int size = sequence.size();
        if (fast && sequence instanceof CoordinateArraySequence) {
            Coordinate[] coordinates = ((CoordinateArraySequence) sequence).toCoordinateArray();
            if (flags == 0) {
                return xy(coordinates, size, target, offset);
            }
            return wide(coordinates, size, sequence.hasZ(), sequence.hasM(), flags, target, offset);
        }
        if (fast
                && sequence instanceof PackedCoordinateSequence.Double
                && sequence.getDimension() == 2 + Integer.bitCount(flags)
                && sequence.getMeasures() == flags >>> 1) {
            double[] raw = ((PackedCoordinateSequence.Double) sequence).getRawCoordinates();
            int doubles = size * sequence.getDimension();
            RawBytes.putDoublesLE(raw, 0, target, offset, doubles);
            return offset + 8 * doubles;
        }
        return plain(sequence, size, flags, target, offset);
    }

    /**
     * Writes {@code sequence} as XY if none of its coordinates has a Z or M value, with one pass
     * over JTS's default sequences (a {@code new Coordinate(x, y)} declares a Z, NaN): for encoders
     * that guess XY. Returns the offset after the coordinates, or -1 if some coordinate has a Z or
     * M value (then {@code target} holds partial output from {@code offset} on).
     */
    public static int writeXyUnlessValues(CoordinateSequence sequence, byte[] target, int offset) {
        if (sequence instanceof CoordinateArraySequence) {
            Coordinate[] coordinates = ((CoordinateArraySequence) sequence).toCoordinateArray();
            boolean checkZ = sequence.hasZ();
            boolean checkM = sequence.hasM();
            if (checkZ || checkM) {
                return xyUnlessValues(coordinates, sequence.size(), checkZ, checkM, target, offset);
            }
            return xy(coordinates, sequence.size(), target, offset);
        }
        if (CoordinateTypeRule.of(sequence, 0, true) != 0) {
            return -1;
        }
        return write(sequence, 0, target, offset, true);
    }

    /** {@link #xy}, noting Z and M values in the same loop: one load more per coordinate. */
    private static int xyUnlessValues(
            Coordinate[] coordinates,
            int size,
            boolean checkZ,
            boolean checkM,
            byte[] target,
            int offset) {
        boolean nan = false;
        boolean values = false;
        for (int i = 0; i < size; i++) {
            int o = offset + 16 * i;
            Coordinate c = coordinates[i];
            double x = c.x;
            double y = c.y;
            RawBytes.putDoubleRawLE(target, o, x);
            RawBytes.putDoubleRawLE(target, o + 8, y);
            nan |= x != x | y != y;
            if (checkZ) {
                double z = c.getZ();
                values |= z == z;
            }
            if (checkM) {
                double m = c.getM();
                values |= m == m;
            }
        }
        if (values) {
            return -1;
        }
        if (nan) {
            RawBytes.canonicalizeNaNsLE(target, offset, 2 * size);
        }
        return offset + 16 * size;
    }

    /** Writes one coordinate of NaN ordinates (an empty point inside a multi-point, in WKB). */
    public static int nan(int flags, byte[] target, int offset) {
        int end = offset + bytes(flags);
        for (int o = offset; o < end; o += 8) {
            RawBytes.putDoubleLE(target, o, Double.NaN);
        }
        return end;
    }

    private static int plain(
            CoordinateSequence sequence, int size, int flags, byte[] target, int offset) {
        switch (flags) {
            case 0:
                for (int i = 0; i < size; i++) {
                    int o = offset + 16 * i;
                    RawBytes.putDoubleLE(target, o, sequence.getX(i));
                    RawBytes.putDoubleLE(target, o + 8, sequence.getY(i));
                }
                return offset + 16 * size;
            case CoordinateTypeRule.Z:
                for (int i = 0; i < size; i++) {
                    int o = offset + 24 * i;
                    RawBytes.putDoubleLE(target, o, sequence.getX(i));
                    RawBytes.putDoubleLE(target, o + 8, sequence.getY(i));
                    RawBytes.putDoubleLE(target, o + 16, sequence.getZ(i));
                }
                return offset + 24 * size;
            case CoordinateTypeRule.M:
                for (int i = 0; i < size; i++) {
                    int o = offset + 24 * i;
                    RawBytes.putDoubleLE(target, o, sequence.getX(i));
                    RawBytes.putDoubleLE(target, o + 8, sequence.getY(i));
                    RawBytes.putDoubleLE(target, o + 16, sequence.getM(i));
                }
                return offset + 24 * size;
            default:
                for (int i = 0; i < size; i++) {
                    int o = offset + 32 * i;
                    RawBytes.putDoubleLE(target, o, sequence.getX(i));
                    RawBytes.putDoubleLE(target, o + 8, sequence.getY(i));
                    RawBytes.putDoubleLE(target, o + 16, sequence.getZ(i));
                    RawBytes.putDoubleLE(target, o + 24, sequence.getM(i));
                }
                return offset + 32 * size;
        }
    }

    /**
     * The hot loop: XY from coordinate objects as raw bits, NaN canonicalised afterwards in the
     * rare case that there was one, instead of a select per double.
     */
    private static int xy(Coordinate[] coordinates, int size, byte[] target, int offset) {
        boolean nan = false;
        for (int i = 0; i < size; i++) {
            int o = offset + 16 * i;
            Coordinate c = coordinates[i];
            double x = c.x;
            double y = c.y;
            RawBytes.putDoubleRawLE(target, o, x);
            RawBytes.putDoubleRawLE(target, o + 8, y);
            nan |= x != x | y != y;
        }
        if (nan) {
            RawBytes.canonicalizeNaNsLE(target, offset, 2 * size);
        }
        return offset + 16 * size;
    }

    /** XYZ, XYM and XYZM from coordinate objects. */
    private static int wide(
            Coordinate[] coordinates,
            int size,
            boolean sequenceHasZ,
            boolean sequenceHasM,
            int flags,
            byte[] target,
            int offset) {
        switch (flags) {
            case CoordinateTypeRule.Z:
                for (int i = 0; i < size; i++) {
                    int o = offset + 24 * i;
                    Coordinate c = coordinates[i];
                    RawBytes.putDoubleLE(target, o, c.x);
                    RawBytes.putDoubleLE(target, o + 8, c.y);
                    RawBytes.putDoubleLE(target, o + 16, sequenceHasZ ? c.getZ() : Double.NaN);
                }
                return offset + 24 * size;
            case CoordinateTypeRule.M:
                for (int i = 0; i < size; i++) {
                    int o = offset + 24 * i;
                    Coordinate c = coordinates[i];
                    RawBytes.putDoubleLE(target, o, c.x);
                    RawBytes.putDoubleLE(target, o + 8, c.y);
                    RawBytes.putDoubleLE(target, o + 16, sequenceHasM ? c.getM() : Double.NaN);
                }
                return offset + 24 * size;
            default:
                for (int i = 0; i < size; i++) {
                    int o = offset + 32 * i;
                    Coordinate c = coordinates[i];
                    RawBytes.putDoubleLE(target, o, c.x);
                    RawBytes.putDoubleLE(target, o + 8, c.y);
                    RawBytes.putDoubleLE(target, o + 16, sequenceHasZ ? c.getZ() : Double.NaN);
                    RawBytes.putDoubleLE(target, o + 24, sequenceHasM ? c.getM() : Double.NaN);
                }
                return offset + 32 * size;
        }
    }
}
