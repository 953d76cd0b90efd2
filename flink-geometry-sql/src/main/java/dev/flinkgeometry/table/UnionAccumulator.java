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
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.operation.union.UnaryUnionOp;

/**
 * The accumulator of {@code ST_Union}: the union of the geometries so far, and up to {@link
 * #PENDING} geometries not yet merged into it, so that the state stays about the size of the union
 * however many rows came. Also the SRID and coordinate layout of the first geometry, which the
 * result takes and every later one must have.
 */
@Internal
public final class UnionAccumulator {
    /** Geometries gathered before they are merged into the union in one unary union. */
    static final int PENDING = 64;

    boolean any;
    int srid;
    int layout;
    Geometry union;
    final List<Geometry> pending;

    UnionAccumulator() {
        this(new ArrayList<>());
    }

    private UnionAccumulator(List<Geometry> pending) {
        this.pending = pending;
    }

    void add(Geometry geometry) {
        pending.add(geometry);
        if (pending.size() >= PENDING) {
            union = unionOfAll();
            pending.clear();
        }
    }

    /** The union of the union so far and the pending geometries; null if there are none. */
    Geometry unionOfAll() {
        if (pending.isEmpty()) {
            return union;
        }
        List<Geometry> all = new ArrayList<>(pending.size() + 1);
        if (union != null) {
            all.add(union);
        }
        all.addAll(pending);
        return UnaryUnionOp.union(all);
    }

    UnionAccumulator copy() {
        // geometries are never changed once accumulated: sharing them is safe
        UnionAccumulator copy = new UnionAccumulator(new ArrayList<>(pending));
        copy.any = any;
        copy.srid = srid;
        copy.layout = layout;
        copy.union = union;
        return copy;
    }

    void write(DataOutputView out, TypeSerializer<Geometry> serializer) throws IOException {
        out.writeBoolean(any);
        out.writeInt(srid);
        out.writeByte(layout);
        serializer.serialize(union, out);
        out.writeInt(pending.size());
        for (Geometry geometry : pending) {
            serializer.serialize(geometry, out);
        }
    }

    static UnionAccumulator read(DataInputView in, TypeSerializer<Geometry> serializer)
            throws IOException {
        boolean any = in.readBoolean();
        int srid = in.readInt();
        int layout = in.readByte();
        Geometry union = serializer.deserialize(in);
        int count = AccumulatorKind.count(in, "pending geometries");
        List<Geometry> pending = new ArrayList<>(AccumulatorKind.capacity(count));
        for (int i = 0; i < count; i++) {
            pending.add(serializer.deserialize(in));
        }
        UnionAccumulator accumulator = new UnionAccumulator(pending);
        accumulator.any = any;
        accumulator.srid = srid;
        accumulator.layout = layout;
        accumulator.union = union;
        return accumulator;
    }
}
