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
import java.util.Set;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.locationtech.jts.geom.Geometry;

/**
 * One way to move the geometries of a workload through Flink's views. Operations take the index of
 * the workload geometry they work on, so that the floors (which need its bytes or its decoded
 * arrays, not the geometry) fit the same benchmark loop as the serializers.
 */
public abstract class Contender {
    private final String name;
    protected final Geometry[] geometries;

    protected Contender(String name, Geometry[] geometries) {
        this.name = name;
        this.geometries = geometries;
    }

    public final String name() {
        return name;
    }

    public final int size() {
        return geometries.length;
    }

    /** The operations this contender takes part in. */
    public abstract Set<Operation> operations();

    public void serialize(int index, DataOutputView target) throws IOException {
        throw unsupported(Operation.SERIALIZE);
    }

    /** Reads one record, written for geometry {@code index}, from {@code source}. */
    public Object deserialize(int index, DataInputView source) throws IOException {
        throw unsupported(Operation.DESERIALIZE);
    }

    public void copy(int index, DataInputView source, DataOutputView target) throws IOException {
        throw unsupported(Operation.RAW_COPY);
    }

    public Object copy(int index) {
        throw unsupported(Operation.DEEP_COPY);
    }

    /** The object a deep copy of geometry {@code index} starts from. */
    public Object copyInput(int index) {
        return geometries[index];
    }

    /** Whether {@link #deserialize} reads its record (the construct floor reads nothing). */
    public boolean readsInput() {
        return true;
    }

    /**
     * Throws unless {@code decoded}, what {@link #deserialize} or {@link #copy(int)} gave for
     * geometry {@code index}, is exactly that geometry.
     */
    public void requireDecoded(int index, Object decoded) {
        ExactGeometry.require(name, geometries[index], decoded);
    }

    private UnsupportedOperationException unsupported(Operation operation) {
        return new UnsupportedOperationException(name + " does not take part in " + operation);
    }
}
