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
package dev.flinkgeometry.benchmarks.job;

import dev.flinkgeometry.serializer.internal.SerializerTypeInfo;
import java.io.IOException;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.locationtech.jts.geom.Geometry;

/**
 * The job floor: a serializer that costs (almost) nothing, so that the job measures Flink's own
 * per-record cost. It writes the geometry's 4-byte index into the workload's pre-built geometries
 * and reads back the pre-built geometry. The index rides in the geometry's user data, set at setup
 * by {@link #indexed}: the cheapest lookup, and one that survives the Java serialization that gives
 * the job's tasks their own copies of the geometries (an identity map would not).
 */
final class ZeroCostSerializer extends TypeSerializer<Geometry> {
    private static final long serialVersionUID = 1L;

    private final Geometry[] geometries;

    ZeroCostSerializer(Geometry[] geometries) {
        this.geometries = geometries;
    }

    /** Copies of {@code geometries}, each carrying its index as user data. */
    static Geometry[] indexed(Geometry[] geometries) {
        Geometry[] indexed = new Geometry[geometries.length];
        for (int i = 0; i < geometries.length; i++) {
            indexed[i] = geometries[i].copy();
            indexed[i].setUserData(i);
        }
        return indexed;
    }

    @Override
    public void serialize(Geometry record, DataOutputView target) throws IOException {
        target.writeInt((Integer) record.getUserData());
    }

    @Override
    public Geometry deserialize(DataInputView source) throws IOException {
        return geometries[source.readInt()];
    }

    @Override
    public Geometry deserialize(Geometry reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        target.writeInt(source.readInt());
    }

    /** The pre-built geometries are never changed: a copy would be a cost the floor has not. */
    @Override
    public boolean isImmutableType() {
        return true;
    }

    @Override
    public Geometry copy(Geometry from) {
        return from;
    }

    @Override
    public Geometry copy(Geometry from, Geometry reuse) {
        return from;
    }

    @Override
    public TypeSerializer<Geometry> duplicate() {
        return this; // stateless
    }

    @Override
    public Geometry createInstance() {
        return null;
    }

    @Override
    public int getLength() {
        return 4;
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof ZeroCostSerializer
                && ((ZeroCostSerializer) obj).geometries == geometries;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(geometries);
    }

    /** Never restored: the benchmark's jobs take no checkpoints. */
    @Override
    public TypeSerializerSnapshot<Geometry> snapshotConfiguration() {
        return new Snapshot();
    }

    /** Its snapshot, which cannot restore a serializer without the workload. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<Geometry> {
        public Snapshot() {
            super(
                    () -> {
                        throw new UnsupportedOperationException("the zero-cost floor is not kept");
                    });
        }
    }

    /** Its type information. */
    static final class TypeInfo extends SerializerTypeInfo<Geometry> {
        private static final long serialVersionUID = 1L;
        private final Geometry[] geometries;

        TypeInfo(Geometry[] geometries) {
            super(Geometry.class, (Object) geometries);
            this.geometries = geometries;
        }

        @Override
        public boolean isKeyType() {
            return false;
        }

        @Override
        protected TypeSerializer<Geometry> newSerializer() {
            return new ZeroCostSerializer(geometries);
        }

        @Override
        public String toString() {
            return "ZeroCost<Geometry>";
        }
    }
}
