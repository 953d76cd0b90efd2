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

import dev.flinkgeometry.format.CoordinateSequenceKind;
import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.annotation.VisibleForTesting;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.locationtech.jts.geom.Geometry;

/**
 * What the serializers of one declared geometry class do alike, whatever their payload: records
 * framed by {@link FramedRecords}, the declared class checked on write and cast to on read, deep
 * copies. Subclasses hold their fields (their Java-serialized form stays theirs) and give their
 * records, identity and snapshot.
 *
 * @param <T> the declared geometry class: {@code Geometry} or any JTS subclass
 */
@Internal
public abstract class FramedGeometrySerializer<T extends Geometry> extends TypeSerializer<T> {
    private static final long serialVersionUID = 1L;

    /** The declared geometry class: what this serializer reads and writes. */
    public abstract Class<T> geometryClass();

    /** The kind of coordinate sequences that deserialized geometries get. */
    public abstract CoordinateSequenceKind sequenceKind();

    /** This instance's records (its own buffers: instances are not shared between threads). */
    protected abstract FramedRecords records();

    @Override
    public final boolean isImmutableType() {
        return false; // JTS geometries and their coordinates are mutable
    }

    /** An empty geometry of the declared class, or {@code null} for a class JTS cannot build. */
    @Override
    public final T createInstance() {
        return DeclaredGeometryClass.emptyInstance(
                geometryClass(), sequenceKind().geometryFactory());
    }

    @Override
    public final int getLength() {
        return -1;
    }

    /** A deep copy (JTS {@link Geometry#copy()}: new coordinates, same SRID and user data). */
    @Override
    public final T copy(T from) {
        return from == null ? null : geometryClass().cast(from.copy());
    }

    @Override
    public final T copy(T from, T reuse) {
        return copy(from);
    }

    @Override
    public final void copy(DataInputView source, DataOutputView target) throws IOException {
        records().copy(source, target);
    }

    @Override
    public final void serialize(T record, DataOutputView target) throws IOException {
        if (record != null) {
            DeclaredGeometryClass.requireInstance(geometryClass(), record);
        }
        records().write(record, target);
    }

    @Override
    public final T deserialize(DataInputView source) throws IOException {
        Geometry geometry = records().read(source);
        return geometry == null ? null : DeclaredGeometryClass.cast(geometryClass(), geometry);
    }

    @Override
    public final T deserialize(T reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    /** The current buffer capacity (0 before first use); for tests of the release policy. */
    @VisibleForTesting
    public final int bufferCapacity() {
        return records().bufferCapacity();
    }
}
