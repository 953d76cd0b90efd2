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

import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.runtime.state.AbstractKeyedStateBackend;
import org.apache.flink.runtime.state.VoidNamespace;
import org.apache.flink.runtime.state.VoidNamespaceSerializer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/**
 * {@code ValueState<Geometry>} under {@code long} keys: an update, and a read (for the {@code
 * bytes} floor a {@code ValueState<byte[]>} of the pre-encoded records).
 */
public class ValueStateBenchmark extends StateBenchmarkBase {
    private AbstractKeyedStateBackend<Long> keyed;
    private ValueState<Object> state;
    private Object[] geometries;

    @Setup
    public void setUp() throws Exception {
        geometries = values(false);
        keyed = createBackend(LongSerializer.INSTANCE);
        state =
                keyed.getPartitionedState(
                        VoidNamespace.INSTANCE,
                        VoidNamespaceSerializer.INSTANCE,
                        new ValueStateDescriptor<>("geometry", this.<Object>serializer(false)));
        for (int i = 0; i < KEYS; i++) {
            keyed.setCurrentKey((long) i);
            state.update(geometries[i]);
        }
        for (int i = 0; i < KEYS; i++) {
            keyed.setCurrentKey((long) i);
            requireSame(geometries[i], state.value());
        }
    }

    @Benchmark
    public void valueUpdate() throws Exception {
        int index = nextIndex();
        keyed.setCurrentKey((long) index);
        state.update(geometries[index]);
    }

    @Benchmark
    public Object valueGet() throws Exception {
        keyed.setCurrentKey((long) nextIndex());
        return state.value();
    }
}
