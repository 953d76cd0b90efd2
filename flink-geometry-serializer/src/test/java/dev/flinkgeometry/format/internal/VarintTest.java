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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.testing.Hex;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.Arrays;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The record length prefix: every length round-trips in minimal form, and a prefix that is too
 * long, too large, not minimal or cut off is refused with the offset.
 */
class VarintTest {

    @Property(tries = 1000)
    void varintsRoundTripInMinimalForm(@ForAll @IntRange(min = 0) int value) throws Exception {
        checkVarint(value);
    }

    @Example
    void varintBoundaries() throws Exception {
        int[] values = {
            0,
            1,
            127,
            128,
            16_383,
            16_384,
            (1 << 21) - 1,
            1 << 21,
            (1 << 28) - 1,
            1 << 28,
            Integer.MAX_VALUE
        };
        int[] sizes = {1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5};
        for (int i = 0; i < values.length; i++) {
            assertThat(Varint.size(values[i])).as("size of %d", values[i]).isEqualTo(sizes[i]);
            checkVarint(values[i]);
        }
        assertThat(Hex.format(varint(300))).isEqualTo("ac02");
        assertThat(Hex.format(varint(Integer.MAX_VALUE))).isEqualTo("ffffffff07");
    }

    @Example
    void badVarintsAreRejected() throws Exception {
        // Six bytes: the fifth still has its continuation bit.
        assertVarintRejected("8080808080 01", "exceeds");
        // More than Integer.MAX_VALUE.
        assertVarintRejected("ffffffff08", "exceeds");
        assertVarintRejected("ffffffff0f", "exceeds");
        assertVarintRejected("8080808010", "exceeds");
        // Not minimal: a trailing zero group.
        assertVarintRejected("8000", "minimal");
        assertVarintRejected("ff00", "minimal");
        assertVarintRejected("8180808000", "minimal");
        // Truncated.
        for (String truncated : new String[] {"", "80", "ffff", "ffffffff"}) {
            DataInputStream in =
                    new DataInputStream(new ByteArrayInputStream(Hex.parse(truncated)));
            assertThatThrownBy(() -> Varint.read(in))
                    .as("varint %s", truncated)
                    .isInstanceOf(EOFException.class);
        }
    }

    private static void assertVarintRejected(String hex, String problem) {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(Hex.parse(hex)));
        assertThatThrownBy(() -> Varint.read(in))
                .as("varint %s", hex)
                .isInstanceOf(GeometryFormatException.class)
                .hasMessageContaining(problem)
                .hasMessageContaining("offset");
    }

    private static byte[] varint(int value) {
        byte[] bytes = new byte[Varint.MAX_BYTES];
        return Arrays.copyOf(bytes, Varint.write(value, bytes, 0));
    }

    private static void checkVarint(int value) throws IOException {
        byte[] target = new byte[3 + Varint.MAX_BYTES + 2];
        Arrays.fill(target, (byte) 0x55);
        int end = Varint.write(value, target, 3);
        assertThat(end - 3).isEqualTo(Varint.size(value));
        // Minimal: the last byte is not a zero continuation, unless the value is 0.
        assertThat(target[end - 1] != 0 || value == 0).isTrue();
        assertThat(target[end - 1] & 0x80).isZero();
        DataInputStream in =
                new DataInputStream(new ByteArrayInputStream(target, 3, target.length - 3));
        assertThat(Varint.read(in)).isEqualTo(value);
        assertThat(in.available()).as("bytes after the varint").isEqualTo(target.length - end);
    }

    @Example
    void theLargestVarintIsRead() throws Exception {
        byte[] max = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07};

        assertThat(Varint.read(new DataInputStream(new ByteArrayInputStream(max))))
                .isEqualTo(Integer.MAX_VALUE);
    }
}
