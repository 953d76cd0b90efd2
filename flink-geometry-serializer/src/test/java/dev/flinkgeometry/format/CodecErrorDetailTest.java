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
package dev.flinkgeometry.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.format.aligned.AlignedFormat;
import dev.flinkgeometry.format.aligned.AlignedReader;
import dev.flinkgeometry.format.aligned.AlignedWriter;
import dev.flinkgeometry.format.internal.RawBytes;
import dev.flinkgeometry.testing.Wkt;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The exact details of the codec's refusals: what each message says and at which offset, counted
 * from the record's first byte also when the record starts later in the array, and the argument
 * checks at the edges. Pins the arithmetic of the messages, which the rest of the tests only match
 * loosely.
 */
class CodecErrorDetailTest {
    private static final int PAD = 5;

    @Test
    void aTruncatedHeaderSaysHowManyBytesRemain() {
        assertRefused(new byte[5], "truncated header: need 8 bytes, 5 remain (at offset 0)");
    }

    @Test
    void coordinatesThatDoNotFitSayWhatTheyNeed() throws Exception {
        byte[] point = AlignedFormat.encode(Wkt.read("POINT (1 2)"));

        assertRefused(
                Arrays.copyOf(point, 16), "1 XY coordinates need 16 bytes, 8 remain (at offset 8)");
    }

    @Test
    void trailingBytesAreCountedAfterTheGeometry() throws Exception {
        byte[] point = AlignedFormat.encode(Wkt.read("POINT (1 2)"));

        assertRefused(
                Arrays.copyOf(point, point.length + 3),
                "3 trailing bytes after the geometry (at offset 24)");
    }

    @Test
    void collectionMembersThatCannotFitAreRefusedAtTheirCount() throws Exception {
        byte[] collection = AlignedFormat.encode(Wkt.read("GEOMETRYCOLLECTION (POINT (1 2))"));
        RawBytes.putIntLE(collection, 4, 1000);

        assertRefused(collection, "1000 collection members cannot fit in 24 bytes (at offset 4)");
    }

    /**
     * One member more than the bytes could hold headers for (24 bytes: at most 3 headers of 8) is
     * refused by the member count itself, not later by a member that runs out of bytes.
     */
    @Test
    void oneCollectionMemberMoreThanFitsIsRefusedAtTheCount() throws Exception {
        byte[] collection = AlignedFormat.encode(Wkt.read("GEOMETRYCOLLECTION (POINT (1 2))"));
        RawBytes.putIntLE(collection, 4, 4);

        assertRefused(collection, "4 collection members cannot fit in 24 bytes (at offset 4)");
    }

    @Test
    void aStructureCountThatDoesNotFitSaysHowManyBytesRemain() throws Exception {
        byte[] lines = AlignedFormat.encode(Wkt.read("MULTILINESTRING ((0 0, 1 1))"));
        RawBytes.putIntLE(lines, 40, 1000);

        assertRefused(
                lines,
                "number of line strings 1000 does not fit in the 4 bytes that remain (at offset"
                        + " 40)");
    }

    @Test
    void coordinatesThatNoPartUsesAreCounted() throws Exception {
        byte[] lines =
                AlignedFormat.encode(Wkt.read("MULTILINESTRING ((0 0, 1 1, 2 2), (3 3, 4 4))"));
        // Header, 5 coordinates, then: 2 lines, of 3 and 2 points. Make the first 2 points.
        assertThat(RawBytes.getIntLE(lines, 92)).isEqualTo(3);
        RawBytes.putIntLE(lines, 92, 2);

        assertRefused(
                lines, "1 coordinates declared in the header belong to no part (at offset 72)");
    }

    @Test
    void anEncoderOffsetBeyondTheArrayIsRefused() {
        assertThatThrownBy(
                        () -> new AlignedWriter().encode(Wkt.read("POINT (1 2)"), new byte[64], 65))
                .isExactlyInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(
                        () -> new AlignedWriter().encode(Wkt.read("POINT (1 2)"), new byte[64], -1))
                .isExactlyInstanceOf(IndexOutOfBoundsException.class);
    }

    /**
     * Decodes {@code record} at offset {@link #PAD} of a larger array and expects {@code message}.
     */
    private static void assertRefused(byte[] record, String message) {
        byte[] padded = new byte[PAD + record.length + 7];
        System.arraycopy(record, 0, padded, PAD, record.length);

        assertThatThrownBy(
                        () ->
                                AlignedReader.of(CoordinateSequenceKind.ARRAY)
                                        .decode(padded, PAD, record.length))
                .isInstanceOf(GeometryFormatException.class)
                .hasMessage(message);
    }
}
