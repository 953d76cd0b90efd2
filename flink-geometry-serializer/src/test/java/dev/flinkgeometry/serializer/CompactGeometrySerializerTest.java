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
package dev.flinkgeometry.serializer;

import static dev.flinkgeometry.serializer.GeometryFixtures.ARRAY_FACTORY;
import static dev.flinkgeometry.serializer.GeometryFixtures.PACKED_FACTORY;
import static dev.flinkgeometry.testing.SerializerBytes.deserialize;
import static dev.flinkgeometry.testing.SerializerBytes.serialize;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.format.twkb.CompactEncoder;
import dev.flinkgeometry.serializer.internal.RecordBuffer;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.FramedSerializerContract;
import dev.flinkgeometry.testing.GeometryMixes;
import dev.flinkgeometry.testing.Hex;
import dev.flinkgeometry.testing.Wkt;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;

/**
 * {@link CompactGeometrySerializer}: the contract every framed serializer of this library keeps
 * ({@link FramedSerializerContract}), then its own records, modes and identity.
 */
class CompactGeometrySerializerTest extends FramedSerializerContract {

    @Override
    protected <T extends Geometry> TypeSerializer<T> serializerOf(Class<T> type) {
        return new CompactGeometrySerializer<>(type);
    }

    @Override
    protected <T extends Geometry> TypeSerializer<T> configuredSerializerOf(Class<T> type) {
        return new CompactGeometrySerializer<>(
                type, CompactPrecision.LOSSLESS, CoordinateSequenceKind.PACKED_DOUBLE);
    }

    @Override
    protected Class<?> declaredClass(TypeSerializer<?> serializer) {
        return ((CompactGeometrySerializer<?>) serializer).geometryClass();
    }

    @Override
    protected void assertSameOptions(
            TypeSerializer<?> restored, TypeSerializer<?> original, Geometry decoded) {
        CompactGeometrySerializer<?> compact = (CompactGeometrySerializer<?>) original;
        assertThat(((CompactGeometrySerializer<?>) restored).precision())
                .isEqualTo(compact.precision());
        CoordinateSequenceKind kind = compact.sequenceKind();
        assertThat(((CompactGeometrySerializer<?>) restored).sequenceKind()).isEqualTo(kind);
        assertThat(ExactGeometry.sequences(decoded))
                .isNotEmpty()
                .allSatisfy(
                        sequence ->
                                assertThat(sequence)
                                        .isInstanceOf(
                                                kind == CoordinateSequenceKind.PACKED_DOUBLE
                                                        ? PackedCoordinateSequence.Double.class
                                                        : CoordinateArraySequence.class));
    }

    @Override
    protected int bufferCapacity(TypeSerializer<?> serializer) {
        return ((CompactGeometrySerializer<?>) serializer).bufferCapacity();
    }

    @Override
    protected int retainedBufferBytes() {
        return RecordBuffer.RETAINED_BYTES;
    }

    @Override
    protected byte[] nullRecord() {
        return new byte[] {0};
    }

    @Override
    protected String nullRecordWrite() {
        return "writeByte(int)";
    }

    @Override
    protected String nullRecordCopyWrite() {
        return "write(byte[],int,int)";
    }

    @Override
    protected List<String> nullRecordReads() {
        return List.of("readUnsignedByte()");
    }

    @Override
    protected List<String> recordReads(int payloadLength) {
        List<String> reads = new ArrayList<>();
        for (int i = 0; i < leb128(payloadLength).length; i++) {
            reads.add("readUnsignedByte()");
        }
        reads.add("readFully(byte[],int,int)");
        return reads;
    }

    @Override
    protected byte[] payload(Geometry geometry) throws IOException {
        return CompactEncoder.lossless().encode(geometry);
    }

    @Override
    protected byte[] frame(byte[] payload) {
        return concat(leb128(payload.length), payload);
    }

    /** {@code GeometryMixes.longLine} has non-decimal ordinates: the aligned fallback. */
    @Override
    protected int xyLineRecordBytes(int vertices) {
        int payload = 1 + 8 + vertices * 16;
        return leb128(payload).length + payload;
    }

    @Override
    protected List<byte[]> recordsOfCorruptLength() {
        List<byte[]> records = new ArrayList<>();
        for (int declared : new int[] {Integer.MAX_VALUE, 1 << 30, (1 << 24) + 3, 5000}) {
            records.add(concat(leb128(declared), new byte[10]));
        }
        return records;
    }

    @Override
    protected byte[] undecodablePayload() {
        byte[] payload = new byte[40];
        Arrays.fill(payload, (byte) 0xEE);
        return payload;
    }

    @Override
    protected List<Geometry> geometries() {
        List<Geometry> geometries = new ArrayList<>(GeometryMixes.aligned(ARRAY_FACTORY));
        geometries.addAll(GeometryMixes.aligned(PACKED_FACTORY));
        geometries.add(Wkt.read("POINT (2.3522 48.8566)", 4326));
        geometries.add(Wkt.read("LINESTRING ZM (0.5 1.25 3 4, 1 2 3.5 -4)"));
        return geometries;
    }

    // ------------------------------------------------------------------------------------------
    // Records
    // ------------------------------------------------------------------------------------------

    @Test
    void aGpsPointOfSixDecimalsIsATwelveByteRecord() throws Exception {
        // 0b: length 11; 00: TWKB, SRID 0; c1: point, precision 6 (zigzag 12); 00: no flags;
        // x 2352219 -> zigzag 4704438 = b6 91 9f 02; y 48856614 -> 97713228 = cc f8 cb 2e
        byte[] record =
                serialize(
                        new CompactGeometrySerializer<>(Point.class),
                        (Point) Wkt.read("POINT (2.352219 48.856614)"));
        assertThat(Hex.format(record)).isEqualToIgnoringCase("0b00c100" + "b6919f02" + "ccf8cb2e");
    }

    @Test
    void fixedPrecisionRoundsAndLosslessKeeps() throws Exception {
        Point point = (Point) Wkt.read("POINT (2.35221234 48.85661234)");
        CompactGeometrySerializer<Point> sevenDigits =
                CompactGeometrySerializer.withPrecision(Point.class, 7, 0, 0);
        Point rounded = deserialize(sevenDigits, serialize(sevenDigits, point));
        assertThat(rounded.getX()).isEqualTo(2.3522123);
        assertThat(rounded.getY()).isEqualTo(48.8566123);
        CompactGeometrySerializer<Point> lossless = new CompactGeometrySerializer<>(Point.class);
        ExactGeometry.assertExactlyEqual(deserialize(lossless, serialize(lossless, point)), point);
    }

    @Test
    void equalityIsByClassPrecisionAndSequenceKind() {
        CompactGeometrySerializer<Point> lossless = new CompactGeometrySerializer<>(Point.class);
        assertThat(lossless)
                .isEqualTo(new CompactGeometrySerializer<>(Point.class))
                .hasSameHashCodeAs(new CompactGeometrySerializer<>(Point.class))
                .isEqualTo(lossless.duplicate())
                .isNotSameAs(lossless.duplicate())
                .isNotEqualTo(CompactGeometrySerializer.withPrecision(Point.class, 7, 0, 0))
                .isNotEqualTo(
                        new CompactGeometrySerializer<>(
                                Point.class,
                                CompactPrecision.LOSSLESS,
                                CoordinateSequenceKind.PACKED_DOUBLE))
                .isNotEqualTo(new CompactGeometrySerializer<>(LineString.class))
                .isNotEqualTo(GeometrySerializer.of(Point.class))
                .isNotEqualTo(StringSerializer.INSTANCE);
        assertThat(CompactGeometrySerializer.withPrecision(Point.class, 7, 1, 2))
                .isEqualTo(CompactGeometrySerializer.withPrecision(Point.class, 7, 1, 2))
                .isNotEqualTo(CompactGeometrySerializer.withPrecision(Point.class, 7, 1, 3));
    }

    @Test
    void precisionsOutsidePostgisRangesAreRefused() {
        assertThatThrownBy(() -> CompactGeometrySerializer.withPrecision(Point.class, 8, 0, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-7..7");
        assertThatThrownBy(() -> CompactGeometrySerializer.withPrecision(Point.class, 7, -1, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("0..7");
    }

    // ------------------------------------------------------------------------------------------

    /** Unsigned LEB128, written here independently of the codec. */
    private static byte[] leb128(int value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while ((value & ~0x7F) != 0) {
            out.write((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        out.write(value);
        return out.toByteArray();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] result = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, result, a.length, b.length);
        return result;
    }
}
