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
import static dev.flinkgeometry.format.wkb.WkbTestSupport.record;
import static dev.flinkgeometry.format.wkb.WkbTestSupport.withSrid;
import static dev.flinkgeometry.format.wkb.WkbTestSupport.wkt;
import static dev.flinkgeometry.testing.SerializerBytes.deserialize;
import static dev.flinkgeometry.testing.SerializerBytes.serialize;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.format.GeometryLimits;
import dev.flinkgeometry.format.internal.RawBytes;
import dev.flinkgeometry.format.wkb.WkbTestSupport;
import dev.flinkgeometry.format.wkb.WkbTestSupport.Vector;
import dev.flinkgeometry.testing.FramedSerializerContract;
import dev.flinkgeometry.testing.GeometryMixes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.Point;

/**
 * {@link WkbGeometrySerializer} beyond Flink's contract test: the framing contract it shares with
 * {@code GeometrySerializer} ({@link FramedSerializerContract}), then its own record layout, the
 * flavors of WKB it reads, rings, equality and what its writer refuses.
 */
class WkbGeometrySerializerTest extends FramedSerializerContract {
    private static final WkbGeometrySerializer<Geometry> GEOMETRY =
            WkbGeometrySerializer.of(Geometry.class);

    @Override
    protected <T extends Geometry> TypeSerializer<T> serializerOf(Class<T> type) {
        return WkbGeometrySerializer.of(type);
    }

    /** The legacy serializer has no options. */
    @Override
    protected <T extends Geometry> TypeSerializer<T> configuredSerializerOf(Class<T> type) {
        return WkbGeometrySerializer.of(type);
    }

    @Override
    protected Class<?> declaredClass(TypeSerializer<?> serializer) {
        return ((WkbGeometrySerializer<?>) serializer).geometryClass();
    }

    @Override
    protected void assertSameOptions(
            TypeSerializer<?> restored, TypeSerializer<?> original, Geometry decoded) {
        assertThat(declaredClass(restored)).isEqualTo(declaredClass(original));
    }

    @Override
    protected int bufferCapacity(TypeSerializer<?> serializer) {
        return ((WkbGeometrySerializer<?>) serializer).bufferCapacity();
    }

    @Override
    protected int retainedBufferBytes() {
        return WkbGeometrySerializer.RETAINED_BUFFER_BYTES;
    }

    @Override
    protected byte[] nullRecord() {
        return new byte[] {-1, -1, -1, -1};
    }

    @Override
    protected String nullRecordWrite() {
        return "writeInt(int)";
    }

    @Override
    protected String nullRecordCopyWrite() {
        return "writeInt(int)";
    }

    @Override
    protected List<String> nullRecordReads() {
        return List.of("readInt()");
    }

    @Override
    protected List<String> recordReads(int payloadLength) {
        return List.of("readInt()", "readFully(byte[],int,int)");
    }

    @Override
    protected byte[] payload(Geometry geometry) throws IOException {
        return WkbTestSupport.write(geometry);
    }

    @Override
    protected byte[] frame(byte[] payload) {
        return record(payload);
    }

    @Override
    protected int xyLineRecordBytes(int vertices) {
        return 4 + 9 + vertices * 16;
    }

    @Override
    protected List<byte[]> recordsOfCorruptLength() {
        List<byte[]> records = new ArrayList<>();
        for (int declared : new int[] {-2, Integer.MIN_VALUE, Integer.MAX_VALUE, 1 << 30, 5000}) {
            byte[] record = new byte[4 + 30];
            RawBytes.putIntBE(record, 0, declared);
            records.add(record);
        }
        return records;
    }

    @Override
    protected byte[] undecodablePayload() {
        return new byte[] {7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7};
    }

    @Override
    protected List<Geometry> geometries() {
        return GeometryMixes.legacyWkb();
    }

    /** A record of another writer's WKB (big-endian ISO, say): copied, never rewritten. */
    @Override
    protected List<byte[]> foreignRecords() {
        return List.of(record(WkbTestSupport.vectors().get(0).wkb));
    }

    // ------------------------------------------------------------------------------------------
    // Framing
    // ------------------------------------------------------------------------------------------

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
    void aNegativeLengthOtherThanNullIsNamed() {
        assertThatThrownBy(() -> deserialize(GEOMETRY, HEX.parseHex("FFFFFFFE")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("WKB length -2");
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
    // Identity and what the writer refuses
    // ------------------------------------------------------------------------------------------

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
    void aGeometryTheWriterRejectsWritesNothing() throws Exception {
        Geometry nested = wkt("POINT (1 2)");
        for (int i = 0; i <= GeometryLimits.MAX_NESTING_DEPTH; i++) {
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
