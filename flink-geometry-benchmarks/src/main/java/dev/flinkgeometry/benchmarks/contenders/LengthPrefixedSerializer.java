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
package dev.flinkgeometry.benchmarks.contenders;

import java.io.IOException;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.locationtech.jts.geom.Geometry;

/**
 * A {@code TypeSerializer<Geometry>} as a Flink user writes one around a {@code byte[]} codec: an
 * int length prefix and the codec's bytes, a deep copy through JTS. Subclasses give the codec (one
 * per instance: codecs are not thread-safe, and Flink duplicates a serializer per thread), their
 * duplicate and their snapshot.
 */
abstract class LengthPrefixedSerializer extends TypeSerializer<Geometry> {
    private static final long serialVersionUID = 1L;

    /** The bytes of {@code geometry}. */
    protected abstract byte[] encode(Geometry geometry) throws IOException;

    /** The geometry of {@code bytes}. */
    protected abstract Geometry decode(byte[] bytes) throws IOException;

    @Override
    public final boolean isImmutableType() {
        return false;
    }

    @Override
    public final Geometry createInstance() {
        return null;
    }

    @Override
    public final Geometry copy(Geometry from) {
        return from == null ? null : from.copy();
    }

    @Override
    public final Geometry copy(Geometry from, Geometry reuse) {
        return copy(from);
    }

    @Override
    public final int getLength() {
        return -1;
    }

    @Override
    public final void serialize(Geometry record, DataOutputView target) throws IOException {
        byte[] bytes = encode(record);
        target.writeInt(bytes.length);
        target.write(bytes);
    }

    @Override
    public final Geometry deserialize(DataInputView source) throws IOException {
        byte[] bytes = new byte[source.readInt()];
        source.readFully(bytes);
        return decode(bytes);
    }

    @Override
    public final Geometry deserialize(Geometry reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public final void copy(DataInputView source, DataOutputView target) throws IOException {
        int length = source.readInt();
        target.writeInt(length);
        target.write(source, length);
    }

    @Override
    public final boolean equals(Object obj) {
        return obj != null && obj.getClass() == getClass();
    }

    @Override
    public final int hashCode() {
        return getClass().hashCode();
    }
}
