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

import dev.flinkgeometry.benchmarks.contenders.Contenders;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
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
 * Geometries as keys ({@code keyBy} a geometry): switch to a key and update its {@code long}
 * counter. On RocksDB every access serializes the key.
 */
public class GeometryKeyBenchmark extends StateBenchmarkBase {
    private static final String STATE = "count";

    @Param({
        Contenders.OURS,
        Contenders.COMPACT,
        Contenders.WKB_LEGACY,
        Contenders.JTS_WKB,
        Contenders.BYTES
    })
    public String contender;

    private AbstractKeyedStateBackend<Object> keyed;
    private ValueState<Long> state;
    private Object[] keys;

    @Override
    String contender() {
        return contender;
    }

    @Setup
    public void setUp() throws Exception {
        keys = values(true);
        keyed = createBackend(serializer(true));
        state =
                keyed.getPartitionedState(
                        VoidNamespace.INSTANCE,
                        VoidNamespaceSerializer.INSTANCE,
                        new ValueStateDescriptor<>(STATE, LongSerializer.INSTANCE));
        for (int i = 0; i < KEYS; i++) {
            keyed.setCurrentKey(keys[i]);
            state.update((long) i);
        }
        // Every key the backend holds reads back as exactly the key that was written.
        List<Object> stored;
        try (Stream<Object> all = keyed.getKeys(STATE, VoidNamespace.INSTANCE)) {
            stored = all.collect(Collectors.toList());
        }
        if (stored.size() != KEYS) {
            throw new IllegalStateException(backend + " holds " + stored.size() + " keys");
        }
        for (Object key : stored) {
            keyed.setCurrentKey(key);
            requireSame(keys[state.value().intValue()], key);
        }
    }

    @Benchmark
    public void keyedUpdate() throws Exception {
        int index = nextIndex();
        keyed.setCurrentKey(keys[index]);
        state.update((long) index);
    }
}
