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

import static dev.flinkgeometry.serializer.legacy.WkbTestSupport.HEX;
import static dev.flinkgeometry.serializer.legacy.WkbTestSupport.deserialize;
import static dev.flinkgeometry.serializer.legacy.WkbTestSupport.record;
import static dev.flinkgeometry.serializer.legacy.WkbTestSupport.serialize;
import static dev.flinkgeometry.serializer.legacy.WkbTestSupport.withSrid;
import static dev.flinkgeometry.serializer.legacy.WkbTestSupport.wkt;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.serializer.legacy.WkbTestSupport.Vector;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.RecordingViews;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.util.InstantiationUtil;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * {@link WkbGeometrySerializer} beyond Flink's contract test: record framing, how it talks to its
 * streams, copies, identity, Java serialization, its buffer and the declared class.
 */
class WkbGeometrySerializerTest {
    private static final WkbGeometrySerializer<Geometry> GEOMETRY =
            WkbGeometrySerializer.of(Geometry.class);

    private static List<Geometry> variety() {
        List<Geometry> geometries =
                new ArrayList<>(Arrays.asList(new WkbGeometryMixSerializerTest().getTestData()));
        geometries.add(longLine(20_000)); // 320 KB: more than the retained buffer
        return geometries;
    }

    private static LineString longLine(int vertices) {
        Coordinate[] coordinates = new Coordinate[vertices];
        for (int i = 0; i < vertices; i++) {
            coordinates[i] =
                    new org.locationtech.jts.geom.CoordinateXY(
                            i * 0.001 - 180.0, Math.sin(i * 0.01) * 89.5);
        }
        return WkbTestSupport.FACTORY.createLineString(coordinates);
    }

    // ------------------------------------------------------------------------------------------
    // Framing
    // ------------------------------------------------------------------------------------------

    @Test
    void nullIsTheLengthMinusOne() throws Exception {
        assertThat(serialize(GEOMETRY, null)).containsExactly(0xFF, 0xFF, 0xFF, 0xFF);
        assertThat(deserialize(GEOMETRY, new byte[] {-1, -1, -1, -1})).isNull();
        assertThat(serialize(WkbGeometrySerializer.of(Point.class), null)).hasSize(4);
    }

    @Test
    void pointOneTwoWithSridIsTheExpectedRecord() throws Exception {
        Point point = withSrid((Point) wkt("POINT (1 2)"), 4326);
        assertThat(HEX.formatHex(serialize(GEOMETRY, point)))
                .isEqualTo(
                        "00000019" // 25 bytes of WKB, big-endian
                                + "01" // little-endian WKB
                                + "01000020" // point, SRID flag
                                + "E6100000" // 4326
                                + "000000000000F03F"
                                + "0000000000000040");
    }

    @Test
    void recordsOfEveryVectorReadAsTheVector() throws Exception {
        // what a predecessor wrote in any WKB flavor and byte order reads back through the framing
        for (Vector vector : WkbTestSupport.vectors()) {
            WkbTestSupport.assertReadAs(
                    deserialize(GEOMETRY, record(vector.wkb)), vector.expected(), vector);
        }
    }

    @Test
    void serializeHandsEachRecordToTheOutputInOneWrite() throws Exception {
        WkbGeometrySerializer<Geometry> serializer = WkbGeometrySerializer.of(Geometry.class);
        DataOutputSerializer recorded = new DataOutputSerializer(64);
        List<String> calls = new ArrayList<>();
        DataOutputView out = RecordingViews.recording(DataOutputView.class, recorded, calls);
        DataOutputSerializer plain = new DataOutputSerializer(64);
        for (Geometry geometry : variety()) {
            serializer.serialize(geometry, out);
            assertThat(calls)
                    .as("calls to serialize %s", geometry.getGeometryType())
                    .containsExactly("write(byte[],int,int)");
            calls.clear();
            GEOMETRY.serialize(geometry, plain);
        }
        serializer.serialize(null, out);
        assertThat(calls).containsExactly("writeInt(int)");
        GEOMETRY.serialize(null, plain);
        assertThat(recorded.getCopyOfBuffer()).isEqualTo(plain.getCopyOfBuffer());
    }

    @Test
    void deserializeReadsEachRecordWithOneReadFully() throws Exception {
        List<Geometry> geometries = variety();
        geometries.add(null);
        geometries.add(wkt("POINT (1 2)"));
        DataOutputSerializer out = new DataOutputSerializer(1024);
        for (Geometry geometry : geometries) {
            GEOMETRY.serialize(geometry, out);
        }
        WkbGeometrySerializer<Geometry> serializer = WkbGeometrySerializer.of(Geometry.class);
        List<String> calls = new ArrayList<>();
        DataInputView in =
                RecordingViews.recording(
                        DataInputView.class,
                        new DataInputDeserializer(out.getCopyOfBuffer()),
                        calls);
        for (Geometry geometry : geometries) {
            Geometry decoded = serializer.deserialize(in);
            if (geometry == null) {
                assertThat(decoded).isNull();
                assertThat(calls).containsExactly("readInt()");
            } else {
                ExactGeometry.assertExactlyEqual(decoded, geometry);
                assertThat(calls)
                        .as("calls to read %s", geometry.getGeometryType())
                        .containsExactly("readInt()", "readFully(byte[],int,int)");
            }
            calls.clear();
        }
    }

    // ------------------------------------------------------------------------------------------
    // Copies
    // ------------------------------------------------------------------------------------------

    @Test
    void copyReproducesTheRecordsBytesWithoutDecodingThem() throws Exception {
        // a well-framed record whose WKB is not a geometry: only a copy that decodes fails
        byte[] undecodable = record(new byte[] {7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7});
        assertThatThrownBy(() -> deserialize(GEOMETRY, undecodable))
                .isInstanceOf(IOException.class);

        DataOutputSerializer source = new DataOutputSerializer(1024);
        List<Geometry> geometries = variety();
        for (Geometry geometry : geometries) {
            GEOMETRY.serialize(geometry, source);
        }
        GEOMETRY.serialize(null, source);
        source.write(undecodable);
        source.write(record(WkbTestSupport.vectors().get(0).wkb)); // not our writer's bytes
        int records = geometries.size() + 3;
        byte[] expected = source.getCopyOfBuffer();

        // DataOutputSerializer does not grow in write(DataInputView, int): start it tiny
        DataOutputSerializer copied = new DataOutputSerializer(8);
        List<String> calls = new ArrayList<>();
        DataOutputView target = RecordingViews.recording(DataOutputView.class, copied, calls);
        DataInputDeserializer in = new DataInputDeserializer(expected);
        WkbGeometrySerializer<Geometry> serializer = WkbGeometrySerializer.of(Geometry.class);
        for (int i = 0; i < records; i++) {
            serializer.copy(in, target);
            assertThat(calls)
                    .as("writes of record %d", i)
                    .containsAnyOf("write(byte[],int,int)", "writeInt(int)")
                    .hasSize(1);
            calls.clear();
        }
        assertThat(in.available()).isZero();
        assertThat(copied.getCopyOfBuffer()).isEqualTo(expected);
        assertThat(serializer.bufferCapacity())
                .isLessThanOrEqualTo(WkbGeometrySerializer.RETAINED_BUFFER_BYTES);
    }

    @Test
    void copyIsDeepIndependentAndSerializesToTheSameBytes() throws Exception {
        for (Geometry original : variety()) {
            Geometry copy = GEOMETRY.copy(original);
            assertThat(copy).isNotSameAs(original);
            ExactGeometry.assertExactlyEqual(copy, original);
            assertThat(serialize(GEOMETRY, copy)).isEqualTo(serialize(GEOMETRY, original));
            assertThat(GEOMETRY.copy(original, GEOMETRY.createInstance())).isNotSameAs(original);
        }
        Point point = (Point) wkt("POINT Z (1 2 3)");
        Point copy = WkbGeometrySerializer.of(Point.class).copy(point);
        copy.getCoordinateSequence().setOrdinate(0, 0, 99);
        copy.setSRID(7);
        assertThat(point.getX()).isEqualTo(1.0);
        assertThat(point.getSRID()).isZero();
        assertThat(GEOMETRY.copy(null)).isNull();
    }

    // ------------------------------------------------------------------------------------------
    // Declared class
    // ------------------------------------------------------------------------------------------

    @Test
    void aRecordOfAnotherClassThanTheDeclaredOneFailsNamingBoth() {
        assertThatThrownBy(
                        () ->
                                deserialize(
                                        WkbGeometrySerializer.of(Point.class),
                                        serialize(GEOMETRY, wkt("LINESTRING (0 0, 1 1)"))))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("LineString")
                .hasMessageContaining(Point.class.getName());
        assertThatThrownBy(
                        () ->
                                deserialize(
                                        WkbGeometrySerializer.of(Point.class),
                                        serialize(GEOMETRY, wkt("MULTIPOINT ((1 2))"))))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("MultiPoint");
        assertThatThrownBy(
                        () ->
                                deserialize(
                                        WkbGeometrySerializer.of(LinearRing.class),
                                        serialize(GEOMETRY, wkt("POLYGON ((0 0, 1 0, 1 1, 0 0))"))))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Polygon")
                .hasMessageContaining(LinearRing.class.getName());
        assertThatThrownBy(
                        () ->
                                deserialize(
                                        WkbGeometrySerializer.of(LinearRing.class),
                                        serialize(GEOMETRY, wkt("LINESTRING (0 0, 1 1, 2 0)"))))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("LinearRing");
    }

    @Test
    void aClosedLineStringIsRebuiltAsARingWithItsSrid() throws Exception {
        Geometry line = withSrid(wkt("LINESTRING Z (0 0 1, 1 0 2, 1 1 3, 0 0 1)"), 4326);
        LinearRing ring =
                deserialize(WkbGeometrySerializer.of(LinearRing.class), serialize(GEOMETRY, line));
        assertThat(ring.getSRID()).isEqualTo(4326);
        assertThat(ring.getCoordinateSequence().getZ(2)).isEqualTo(3.0);
        Geometry asLine =
                deserialize(WkbGeometrySerializer.of(LineString.class), serialize(GEOMETRY, line));
        assertThat(asLine).isExactlyInstanceOf(LineString.class);
    }

    // ------------------------------------------------------------------------------------------
    // Identity, instances, Java serialization, the buffer
    // ------------------------------------------------------------------------------------------

    @Test
    void duplicateIsANewEqualInstanceWithItsOwnBuffer() throws Exception {
        WkbGeometrySerializer<Point> serializer = WkbGeometrySerializer.of(Point.class);
        byte[] bytes = serialize(serializer, (Point) wkt("POINT (1 2)"));
        assertThat(serializer.bufferCapacity()).isPositive();

        WkbGeometrySerializer<Point> duplicate = serializer.duplicate();
        assertThat(duplicate).isNotSameAs(serializer).isEqualTo(serializer);
        assertThat(duplicate.hashCode()).isEqualTo(serializer.hashCode());
        assertThat(duplicate.geometryClass()).isEqualTo(Point.class);
        assertThat(duplicate.bufferCapacity()).isZero();
        assertThat(serialize(duplicate, (Point) wkt("POINT (1 2)"))).isEqualTo(bytes);
    }

    @Test
    void equalityIsByDeclaredClass() throws Exception {
        WkbGeometrySerializer<Point> point = WkbGeometrySerializer.of(Point.class);
        serialize(point, (Point) wkt("POINT (1 2)")); // buffer state plays no part
        assertThat(point)
                .isEqualTo(new WkbGeometrySerializer<>(Point.class))
                .hasSameHashCodeAs(new WkbGeometrySerializer<>(Point.class))
                .isNotEqualTo(WkbGeometrySerializer.of(Geometry.class))
                .isNotEqualTo(WkbGeometrySerializer.of(MultiPoint.class))
                .isNotEqualTo(dev.flinkgeometry.serializer.GeometrySerializer.of(Point.class))
                .isNotEqualTo(StringSerializer.INSTANCE)
                .isNotEqualTo(null);
        assertThat(WkbGeometrySerializer.of(LinearRing.class))
                .isNotEqualTo(WkbGeometrySerializer.of(LineString.class));
    }

    @Test
    void typePropertiesAndInstances() {
        assertThat(GEOMETRY.isImmutableType()).isFalse();
        assertThat(GEOMETRY.getLength()).isEqualTo(-1);
        assertThat(WkbGeometrySerializer.of(Polygon.class).toString()).contains("Polygon");
        assertThat(GEOMETRY.createInstance()).isExactlyInstanceOf(GeometryCollection.class);
        assertThat(GEOMETRY.createInstance().isEmpty()).isTrue();
        assertThat(WkbGeometrySerializer.of(Point.class).createInstance())
                .isExactlyInstanceOf(Point.class);
        assertThat(WkbGeometrySerializer.of(LinearRing.class).createInstance())
                .isExactlyInstanceOf(LinearRing.class);
        assertThat(WkbGeometrySerializer.of(LineString.class).createInstance())
                .isExactlyInstanceOf(LineString.class);
        assertThat(WkbGeometrySerializer.of(MultiPolygon.class).createInstance())
                .isExactlyInstanceOf(MultiPolygon.class);
        assertThatThrownBy(() -> new WkbGeometrySerializer<>(null))
                .isInstanceOf(NullPointerException.class);
    }

    @Test
    void isJavaSerializableWithoutItsBufferAndTheCloneWorks() throws Exception {
        WkbGeometrySerializer<Geometry> serializer = WkbGeometrySerializer.of(Geometry.class);
        Geometry line = longLine(6000); // a 96 KB record: the buffer is kept
        byte[] bytes = serialize(serializer, line);
        assertThat(serializer.bufferCapacity()).isGreaterThan(96_000);

        byte[] javaSerialized = InstantiationUtil.serializeObject(serializer);
        assertThat(javaSerialized.length).as("Java-serialized size").isLessThan(4096);
        WkbGeometrySerializer<Geometry> clone = InstantiationUtil.clone(serializer);
        assertThat(clone).isNotSameAs(serializer).isEqualTo(serializer);
        assertThat(serialize(clone, line)).isEqualTo(bytes);
        ExactGeometry.assertExactlyEqual(deserialize(clone, bytes), line);
    }

    @Test
    void aHugeGeometryRoundTripsAndItsBufferIsNotRetained() throws Exception {
        WkbGeometrySerializer<Geometry> serializer = WkbGeometrySerializer.of(Geometry.class);
        LineString huge = longLine(200_000); // 3.2 MB: read in steps
        byte[] bytes = serialize(serializer, huge);
        assertThat(bytes).hasSize(4 + 9 + 200_000 * 16);
        assertThat(serializer.bufferCapacity())
                .isLessThanOrEqualTo(WkbGeometrySerializer.RETAINED_BUFFER_BYTES);

        ExactGeometry.assertExactlyEqual(deserialize(serializer, bytes), huge);
        assertThat(serializer.bufferCapacity())
                .isLessThanOrEqualTo(WkbGeometrySerializer.RETAINED_BUFFER_BYTES);

        DataOutputSerializer copied = new DataOutputSerializer(16);
        serializer.copy(new DataInputDeserializer(bytes), copied);
        assertThat(copied.getCopyOfBuffer()).isEqualTo(bytes);
        assertThat(serializer.bufferCapacity())
                .isLessThanOrEqualTo(WkbGeometrySerializer.RETAINED_BUFFER_BYTES);

        Geometry small = wkt("POINT (1 2)");
        ExactGeometry.assertExactlyEqual(
                deserialize(serializer, serialize(serializer, small)), small);
        assertThat(serializer.bufferCapacity()).isPositive();
    }

    @Test
    void aGeometryTheWriterRejectsWritesNothing() throws Exception {
        Geometry nested = wkt("POINT (1 2)");
        for (int i = 0; i <= Wkb.MAX_NESTING_DEPTH; i++) {
            nested = WkbTestSupport.FACTORY.createGeometryCollection(new Geometry[] {nested});
        }
        DataOutputSerializer out = new DataOutputSerializer(64);
        Geometry tooDeep = nested;
        assertThatThrownBy(() -> GEOMETRY.serialize(tooDeep, out))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("nested");
        assertThat(out.length()).isZero();
    }
}
