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

import dev.flinkgeometry.format.GeometryFormatException;
import java.io.DataInput;
import java.io.IOException;

/**
 * Unsigned LEB128 varints in their minimal form, for the length that prefixes each record the
 * serializers write: 7 bits a byte, low bits first, the high bit set on every byte but the last.
 * Lengths are {@code 0..Integer.MAX_VALUE}, so at most five bytes.
 */
public final class Varint {
    /** The most bytes a varint of a non-negative {@code int} takes. */
    public static final int MAX_BYTES = 5;

    private Varint() {}

    /** The number of bytes {@link #write} takes for {@code value} (non-negative). */
    public static int size(int value) {
        // One byte per started group of 7 significant bits, at least one byte.
        int bits = 32 - Integer.numberOfLeadingZeros(value | 1);
        return (bits + 6) / 7;
    }

    /** Writes {@code value} (non-negative) at {@code offset}; returns the offset after it. */
    public static int write(int value, byte[] target, int offset) {
        while ((value & ~0x7F) != 0) {
            target[offset++] = (byte) ((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        target[offset++] = (byte) value;
        return offset;
    }

    /**
     * Reads one varint.
     *
     * @throws GeometryFormatException if it is longer than five bytes, not in minimal form, or
     *     greater than {@link Integer#MAX_VALUE}
     * @throws java.io.EOFException if the input ends inside it
     */
    public static int read(DataInput in) throws IOException {
        int value = 0;
        for (int i = 0; i < MAX_BYTES; i++) {
            int b = in.readUnsignedByte();
            if (i == MAX_BYTES - 1 && b > 0x07) {
                throw new GeometryFormatException(
                        "record length varint exceeds 2^31-1 (fifth byte 0x"
                                + Integer.toHexString(b)
                                + ")",
                        i);
            }
            value |= (b & 0x7F) << (7 * i);
            if ((b & 0x80) == 0) {
                if (b == 0 && i > 0) {
                    throw new GeometryFormatException(
                            "record length varint is not in minimal form (trailing zero byte)", i);
                }
                return value;
            }
        }
        throw new AssertionError("unreachable: the fifth byte has no continuation bit");
    }
}
