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

import dev.flinkgeometry.benchmarks.contenders.Contender;
import dev.flinkgeometry.benchmarks.contenders.Contenders;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.runtime.state.AbstractKeyedStateBackend;
import org.apache.flink.runtime.state.VoidNamespace;
import org.apache.flink.runtime.state.VoidNamespaceSerializer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * {@code ValueState<Geometry>} under {@code long} keys: an update, and a read (for the {@code
 * bytes} floor a {@code ValueState<byte[]>} of the pre-encoded records).
 */
public class ValueStateBenchmark extends StateBenchmarkBase {
    @Param({
        Contenders.OURS,
        Contenders.COMPACT,
        Contenders.WKB_LEGACY,
        Contenders.JTS_WKB,
        Contenders.BYTES,
        Contenders.BYTES_CONSTRUCT
    })
    public String contender;

    private AbstractKeyedStateBackend<Long> keyed;
    private ValueState<Object> state;
    private Object[] geometries;
    private Contender construct; // the bytes-construct floor's builder

    @Override
    String contender() {
        return contender;
    }

    @Setup
    public void setUp() throws Exception {
        geometries = values(false);
        if (contender.equals(Contenders.BYTES_CONSTRUCT)) {
            construct = Contenders.create(Contenders.CONSTRUCT, geometries());
            for (int i = 0; i < KEYS; i++) {
                construct.requireDecoded(i, construct.copy(i));
            }
        }
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
        int index = nextIndex();
        keyed.setCurrentKey((long) index);
        Object value = state.value();
        // bytes-construct: the geometry a decoder gives, built from already-decoded arrays.
        return construct == null || value == null ? value : construct.copy(index);
    }
}
