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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.testing.DecodeBudget;
import dev.flinkgeometry.testing.GeometryArbitraries;
import dev.flinkgeometry.testing.Hex;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.locationtech.jts.geom.Geometry;

/**
 * Decoding compact records from anywhere: only {@link IOException}s escape, naming the problem;
 * huge counts and varints fail before anything large is allocated; nesting is capped.
 */
class CompactHostileInputTest {
    private static final CompactDecoder DECODER = CompactDecoder.of(CoordinateSequenceKind.ARRAY);

    @Provide
    Arbitrary<Geometry> geometries() {
        return GeometryArbitraries.geometries();
    }

    private static GeometryFormatException failure(String hex) {
        byte[] bytes = Hex.parse(hex);
        DecodeBudget.Outcome outcome =
                DecodeBudget.decode(hex, bytes.length, () -> DECODER.decode(bytes));
        assertThat(outcome.decoded()).as("decoded %s", hex).isFalse();
        assertThat(outcome.failure()).isInstanceOf(GeometryFormatException.class);
        return (GeometryFormatException) outcome.failure();
    }

    @Example
    void badBytesAreNamed() {
        assertThat(failure("")).hasMessageContaining("no kind byte");
        assertThat(failure("08")).hasMessageContaining("unknown compact record kind 0x8");
        // The forms of a declared SRID, to a reader that declares none.
        assertThat(failure("03")).hasMessageContaining("declares none");
        assertThat(failure("c10002")).hasMessageContaining("declares none");
        assertThat(failure("000800")).hasMessageContaining("unknown TWKB geometry type 8");
        assertThat(failure("0008").offset()).isEqualTo(2); // offsets count from the kind byte
        assertThat(failure("01e6210008").offset()).isEqualTo(5);
        assertThat(failure("00010002")).hasMessageContaining("truncated");
        assertThat(failure("0001000204ff")).hasMessageContaining("1 trailing bytes");
        assertThat(failure("0001200204")).hasMessageContaining("metadata flags");
        assertThat(failure("01000100")).hasMessageContaining("SRID varint is 0");
        assertThat(failure("01ffffff0f01000204")).hasMessageContaining("exceeds");
        assertThat(failure("0180")).hasMessageContaining("SRID varint is cut off");
        assertThat(failure("02")).hasMessageContaining("truncated header");
        // A line string of 1 point is not a JTS line string.
        assertThat(failure("0002000102" + "04")).hasMessageContaining("invalid line string");
        // A ring that does not close.
        assertThat(failure("00030001" + "04" + "0000" + "0200" + "0002" + "0100"))
                .hasMessageContaining("invalid polygon ring");
    }

    @Example
    void overlongVarintsAreNamedWhereverTheyEnd() {
        // A point whose X varint has a tenth byte above 1: more than 64 bits. With ten or more
        // bytes left (the fast path) and with fewer (the careful path), the same message and
        // offset.
        String overlong = "ffffffffffffffffff02";
        GeometryFormatException near = failure("000100" + overlong);
        GeometryFormatException far = failure("000100" + overlong + "0000000000000000000000");
        for (GeometryFormatException e : new GeometryFormatException[] {near, far}) {
            assertThat(e).hasMessageContaining("varint of the coordinate exceeds 64 bits");
            assertThat(e.offset()).isEqualTo(3);
        }
        // The largest 64-bit varint is accepted on both paths (then the point is cut off or long).
        assertThat(failure("000100" + "ffffffffffffffffff01")).hasMessageContaining("cut off");
        assertThat(failure("000100" + "ffffffffffffffffff01" + "00" + "000000000000000000"))
                .hasMessageContaining("trailing bytes");
    }

    @Example
    void hugeCountsAndVarintsFailFastWithoutLargeAllocation() {
        // 2^32 - 1 points, 2^63 rings, 2^35 members: none fits in the bytes that remain.
        assertThat(failure("000200ffffffff0f0000")).hasMessageContaining("number of points");
        assertThat(failure("000300ffffffffffffffff7f")).hasMessageContaining("number of rings");
        assertThat(failure("000700ffffffff7f01000204"))
                .hasMessageContaining("number of collection members");
        assertThat(failure("000400ffffffff0f")).hasMessageContaining("number of points");
        // An 11-byte varint.
        assertThat(failure("000100ffffffffffffffffffff01")).hasMessageContaining("64 bits");
    }

    @Example
    void nestingIsCapped() {
        StringBuilder hex = new StringBuilder("00");
        for (int i = 0; i < 70; i++) {
            hex.append("070001");
        }
        hex.append("0110");
        assertThat(failure(hex.toString())).hasMessageContaining("nested deeper than 64");
    }

    @Example
    void everyPrefixOfARecordIsRejected() throws Exception {
        for (String wkt :
                new String[] {
                    "POLYGON ((0 0, 10 0, 10 10, 0 0), (1 1, 2 1, 2 2, 1 1))",
                    "GEOMETRYCOLLECTION (POINT ZM (1 2 3 4), MULTILINESTRING ((0 0, 1.5 1)))",
                    "POINT (3.141592653589793 1)",
                    "LINESTRING (-122.419416 37.774929, -122.4194 37.7749)"
                }) {
            byte[] record =
                    CompactEncoder.lossless().encode(dev.flinkgeometry.testing.Wkt.read(wkt, 4326));
            // Also as a region of a larger array: the bytes after it (the rest of the record, or
            // continuation bytes) are never read as part of it, whichever varint path reads.
            byte[] padded = Arrays.copyOf(record, record.length + 16);
            Arrays.fill(padded, record.length, padded.length, (byte) 0x80);
            for (int length = 0; length < record.length; length++) {
                byte[] prefix = Arrays.copyOf(record, length);
                int cut = length;
                assertThatThrownBy(() -> DECODER.decode(prefix))
                        .as("%s cut at %d", wkt, length)
                        .isInstanceOf(GeometryFormatException.class);
                for (byte[] array : new byte[][] {record, padded}) {
                    assertThatThrownBy(() -> DECODER.decode(array, 0, cut))
                            .as("%s cut at %d in an array of %d", wkt, length, array.length)
                            .isInstanceOfSatisfying(
                                    GeometryFormatException.class,
                                    e -> assertThat(e.offset()).isBetween(0, cut));
                }
            }
        }
    }

    @Property(tries = 1000)
    void corruptedRecordsAreRejectedOrDecodeToAStableGeometry(
            @ForAll("geometries") Geometry geometry,
            @ForAll @IntRange(min = 1, max = 4) int flips,
            @ForAll long seed)
            throws Exception {
        byte[] record = CompactEncoder.lossless().encode(geometry);
        Random random = new Random(seed);
        for (int i = 0; i < flips; i++) {
            record[random.nextInt(record.length)] ^= (byte) (1 << random.nextInt(8));
        }
        DecodeBudget.Outcome outcome =
                DecodeBudget.decode(
                        "corrupted record", record.length, () -> DECODER.decode(record));
        if (outcome.decoded()) {
            // Whatever it decodes to encodes and decodes again without error.
            Geometry again = DECODER.decode(CompactEncoder.lossless().encode(outcome.geometry()));
            assertThat(again.getGeometryType()).isEqualTo(outcome.geometry().getGeometryType());
        }
    }

    @Property(tries = 1000)
    void randomBytesAreRejectedOrDecode(@ForAll byte[] bytes) {
        DecodeBudget.decode("random bytes", bytes.length, () -> DECODER.decode(bytes));
    }
}
