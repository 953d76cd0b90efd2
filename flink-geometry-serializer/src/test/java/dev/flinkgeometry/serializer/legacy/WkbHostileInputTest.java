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
package dev.flinkgeometry.serializer.legacy;

import static dev.flinkgeometry.format.wkb.WkbTestSupport.HEX;
import static dev.flinkgeometry.format.wkb.WkbTestSupport.concat;
import static dev.flinkgeometry.format.wkb.WkbTestSupport.hex;
import static dev.flinkgeometry.format.wkb.WkbTestSupport.read;
import static dev.flinkgeometry.format.wkb.WkbTestSupport.record;
import static dev.flinkgeometry.format.wkb.WkbTestSupport.write;
import static dev.flinkgeometry.testing.SerializerBytes.deserialize;
import static dev.flinkgeometry.testing.SerializerBytes.serialize;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.format.GeometryLimits;
import dev.flinkgeometry.format.wkb.WkbFormatException;
import dev.flinkgeometry.format.wkb.WkbTestSupport;
import dev.flinkgeometry.format.wkb.WkbTestSupport.Vector;
import dev.flinkgeometry.testing.DecodeBudget;
import dev.flinkgeometry.testing.ExactGeometry;
import java.io.EOFException;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LinearRing;

/**
 * Hostile input to the legacy reader and serializer: every failure is an {@link IOException} with
 * bounded memory and stack, never a runtime exception, an out-of-memory error or a stack overflow.
 */
class WkbHostileInputTest {
    private static final WkbGeometrySerializer<Geometry> SERIALIZER =
            WkbGeometrySerializer.of(Geometry.class);

    @Test
    void everyTruncationOfEveryVectorFailsWithAnOffset() throws Exception {
        for (Vector vector : WkbTestSupport.vectors()) {
            byte[] wkb = vector.wkb;
            for (int length = 0; length < wkb.length; length++) {
                byte[] cut = Arrays.copyOf(wkb, length);
                int cutLength = length;
                assertThatThrownBy(() -> read(cut))
                        .as("%s cut to %d of %d bytes", vector, cutLength, wkb.length)
                        .isInstanceOf(WkbFormatException.class)
                        .hasMessageContaining("offset");
            }
        }
    }

    @Test
    void everyTruncationOfARecordFailsWithIOException() throws Exception {
        for (Vector vector : WkbTestSupport.vectors()) {
            if (!vector.byteOrder.equals("mixed") && !vector.description.contains("collection")) {
                continue; // the nested vectors are enough here
            }
            byte[] wkb = vector.wkb;
            for (int length = 0; length < wkb.length; length++) {
                // a consistent record of a cut WKB: the reader must notice
                byte[] cut = record(Arrays.copyOf(wkb, length));
                assertThatThrownBy(() -> deserialize(SERIALIZER, cut))
                        .isInstanceOf(IOException.class);
                // a record whose stream ends early
                byte[] shortStream =
                        Arrays.copyOf(record(wkb), 4 + length); // length prefix says more
                assertThatThrownBy(() -> deserialize(SERIALIZER, shortStream))
                        .isInstanceOf(EOFException.class);
                assertThatThrownBy(
                                () ->
                                        SERIALIZER.copy(
                                                new DataInputDeserializer(shortStream),
                                                new DataOutputSerializer(16)))
                        .isInstanceOf(EOFException.class);
            }
        }
    }

    @Test
    void trailingBytesInARecordAreRejected() {
        byte[] point = hex("0101000000 000000000000F03F 0000000000000040");
        assertThatThrownBy(() -> read(concat(point, new byte[3])))
                .isInstanceOf(WkbFormatException.class)
                .hasMessageContaining("3 trailing bytes")
                .hasMessageContaining("offset 21");
        assertThatThrownBy(() -> deserialize(SERIALIZER, record(concat(point, new byte[1]))))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("trailing");
    }

    @Test
    void randomByteFlipsDecodeOrFailWithIOExceptionOnly() throws Exception {
        Random random = new Random(20240611L);
        List<Vector> vectors = WkbTestSupport.vectors();
        WkbGeometrySerializer<LinearRing> rings = WkbGeometrySerializer.of(LinearRing.class);
        int failures = 0;
        for (int i = 0; i < 30_000; i++) {
            byte[] wkb = vectors.get(random.nextInt(vectors.size())).wkb.clone();
            int flips = 1 + random.nextInt(3);
            for (int f = 0; f < flips; f++) {
                int at = random.nextInt(wkb.length);
                if (random.nextBoolean()) {
                    wkb[at] ^= (byte) (1 << random.nextInt(8));
                } else {
                    wkb[at] = (byte) random.nextInt(256);
                }
            }
            byte[] record = record(wkb);
            for (WkbGeometrySerializer<?> serializer : List.of(SERIALIZER, rings)) {
                Geometry decoded;
                try {
                    decoded = deserialize(serializer, record);
                } catch (IOException expected) {
                    failures++;
                    continue;
                } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
                    throw new AssertionError(
                            serializer + " threw " + e + " on " + HEX.formatHex(record), e);
                }
                // whatever was decoded can be written and read again
                assertRoundTrips(serializer, decoded);
            }
        }
        assertThat(failures).as("corrupt inputs rejected").isPositive();
    }

    @Test
    void hugeCountsFailWithoutAllocatingThem() throws Exception {
        String[] counts = {"FFFFFF7F", "FFFFFFFF", "00000010", "00000001", "40000000"};
        String xy = "0000000000000000 0000000000000000";
        for (String count : counts) {
            String[] wkbs = {
                "0102000000" + count + xy, // line string points
                "0103000000" + count + xy, // polygon rings
                "0103000000 01000000" + count + xy, // ring points
                "0104000000" + count + "0101000000" + xy, // multipoint members
                "0105000000" + count + xy, // multilinestring members
                "0106000000" + count + xy, // multipolygon members
                "0107000000" + count + xy, // collection members
                "01070000C0" + count + xy,
                "00000000" + "07" + reverse(count) + xy, // big-endian collection
                "0107000000 01000000 0102000080" + count + xy, // nested
            };
            for (String hex : wkbs) {
                byte[] wkb = hex(hex);
                long before = DecodeBudget.allocatedBytes();
                assertThatThrownBy(() -> read(wkb))
                        .as("%s", hex)
                        .isInstanceOf(WkbFormatException.class)
                        .hasMessageContaining("does not fit");
                if (before >= 0) {
                    assertThat(DecodeBudget.allocatedBytes() - before)
                            .as("bytes allocated reading %s", hex)
                            .isLessThan(1L << 20);
                }
            }
        }
    }

    private static String reverse(String littleEndianHex) {
        byte[] bytes = hex(littleEndianHex);
        byte[] reversed = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            reversed[i] = bytes[bytes.length - 1 - i];
        }
        return HEX.formatHex(reversed);
    }

    @Test
    void deepNestingFailsWithIOExceptionNotStackOverflow() throws Exception {
        for (int depth : new int[] {GeometryLimits.MAX_NESTING_DEPTH + 1, 10_000, 200_000}) {
            byte[] level = hex("0107000000 01000000");
            byte[] wkb = new byte[depth * level.length + 9];
            for (int i = 0; i < depth; i++) {
                System.arraycopy(level, 0, wkb, i * level.length, level.length);
            }
            System.arraycopy(hex("0107000000 00000000"), 0, wkb, depth * level.length, 9);
            assertThatThrownBy(() -> read(wkb))
                    .as("%d levels", depth)
                    .isInstanceOf(WkbFormatException.class)
                    .hasMessageContaining("nested deeper than 64")
                    .hasMessageContaining("offset " + 9 * GeometryLimits.MAX_NESTING_DEPTH);
        }
        // 64 levels of collections are read
        byte[] level = hex("0107000000 01000000");
        byte[] wkb = new byte[(GeometryLimits.MAX_NESTING_DEPTH - 1) * 9 + 9];
        for (int i = 0; i < GeometryLimits.MAX_NESTING_DEPTH - 1; i++) {
            System.arraycopy(level, 0, wkb, i * 9, 9);
        }
        System.arraycopy(hex("0107000000 00000000"), 0, wkb, wkb.length - 9, 9);
        Geometry nested = read(wkb);
        assertThat(write(nested)).isEqualTo(wkb);
    }

    /**
     * Whatever a mutated input decoded to is written and read back as the writer keeps it (the
     * members' SRIDs become the top level's), and rewritten to the same bytes.
     */
    private static <T extends Geometry> void assertRoundTrips(
            WkbGeometrySerializer<T> serializer, Geometry decoded) throws IOException {
        T typed = serializer.geometryClass().cast(decoded);
        byte[] written = serialize(serializer, typed);
        T again = deserialize(serializer, written);
        ExactGeometry.assertExactlyEqual(
                again, WkbTestSupport.withSrid(decoded.copy(), decoded.getSRID()));
        assertThat(serialize(serializer, again)).isEqualTo(written);
    }
}
