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

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.state.api.functions.KeyedStateBootstrapFunction;
import org.apache.flink.streaming.api.TimerService;

/**
 * Writes what {@link StateReaderFunction} read for one key into the new operator, with the new
 * types. Fails, rather than merging or overwriting, when a key (or a map state's user key) already
 * has state: two keys of the old savepoint are then one key for the new serializers.
 */
final class StateWriterFunction<K> extends KeyedStateBootstrapFunction<K, Tuple2<K, byte[]>> {
    private static final long serialVersionUID = 1L;

    private final List<StateSpec> states;

    private transient List<StateSpec.Writer> writers;
    private transient DataInputDeserializer in;

    StateWriterFunction(List<StateSpec> states) {
        this.states = new ArrayList<>(states);
    }

    @Override
    public void open(OpenContext openContext) {
        writers = new ArrayList<>(states.size());
        for (StateSpec state : states) {
            writers.add(state.openWriter(getRuntimeContext()));
        }
        in = new DataInputDeserializer();
    }

    @Override
    public void processElement(Tuple2<K, byte[]> record, Context context) throws Exception {
        for (int i = 0; i < writers.size(); i++) {
            if (writers.get(i).hasState()) {
                throw new IllegalStateException(
                        "two keys of the old savepoint are one key with the new key type: "
                                + record.f0
                                + " (found while writing "
                                + states.get(i)
                                + "); the rewrite does not merge keys");
            }
        }
        in.setBuffer(record.f1);
        for (StateSpec.Writer writer : writers) {
            writer.copyFrom(in);
        }
        TimerService timers = context.timerService();
        readTimers(timers::registerEventTimeTimer);
        readTimers(timers::registerProcessingTimeTimer);
        if (in.available() != 0) {
            throw new IllegalStateException(
                    in.available() + " bytes left over after the state of key " + record.f0);
        }
    }

    private void readTimers(LongConsumer register) throws java.io.IOException {
        while (in.readBoolean()) {
            register.accept(in.readLong());
        }
    }
}
