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
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.Wkt;
import java.io.InputStream;
import java.io.ObjectInputStream;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;

/**
 * Serializers Java-serialized by the classes of earlier commits (in a job graph that an HA cluster
 * recovers with a newer jar) read back with today's classes: the same options, and records written
 * and read (their working state rebuilt). Files and how they were made: {@code
 * golden/java-serialized/README.md}.
 */
class JavaSerializedSerializerTest {

    @Test
    void anAlignedSerializerOfCommitB0b57ecReadsBack() throws Exception {
        TypeSerializer<Polygon> restored = read("geometry-serializer-b0b57ec.ser");
        assertThat(restored)
                .isEqualTo(
                        GeometrySerializer.of(Polygon.class, CoordinateSequenceKind.PACKED_DOUBLE));
        Polygon polygon = (Polygon) Wkt.read("POLYGON ((0 0, 1 0, 1 1, 0 0))", 4326);
        Polygon read = roundTrip(restored, polygon);
        ExactGeometry.assertExactlyEqual(read, polygon);
        assertThat(read.getExteriorRing().getCoordinateSequence())
                .isInstanceOf(PackedCoordinateSequence.Double.class);
    }

    @Test
    void aCompactSerializerOfTheParentOfCommitDe25f99ReadsBack() throws Exception {
        TypeSerializer<Point> restored = read("compact-geometry-serializer-de25f99.ser");
        assertThat(restored)
                .isEqualTo(GeometrySerializer.of(Point.class, GeometryEncoding.compact(7, 3, 0)));
        Point point = (Point) Wkt.read("POINT Z (2.35221234 48.85661234 35.1234)", 4326);
        Point read = roundTrip(restored, point);
        assertThat(read.getX()).isEqualTo(2.3522123);
        assertThat(read.getCoordinate().getZ()).isEqualTo(35.123);
        assertThat(read.getSRID()).isEqualTo(4326);
    }

    @SuppressWarnings("unchecked")
    private static <T> TypeSerializer<T> read(String file) throws Exception {
        try (InputStream in =
                        JavaSerializedSerializerTest.class.getResourceAsStream(
                                "/golden/java-serialized/" + file);
                ObjectInputStream objects = new ObjectInputStream(in)) {
            return (TypeSerializer<T>) objects.readObject();
        }
    }

    private static <T extends Geometry> T roundTrip(TypeSerializer<T> serializer, T geometry)
            throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(64);
        serializer.serialize(geometry, out);
        return serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
    }
}
