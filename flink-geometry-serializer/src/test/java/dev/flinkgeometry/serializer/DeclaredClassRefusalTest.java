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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.serializer.legacy.WkbGeometrySerializer;
import dev.flinkgeometry.testing.ExactGeometry;
import java.io.ByteArrayOutputStream;
import java.util.List;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputViewStreamWrapper;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;

/**
 * A serializer declared for one class refuses, at {@code serialize} and before writing a byte, a
 * geometry of another class that raw types or an unchecked cast handed it: it could not read the
 * record back, and the failure would otherwise surface only on restore.
 */
class DeclaredClassRefusalTest {

    private static final GeometryFactory FACTORY = new GeometryFactory();

    private static final Geometry SQUARE =
            FACTORY.createPolygon(
                    new Coordinate[] {
                        new Coordinate(0, 0),
                        new Coordinate(1, 0),
                        new Coordinate(1, 1),
                        new Coordinate(0, 0)
                    });

    @Test
    void aPolygonIsRefusedByPointSerializers() throws Exception {
        for (TypeSerializer<Point> serializer :
                List.<TypeSerializer<Point>>of(
                        GeometrySerializer.of(Point.class),
                        GeometrySerializer.of(Point.class, GeometryEncoding.compact()),
                        GeometrySerializer.of(Point.class, GeometryEncoding.compact(7, 7, 7)),
                        new WkbGeometrySerializer<>(Point.class))) {
            assertRefusedAndNothingWritten(
                    serializer,
                    SQUARE,
                    "cannot serialize a Polygon with a serializer declared for"
                            + " org.locationtech.jts.geom.Point: it could not read it back");
            // the refusal leaves the serializer usable
            Point point = FACTORY.createPoint(new Coordinate(3, 4));
            assertRoundTrips(serializer, point, point);
        }
    }

    @Test
    void aLineStringIsRefusedByARingSerializerButARingFitsALineStringSerializer() throws Exception {
        LineString open =
                FACTORY.createLineString(
                        new Coordinate[] {new Coordinate(0, 0), new Coordinate(5, 5)});
        assertRefusedAndNothingWritten(
                GeometrySerializer.of(LinearRing.class),
                open,
                "cannot serialize a LineString with a serializer declared for"
                        + " org.locationtech.jts.geom.LinearRing: it could not read it back");
        LinearRing ring = ((org.locationtech.jts.geom.Polygon) SQUARE).getExteriorRing();
        assertRoundTrips(
                GeometrySerializer.of(LineString.class),
                ring,
                FACTORY.createLineString(ring.getCoordinateSequence())); // as a line: documented
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void assertRefusedAndNothingWritten(
            TypeSerializer serializer, Geometry wrong, String message) {
        DataOutputSerializer inPlace = new DataOutputSerializer(256);
        assertThatThrownBy(() -> serializer.serialize(wrong, inPlace))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
        assertThat(inPlace.length()).as("bytes written in place by %s", serializer).isZero();

        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        assertThatThrownBy(
                        () -> serializer.serialize(wrong, new DataOutputViewStreamWrapper(stream)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
        assertThat(stream.size()).as("bytes written to a stream by %s", serializer).isZero();
    }

    private static <T extends Geometry> void assertRoundTrips(
            TypeSerializer<T> serializer, Geometry geometry, Geometry expected) throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(256);
        @SuppressWarnings("unchecked")
        T record = (T) geometry;
        serializer.serialize(record, out);
        T read = serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
        ExactGeometry.assertExactlyEqual(read, expected);
    }
}
