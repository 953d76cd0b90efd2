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
package dev.flinkgeometry.testing;

import static dev.flinkgeometry.testing.SerializerBytes.deserialize;
import static dev.flinkgeometry.testing.SerializerBytes.deserializeFromStream;
import static dev.flinkgeometry.testing.SerializerBytes.serialize;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.typeutils.runtime.NullableSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.util.InstantiationUtil;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * The contract of a framed geometry serializer, beyond Flink's {@code SerializerTestBase}: each
 * record is a length prefix then a payload, staged in a reusable buffer and handed to Flink in one
 * write, read back with one {@code readFully}, copied without decoding; copies are deep; the
 * serializer duplicates, compares and Java-serializes by its configuration, never by its buffer; a
 * huge record does not leave its buffer behind; a record of another class fails naming both.
 *
 * <p>One subclass per serializer supplies the framing (the null record, the calls that read a
 * record, the frame around a payload) and its data; everything else is specified here once.
 */
public abstract class FramedSerializerContract {

    // ------------------------------------------------------------------------------------------
    // Hooks: the serializer and its framing
    // ------------------------------------------------------------------------------------------

    /** A serializer of {@code type} with the default options. */
    protected abstract <T extends Geometry> TypeSerializer<T> serializerOf(Class<T> type);

    /**
     * A serializer of {@code type} with options other than the defaults where it has any, so that
     * duplicates and clones are seen to keep them.
     */
    protected abstract <T extends Geometry> TypeSerializer<T> configuredSerializerOf(Class<T> type);

    /** The declared class of {@code serializer}. */
    protected abstract Class<?> declaredClass(TypeSerializer<?> serializer);

    /**
     * Fails unless {@code restored} (and what it decoded) keeps the options of {@code original}.
     */
    protected abstract void assertSameOptions(
            TypeSerializer<?> restored, TypeSerializer<?> original, Geometry decoded);

    /** The capacity of the serializer's reusable buffer (0 before first use). */
    protected abstract int bufferCapacity(TypeSerializer<?> serializer);

    /** The largest buffer a serializer keeps between records. */
    protected abstract int retainedBufferBytes();

    /** The bytes of the {@code null} record. */
    protected abstract byte[] nullRecord();

    /** The one call that writes the {@code null} record, in {@code serialize}. */
    protected abstract String nullRecordWrite();

    /** The one call that writes the {@code null} record, in {@code copy(in, out)}. */
    protected abstract String nullRecordCopyWrite();

    /** The calls that read the {@code null} record. */
    protected abstract List<String> nullRecordReads();

    /** The calls that read a record of a {@code payloadLength}-byte payload. */
    protected abstract List<String> recordReads(int payloadLength);

    /** The payload of {@code geometry}, written by the codec on its own. */
    protected abstract byte[] payload(Geometry geometry) throws IOException;

    /** The record of {@code payload}: its length prefix, then the payload. */
    protected abstract byte[] frame(byte[] payload);

    /** The size of the record of an XY line string of {@code vertices} vertices. */
    protected abstract int xyLineRecordBytes(int vertices);

    /** A payload that is well framed but not a geometry. */
    protected abstract byte[] undecodablePayload();

    /** Records whose length prefix announces more bytes than a record can have, or follow. */
    protected abstract List<byte[]> recordsOfCorruptLength();

    /** Records of geometries, in every layout and type, that this serializer carries exactly. */
    protected abstract List<Geometry> geometries();

    /** Well-framed records the serializer reads but did not write itself (other writers). */
    protected List<byte[]> foreignRecords() {
        return List.of();
    }

    // ------------------------------------------------------------------------------------------
    // The null record
    // ------------------------------------------------------------------------------------------

    @Test
    void nullIsTheNullRecordEverywhere() throws Exception {
        for (TypeSerializer<? extends Geometry> serializer :
                List.of(
                        serializerOf(Geometry.class),
                        serializerOf(Point.class),
                        configuredSerializerOf(Point.class))) {
            @SuppressWarnings("unchecked")
            TypeSerializer<Geometry> s = (TypeSerializer<Geometry>) serializer;
            assertThat(serialize(s, null)).as("%s", s).isEqualTo(nullRecord());
            assertThat(deserialize(s, nullRecord())).isNull();
            assertThat(s.deserialize(s.createInstance(), new DataInputDeserializer(nullRecord())))
                    .isNull();
            assertThat(s.copy(null)).isNull();
            assertThat(s.copy(null, s.createInstance())).isNull();

            DataOutputSerializer copied = new DataOutputSerializer(1);
            s.copy(new DataInputDeserializer(nullRecord()), copied);
            assertThat(copied.getCopyOfBuffer()).isEqualTo(nullRecord());

            assertThat(NullableSerializer.checkIfNullSupported(s)).isTrue();
        }
    }

    // ------------------------------------------------------------------------------------------
    // One write, one readFully
    // ------------------------------------------------------------------------------------------

    @Test
    void serializeHandsEachRecordToTheOutputInOneWrite() throws Exception {
        TypeSerializer<Geometry> serializer = serializerOf(Geometry.class);
        TypeSerializer<Geometry> reference = serializerOf(Geometry.class);
        DataOutputSerializer recorded = new DataOutputSerializer(64);
        List<String> calls = new ArrayList<>();
        DataOutputView out = RecordingViews.recording(DataOutputView.class, recorded, calls);
        DataOutputSerializer plain = new DataOutputSerializer(64);
        for (Geometry geometry : variety()) {
            serializer.serialize(geometry, out);
            assertThat(RecordingViews.take(calls))
                    .as("calls to serialize %s", geometry.getGeometryType())
                    .containsExactly("write(byte[],int,int)");
            reference.serialize(geometry, plain);
        }
        serializer.serialize(null, out);
        assertThat(RecordingViews.take(calls)).containsExactly(nullRecordWrite());
        reference.serialize(null, plain);
        assertThat(recorded.getCopyOfBuffer()).isEqualTo(plain.getCopyOfBuffer());
    }

    @Test
    void deserializeReadsEachRecordWithOneReadFully() throws Exception {
        List<Geometry> geometries = variety();
        geometries.add(null);
        geometries.add(Wkt.read("POINT (1 2)"));
        TypeSerializer<Geometry> writer = serializerOf(Geometry.class);
        DataOutputSerializer out = new DataOutputSerializer(1024);
        for (Geometry geometry : geometries) {
            writer.serialize(geometry, out);
        }
        TypeSerializer<Geometry> serializer = serializerOf(Geometry.class);
        List<String> recorded = new ArrayList<>();
        DataInputView in =
                RecordingViews.recording(
                        DataInputView.class,
                        new DataInputDeserializer(out.getCopyOfBuffer()),
                        recorded);
        for (Geometry geometry : geometries) {
            Geometry decoded = serializer.deserialize(in);
            List<String> calls = RecordingViews.take(recorded);
            if (geometry == null) {
                assertThat(decoded).isNull();
                assertThat(calls).isEqualTo(nullRecordReads());
                continue;
            }
            ExactGeometry.assertExactlyEqual(decoded, geometry);
            assertThat(calls)
                    .as("calls to read %s", geometry.getGeometryType())
                    .isEqualTo(recordReads(payload(geometry).length));
        }
    }

    // ------------------------------------------------------------------------------------------
    // copy(DataInputView, DataOutputView)
    // ------------------------------------------------------------------------------------------

    @Test
    void copyReproducesTheRecordsBytesWithoutDecodingThem() throws Exception {
        TypeSerializer<Geometry> writer = serializerOf(Geometry.class);
        // a well-framed record whose payload is not a geometry: only a copy that decodes fails
        byte[] undecodable = frame(undecodablePayload());
        assertThatThrownBy(() -> deserialize(writer, undecodable)).isInstanceOf(IOException.class);

        DataOutputSerializer source = new DataOutputSerializer(1024);
        List<String> expectedWrites = new ArrayList<>();
        for (Geometry geometry : variety()) {
            writer.serialize(geometry, source);
            expectedWrites.add("write(byte[],int,int)");
        }
        writer.serialize(null, source);
        expectedWrites.add(nullRecordCopyWrite());
        source.write(undecodable);
        expectedWrites.add("write(byte[],int,int)");
        for (byte[] foreign : foreignRecords()) {
            source.write(foreign);
            expectedWrites.add("write(byte[],int,int)");
        }
        byte[] expected = source.getCopyOfBuffer();

        // DataOutputSerializer does not grow in write(DataInputView, int): start it tiny
        DataOutputSerializer copied = new DataOutputSerializer(8);
        List<String> calls = new ArrayList<>();
        DataOutputView target = RecordingViews.recording(DataOutputView.class, copied, calls);
        DataInputDeserializer in = new DataInputDeserializer(expected);
        TypeSerializer<Geometry> serializer = serializerOf(Geometry.class);
        for (int i = 0; i < expectedWrites.size(); i++) {
            serializer.copy(in, target);
            assertThat(RecordingViews.take(calls))
                    .as("writes of record %d", i)
                    .containsExactly(expectedWrites.get(i));
        }
        assertThat(in.available()).isZero();
        assertThat(copied.getCopyOfBuffer()).isEqualTo(expected);
        assertThat(bufferCapacity(serializer)).isLessThanOrEqualTo(retainedBufferBytes());
    }

    // ------------------------------------------------------------------------------------------
    // copy(T)
    // ------------------------------------------------------------------------------------------

    @Test
    void copyIsDeepIndependentAndSerializesToTheSameBytes() throws Exception {
        TypeSerializer<Geometry> serializer = serializerOf(Geometry.class);
        for (Geometry original : variety()) {
            byte[] bytes = serialize(serializer, original);
            for (Geometry copy :
                    List.of(
                            serializer.copy(original),
                            serializer.copy(original, serializer.createInstance()))) {
                assertThat(copy).isNotSameAs(original);
                ExactGeometry.assertExactlyEqual(copy, original);
                assertThat(serialize(serializer, copy)).isEqualTo(bytes);
            }
        }

        // changing a copy (every coordinate, the SRID) leaves the original as it was
        for (Geometry original : mutableOriginals()) {
            String description = ExactGeometry.describe(original);
            byte[] bytes = serialize(serializer, original);
            for (Geometry copy :
                    List.of(
                            serializer.copy(original),
                            serializer.copy(original, serializer.createInstance()))) {
                int mutated = 0;
                for (CoordinateSequence sequence : ExactGeometry.sequences(copy)) {
                    for (int i = 0; i < sequence.size(); i++) {
                        sequence.setOrdinate(i, CoordinateSequence.X, 1000.0 + i);
                        mutated++;
                    }
                }
                copy.setSRID(original.getSRID() + 7);
                copy.geometryChanged();
                assertThat(mutated).isPositive();
                assertThat(ExactGeometry.describe(original))
                        .as("original after changing its copy")
                        .isEqualTo(description);
                assertThat(serialize(serializer, original)).isEqualTo(bytes);
            }
        }
    }

    /** Non-empty geometries of every layout, whose copies the test changes. */
    private static List<Geometry> mutableOriginals() {
        GeometryCollection collection =
                new org.locationtech.jts.geom.GeometryFactory()
                        .createGeometryCollection(
                                new Geometry[] {
                                    Wkt.read("POINT (1 2)", 4326),
                                    Wkt.read("GEOMETRYCOLLECTION (LINESTRING Z (0 0 1, 1 1 2))")
                                });
        collection.setSRID(3857);
        return List.of(
                Wkt.read("POINT Z (1 2 3)"),
                Wkt.read("LINESTRING M (0 0 1, 1 1 2, 2 0 3)", 4326),
                Wkt.read("POLYGON ((0 0, 10 0, 10 10, 0 0), (1 1, 2 1, 2 2, 1 1))"),
                Wkt.read("MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))"),
                Wkt.read("MULTIPOINT ((1 2), EMPTY, (3 4))"),
                collection,
                Wkt.read(
                        new org.locationtech.jts.geom.GeometryFactory(
                                org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory
                                        .DOUBLE_FACTORY),
                        "POLYGON ZM ((0 0 1 2, 4 0 3 4, 4 4 5 6, 0 0 1 2))"),
                GeometryMixes.longLine(1000));
    }

    // ------------------------------------------------------------------------------------------
    // Identity, instances, Java serialization
    // ------------------------------------------------------------------------------------------

    @Test
    void duplicateIsANewEqualInstanceWithItsOwnBuffer() throws Exception {
        TypeSerializer<Point> serializer = configuredSerializerOf(Point.class);
        Point point = Wkt.read(Point.class, "POINT (1 2)");
        byte[] bytes = serialize(serializer, point);
        deserializeFromStream(serializer, bytes); // reads through the buffer
        assertThat(bufferCapacity(serializer)).isPositive();

        TypeSerializer<Point> duplicate = serializer.duplicate();
        assertThat(duplicate).isNotSameAs(serializer).isEqualTo(serializer);
        assertThat(duplicate.hashCode()).isEqualTo(serializer.hashCode());
        assertThat(declaredClass(duplicate)).isEqualTo(Point.class);
        assertThat(bufferCapacity(duplicate)).isZero();
        assertThat(serialize(duplicate, point)).isEqualTo(bytes);
        assertSameOptions(duplicate, serializer, deserialize(duplicate, bytes));
        assertThat(duplicate.duplicate()).isNotSameAs(duplicate).isEqualTo(serializer);
    }

    @Test
    void typePropertiesAndInstances() {
        TypeSerializer<Geometry> geometry = serializerOf(Geometry.class);
        assertThat(geometry.isImmutableType()).isFalse();
        assertThat(geometry.getLength()).isEqualTo(-1);
        assertThat(serializerOf(Polygon.class).toString()).contains("Polygon");
        Geometry anyGeometry = geometry.createInstance();
        assertThat(anyGeometry).isExactlyInstanceOf(GeometryCollection.class);
        assertThat(anyGeometry.isEmpty()).isTrue();
        Point point = serializerOf(Point.class).createInstance();
        assertThat(point).isExactlyInstanceOf(Point.class);
        assertThat(point.isEmpty()).isTrue();
        assertThat(serializerOf(LinearRing.class).createInstance())
                .isExactlyInstanceOf(LinearRing.class);
        assertThat(serializerOf(LineString.class).createInstance())
                .isExactlyInstanceOf(LineString.class);
        assertThat(serializerOf(MultiPolygon.class).createInstance())
                .isExactlyInstanceOf(MultiPolygon.class);
        assertThatThrownBy(() -> serializerOf(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void isJavaSerializableWithoutItsBufferAndTheCloneWorks() throws Exception {
        TypeSerializer<Geometry> serializer = configuredSerializerOf(Geometry.class);
        Geometry line = GeometryMixes.longLine(6000); // a 96 KB record: the buffer is kept
        byte[] bytes = serialize(serializer, line);
        assertThat(bufferCapacity(serializer)).isGreaterThan(96_000);

        byte[] javaSerialized = InstantiationUtil.serializeObject(serializer);
        assertThat(javaSerialized.length).as("Java-serialized size").isLessThan(4096);

        TypeSerializer<Geometry> viaBytes =
                InstantiationUtil.deserializeObject(
                        javaSerialized, Thread.currentThread().getContextClassLoader());
        TypeSerializer<Geometry> clone = InstantiationUtil.clone(serializer);
        for (TypeSerializer<Geometry> restored : List.of(viaBytes, clone)) {
            assertThat(restored).isNotSameAs(serializer).isEqualTo(serializer);
            assertThat(serialize(restored, line)).isEqualTo(bytes);
            Geometry decoded = deserialize(restored, bytes);
            ExactGeometry.assertExactlyEqual(decoded, line);
            assertSameOptions(restored, serializer, decoded);
        }
    }

    // ------------------------------------------------------------------------------------------
    // The buffer
    // ------------------------------------------------------------------------------------------

    @Test
    void aHugeGeometryRoundTripsAndItsBufferIsNotRetained() throws Exception {
        TypeSerializer<Geometry> serializer = serializerOf(Geometry.class);
        LineString huge = GeometryMixes.longLine(200_000); // a 3.2 MB record

        byte[] bytes = serialize(serializer, huge);
        assertThat(bytes).isEqualTo(frame(payload(huge)));
        assertThat(bytes).hasSize(xyLineRecordBytes(200_000));
        assertThat(bufferCapacity(serializer)).isLessThanOrEqualTo(retainedBufferBytes());

        Geometry decoded = deserializeFromStream(serializer, bytes);
        ExactGeometry.assertExactlyEqual(decoded, huge);
        assertThat(bufferCapacity(serializer)).isLessThanOrEqualTo(retainedBufferBytes());
        assertThat(serialize(serializer, decoded)).isEqualTo(bytes);

        DataOutputSerializer copied = new DataOutputSerializer(16);
        serializer.copy(new DataInputDeserializer(bytes), copied);
        assertThat(copied.getCopyOfBuffer()).isEqualTo(bytes);
        assertThat(bufferCapacity(serializer)).isLessThanOrEqualTo(retainedBufferBytes());

        Geometry small = Wkt.read("POINT (1 2)");
        ExactGeometry.assertExactlyEqual(
                deserializeFromStream(serializer, serialize(serializer, small)), small);
        assertThat(bufferCapacity(serializer))
                .isPositive()
                .isLessThanOrEqualTo(retainedBufferBytes());
    }

    @Test
    void aCorruptLengthFailsWithoutAllocatingTheDeclaredSize() throws Exception {
        TypeSerializer<Geometry> serializer = serializerOf(Geometry.class);
        for (byte[] record : recordsOfCorruptLength()) {
            String length = HexFormat.of().formatHex(record, 0, 4);
            for (boolean viaCopy : new boolean[] {false, true}) {
                long before = DecodeBudget.allocatedBytes();
                assertThatThrownBy(
                                () -> {
                                    DataInputDeserializer in = new DataInputDeserializer(record);
                                    if (viaCopy) {
                                        serializer.copy(in, new DataOutputSerializer(16));
                                    } else {
                                        serializer.deserialize(in);
                                    }
                                })
                        .as("length bytes %s, %s", length, viaCopy ? "copy" : "deserialize")
                        .isInstanceOf(IOException.class);
                if (before >= 0) {
                    assertThat(DecodeBudget.allocatedBytes() - before)
                            .as("bytes allocated for a record of length bytes %s", length)
                            .isLessThan(16L << 20);
                }
                assertThat(bufferCapacity(serializer)).isLessThanOrEqualTo(retainedBufferBytes());
            }
        }
        // and the serializer is still fine
        Geometry point = Wkt.read("POINT (1 2)");
        ExactGeometry.assertExactlyEqual(
                deserialize(serializer, serialize(serializer, point)), point);
    }

    // ------------------------------------------------------------------------------------------
    // The declared class
    // ------------------------------------------------------------------------------------------

    @Test
    void aRecordOfAnotherClassThanTheDeclaredOneFailsNamingBoth() throws Exception {
        TypeSerializer<Geometry> writer = serializerOf(Geometry.class);
        assertThatThrownBy(
                        () ->
                                deserialize(
                                        serializerOf(Point.class),
                                        serialize(writer, Wkt.read("LINESTRING (0 0, 1 1)"))))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("LineString")
                .hasMessageContaining(Point.class.getName());
        assertThatThrownBy(
                        () ->
                                deserialize(
                                        serializerOf(Point.class),
                                        serialize(writer, Wkt.read("MULTIPOINT ((1 2))"))))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("MultiPoint")
                .hasMessageContaining(Point.class.getName());
        assertThatThrownBy(
                        () ->
                                deserialize(
                                        serializerOf(LinearRing.class),
                                        serialize(
                                                writer,
                                                Wkt.read("POLYGON ((0 0, 1 0, 1 1, 0 0))"))))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Polygon")
                .hasMessageContaining(LinearRing.class.getName());
        // a line string that cannot be a ring
        assertThatThrownBy(
                        () ->
                                deserialize(
                                        serializerOf(LinearRing.class),
                                        serialize(writer, Wkt.read("LINESTRING (0 0, 1 1, 2 0)"))))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("LinearRing");
    }

    // ------------------------------------------------------------------------------------------

    /** {@link #geometries()} and a line longer than the retained buffer. */
    private List<Geometry> variety() {
        List<Geometry> geometries = new ArrayList<>(geometries());
        geometries.add(GeometryMixes.longLine(20_000)); // 320 KB: more than the retained buffer
        return geometries;
    }
}
