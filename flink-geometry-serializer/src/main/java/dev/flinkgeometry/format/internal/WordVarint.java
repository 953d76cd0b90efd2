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
 * Unsigned LEB128 varints of up to 8 bytes as one little-endian 8-byte word, without a branch per
 * byte: the varints of TWKB coordinate deltas are 1 to 8 bytes long in no predictable pattern, and
 * a mispredicted loop exit per ordinate cost more than the arithmetic here (see docs/profiling.md).
 * The 7-bit groups are spread to (or gathered from) the bytes of the word by three shift-and-mask
 * steps, 28, 14 and 7 bits at a time.
 */
public final class WordVarint {
    /** The largest value whose varint fits in 8 bytes: 56 bits. */
    public static final long MAX_VALUE = (1L << 56) - 1;

    /** Bytes 0..7 with their continuation bit set. */
    private static final long CONTINUATIONS = 0x8080808080808080L;

    private WordVarint() {}

    /** The length of the minimal varint of the unsigned {@code value}: 1 to 10 bytes. */
    public static int size(long value) {
        // One byte per started group of 7 significant bits, at least one: (bits * 9 + 64) / 64
        // equals ceil(bits / 7) for bits 1..64 and 1 for bits 0.
        return ((64 - Long.numberOfLeadingZeros(value)) * 9 + 64) >>> 6;
    }

    /**
     * The word whose first {@code size} bytes are the varint of {@code value} ({@code 0 <= value <=
     * MAX_VALUE}, {@code size == size(value)}); the bytes after them are zero.
     */
    public static long encode(long value, int size) {
        long v = (value & 0x0FFFFFFFL) | (value & 0x00FFFFFFF0000000L) << 4;
        v = (v & 0x00003FFF00003FFFL) | (v & 0x0FFFC0000FFFC000L) << 2;
        v = (v & 0x007F007F007F007FL) | (v & 0x3F803F803F803F80L) << 1;
        return v | (CONTINUATIONS & ((1L << (8 * (size - 1))) - 1));
    }

    /**
     * Stores the varint of {@code value} ({@code 0 <= value <= MAX_VALUE}) at {@code offset} as one
     * 8-byte word, zero after the varint (the caller gives 8 bytes of room), and returns its
     * length.
     */
    public static int store(byte[] bytes, int offset, long value) {
        if (value < 1 << 14) {
            // One or two bytes, as most deltas of a track take: the second byte and the
            // continuation bit masked in or out, in fewer steps than the spread below.
            long more = (value + 0x3F80) >>> 14; // 1 from 128 on
            RawBytes.putLongLE(bytes, offset, (value & 0x7F) | more << 7 | (value >>> 7) << 8);
            return 1 + (int) more;
        }
        int size = size(value);
        RawBytes.putLongLE(bytes, offset, encode(value, size));
        return size;
    }

    /**
     * The length of the varint that starts at the word's first byte: 1 to 8, or 0 if none of the
     * word's bytes ends it (a varint longer than 8 bytes).
     */
    public static int length(long word) {
        long ends = ~word & CONTINUATIONS;
        return ends == 0 ? 0 : (Long.numberOfTrailingZeros(ends) >>> 3) + 1;
    }

    /** The value of the varint of {@code length} (1 to 8) bytes at the word's first byte. */
    public static long decode(long word, int length) {
        long v = word & (-1L >>> (64 - 8 * length)) & ~CONTINUATIONS;
        v = (v & 0x007F007F007F007FL) | (v & 0x7F007F007F007F00L) >>> 1;
        v = (v & 0x00003FFF00003FFFL) | (v & 0x3FFF00003FFF0000L) >>> 2;
        return (v & 0x000000000FFFFFFFL) | (v & 0x0FFFFFFF00000000L) >>> 4;
    }
}
