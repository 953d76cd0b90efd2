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
import dev.flinkgeometry.format.aligned.AlignedFormat;
import dev.flinkgeometry.testing.DecodedSequences;
import dev.flinkgeometry.testing.ExactGeometry;
import java.util.Arrays;
import org.apache.flink.api.common.typeutils.SerializerTestBase;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;

/**
 * Flink's serializer contract test for {@link GeometrySerializer}, with exact geometry equality
 * (class, SRIDs, structure and every ordinate bit for bit). Subclasses only supply the declared
 * class and canonical test data, and may choose the coordinate sequence kind.
 *
 * <p>Adds two checks of our own per data set: every record re-serializes to the identical bytes
 * (determinism), and decoded sequences have the configured kind and the value-decided layout.
 */
abstract class GeometrySerializerTestBase<T extends Geometry> extends SerializerTestBase<T> {

    GeometrySerializerTestBase() {
        super(GeometryFixtures.exactChecker());
    }

    /** The kind of the sequences the serializer under test decodes into. */
    CoordinateSequenceKind sequenceKind() {
        return CoordinateSequenceKind.ARRAY;
    }

    @Override
    protected final TypeSerializer<T> createSerializer() {
        return new GeometrySerializer<>(getTypeClass(), sequenceKind());
    }

    @Override
    protected final int getLength() {
        return -1;
    }

    @Test
    void everyRecordIsTheAlignedPayloadAndReserializesToIdenticalBytes() throws Exception {
        GeometrySerializer<T> serializer = new GeometrySerializer<>(getTypeClass(), sequenceKind());
        for (T datum : getTestData()) {
            byte[] record = serialize(serializer, datum);
            byte[] payload = AlignedFormat.encode(datum);
            assertThat(Arrays.copyOfRange(record, record.length - payload.length, record.length))
                    .as("payload of %s", datum)
                    .isEqualTo(payload);

            T decoded = deserialize(serializer, record);
            ExactGeometry.assertExactlyEqual(decoded, datum);
            assertThat(serialize(serializer, decoded))
                    .as("serialize(deserialize(bytes)) of %s", datum)
                    .isEqualTo(record);
        }
    }

    @Test
    void decodedSequencesHaveTheConfiguredKindAndTheValueLayout() throws Exception {
        GeometrySerializer<T> serializer = new GeometrySerializer<>(getTypeClass(), sequenceKind());
        Class<?> expectedKind =
                sequenceKind() == CoordinateSequenceKind.PACKED_DOUBLE
                        ? PackedCoordinateSequence.Double.class
                        : CoordinateArraySequence.class;
        for (T datum : getTestData()) {
            T decoded = deserialize(serializer, serialize(serializer, datum));
            assertThat(decoded).isInstanceOf(getTypeClass());
            assertThat(decoded.getFactory())
                    .as("factory of decoded %s", datum)
                    .isSameAs(sequenceKind().geometryFactory(decoded.getSRID()));
            DecodedSequences.assertOfKind(decoded, sequenceKind());
            for (CoordinateSequence sequence : ExactGeometry.sequences(decoded)) {
                assertThat(sequence).as("a sequence of %s", decoded).isInstanceOf(expectedKind);
            }
        }
    }
}
