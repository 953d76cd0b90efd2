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
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.TypeSerializerSingleton;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;

/**
 * Writes no bytes for a geometry and reads back an empty point: the {@code keys-only} floor of the
 * state-size benchmark, whose savepoint is then RocksDB's cost per entry alone.
 */
final class NoBytesSerializer extends TypeSerializerSingleton<Geometry> {
    private static final long serialVersionUID = 1L;
    private static final Geometry EMPTY = new GeometryFactory().createPoint();

    @Override
    public boolean isImmutableType() {
        return true;
    }

    @Override
    public Geometry createInstance() {
        return EMPTY;
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
    public int getLength() {
        return 0;
    }

    @Override
    public void serialize(Geometry record, DataOutputView target) {}

    @Override
    public Geometry deserialize(DataInputView source) {
        return EMPTY;
    }

    @Override
    public Geometry deserialize(Geometry reuse, DataInputView source) {
        return EMPTY;
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {}

    @Override
    public TypeSerializerSnapshot<Geometry> snapshotConfiguration() {
        return new Snapshot();
    }

    /** The snapshot Flink asks for; this floor is never restored. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<Geometry> {
        public Snapshot() {
            super(NoBytesSerializer::new);
        }
    }
}
