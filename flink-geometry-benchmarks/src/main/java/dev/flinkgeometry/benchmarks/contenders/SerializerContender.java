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
import java.util.EnumSet;
import java.util.Set;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.locationtech.jts.geom.Geometry;

/** A Flink {@link TypeSerializer}: ours, the legacy WKB one, or Flink's Kryo fallback. */
final class SerializerContender extends Contender {
    private final TypeSerializer<Geometry> serializer;
    private final Geometry[] copyInputs;
    private final boolean lossy;

    /**
     * @param copyInputs what {@code copy(T)} copies: the geometries as this serializer's
     *     deserialize gives them (with packed sequences, say), as they would be in a job
     * @param lossy whether the serializer rounds (compact at a fixed precision): what it decodes is
     *     then checked against {@code copyInputs}, not the workload's geometries
     */
    SerializerContender(
            String name,
            TypeSerializer<Geometry> serializer,
            Geometry[] geometries,
            Geometry[] copyInputs,
            boolean lossy) {
        super(name, geometries);
        this.serializer = serializer;
        this.copyInputs = copyInputs;
        this.lossy = lossy;
    }

    @Override
    public void requireDecoded(int index, Object decoded) {
        if (lossy) {
            ExactGeometry.require(name(), copyInputs[index], decoded);
        } else {
            super.requireDecoded(index, decoded);
        }
    }

    @Override
    public Set<Operation> operations() {
        return EnumSet.allOf(Operation.class);
    }

    @Override
    public void serialize(int index, DataOutputView target) throws IOException {
        serializer.serialize(geometries[index], target);
    }

    @Override
    public Object deserialize(int index, DataInputView source) throws IOException {
        return serializer.deserialize(source);
    }

    @Override
    public void copy(int index, DataInputView source, DataOutputView target) throws IOException {
        serializer.copy(source, target);
    }

    @Override
    public Object copy(int index) {
        return serializer.copy(copyInputs[index]);
    }

    @Override
    public Object copyInput(int index) {
        return copyInputs[index];
    }
}
