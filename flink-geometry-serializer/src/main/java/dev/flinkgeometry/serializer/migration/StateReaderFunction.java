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
package dev.flinkgeometry.serializer.migration;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.state.api.functions.KeyedStateReaderFunction;
import org.apache.flink.util.Collector;

/**
 * Reads every key of the old operator with the old types and emits, per key, the key and all its
 * state (the declared states, then its event-time and processing-time timers) encoded with the new
 * types.
 */
final class StateReaderFunction<K>
        extends KeyedStateReaderFunction<ExactKey<K>, Tuple2<K, byte[]>> {
    private static final long serialVersionUID = 1L;

    /** The accumulator that counts the keys read. */
    static final String KEYS_ACCUMULATOR = "flink-geometry-rewritten-keys";

    private final List<StateSpec> states;

    private transient List<StateSpec.Reader> readers;
    private transient DataOutputSerializer buffer;
    private transient LongCounter keys;

    StateReaderFunction(List<StateSpec> states) {
        this.states = new ArrayList<>(states);
    }

    @Override
    public void open(OpenContext openContext) {
        readers = new ArrayList<>(states.size());
        for (StateSpec state : states) {
            readers.add(state.openReader(getRuntimeContext()));
        }
        buffer = new DataOutputSerializer(1024);
        keys = getRuntimeContext().getLongCounter(KEYS_ACCUMULATOR);
    }

    @Override
    public void readKey(ExactKey<K> key, Context context, Collector<Tuple2<K, byte[]>> out)
            throws Exception {
        buffer.clear();
        for (StateSpec.Reader reader : readers) {
            reader.copyTo(buffer);
        }
        writeTimers(context.registeredEventTimeTimers(), buffer);
        writeTimers(context.registeredProcessingTimeTimers(), buffer);
        out.collect(Tuple2.of(key.key(), buffer.getCopyOfBuffer()));
        keys.add(1L);
    }

    private static void writeTimers(Iterable<Long> timers, DataOutputView out) throws IOException {
        for (long timer : timers) {
            out.writeBoolean(true);
            out.writeLong(timer);
        }
        out.writeBoolean(false);
    }
}
