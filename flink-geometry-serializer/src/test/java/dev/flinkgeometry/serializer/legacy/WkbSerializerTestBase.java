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

import static dev.flinkgeometry.testing.SerializerBytes.deserialize;
import static dev.flinkgeometry.testing.SerializerBytes.serialize;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.format.internal.RawBytes;
import dev.flinkgeometry.format.wkb.WkbTestSupport;
import dev.flinkgeometry.format.wkb.WkbWriter;
import dev.flinkgeometry.testing.ExactGeometry;
import java.util.Arrays;
import org.apache.flink.api.common.typeutils.SerializerTestBase;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;

/**
 * Flink's serializer contract test for {@link WkbGeometrySerializer}, with exact geometry equality
 * (class, SRIDs, structure and every ordinate bit for bit). Subclasses supply the declared class
 * and data that the legacy format carries exactly (members with the top level's SRID).
 *
 * <p>Adds a check of the record per datum: the big-endian length, then exactly the writer's WKB,
 * which re-serializes to identical bytes.
 */
abstract class WkbSerializerTestBase<T extends Geometry> extends SerializerTestBase<T> {

    WkbSerializerTestBase() {
        super(WkbTestSupport.exactChecker());
    }

    @Override
    protected final TypeSerializer<T> createSerializer() {
        return new WkbGeometrySerializer<>(getTypeClass());
    }

    @Override
    protected final int getLength() {
        return -1;
    }

    @Test
    void everyRecordIsTheLengthThenTheWkbAndReserializesToIdenticalBytes() throws Exception {
        WkbGeometrySerializer<T> serializer = new WkbGeometrySerializer<>(getTypeClass());
        for (T datum : getTestData()) {
            byte[] record = serialize(serializer, datum);
            byte[] wkb = new WkbWriter().write(datum);
            assertThat(RawBytes.getIntBE(record, 0))
                    .as("length of %s", datum)
                    .isEqualTo(wkb.length);
            assertThat(Arrays.copyOfRange(record, 4, record.length))
                    .as("WKB of %s", datum)
                    .isEqualTo(wkb);

            T decoded = deserialize(serializer, record);
            assertThat(decoded).isInstanceOf(getTypeClass());
            ExactGeometry.assertExactlyEqual(decoded, datum);
            assertThat(serialize(serializer, decoded))
                    .as("serialize(deserialize(bytes)) of %s", datum)
                    .isEqualTo(record);
        }
    }
}
