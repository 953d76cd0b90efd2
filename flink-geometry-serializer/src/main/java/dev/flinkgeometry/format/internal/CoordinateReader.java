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
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.CoordinateXYZM;

/**
 * Reads interleaved doubles X, Y[, Z][, M] into JTS coordinate objects: the one loop per layout and
 * byte order of the aligned decoder and of the WKB reader, as {@link CoordinateWriter} is of their
 * writers.
 *
 * <p>{@link #read} is one method for every layout and both byte orders on purpose. At more than 325
 * bytes of bytecode (C2's {@code FreqInlineSize}) it is too big to be inlined into its callers, so
 * it is compiled on its own and its loops keep the array, the offset and the output in registers.
 * Inlined into the aligned decoder's large {@code geometry} method, the same loops spilled to the
 * stack and decoded 16-segment lines 12-30% slower (docs/profiling.md). {@code
 * CoordinateReaderTest} holds it above that size.
 */
public final class CoordinateReader {
    private CoordinateReader() {}

    /**
     * Reads {@code count} coordinates at {@code offset}, {@code 8 * (2 + Z + M)} bytes each; the
     * caller has checked that they are there. The objects are {@link CoordinateXY}, {@link
     * Coordinate} (XYZ), {@link CoordinateXYM} or {@link CoordinateXYZM}.
     */
    public static Coordinate[] read(
            byte[] bytes, int offset, int count, boolean hasZ, boolean hasM, boolean littleEndian) {
        Coordinate[] coordinates = new Coordinate[count];
        int at = offset;
        int flags = (hasZ ? CoordinateTypeRule.Z : 0) | (hasM ? CoordinateTypeRule.M : 0);
        if (littleEndian) {
            switch (flags) {
                case 0:
                    for (int i = 0; i < count; i++, at += 16) {
                        coordinates[i] =
                                new CoordinateXY(
                                        RawBytes.getDoubleLE(bytes, at),
                                        RawBytes.getDoubleLE(bytes, at + 8));
                    }
                    break;
                case CoordinateTypeRule.Z:
                    for (int i = 0; i < count; i++, at += 24) {
                        coordinates[i] =
                                new Coordinate(
                                        RawBytes.getDoubleLE(bytes, at),
                                        RawBytes.getDoubleLE(bytes, at + 8),
                                        RawBytes.getDoubleLE(bytes, at + 16));
                    }
                    break;
                case CoordinateTypeRule.M:
                    for (int i = 0; i < count; i++, at += 24) {
                        coordinates[i] =
                                new CoordinateXYM(
                                        RawBytes.getDoubleLE(bytes, at),
                                        RawBytes.getDoubleLE(bytes, at + 8),
                                        RawBytes.getDoubleLE(bytes, at + 16));
                    }
                    break;
                default:
                    for (int i = 0; i < count; i++, at += 32) {
                        coordinates[i] =
                                new CoordinateXYZM(
                                        RawBytes.getDoubleLE(bytes, at),
                                        RawBytes.getDoubleLE(bytes, at + 8),
                                        RawBytes.getDoubleLE(bytes, at + 16),
                                        RawBytes.getDoubleLE(bytes, at + 24));
                    }
                    break;
            }
        } else {
            switch (flags) {
                case 0:
                    for (int i = 0; i < count; i++, at += 16) {
                        coordinates[i] =
                                new CoordinateXY(
                                        RawBytes.getDoubleBE(bytes, at),
                                        RawBytes.getDoubleBE(bytes, at + 8));
                    }
                    break;
                case CoordinateTypeRule.Z:
                    for (int i = 0; i < count; i++, at += 24) {
                        coordinates[i] =
                                new Coordinate(
                                        RawBytes.getDoubleBE(bytes, at),
                                        RawBytes.getDoubleBE(bytes, at + 8),
                                        RawBytes.getDoubleBE(bytes, at + 16));
                    }
                    break;
                case CoordinateTypeRule.M:
                    for (int i = 0; i < count; i++, at += 24) {
                        coordinates[i] =
                                new CoordinateXYM(
                                        RawBytes.getDoubleBE(bytes, at),
                                        RawBytes.getDoubleBE(bytes, at + 8),
                                        RawBytes.getDoubleBE(bytes, at + 16));
                    }
                    break;
                default:
                    for (int i = 0; i < count; i++, at += 32) {
                        coordinates[i] =
                                new CoordinateXYZM(
                                        RawBytes.getDoubleBE(bytes, at),
                                        RawBytes.getDoubleBE(bytes, at + 8),
                                        RawBytes.getDoubleBE(bytes, at + 16),
                                        RawBytes.getDoubleBE(bytes, at + 24));
                    }
                    break;
            }
        }
        return coordinates;
    }

    /**
     * Reads {@code count} little-endian XY coordinates at {@code offset} into plain {@link
     * Coordinate}s with a NaN Z, whose {@code setZ} works; the caller has checked that they are
     * there. A loop of its own, so that {@link #read} keeps its size.
     */
    public static Coordinate[] readXYWithNaNZ(byte[] bytes, int offset, int count) {
        Coordinate[] coordinates = new Coordinate[count];
        for (int i = 0, at = offset; i < count; i++, at += 16) {
            coordinates[i] =
                    new Coordinate(
                            RawBytes.getDoubleLE(bytes, at), RawBytes.getDoubleLE(bytes, at + 8));
        }
        return coordinates;
    }
}
