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
import java.util.Set;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.state.api.functions.KeyedStateReaderFunction;
import org.apache.flink.util.Collector;

/**
 * Reads every key of the operator and emits, per key, the key (with its bytes in the new key type)
 * and all its state encoded with the new types: the declared states in order, then its event-time
 * and its processing-time timers (sorted), each in a segment of its own ({@link StateSegments}).
 * Reads the old savepoint with the old types, or the new savepoint with the new types to check it;
 * both give the same bytes for the same state.
 *
 * <p>Keys are read as {@link ExactKey}s, except from a canonical savepoint on the heap backend:
 * Flink's {@code HeapSavepointRestoreOperation} reads keys with the serializer restored from the
 * savepoint's snapshot, not with the one it was given, so they arrive as plain keys (and the heap
 * backend's tables tell them apart by {@code equals}, as the job that wrote them did).
 */
final class StateReaderFunction<K>
        extends KeyedStateReaderFunction<Object, Tuple2<ExactKey<K>, byte[]>> {
    private static final long serialVersionUID = 1L;

    private final TypeInformation<K> newKeyType;
    private final List<StateSpec> states;
    private final boolean newTypes;

    private transient ExactKeySerializer<K> newKeySerializer;
    private transient List<StateSpec.Reader> readers;
    private transient DataOutputSerializer buffer;
    private transient DataOutputSerializer scratch;

    /**
     * @param newKeyType the key type of the new savepoint: keys are emitted with their bytes in it
     * @param states the declared states
     * @param newTypes whether to read the states with their new types (else the old ones)
     */
    StateReaderFunction(TypeInformation<K> newKeyType, List<StateSpec> states, boolean newTypes) {
        this.newKeyType = newKeyType;
        this.states = new ArrayList<>(states);
        this.newTypes = newTypes;
    }

    @Override
    public void open(OpenContext openContext) {
        readers = new ArrayList<>(states.size());
        for (StateSpec state : states) {
            readers.add(state.openReader(getRuntimeContext(), newTypes));
        }
        buffer = new DataOutputSerializer(1024);
        scratch = new DataOutputSerializer(1024);
        newKeySerializer =
                new ExactKeySerializer<>(getRuntimeContext().createSerializer(newKeyType));
    }

    @Override
    @SuppressWarnings("unchecked")
    public void readKey(Object key, Context context, Collector<Tuple2<ExactKey<K>, byte[]>> out)
            throws Exception {
        buffer.clear();
        for (StateSpec.Reader reader : readers) {
            StateSegments.write(buffer, scratch, reader::copyTo);
        }
        Set<Long> eventTimeTimers = context.registeredEventTimeTimers();
        StateSegments.write(buffer, scratch, view -> writeTimers(eventTimeTimers, view));
        Set<Long> processingTimeTimers = context.registeredProcessingTimeTimers();
        StateSegments.write(buffer, scratch, view -> writeTimers(processingTimeTimers, view));
        K plainKey = key instanceof ExactKey ? ((ExactKey<K>) key).key() : (K) key;
        out.collect(Tuple2.of(newKeySerializer.exact(plainKey), buffer.getCopyOfBuffer()));
    }

    private static int writeTimers(Set<Long> timers, DataOutputView out) throws IOException {
        Long[] sorted = timers.stream().sorted().toArray(Long[]::new);
        for (long timer : sorted) {
            out.writeBoolean(true);
            out.writeLong(timer);
        }
        out.writeBoolean(false);
        return sorted.length;
    }
}
