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
package dev.flinkgeometry.serializer.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.format.aligned.AlignedFormat;
import dev.flinkgeometry.format.compact.CompactFormat;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.GeometryMixes;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputViewStreamWrapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;

/**
 * Records written or raw-copied straight into a {@link DataOutputSerializer}'s array (the in-place
 * paths) are the bytes of the staged path, whatever room the view has and however the length prefix
 * changes from one record to the next; records in a {@link DataInputDeserializer} are decoded where
 * they lie, into geometries that keep nothing of its array.
 */
class FramedRecordsInPlaceTest {
    private static final GeometryFactory FACTORY = new GeometryFactory();

    private static FramedRecords alignedRecords() {
        return new FramedRecords(
                AlignedFormat.encoder(AlignedFormat.VERSION),
                AlignedFormat.decoder(AlignedFormat.VERSION, CoordinateSequenceKind.ARRAY));
    }

    /**
     * Line strings whose records take 1-, 2- and 3-byte length prefixes in turn (a record of n
     * points is 16n + 8 bytes: 127/128 and 16383/16384 bytes are the prefix boundaries), so the
     * prefix guessed from the previous record is wrong both ways, and points in between.
     */
    private static final int[] POINTS_PER_LINE = {
        2, 7, 8, 2, 1000, 1023, 1024, 2, 5000, 7, 1023, 8, 3, 1024, 1
    };

    @ParameterizedTest(name = "view of {0} bytes")
    @ValueSource(ints = {1, 5, 64, 129, 300, 16400, 200_000})
    void inPlaceRecordsAreTheStagedBytes(int initialCapacity) throws IOException {
        List<Geometry> geometries = geometries();
        DataOutputSerializer view = new DataOutputSerializer(initialCapacity);
        view.writeInt(0xCAFEBABE); // records need not start at the view's beginning
        FramedRecords records = alignedRecords();
        for (Geometry geometry : geometries) {
            records.write(geometry, view);
        }

        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputViewStreamWrapper staged = new DataOutputViewStreamWrapper(expected);
        staged.writeInt(0xCAFEBABE);
        FramedRecords stagedRecords = alignedRecords();
        for (Geometry geometry : geometries) {
            stagedRecords.write(geometry, staged);
        }
        assertThat(view.getCopyOfBuffer()).isEqualTo(expected.toByteArray());
    }

    /**
     * The in-place branch runs where it should: in a view with room, a record is counted by one
     * {@code skipBytesToWrite} and written by no write call; in a view without room, the staged
     * payload arrives in one {@code write(byte[], int, int)}. The same for raw copies.
     */
    @Test
    void recordsAreWrittenInPlaceWhenTheViewHasRoomAndStagedOtherwise() throws IOException {
        List<Geometry> geometries = List.of(line(2), line(7), line(1000), line(3));
        CountingView roomy = new CountingView(200_000);
        CountingView cramped = new CountingView(1);
        FramedRecords records = alignedRecords();
        for (Geometry geometry : geometries) {
            records.write(geometry, roomy);
        }
        assertThat(roomy.calls).containsOnly("skipBytesToWrite").hasSize(geometries.size());

        records.write(line(5000), cramped); // 80 KB: more than the view's array
        assertThat(cramped.calls).containsExactly("write(byte[], int, int)");

        DataInputDeserializer source = new DataInputDeserializer(roomy.getCopyOfBuffer());
        CountingView copies = new CountingView(200_000);
        for (int i = 0; i < geometries.size(); i++) {
            records.copy(source, copies);
        }
        assertThat(copies.calls).containsOnly("skipBytesToWrite").hasSize(geometries.size());
        assertThat(copies.getCopyOfBuffer()).isEqualTo(roomy.getCopyOfBuffer());
    }

    /** Flink's byte[] view, noting which of its write methods a record used. */
    private static final class CountingView extends DataOutputSerializer {
        final List<String> calls = new ArrayList<>();

        CountingView(int size) {
            super(size);
        }

        @Override
        public void write(int b) throws IOException {
            calls.add("write(int)");
            super.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            calls.add("write(byte[], int, int)");
            super.write(b, off, len);
        }

        @Override
        public void writeByte(int v) throws IOException {
            calls.add("writeByte");
            super.writeByte(v);
        }

        @Override
        public void skipBytesToWrite(int numBytes) throws IOException {
            calls.add("skipBytesToWrite");
            super.skipBytesToWrite(numBytes);
        }
    }

    @ParameterizedTest(name = "view of {0} bytes")
    @ValueSource(ints = {1, 64, 100_000})
    void aRefusedGeometryCountsNoBytes(int initialCapacity) throws IOException {
        Geometry refused = line(4);
        refused.setSRID(1 << 24); // does not fit the header's 24 bits
        DataOutputSerializer view = new DataOutputSerializer(initialCapacity);
        FramedRecords records = alignedRecords();
        records.write(line(2), view);
        byte[] before = view.getCopyOfBuffer();

        assertThatThrownBy(() -> records.write(refused, view))
                .isInstanceOf(GeometryFormatException.class)
                .hasMessageContaining("SRID");
        assertThat(view.getCopyOfBuffer()).isEqualTo(before);

        records.write(line(2), view);
        byte[] record = new byte[before.length];
        System.arraycopy(view.getCopyOfBuffer(), before.length, record, 0, record.length);
        assertThat(record).isEqualTo(before);
    }

    @ParameterizedTest(name = "view of {0} bytes")
    @ValueSource(ints = {1, 5, 64, 129, 300, 16400, 200_000})
    void rawCopiesAreTheRecordsBytes(int initialCapacity) throws IOException {
        DataOutputSerializer written = new DataOutputSerializer(64);
        FramedRecords records = alignedRecords();
        for (Geometry geometry : geometries()) {
            records.write(geometry, written);
        }
        DataInputDeserializer source = new DataInputDeserializer(written.getCopyOfBuffer());
        DataOutputSerializer copied = new DataOutputSerializer(initialCapacity);
        copied.writeInt(0xCAFEBABE);
        while (source.available() > 0) {
            records.copy(source, copied);
        }

        DataOutputSerializer expected = new DataOutputSerializer(16);
        expected.writeInt(0xCAFEBABE);
        expected.write(written.getCopyOfBuffer());
        assertThat(copied.getCopyOfBuffer()).isEqualTo(expected.getCopyOfBuffer());
    }

    @ParameterizedTest(name = "view of {0} bytes")
    @ValueSource(ints = {1, 100_000})
    void aRecordCutShortCopiesNothing(int initialCapacity) throws IOException {
        DataOutputSerializer written = new DataOutputSerializer(64);
        FramedRecords records = alignedRecords();
        records.write(line(100), written);
        byte[] cut = Arrays.copyOf(written.getCopyOfBuffer(), written.length() - 1);
        DataOutputSerializer copied = new DataOutputSerializer(initialCapacity);
        copied.writeInt(7);

        assertThatThrownBy(() -> records.copy(new DataInputDeserializer(cut), copied))
                .isInstanceOf(EOFException.class);
        assertThat(copied.length()).isEqualTo(4);
    }

    private static FramedRecords compactRecords() {
        return new FramedRecords(
                CompactFormat.losslessEncoder(CompactFormat.VERSION, 0),
                CompactFormat.decoder(CompactFormat.VERSION, CoordinateSequenceKind.ARRAY, 0));
    }

    @ParameterizedTest(name = "{0} records")
    @ValueSource(strings = {"aligned", "compact"})
    void recordsInADeserializerAreDecodedWhereTheyLie(String encoding) throws IOException {
        List<Geometry> geometries = new ArrayList<>(GeometryMixes.aligned(FACTORY));
        geometries.addAll(geometries());
        FramedRecords records = encoding.equals("aligned") ? alignedRecords() : compactRecords();
        DataOutputSerializer written = new DataOutputSerializer(64);
        written.writeInt(0xCAFEBABE); // records need not start at the array's beginning
        for (Geometry geometry : geometries) {
            records.write(geometry, written);
        }
        byte[] bytes = written.getCopyOfBuffer();

        ReadCountingDeserializer source = new ReadCountingDeserializer(bytes);
        source.readInt();
        List<Geometry> decoded = new ArrayList<>();
        for (int i = 0; i < geometries.size(); i++) {
            decoded.add(records.read(source));
        }
        assertThat(source.available()).isZero();
        assertThat(source.bulkReads).as("readFully calls").isZero();

        Arrays.fill(bytes, (byte) 0x55); // the decoded geometries must not share the array
        for (int i = 0; i < geometries.size(); i++) {
            if (geometries.get(i) == null) {
                assertThat(decoded.get(i)).isNull();
            } else {
                ExactGeometry.assertExactlyEqual(decoded.get(i), geometries.get(i));
            }
        }
    }

    @Test
    void aRecordCutShortInADeserializerIsAnEndOfInput() throws IOException {
        DataOutputSerializer written = new DataOutputSerializer(64);
        FramedRecords records = alignedRecords();
        records.write(line(100), written);
        byte[] cut = Arrays.copyOf(written.getCopyOfBuffer(), written.length() - 1);

        assertThatThrownBy(() -> records.read(new DataInputDeserializer(cut)))
                .isInstanceOf(EOFException.class);
    }

    /** Flink's byte[] input view, counting the calls that copy bytes out of it. */
    private static final class ReadCountingDeserializer extends DataInputDeserializer {
        int bulkReads;

        ReadCountingDeserializer(byte[] bytes) {
            super(bytes);
        }

        @Override
        public void readFully(byte[] b, int off, int len) throws IOException {
            bulkReads++;
            super.readFully(b, off, len);
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            bulkReads++;
            return super.read(b, off, len);
        }
    }

    private static List<Geometry> geometries() {
        List<Geometry> geometries = new ArrayList<>();
        for (int points : POINTS_PER_LINE) {
            geometries.add(line(points));
            geometries.add(null);
            geometries.add(FACTORY.createPoint(new Coordinate(points, -points)));
        }
        return geometries;
    }

    private static Geometry line(int points) {
        if (points == 1) {
            return FACTORY.createPoint(new Coordinate(0.5, 1.5));
        }
        Coordinate[] coordinates = new Coordinate[points];
        for (int i = 0; i < points; i++) {
            coordinates[i] = new Coordinate(i * 0.25, Math.sin(i));
        }
        return FACTORY.createLineString(coordinates);
    }
}
