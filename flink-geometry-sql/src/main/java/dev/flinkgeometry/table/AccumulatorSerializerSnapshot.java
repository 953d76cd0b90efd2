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
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.CompositeTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.locationtech.jts.geom.Geometry;

/**
 * The snapshot of an {@link AccumulatorSerializer}: the accumulator's kind (its name) and the
 * nested geometry serializer's snapshot. A restore with another kind is incompatible; the nested
 * serializer decides the rest (an aligned state restores as aligned, a compact one as compact).
 *
 * @param <A> the accumulator class
 */
@Internal
public final class AccumulatorSerializerSnapshot<A>
        extends CompositeTypeSerializerSnapshot<A, AccumulatorSerializer<A>> {

    private static final int VERSION = 1;

    private AccumulatorKind kind;

    /** For reading a snapshot: Flink instantiates it reflectively, then calls readSnapshot. */
    public AccumulatorSerializerSnapshot() {}

    AccumulatorSerializerSnapshot(AccumulatorSerializer<A> serializer) {
        super(serializer);
        this.kind = serializer.kind();
    }

    @Override
    protected int getCurrentOuterSnapshotVersion() {
        return VERSION;
    }

    @Override
    protected TypeSerializer<?>[] getNestedSerializers(AccumulatorSerializer<A> outerSerializer) {
        return new TypeSerializer<?>[] {outerSerializer.geometries()};
    }

    @Override
    @SuppressWarnings("unchecked")
    protected AccumulatorSerializer<A> createOuterSerializerWithNestedSerializers(
            TypeSerializer<?>[] nestedSerializers) {
        return new AccumulatorSerializer<>(kind, (TypeSerializer<Geometry>) nestedSerializers[0]);
    }

    @Override
    protected void writeOuterSnapshot(DataOutputView out) throws IOException {
        out.writeUTF(kind.name());
    }

    @Override
    protected void readOuterSnapshot(
            int readOuterSnapshotVersion, DataInputView in, ClassLoader userCodeClassLoader)
            throws IOException {
        if (readOuterSnapshotVersion != VERSION) {
            throw new IOException(
                    "An accumulator serializer snapshot of version "
                            + readOuterSnapshotVersion
                            + ": this release reads version "
                            + VERSION);
        }
        String name = in.readUTF();
        try {
            kind = AccumulatorKind.valueOf(name);
        } catch (IllegalArgumentException e) {
            throw new IOException(
                    "An accumulator serializer snapshot names the kind '"
                            + name
                            + "', which this release does not know",
                    e);
        }
    }

    @Override
    protected OuterSchemaCompatibility resolveOuterSchemaCompatibility(
            TypeSerializerSnapshot<A> oldSerializerSnapshot) {
        return oldSerializerSnapshot instanceof AccumulatorSerializerSnapshot
                        && ((AccumulatorSerializerSnapshot<?>) oldSerializerSnapshot).kind == kind
                ? OuterSchemaCompatibility.COMPATIBLE_AS_IS
                : OuterSchemaCompatibility.INCOMPATIBLE;
    }
}
