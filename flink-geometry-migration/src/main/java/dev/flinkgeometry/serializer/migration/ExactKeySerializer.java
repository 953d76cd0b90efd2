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
package dev.flinkgeometry.serializer.migration;

import java.io.IOException;
import java.util.Objects;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;

/**
 * Reads and writes {@link ExactKey}s in exactly the format of the wrapped key serializer, so that
 * it can restore keyed state that the wrapped serializer wrote (its snapshot resolves like the
 * wrapped serializer's). Only used to read the old savepoint; it never writes state.
 */
final class ExactKeySerializer<K> extends TypeSerializer<ExactKey<K>> {
    private static final long serialVersionUID = 1L;

    private final TypeSerializer<K> keySerializer;
    private transient DataOutputSerializer buffer;

    ExactKeySerializer(TypeSerializer<K> keySerializer) {
        this.keySerializer = Objects.requireNonNull(keySerializer, "keySerializer");
    }

    TypeSerializer<K> keySerializer() {
        return keySerializer;
    }

    /** Wraps {@code key} with the bytes the key serializer writes for it. */
    ExactKey<K> exact(K key) throws IOException {
        if (buffer == null) {
            buffer = new DataOutputSerializer(64);
        }
        buffer.clear();
        keySerializer.serialize(key, buffer);
        return new ExactKey<>(key, buffer.getCopyOfBuffer());
    }

    @Override
    public boolean isImmutableType() {
        return false;
    }

    @Override
    public TypeSerializer<ExactKey<K>> duplicate() {
        return new ExactKeySerializer<>(keySerializer.duplicate());
    }

    @Override
    public ExactKey<K> createInstance() {
        return null;
    }

    @Override
    public ExactKey<K> copy(ExactKey<K> from) {
        // The bytes are never changed, so they can be shared.
        return from == null ? null : new ExactKey<>(keySerializer.copy(from.key()), from.bytes());
    }

    @Override
    public ExactKey<K> copy(ExactKey<K> from, ExactKey<K> reuse) {
        return copy(from);
    }

    @Override
    public int getLength() {
        return keySerializer.getLength();
    }

    @Override
    public void serialize(ExactKey<K> record, DataOutputView target) throws IOException {
        keySerializer.serialize(record.key(), target);
    }

    @Override
    public ExactKey<K> deserialize(DataInputView source) throws IOException {
        return exact(keySerializer.deserialize(source));
    }

    @Override
    public ExactKey<K> deserialize(ExactKey<K> reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        keySerializer.copy(source, target);
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof ExactKeySerializer
                && keySerializer.equals(((ExactKeySerializer<?>) obj).keySerializer);
    }

    @Override
    public int hashCode() {
        return keySerializer.hashCode();
    }

    @Override
    public TypeSerializerSnapshot<ExactKey<K>> snapshotConfiguration() {
        return new ExactKeySerializerSnapshot<>(keySerializer.snapshotConfiguration());
    }

    @Override
    public String toString() {
        return "ExactKey(" + keySerializer + ")";
    }
}
