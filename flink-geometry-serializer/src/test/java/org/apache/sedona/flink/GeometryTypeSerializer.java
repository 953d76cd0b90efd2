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
package org.apache.sedona.flink;

import java.io.IOException;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.sedona.common.geometrySerde.GeometrySerializer;
import org.locationtech.jts.geom.Geometry;

/**
 * Test-scope stand-in for Apache Sedona's {@code org.apache.sedona.flink.GeometryTypeSerializer}
 * (the {@code sedona-flink} jar is not on Maven Central): same class names, and the bytes Sedona's
 * serializer writes. A value is a 4-byte big-endian length, -1 for {@code null}, then {@code
 * org.apache.sedona.common.geometrySerde.GeometrySerializer.serialize(geometry)}; the snapshot is
 * version 1 with an empty payload.
 */
public final class GeometryTypeSerializer extends TypeSerializer<Geometry> {
    private static final long serialVersionUID = 1L;

    public static final GeometryTypeSerializer INSTANCE = new GeometryTypeSerializer();

    @Override
    public boolean isImmutableType() {
        return false;
    }

    @Override
    public TypeSerializer<Geometry> duplicate() {
        return this;
    }

    @Override
    public Geometry createInstance() {
        return null;
    }

    @Override
    public Geometry copy(Geometry from) {
        return from == null ? null : from.copy();
    }

    @Override
    public Geometry copy(Geometry from, Geometry reuse) {
        return copy(from);
    }

    @Override
    public int getLength() {
        return -1;
    }

    @Override
    public void serialize(Geometry record, DataOutputView target) throws IOException {
        if (record == null) {
            target.writeInt(-1);
            return;
        }
        byte[] bytes = GeometrySerializer.serialize(record);
        target.writeInt(bytes.length);
        target.write(bytes);
    }

    @Override
    public Geometry deserialize(DataInputView source) throws IOException {
        int length = source.readInt();
        if (length < 0) {
            return null;
        }
        byte[] bytes = new byte[length];
        source.readFully(bytes);
        return GeometrySerializer.deserialize(bytes);
    }

    @Override
    public Geometry deserialize(Geometry reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        serialize(deserialize(source), target);
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof GeometryTypeSerializer;
    }

    @Override
    public int hashCode() {
        return GeometryTypeSerializer.class.hashCode();
    }

    @Override
    public TypeSerializerSnapshot<Geometry> snapshotConfiguration() {
        return new GeometrySerializerSnapshot();
    }

    /** Version 1, nothing written. */
    public static final class GeometrySerializerSnapshot
            implements TypeSerializerSnapshot<Geometry> {

        public GeometrySerializerSnapshot() {}

        @Override
        public int getCurrentVersion() {
            return 1;
        }

        @Override
        public void writeSnapshot(DataOutputView out) {}

        @Override
        public void readSnapshot(int readVersion, DataInputView in, ClassLoader classLoader) {}

        @Override
        public TypeSerializer<Geometry> restoreSerializer() {
            return INSTANCE;
        }

        @Override
        public TypeSerializerSchemaCompatibility<Geometry> resolveSchemaCompatibility(
                TypeSerializerSnapshot<Geometry> oldSnapshot) {
            return oldSnapshot instanceof GeometrySerializerSnapshot
                    ? TypeSerializerSchemaCompatibility.compatibleAsIs()
                    : TypeSerializerSchemaCompatibility.incompatible();
        }
    }
}
