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
package dev.flinkgeometry.table;

import java.io.IOException;
import java.util.Objects;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.locationtech.jts.geom.Geometry;

/**
 * The serializer of a geometry aggregate's accumulator (its {@code RAW} accumulator type): the
 * accumulator's numbers as they are, its geometries by the nested geometry serializer ({@code
 * GeometrySerializer}, aligned or compact), never by Kryo. The snapshot records the accumulator's
 * kind and the nested serializer's snapshot, so a savepoint restores both.
 *
 * @param <A> the accumulator class of {@link #kind()}
 */
@Internal
public final class AccumulatorSerializer<A> extends TypeSerializer<A> {
    private static final long serialVersionUID = 1L;

    private final AccumulatorKind kind;
    private final TypeSerializer<Geometry> geometries;

    AccumulatorSerializer(AccumulatorKind kind, TypeSerializer<Geometry> geometries) {
        this.kind = Objects.requireNonNull(kind, "kind");
        this.geometries = Objects.requireNonNull(geometries, "geometries");
    }

    AccumulatorKind kind() {
        return kind;
    }

    TypeSerializer<Geometry> geometries() {
        return geometries;
    }

    @Override
    public boolean isImmutableType() {
        return false;
    }

    @Override
    public TypeSerializer<A> duplicate() {
        TypeSerializer<Geometry> duplicate = geometries.duplicate();
        return duplicate == geometries ? this : new AccumulatorSerializer<>(kind, duplicate);
    }

    @Override
    @SuppressWarnings("unchecked")
    public A createInstance() {
        return (A) kind.create();
    }

    @Override
    @SuppressWarnings("unchecked")
    public A copy(A from) {
        return (A) kind.copy(from);
    }

    @Override
    public A copy(A from, A reuse) {
        return copy(from);
    }

    @Override
    public int getLength() {
        return -1;
    }

    @Override
    public void serialize(A record, DataOutputView target) throws IOException {
        kind.write(record, target, geometries);
    }

    @Override
    @SuppressWarnings("unchecked")
    public A deserialize(DataInputView source) throws IOException {
        return (A) kind.read(source, geometries);
    }

    @Override
    public A deserialize(A reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        serialize(deserialize(source), target);
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof AccumulatorSerializer)) {
            return false;
        }
        AccumulatorSerializer<?> other = (AccumulatorSerializer<?>) obj;
        return kind == other.kind && geometries.equals(other.geometries);
    }

    @Override
    public int hashCode() {
        return 31 * kind.hashCode() + geometries.hashCode();
    }

    @Override
    public String toString() {
        return "AccumulatorSerializer(" + kind + ", " + geometries + ")";
    }

    @Override
    public TypeSerializerSnapshot<A> snapshotConfiguration() {
        return new AccumulatorSerializerSnapshot<>(this);
    }
}
