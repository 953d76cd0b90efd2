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
import dev.flinkgeometry.format.compact.CompactFormat;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.Hex;
import dev.flinkgeometry.testing.Wkt;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;

/**
 * Each binary format maps the versions it knows to an encoder and a decoder that write and read
 * that version's documented bytes ({@code docs/FORMAT.md}) through the {@link GeometryEncoder} and
 * {@link GeometryDecoder} contract, with the options asked for, and refuses every other version by
 * name.
 */
class FormatVersionsTest {
    private static final Geometry POINT = Wkt.read("POINT (1 2)");

    /** POINT (1 2) in aligned version 1: the XY point header, then X and Y as LE doubles. */
    private static final String ALIGNED_V1_POINT =
            "1200000001000000000000000000f03f0000000000000040";

    /** POINT (1 2) as a lossless compact version 1 record: kind 0x00, then TWKB at precision 0. */
    private static final String COMPACT_V1_POINT = "0001000204";

    /**
     * The TWKB of section 9.5's precision-7 point: under a declared SRID other than 0, a record of
     * that SRID is the bare TWKB (its type byte 0xe1 is no kind byte).
     */
    private static final String COMPACT_V1_DECLARED_SRID_POINT = "e10096adb716d6b5f7d103";

    @Test
    void alignedVersion1WritesAndReadsItsBytesAtAnOffset() throws Exception {
        assertWritesAt(AlignedFormat.encoder(1), POINT, ALIGNED_V1_POINT);
        assertReadsAt(
                AlignedFormat.decoder(1, CoordinateSequenceKind.ARRAY), ALIGNED_V1_POINT, POINT);
    }

    @Test
    void theAlignedDecoderBuildsTheSequenceKindAskedFor() throws Exception {
        byte[] bytes = Hex.parse(ALIGNED_V1_POINT);
        Point decoded =
                (Point)
                        AlignedFormat.decoder(1, CoordinateSequenceKind.PACKED_DOUBLE)
                                .decode(bytes, 0, bytes.length);
        assertThat(decoded.getCoordinateSequence()).isInstanceOf(PackedCoordinateSequence.class);
    }

    @Test
    void compactVersion1WritesAndReadsItsBytesAtAnOffset() throws Exception {
        assertWritesAt(CompactFormat.losslessEncoder(1, 0), POINT, COMPACT_V1_POINT);
        assertReadsAt(
                CompactFormat.decoder(1, CoordinateSequenceKind.ARRAY, 0), COMPACT_V1_POINT, POINT);
    }

    @Test
    void theCompactCodecsTakeThePrecisionAndTheDeclaredSridAskedFor() throws Exception {
        assertWritesAt(
                CompactFormat.encoderWithPrecision(1, 7, 0, 0, 4326),
                Wkt.read("POINT (2.35221234 48.85661234)", 4326),
                COMPACT_V1_DECLARED_SRID_POINT);
        assertReadsAt(
                CompactFormat.decoder(1, CoordinateSequenceKind.ARRAY, 4326),
                COMPACT_V1_DECLARED_SRID_POINT,
                Wkt.read("POINT (2.3522123 48.8566123)", 4326));
    }

    @ParameterizedTest(name = "version {0}")
    @ValueSource(ints = {Integer.MIN_VALUE, -1, 0, 2, Integer.MAX_VALUE})
    void anUnknownVersionIsRefusedByName(int version) {
        assertThat(AlignedFormat.isKnownVersion(version)).isFalse();
        assertThat(CompactFormat.isKnownVersion(version)).isFalse();
        String aligned = "unknown aligned format version " + version + " (this release knows 1..1)";
        assertRefused(v -> AlignedFormat.encoder(v), version, aligned);
        assertRefused(
                v -> AlignedFormat.decoder(v, CoordinateSequenceKind.ARRAY), version, aligned);
        String compact = "unknown compact format version " + version + " (this release knows 1..1)";
        assertRefused(v -> CompactFormat.losslessEncoder(v, 0), version, compact);
        assertRefused(v -> CompactFormat.encoderWithPrecision(v, 6, 0, 0, 0), version, compact);
        assertRefused(
                v -> CompactFormat.decoder(v, CoordinateSequenceKind.ARRAY, 0), version, compact);
    }

    @Test
    void theVersionsThisReleaseWritesAreKnown() {
        assertThat(AlignedFormat.VERSION).isEqualTo(1);
        assertThat(CompactFormat.VERSION).isEqualTo(1);
        assertThat(AlignedFormat.isKnownVersion(1)).isTrue();
        assertThat(CompactFormat.isKnownVersion(1)).isTrue();
    }

    /**
     * The encoder asks for room with the negated size, then writes exactly {@code hex} after the
     * offset and returns the offset after it, leaving the bytes before the offset alone.
     */
    private static void assertWritesAt(GeometryEncoder encoder, Geometry geometry, String hex)
            throws GeometryFormatException {
        int size = hex.length() / 2;
        assertThat(encoder.encode(geometry, new byte[3], 3)).isEqualTo(-size);
        byte[] target = new byte[3 + size];
        target[0] = 0x55;
        target[1] = 0x55;
        target[2] = 0x55;
        assertThat(encoder.encode(geometry, target, 3)).isEqualTo(3 + size);
        assertThat(Hex.format(target, 0, 3)).isEqualTo("555555");
        assertThat(Hex.format(target, 3, size)).isEqualTo(hex);
    }

    /** The decoder reads {@code hex} between other bytes, given its offset and length. */
    private static void assertReadsAt(GeometryDecoder decoder, String hex, Geometry expected)
            throws GeometryFormatException {
        byte[] record = Hex.parse(hex);
        byte[] bytes = new byte[record.length + 4];
        bytes[0] = 0x7f;
        bytes[bytes.length - 1] = 0x7f;
        System.arraycopy(record, 0, bytes, 2, record.length);
        ExactGeometry.assertExactlyEqual(decoder.decode(bytes, 2, record.length), expected);
    }

    private static void assertRefused(IntFunction<Object> factory, int version, String message) {
        assertThatThrownBy(() -> factory.apply(version))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }
}
