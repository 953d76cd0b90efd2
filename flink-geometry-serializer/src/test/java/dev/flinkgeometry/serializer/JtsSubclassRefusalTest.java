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
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.Point;

/**
 * A user subclass of a JTS class would be written as its JTS parent and read back as one: both
 * serializers refuse it at {@code serialize}, before writing a byte, with an error that names it. A
 * subclass instance as a member of a collection is written as its JTS class (like {@code userData},
 * what the subclass adds is not carried), which reads back.
 */
class JtsSubclassRefusalTest {

    private static final GeometryFactory FACTORY = new GeometryFactory();

    /** What a user might keep in state: a point with a tag that no format stores. */
    static final class TaggedPoint extends Point {
        private static final long serialVersionUID = 1L;

        final String tag;

        TaggedPoint(CoordinateSequence coordinates, String tag) {
            super(coordinates, FACTORY);
            this.tag = tag;
        }
    }

    private static TaggedPoint taggedPoint() {
        return new TaggedPoint(
                FACTORY.getCoordinateSequenceFactory()
                        .create(new Coordinate[] {new Coordinate(1, 2)}),
                "home");
    }

    @Test
    void geometrySerializerRefusesASubclassAndWritesNothing() {
        assertRefusedAndNothingWritten(GeometrySerializer.of(TaggedPoint.class));
        assertRefusedAndNothingWritten(GeometrySerializer.of(Point.class));
        assertRefusedAndNothingWritten(GeometrySerializer.of(Geometry.class));
    }

    @Test
    void wkbGeometrySerializerRefusesASubclassAndWritesNothing() {
        assertRefusedAndNothingWritten(new WkbGeometrySerializer<>(TaggedPoint.class));
        assertRefusedAndNothingWritten(new WkbGeometrySerializer<>(Point.class));
        assertRefusedAndNothingWritten(new WkbGeometrySerializer<>(Geometry.class));
    }

    @Test
    void aSubclassMemberIsWrittenAsItsJtsClass() throws Exception {
        MultiPoint multi = FACTORY.createMultiPoint(new Point[] {taggedPoint()});
        for (TypeSerializer<MultiPoint> serializer :
                java.util.List.<TypeSerializer<MultiPoint>>of(
                        GeometrySerializer.of(MultiPoint.class),
                        new WkbGeometrySerializer<>(MultiPoint.class))) {
            DataOutputSerializer out = new DataOutputSerializer(64);
            serializer.serialize(multi, out);
            MultiPoint read =
                    serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
            assertThat(read.getGeometryN(0).getClass()).isEqualTo(Point.class);
            ExactGeometry.assertExactlyEqual(
                    read,
                    FACTORY.createMultiPoint(
                            new Point[] {FACTORY.createPoint(new Coordinate(1, 2))}));
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void assertRefusedAndNothingWritten(TypeSerializer serializer) {
        DataOutputSerializer out = new DataOutputSerializer(64);
        assertThatThrownBy(() -> serializer.serialize(taggedPoint(), out))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "cannot serialize a "
                                + TaggedPoint.class.getName()
                                + ": only JTS's own geometry classes can be written (it would be"
                                + " read back as a plain Point); convert it to its JTS class"
                                + " first");
        assertThat(out.length()).as("bytes written by %s", serializer).isZero();
    }
}
