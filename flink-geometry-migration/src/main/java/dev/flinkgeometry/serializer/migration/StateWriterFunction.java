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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes what {@link StateReaderFunction} read for one key into the new operator, with the new
 * types, and registers the key's timers again.
 *
 * <p>It never throws. Flink 2.3's State Processor API runs bootstrap functions in a thread of its
 * own ({@code BootstrapStreamTaskRunner}) and drops that thread's exception: the job then hangs
 * once the thread's input queue is full, or finishes with that subtask's state missing. So a
 * failure is logged, the rest of the subtask's input is skipped, and {@link KeyedStateRewrite}'s
 * check of the new savepoint reports it.
 */
final class StateWriterFunction<K>
        extends KeyedStateBootstrapFunction<K, Tuple2<ExactKey<K>, byte[]>> {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(StateWriterFunction.class);

    private final List<StateSpec> states;

    private transient List<StateSpec.Writer> writers;
    private transient DataInputDeserializer in;
    private transient Throwable failure;

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
    public void processElement(Tuple2<ExactKey<K>, byte[]> record, Context context) {
        if (failure != null) {
            return;
        }
        try {
            write(record, context.timerService());
        } catch (Throwable t) {
            failure = t;
            LOG.error(
                    "KeyedStateRewrite could not write the state of key {}; the rest of this"
                            + " subtask's keys are skipped and the rewrite will fail",
                    record.f0,
                    t);
        }
    }

    private void write(Tuple2<ExactKey<K>, byte[]> record, TimerService timers) throws Exception {
        in.setBuffer(record.f1);
        for (StateSpec.Writer writer : writers) {
            StateSegments.readHeader(in);
            writer.copyFrom(in);
        }
        StateSegments.readHeader(in);
        readTimers(timers::registerEventTimeTimer);
        StateSegments.readHeader(in);
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
