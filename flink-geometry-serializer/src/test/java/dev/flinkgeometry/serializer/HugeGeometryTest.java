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
import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.format.GeometryLimits;
import dev.flinkgeometry.format.aligned.AlignedFormat;
import dev.flinkgeometry.format.internal.Varint;
import dev.flinkgeometry.serializer.legacy.WkbGeometrySerializer;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.SerializerBytes;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;

/**
 * Geometries at the scale limits: a 10-million-vertex LineString and a 100,000-member MultiPolygon
 * round-trip exactly within the test heap (-Xmx2g) and leave only a small buffer behind; a record
 * beyond Flink's 2 GB limit fails with a clear message before anything large is allocated, on write
 * and on read.
 */
class HugeGeometryTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /**
     * 10 million XY vertices: 160 MB of record. Packed sequences in and out (a {@code
     * CoordinateArraySequence} would add 400 MB of {@code Coordinate} objects per copy, which the
     * test heap holds only barely next to the other copies).
     */
    @Test
    void aTenMillionVertexLineStringRoundTrips() throws IOException {
        int vertices = 10_000_000;
        double[] raw = new double[2 * vertices];
        for (int i = 0; i < vertices; i++) {
            raw[2 * i] = i * 1e-3;
            raw[2 * i + 1] = Math.sin(i);
        }
        GeometryFactory packed =
                new GeometryFactory(PackedCoordinateSequenceFactory.DOUBLE_FACTORY);
        LineString line = packed.createLineString(new PackedCoordinateSequence.Double(raw, 2, 0));
        line.setSRID(4326);
        GeometrySerializer<LineString> serializer =
                GeometrySerializer.of(LineString.class, CoordinateSequenceKind.PACKED_DOUBLE);

        int payload = AlignedFormat.HEADER_BYTES + 16 * vertices;
        DataOutputSerializer out = new DataOutputSerializer(payload + 5);
        serializer.serialize(line, out);
        assertThat(out.length()).isEqualTo(4 + payload); // a 4-byte varint for 160 MB
        assertThat(serializer.bufferCapacity())
                .isLessThanOrEqualTo(GeometrySerializer.RETAINED_BUFFER_BYTES);

        LineString decoded =
                serializer.deserialize(
                        new DataInputDeserializer(out.getSharedBuffer(), 0, out.length()));
        assertThat(decoded.getSRID()).isEqualTo(4326);
        assertThat(decoded.getNumPoints()).isEqualTo(vertices);
        double[] decodedRaw =
                ((PackedCoordinateSequence.Double) decoded.getCoordinateSequence())
                        .getRawCoordinates();
        assertThat(Arrays.equals(decodedRaw, raw)).as("every ordinate").isTrue();
        assertThat(serializer.bufferCapacity())
                .isLessThanOrEqualTo(GeometrySerializer.RETAINED_BUFFER_BYTES);

        DataOutputSerializer again = new DataOutputSerializer(payload + 5);
        serializer.serialize(decoded, again);
        assertThat(
                        Arrays.equals(
                                again.getSharedBuffer(),
                                0,
                                again.length(),
                                out.getSharedBuffer(),
                                0,
                                out.length()))
                .as("serialize(deserialize(bytes)) is bytes")
                .isTrue();
        assertSmallRecordStaysSmall(serializer, packed);
    }

    /** 100,000 squares, 500,000 coordinates, with JTS's default sequences. */
    @Test
    void aHundredThousandMemberMultiPolygonRoundTrips() throws IOException {
        GeometryFactory factory = new GeometryFactory();
        Polygon[] squares = new Polygon[100_000];
        for (int i = 0; i < squares.length; i++) {
            double x = i % 1000;
            double y = i / 1000;
            squares[i] =
                    factory.createPolygon(
                            new Coordinate[] {
                                new CoordinateXY(x, y),
                                new CoordinateXY(x + 0.5, y),
                                new CoordinateXY(x + 0.5, y + 0.5),
                                new CoordinateXY(x, y + 0.5),
                                new CoordinateXY(x, y)
                            });
        }
        MultiPolygon multiPolygon = factory.createMultiPolygon(squares);
        GeometrySerializer<MultiPolygon> serializer = GeometrySerializer.of(MultiPolygon.class);

        byte[] bytes = serialize(serializer, multiPolygon);
        // Header, 500,000 XY coordinates, then the polygon count and per polygon 2 ints.
        assertThat(bytes.length).isEqualTo(4 + 8 + 16 * 500_000 + 4 + 8 * 100_000);
        assertThat(serializer.bufferCapacity())
                .isLessThanOrEqualTo(GeometrySerializer.RETAINED_BUFFER_BYTES);

        MultiPolygon decoded = serializer.deserialize(new DataInputDeserializer(bytes));
        ExactGeometry.assertExactlyEqual(decoded, multiPolygon);
        assertThat(serialize(serializer, decoded)).isEqualTo(bytes);
        assertThat(serializer.bufferCapacity())
                .isLessThanOrEqualTo(GeometrySerializer.RETAINED_BUFFER_BYTES);
        assertSmallRecordStaysSmall(serializer, factory);
    }

    /**
     * 200 million XY vertices would be a 3.2 GB record: refused by size alone, before the encoder
     * or the serializer allocates anything for it. The sequence is virtual (constant coordinates),
     * so the test needs no memory for it.
     */
    @Test
    void aRecordBeyondTheLimitFailsBeforeAllocating() {
        GeometryFactory factory = new GeometryFactory();
        LineString line = factory.createLineString(new ConstantSequence(200_000_000));
        // Two lines of 1.6 GB each: only the sum is too large.
        Geometry lines =
                factory.createMultiLineString(
                        new LineString[] {
                            factory.createLineString(new ConstantSequence(100_000_000)),
                            factory.createLineString(new ConstantSequence(100_000_000))
                        });
        String limit = String.valueOf(GeometryLimits.MAX_ENCODED_BYTES);
        assertRejectedCheaply(GeometrySerializer.of(Geometry.class), line, "3200000008", limit);
        assertRejectedCheaply(GeometrySerializer.of(Geometry.class), lines, "3200000020", limit);
        // The legacy serializer (WKB header 9 bytes, 16 per vertex) has the same limit.
        assertRejectedCheaply(WkbGeometrySerializer.of(Geometry.class), line, "3200000009", limit);
        assertRejectedCheaply(WkbGeometrySerializer.of(Geometry.class), lines, "3200000027", limit);
    }

    /** A length prefix beyond the largest record is corrupt input, refused before reading. */
    @Test
    void aLengthPrefixBeyondTheLimitIsRejected() {
        GeometrySerializer<Geometry> serializer = GeometrySerializer.of(Geometry.class);
        for (int length : new int[] {GeometryLimits.MAX_ENCODED_BYTES + 1, Integer.MAX_VALUE}) {
            byte[] record = new byte[16];
            int end = Varint.write(length, record, 0);
            assertThat(end).isEqualTo(5);
            assertThat(
                            thrownCheaply(
                                    () ->
                                            serializer.deserialize(
                                                    new DataInputDeserializer(record))))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("length " + length)
                    .hasMessageContaining(String.valueOf(GeometryLimits.MAX_ENCODED_BYTES));
        }
        // Five varint bytes that say more than 2^31-1.
        byte[] tooLong = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F};
        assertThat(thrownCheaply(() -> serializer.deserialize(new DataInputDeserializer(tooLong))))
                .isInstanceOf(GeometryFormatException.class)
                .hasMessageContaining("exceeds 2^31-1");
    }

    private static <T extends Geometry> void assertRejectedCheaply(
            TypeSerializer<T> serializer, Geometry geometry, String size, String limit) {
        @SuppressWarnings("unchecked")
        T record = (T) geometry;
        DataOutputSerializer out = new DataOutputSerializer(64);
        assertThat(thrownCheaply(() -> serializer.serialize(record, out)))
                .as("%s", serializer)
                .isInstanceOf(IOException.class)
                .hasMessageContaining(size)
                .hasMessageContaining(limit)
                .hasMessageContaining("largest record");
        assertThat(out.length()).as("nothing written").isZero();
    }

    /** Runs {@code call}, which must throw, and checks that it allocated less than 1 MB. */
    private static Throwable thrownCheaply(ThrowingCallable call) {
        Throwable thrown = null;
        long before = THREADS.getCurrentThreadAllocatedBytes();
        try {
            call.call();
        } catch (Throwable t) {
            thrown = t;
        }
        long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        assertThat(thrown).as("thrown").isNotNull();
        assertThat(allocated).as("bytes allocated before failing").isLessThan(1 << 20);
        return thrown;
    }

    /** After a huge record, a small one read from a stream is staged in a small buffer again. */
    private static <T extends Geometry> void assertSmallRecordStaysSmall(
            GeometrySerializer<T> serializer, GeometryFactory factory) throws IOException {
        @SuppressWarnings("unchecked")
        T small =
                (T)
                        (serializer.geometryClass() == LineString.class
                                ? factory.createLineString(
                                        new Coordinate[] {
                                            new CoordinateXY(0, 0), new CoordinateXY(1, 1)
                                        })
                                : factory.createMultiPolygon());
        byte[] bytes = serialize(serializer, small);
        ExactGeometry.assertExactlyEqual(
                SerializerBytes.deserializeFromStream(serializer, bytes), small);
        assertThat(serializer.bufferCapacity())
                .isPositive()
                .isLessThanOrEqualTo(GeometrySerializer.RETAINED_BUFFER_BYTES);
    }

    private static <T extends Geometry> byte[] serialize(GeometrySerializer<T> serializer, T g)
            throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(1024);
        serializer.serialize(g, out);
        return out.getCopyOfBuffer();
    }

    /** {@code size} XY coordinates, all (1, 2), stored nowhere. */
    private static final class ConstantSequence implements CoordinateSequence {
        private final int size;

        ConstantSequence(int size) {
            this.size = size;
        }

        @Override
        public int getDimension() {
            return 2;
        }

        @Override
        public Coordinate getCoordinate(int i) {
            return new CoordinateXY(getX(i), getY(i));
        }

        @Override
        public Coordinate getCoordinateCopy(int i) {
            return getCoordinate(i);
        }

        @Override
        public void getCoordinate(int index, Coordinate coord) {
            coord.setX(getX(index));
            coord.setY(getY(index));
        }

        @Override
        public double getX(int index) {
            return 1;
        }

        @Override
        public double getY(int index) {
            return 2;
        }

        @Override
        public double getOrdinate(int index, int ordinateIndex) {
            return ordinateIndex == 0 ? getX(index) : ordinateIndex == 1 ? getY(index) : Double.NaN;
        }

        @Override
        public int size() {
            return size;
        }

        @Override
        public void setOrdinate(int index, int ordinateIndex, double value) {
            throw new UnsupportedOperationException("constant");
        }

        @Override
        public Coordinate[] toCoordinateArray() {
            throw new UnsupportedOperationException("would need " + size + " coordinates");
        }

        @Override
        public Envelope expandEnvelope(Envelope env) {
            env.expandToInclude(1, 2);
            return env;
        }

        @Deprecated
        @Override
        public Object clone() {
            return this;
        }

        @Override
        public CoordinateSequence copy() {
            return this;
        }
    }
}
