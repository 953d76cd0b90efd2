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
package dev.flinkgeometry.testing;

import dev.flinkgeometry.serializer.GeometryTypeInfo;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.util.Collector;
import org.locationtech.jts.geom.Geometry;

/**
 * A job on {@link SavepointJobs} keyed by geometries ({@link GeometryTypeInfo} keys, max
 * parallelism 128): each key's state is a {@code ValueState} holding the key's own geometry,
 * written in one phase, and read back after a restore (possibly at another parallelism) in the
 * next. The keys are given by id; {@link #observed()} holds, per id, the key the function saw and
 * the value its state held ({@code null}: no state found).
 */
public final class GeometryKeyedJob {
    private static final TypeInformation<Geometry> GEOMETRY = GeometryTypeInfo.of(Geometry.class);
    public static final int MAX_PARALLELISM = 128;

    private static volatile Map<String, Geometry> keys = Map.of();
    private static final Map<String, Geometry[]> OBSERVED = new ConcurrentHashMap<>();
    private static final Map<String, Integer> SUBTASKS = new ConcurrentHashMap<>();
    private static volatile CountDownLatch handled = new CountDownLatch(0);

    private GeometryKeyedJob() {}

    /**
     * Starts the job for {@code keysById} with the keyed operator at {@code parallelism}: it writes
     * each key's state, or reads it; returns once every key was handled.
     */
    public static JobClient start(
            SavepointJobs jobs,
            Map<String, Geometry> keysById,
            String backend,
            String restoreFrom,
            int parallelism,
            boolean write)
            throws Exception {
        keys = Map.copyOf(keysById);
        StreamExecutionEnvironment env = SavepointJobs.environment(backend, restoreFrom);
        SavepointJobs.keys(env, keys.keySet())
                .map(KeyedGeometry::of)
                .returns(Types.TUPLE(Types.STRING, GEOMETRY))
                .uid("to-geometry")
                .keyBy(t -> t.f1, GEOMETRY)
                .process(new KeyedGeometry(write, backend))
                .uid("geometry-keyed")
                .setParallelism(parallelism)
                .setMaxParallelism(MAX_PARALLELISM)
                .sinkTo(new DiscardingSink<>())
                .uid("discard");
        OBSERVED.clear();
        SUBTASKS.clear();
        CountDownLatch latch = new CountDownLatch(keys.size());
        handled = latch;
        return jobs.startAndAwait(
                env, (write ? "write" : "read") + " at " + parallelism + " on " + backend, latch);
    }

    /** Per id: the index of the subtask that handled the key, in the last job. */
    public static Map<String, Integer> subtasks() {
        return Map.copyOf(SUBTASKS);
    }

    /** Per id: {key seen, state value}, of the last read. */
    public static Map<String, Geometry[]> observed() {
        return Map.copyOf(OBSERVED);
    }

    /** Keeps each key's geometry as its state, or reports what the state holds. */
    static final class KeyedGeometry
            extends KeyedProcessFunction<Geometry, Tuple2<String, Geometry>, String> {
        private static final long serialVersionUID = 1L;

        private final boolean write;
        private final String backend;
        private transient ValueState<Geometry> state;

        KeyedGeometry(boolean write, String backend) {
            this.write = write;
            this.backend = backend;
        }

        static Tuple2<String, Geometry> of(String id) {
            return Tuple2.of(id, keys.get(id).copy());
        }

        @Override
        public void open(OpenContext openContext) {
            state = getRuntimeContext().getState(new ValueStateDescriptor<>("geometry", GEOMETRY));
            SavepointJobs.requireBackend(state, backend);
        }

        @Override
        public void processElement(
                Tuple2<String, Geometry> record, Context ctx, Collector<String> out)
                throws Exception {
            SUBTASKS.put(record.f0, getRuntimeContext().getTaskInfo().getIndexOfThisSubtask());
            if (write) {
                state.update(record.f1);
            } else {
                OBSERVED.put(record.f0, new Geometry[] {ctx.getCurrentKey(), state.value()});
            }
            handled.countDown();
        }
    }
}
