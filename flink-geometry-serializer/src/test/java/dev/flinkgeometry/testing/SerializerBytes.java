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

import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputViewStreamWrapper;
import org.apache.flink.core.memory.DataOutputSerializer;

/** One record through a Flink {@link TypeSerializer}, as bytes and back. */
public final class SerializerBytes {
    private SerializerBytes() {}

    /** One record as {@code serializer} writes it. */
    public static <T> byte[] serialize(TypeSerializer<T> serializer, T value) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        serializer.serialize(value, out);
        return out.getCopyOfBuffer();
    }

    /** Reads one record that fills {@code bytes} exactly. */
    public static <T> T deserialize(TypeSerializer<T> serializer, byte[] bytes) throws IOException {
        DataInputDeserializer in = new DataInputDeserializer(bytes);
        T value = serializer.deserialize(in);
        if (in.available() != 0) {
            throw new AssertionError(in.available() + " bytes left after the record");
        }
        return value;
    }

    /**
     * Reads one record that fills {@code bytes} exactly, through a stream view: the serializer
     * copies the record out of it (a {@link DataInputDeserializer} lets it read the record where it
     * lies).
     */
    public static <T> T deserializeFromStream(TypeSerializer<T> serializer, byte[] bytes)
            throws IOException {
        ByteArrayInputStream stream = new ByteArrayInputStream(bytes);
        T value = serializer.deserialize(new DataInputViewStreamWrapper(stream));
        if (stream.available() != 0) {
            throw new AssertionError(stream.available() + " bytes left after the record");
        }
        return value;
    }
}
