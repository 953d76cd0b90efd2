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

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.serializer.internal.FramedGeometrySerializer;
import dev.flinkgeometry.serializer.internal.RecordBuffer;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.FramedSerializerContract;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;

/**
 * {@link FramedSerializerContract} for the serializers whose records are a varint length and a
 * payload ({@link FramedGeometrySerializer}: the aligned and the compact one). Subclasses give the
 * payload of their format and their own options.
 */
abstract class VarintRecordsContract extends FramedSerializerContract {

    @Override
    protected Class<?> declaredClass(TypeSerializer<?> serializer) {
        return ((FramedGeometrySerializer<?>) serializer).geometryClass();
    }

    /** The coordinate sequence kind, kept by the restored serializer and given to decoded ones. */
    @Override
    protected void assertSameOptions(
            TypeSerializer<?> restored, TypeSerializer<?> original, Geometry decoded) {
        CoordinateSequenceKind kind = ((FramedGeometrySerializer<?>) original).sequenceKind();
        assertThat(((FramedGeometrySerializer<?>) restored).sequenceKind()).isEqualTo(kind);
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
        return ((FramedGeometrySerializer<?>) serializer).bufferCapacity();
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
    protected byte[] frame(byte[] payload) {
        return concat(leb128(payload.length), payload);
    }

    @Override
    protected List<byte[]> recordsOfCorruptLength() {
        List<byte[]> records = new ArrayList<>();
        for (int declared : new int[] {Integer.MAX_VALUE, 1 << 30, (1 << 24) + 3, 5000}) {
            records.add(concat(leb128(declared), new byte[10]));
        }
        return records;
    }

    /** Unsigned LEB128, written here independently of the codec's {@code Varint}. */
    protected static byte[] leb128(int value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while ((value & ~0x7F) != 0) {
            out.write((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        out.write(value);
        return out.toByteArray();
    }

    protected static byte[] concat(byte[] a, byte[] b) {
        byte[] result = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, result, a.length, b.length);
        return result;
    }

    @Override
    protected byte[] undecodablePayload() {
        byte[] payload = new byte[40];
        Arrays.fill(payload, (byte) 0xEE);
        return payload;
    }
}
