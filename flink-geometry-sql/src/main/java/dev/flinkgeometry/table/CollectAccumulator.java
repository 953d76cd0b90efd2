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

/** The accumulator of {@code ST_Collect}: the geometries, in the order they came. */
@Internal
public final class CollectAccumulator {
    final List<Geometry> geometries;

    CollectAccumulator() {
        this(new ArrayList<>());
    }

    private CollectAccumulator(List<Geometry> geometries) {
        this.geometries = geometries;
    }

    CollectAccumulator copy() {
        // geometries are never changed once accumulated: sharing them is safe
        return new CollectAccumulator(new ArrayList<>(geometries));
    }

    void write(DataOutputView out, TypeSerializer<Geometry> serializer) throws IOException {
        out.writeInt(geometries.size());
        for (Geometry geometry : geometries) {
            serializer.serialize(geometry, out);
        }
    }

    static CollectAccumulator read(DataInputView in, TypeSerializer<Geometry> serializer)
            throws IOException {
        int count = AccumulatorKind.count(in, "geometries");
        List<Geometry> geometries = new ArrayList<>(AccumulatorKind.capacity(count));
        for (int i = 0; i < count; i++) {
            geometries.add(serializer.deserialize(in));
        }
        return new CollectAccumulator(geometries);
    }
}
