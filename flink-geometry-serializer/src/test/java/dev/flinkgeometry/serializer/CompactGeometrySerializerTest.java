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
import dev.flinkgeometry.format.compact.CompactEncoder;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.FramedSerializerContract;
import dev.flinkgeometry.testing.GeometryMixes;
import dev.flinkgeometry.testing.Hex;
import dev.flinkgeometry.testing.Wkt;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;

/**
 * {@link GeometrySerializer} of the compact encoding: the contract every framed serializer of this
 * library keeps ({@link FramedSerializerContract}), then its own records, modes and identity.
 */
class CompactGeometrySerializerTest extends VarintRecordsContract {

    @Override
    protected <T extends Geometry> TypeSerializer<T> serializerOf(Class<T> type) {
        return GeometrySerializer.of(type, GeometryEncoding.compact());
    }

    @Override
    protected <T extends Geometry> TypeSerializer<T> configuredSerializerOf(Class<T> type) {
        return GeometrySerializer.of(
                type, GeometryEncoding.compact(), CoordinateSequenceKind.PACKED_DOUBLE);
    }

    /** The sequence kind, as for the aligned serializer, and the precision. */
    @Override
    protected void assertSameOptions(
            TypeSerializer<?> restored, TypeSerializer<?> original, Geometry decoded) {
        super.assertSameOptions(restored, original, decoded);
        assertThat(((GeometrySerializer<?>) restored).encoding())
                .isEqualTo(((GeometrySerializer<?>) original).encoding());
    }

    @Override
    protected byte[] payload(Geometry geometry) throws IOException {
        return CompactEncoder.lossless().encode(geometry);
    }

    /** {@code GeometryMixes.longLine} has non-decimal ordinates: the aligned fallback. */
    @Override
    protected int xyLineRecordBytes(int vertices) {
        int payload = 1 + 8 + vertices * 16;
        return leb128(payload).length + payload;
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
                        GeometrySerializer.of(Point.class, GeometryEncoding.compact()),
                        (Point) Wkt.read("POINT (2.352219 48.856614)"));
        assertThat(Hex.format(record)).isEqualToIgnoringCase("0b00c100" + "b6919f02" + "ccf8cb2e");
    }

    @Test
    void fixedPrecisionRoundsAndLosslessKeeps() throws Exception {
        Point point = (Point) Wkt.read("POINT (2.35221234 48.85661234)");
        GeometrySerializer<Point> sevenDigits =
                GeometrySerializer.of(Point.class, GeometryEncoding.compact(7, 0, 0));
        Point rounded = deserialize(sevenDigits, serialize(sevenDigits, point));
        assertThat(rounded.getX()).isEqualTo(2.3522123);
        assertThat(rounded.getY()).isEqualTo(48.8566123);
        GeometrySerializer<Point> lossless =
                GeometrySerializer.of(Point.class, GeometryEncoding.compact());
        ExactGeometry.assertExactlyEqual(deserialize(lossless, serialize(lossless, point)), point);
    }

    @Test
    void equalityIsByClassPrecisionAndSequenceKind() {
        GeometrySerializer<Point> lossless =
                GeometrySerializer.of(Point.class, GeometryEncoding.compact());
        assertThat(lossless)
                .isEqualTo(GeometrySerializer.of(Point.class, GeometryEncoding.compact()))
                .hasSameHashCodeAs(GeometrySerializer.of(Point.class, GeometryEncoding.compact()))
                .isEqualTo(lossless.duplicate())
                .isNotSameAs(lossless.duplicate())
                .isNotEqualTo(GeometrySerializer.of(Point.class, GeometryEncoding.compact(7, 0, 0)))
                .isNotEqualTo(
                        GeometrySerializer.of(
                                Point.class,
                                GeometryEncoding.compact(),
                                CoordinateSequenceKind.PACKED_DOUBLE))
                .isNotEqualTo(GeometrySerializer.of(LineString.class, GeometryEncoding.compact()))
                .isNotEqualTo(GeometrySerializer.of(Point.class))
                .isNotEqualTo(StringSerializer.INSTANCE);
        assertThat(GeometrySerializer.of(Point.class, GeometryEncoding.compact(7, 1, 2)))
                .isEqualTo(GeometrySerializer.of(Point.class, GeometryEncoding.compact(7, 1, 2)))
                .isNotEqualTo(
                        GeometrySerializer.of(Point.class, GeometryEncoding.compact(7, 1, 3)));
    }

    @Test
    void precisionsOutsidePostgisRangesAreRefused() {
        assertThatThrownBy(
                        () -> GeometrySerializer.of(Point.class, GeometryEncoding.compact(8, 0, 0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-7..7");
        assertThatThrownBy(
                        () ->
                                GeometrySerializer.of(
                                        Point.class, GeometryEncoding.compact(7, -1, 0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("0..7");
    }
}
