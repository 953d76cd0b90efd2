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
package dev.flinkgeometry.serializer.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.memory.DataInputDeserializer;

/**
 * The array and read position behind a {@link DataInputDeserializer} (the view of RocksDB state and
 * of records spanning network buffers), so that a record held whole in it is decoded where it lies
 * instead of being copied out first. Flink gives no accessor for them: they are read through {@link
 * VarHandle}s on its private fields, and where those cannot be had (a Flink whose fields differ, a
 * module that does not open them), {@link #available()} is false and callers copy.
 */
@Internal
public final class DeserializerArray {
    private static final VarHandle BUFFER;
    private static final VarHandle POSITION;

    static {
        VarHandle buffer = null;
        VarHandle position = null;
        try {
            MethodHandles.Lookup lookup =
                    MethodHandles.privateLookupIn(
                            DataInputDeserializer.class, MethodHandles.lookup());
            buffer = lookup.findVarHandle(DataInputDeserializer.class, "buffer", byte[].class);
            position = lookup.findVarHandle(DataInputDeserializer.class, "position", int.class);
        } catch (ReflectiveOperationException | RuntimeException e) {
            buffer = null; // both handles or neither
            position = null;
        }
        BUFFER = buffer;
        POSITION = position;
    }

    private DeserializerArray() {}

    /** Whether {@link #array} and {@link #position} can be used in this JVM. */
    public static boolean available() {
        return BUFFER != null;
    }

    /** The array {@code source} reads from. Only if {@link #available()}. */
    public static byte[] array(DataInputDeserializer source) {
        return (byte[]) BUFFER.get(source);
    }

    /** The index in {@link #array} of the next byte {@code source} reads. */
    public static int position(DataInputDeserializer source) {
        return (int) POSITION.get(source);
    }
}
