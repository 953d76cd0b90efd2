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

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Word-at-a-time varints against the byte-at-a-time LEB128 loop, at every length. */
class WordVarintTest {

    @Test
    void encodesAsTheByteLoopAtEveryLength() {
        for (long value : values()) {
            byte[] expected = leb128(value);
            int size = WordVarint.size(value);
            assertThat(size).as("size of %s", value).isEqualTo(expected.length);
            long word = WordVarint.encode(value, size);
            for (int i = 0; i < 8; i++) {
                byte b = (byte) (word >>> (8 * i));
                assertThat(b)
                        .as("byte %s of %s", i, value)
                        .isEqualTo(i < size ? expected[i] : (byte) 0);
            }
        }
    }

    @Test
    void storesTheByteLoopsBytesAndZerosOverWhatWasThere() {
        Random random = new Random(11);
        byte[] buffer = new byte[3 + Long.BYTES];
        for (long value : values()) {
            byte[] expected = leb128(value);
            random.nextBytes(buffer);
            byte before = buffer[2];
            assertThat(WordVarint.store(buffer, 3, value))
                    .as("length of %s", value)
                    .isEqualTo(expected.length);
            assertThat(buffer[2]).isEqualTo(before);
            for (int i = 0; i < Long.BYTES; i++) {
                assertThat(buffer[3 + i])
                        .as("byte %s of %s", i, value)
                        .isEqualTo(i < expected.length ? expected[i] : (byte) 0);
            }
        }
    }

    @Test
    void decodesWhatTheByteLoopWritesWhateverFollows() {
        Random random = new Random(5);
        for (long value : values()) {
            byte[] varint = leb128(value);
            // Bytes after the varint are another record's or garbage: they must not matter.
            long word = random.nextLong();
            for (int i = 0; i < varint.length; i++) {
                word &= ~(0xFFL << (8 * i));
                word |= (varint[i] & 0xFFL) << (8 * i);
            }
            assertThat(WordVarint.length(word)).as("length of %s", value).isEqualTo(varint.length);
            assertThat(WordVarint.decode(word, varint.length)).isEqualTo(value);
        }
    }

    @Test
    void sizesBeyondEightBytesAndWordsWithoutAnEnd() {
        assertThat(WordVarint.size(WordVarint.MAX_VALUE + 1)).isEqualTo(9);
        assertThat(WordVarint.size(-1L)).isEqualTo(10); // 2^64 - 1, unsigned
        assertThat(WordVarint.size(0)).isEqualTo(1);
        assertThat(WordVarint.length(0x8080808080808080L)).isZero();
        assertThat(WordVarint.length(0xFFFFFFFFFFFFFFFFL)).isZero();
        assertThat(WordVarint.length(0x7F80808080808080L)).isEqualTo(8);
    }

    /** 0, and around every power of two up to 2^56, plus random values of every bit length. */
    private static List<Long> values() {
        List<Long> values = new ArrayList<>();
        values.add(0L);
        Random random = new Random(3);
        for (int bits = 1; bits <= 56; bits++) {
            long top = 1L << (bits - 1);
            values.add(top);
            values.add(top | (top - 1));
            for (int i = 0; i < 20; i++) {
                values.add(top | (random.nextLong() & (top - 1)));
            }
        }
        return values;
    }

    /** The reference: 7 bits a byte, low bits first, the high bit on all but the last. */
    private static byte[] leb128(long value) {
        byte[] out = new byte[10];
        int n = 0;
        do {
            int group = (int) (value & 0x7F);
            value >>>= 7;
            out[n++] = (byte) (value != 0 ? group | 0x80 : group);
        } while (value != 0);
        return java.util.Arrays.copyOf(out, n);
    }
}
