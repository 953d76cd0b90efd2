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

import static dev.flinkgeometry.testing.SerializerBytes.deserialize;
import static dev.flinkgeometry.testing.SerializerBytes.serialize;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.testing.DecodedSequences;
import dev.flinkgeometry.testing.ExactGeometry;
import org.apache.flink.api.common.typeutils.SerializerTestBase;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;

/**
 * Flink's {@link SerializerTestBase} for {@link GeometrySerializer} of a compact encoding, plus
 * what every compact serializer must do with its data: read back exactly (lossless, or data exact
 * at the fixed precision), re-serialize to identical bytes, decode into the configured sequence
 * kind. Subclasses supply the class and data (and the mode and sequence kind).
 */
abstract class CompactGeometrySerializerTestBase<T extends Geometry> extends SerializerTestBase<T> {

    CompactGeometrySerializerTestBase() {
        super(GeometryFixtures.exactChecker());
    }

    CoordinateSequenceKind sequenceKind() {
        return CoordinateSequenceKind.ARRAY;
    }

    GeometryEncoding encoding() {
        return GeometryEncoding.compact();
    }

    @Override
    protected final TypeSerializer<T> createSerializer() {
        return GeometrySerializer.of(getTypeClass(), encoding(), sequenceKind());
    }

    @Override
    protected final int getLength() {
        return -1;
    }

    @Test
    void everyRecordReadsBackExactlyAndReserializesToIdenticalBytes() throws Exception {
        TypeSerializer<T> serializer = createSerializer();
        for (T datum : getTestData()) {
            byte[] record = serialize(serializer, datum);
            T decoded = deserialize(serializer, record);
            ExactGeometry.assertExactlyEqual(decoded, ExactGeometry.asDecoded(datum));
            assertThat(serialize(serializer, decoded))
                    .as("serialize(deserialize(bytes)) of %s", datum)
                    .isEqualTo(record);
        }
    }

    @Test
    void decodedSequencesHaveTheConfiguredKindAndTheValueLayout() throws Exception {
        TypeSerializer<T> serializer = createSerializer();
        Class<?> expectedKind =
                sequenceKind() == CoordinateSequenceKind.PACKED_DOUBLE
                        ? PackedCoordinateSequence.Double.class
                        : CoordinateArraySequence.class;
        for (T datum : getTestData()) {
            T decoded = deserialize(serializer, serialize(serializer, datum));
            assertThat(decoded).isInstanceOf(getTypeClass());
            assertThat(decoded.getFactory())
                    .isSameAs(sequenceKind().geometryFactory(decoded.getSRID()));
            DecodedSequences.assertOfKind(decoded, sequenceKind());
            for (CoordinateSequence sequence : ExactGeometry.sequences(decoded)) {
                assertThat(sequence).as("a sequence of %s", decoded).isInstanceOf(expectedKind);
            }
        }
    }
}
