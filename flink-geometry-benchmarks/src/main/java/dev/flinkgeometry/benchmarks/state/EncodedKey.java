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
package dev.flinkgeometry.benchmarks.state;

import java.io.IOException;
import java.util.Arrays;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.TypeSerializerSingleton;
import org.apache.flink.api.common.typeutils.base.array.BytePrimitiveArraySerializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * A pre-encoded record as a state key, for the {@code bytes} floor of the key benchmark: a {@code
 * byte[]} (written by Flink's {@link BytePrimitiveArraySerializer}) with content equality, which
 * Flink needs to assign a key to its key group.
 */
final class EncodedKey {
    final byte[] bytes;
    private final int hash;

    EncodedKey(byte[] bytes) {
        this.bytes = bytes;
        this.hash = Arrays.hashCode(bytes);
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof EncodedKey && Arrays.equals(bytes, ((EncodedKey) obj).bytes);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    /** Writes the key as its {@code byte[]}, nothing more. */
    static final class Serializer extends TypeSerializerSingleton<EncodedKey> {
        private static final long serialVersionUID = 1L;
        static final Serializer INSTANCE = new Serializer();
        private static final BytePrimitiveArraySerializer BYTES =
                BytePrimitiveArraySerializer.INSTANCE;

        @Override
        public boolean isImmutableType() {
            return true;
        }

        @Override
        public EncodedKey createInstance() {
            return new EncodedKey(new byte[0]);
        }

        @Override
        public EncodedKey copy(EncodedKey from) {
            return from;
        }

        @Override
        public EncodedKey copy(EncodedKey from, EncodedKey reuse) {
            return from;
        }

        @Override
        public int getLength() {
            return -1;
        }

        @Override
        public void serialize(EncodedKey record, DataOutputView target) throws IOException {
            BYTES.serialize(record.bytes, target);
        }

        @Override
        public EncodedKey deserialize(DataInputView source) throws IOException {
            return new EncodedKey(BYTES.deserialize(source));
        }

        @Override
        public EncodedKey deserialize(EncodedKey reuse, DataInputView source) throws IOException {
            return deserialize(source);
        }

        @Override
        public void copy(DataInputView source, DataOutputView target) throws IOException {
            BYTES.copy(source, target);
        }

        @Override
        public TypeSerializerSnapshot<EncodedKey> snapshotConfiguration() {
            return new Snapshot();
        }
    }

    /** The snapshot of {@link Serializer}: nothing to configure. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<EncodedKey> {
        public Snapshot() {
            super(() -> Serializer.INSTANCE);
        }
    }
}
