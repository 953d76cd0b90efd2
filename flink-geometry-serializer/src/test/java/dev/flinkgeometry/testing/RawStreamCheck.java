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

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.serializer.internal.RecordBuffer;
import dev.flinkgeometry.testing.DecodeBudget.Outcome;
import java.io.IOException;
import java.util.Arrays;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.locationtech.jts.geom.Geometry;

/**
 * Fuzz input as what Flink hands a serializer: a raw stream of length-prefixed records. Shared by
 * the fuzz tests of both serializers, whose stream contracts are the same.
 */
public final class RawStreamCheck {
    private RawStreamCheck() {}

    /**
     * Deserializes and copies the first record of {@code input}: only {@code IOException}s may
     * escape, a lying length costs at most one read step of buffer, a record that deserializes also
     * copies, and a copy reproduces the record's bytes.
     */
    public static void check(
            String what, TypeSerializer<? extends Geometry> serializer, byte[] input)
            throws IOException {
        Outcome deserialized =
                DecodeBudget.decode(
                        what + " on a raw stream",
                        input.length,
                        RecordBuffer.READ_STEP_BYTES,
                        () -> serializer.deserialize(new DataInputDeserializer(input)));
        DataOutputSerializer copied = new DataOutputSerializer(16);
        boolean copiedOk;
        try {
            serializer.copy(new DataInputDeserializer(input), copied);
            copiedOk = true;
        } catch (IOException e) {
            copiedOk = false;
        }
        if (deserialized.decoded()) {
            assertThat(copiedOk).as("copy of a record that deserializes").isTrue();
        }
        if (copiedOk) {
            byte[] record = copied.getCopyOfBuffer();
            assertThat(record).isEqualTo(Arrays.copyOf(input, record.length));
        }
    }
}
