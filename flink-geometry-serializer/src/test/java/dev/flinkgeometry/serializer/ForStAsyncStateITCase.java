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
package dev.flinkgeometry.serializer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.serializer.legacy.WkbGeometryTypeInfo;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.KeyedGeometryStates;
import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.SavepointJobs;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.function.UnaryOperator;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.v2.ValueState;
import org.apache.flink.api.common.state.v2.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.Collector;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.locationtech.jts.geom.Geometry;

/**
 * The ForSt backend through Flink 2.x's asynchronous keyed state API (State V2: {@code
 * enableAsyncState()}, {@code org.apache.flink.api.common.state.v2}): a geometry {@code ValueState}
 * restores exactly from a native savepoint; a restore with a changed value serializer (legacy WKB
 * to {@link GeometrySerializer}) is refused by Flink ("State migration not support yet."), unlike
 * the synchronous API on the same backend ({@link ForStGeometryStateITCase}). Flink 2.x only.
 */
class ForStAsyncStateITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    private static final TypeInformation<Geometry> GEOMETRY = GeometryTypeInfo.of(Geometry.class);
    private static final TypeInformation<Geometry> WKB = WkbGeometryTypeInfo.of(Geometry.class);

    private static volatile Map<String, Geometry> written = Map.of();
    private static final Map<String, Geometry> OBSERVED = new ConcurrentHashMap<>();
    private static volatile CountDownLatch handled = new CountDownLatch(0);

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    @Test
    void geometryValuesRestoreExactly(@TempDir Path savepoints) throws Exception {
        writeThenRead(GEOMETRY, savepoints);
        assertObservedIsWritten(g -> g);
    }

    @Test
    void legacyWkbValuesOnRestoreWithGeometrySerializerAreRefusedByFlink(@TempDir Path savepoints) {
        // State V2 on ForSt does not migrate: the restored job fails when it gets the state.
        assertThatThrownBy(() -> writeThenRead(WKB, savepoints))
                .satisfies(
                        failure -> {
                            Throwable refusal =
                                    ExceptionUtils.findThrowable(
                                                    failure, UnsupportedOperationException.class)
                                            .orElseThrow(() -> new AssertionError(failure));
                            assertThat(refusal).hasMessage("State migration not support yet.");
                            assertThat(
                                            ExceptionUtils.findThrowableWithMessage(
                                                    failure, "Error while getting state"))
                                    .isPresent();
                        });
    }

    private void writeThenRead(TypeInformation<Geometry> oldType, Path savepoints)
            throws Exception {
        Map<String, Geometry> values = new LinkedHashMap<>();
        List<Geometry> geometries = KeyedGeometryStates.geometries();
        for (int i = 0; i < geometries.size(); i += 2) {
            values.put(String.format("key-%02d", i), geometries.get(i));
        }
        written = values;
        JobClient writer = start(null, oldType, true);
        String savepoint =
                SavepointJobs.stopWithSavepoint(
                        writer, savepoints.toUri().toString(), SavepointFormatType.NATIVE);
        JobClient reader = start(savepoint, GEOMETRY, false);
        SavepointJobs.cancel(reader);
    }

    private static void assertObservedIsWritten(UnaryOperator<Geometry> carried) {
        assertThat(OBSERVED).containsOnlyKeys(written.keySet());
        written.forEach(
                (key, geometry) ->
                        KeyedGeometryStates.assertExact(
                                key,
                                OBSERVED.get(key),
                                ExactGeometry.asDecoded(carried.apply(geometry)),
                                true));
    }

    private JobClient start(String restoreFrom, TypeInformation<Geometry> type, boolean write)
            throws Exception {
        StreamExecutionEnvironment env = SavepointJobs.environment("forst", restoreFrom);
        SavepointJobs.keys(env, written.keySet())
                .keyBy(key -> key, Types.STRING)
                .enableAsyncState()
                .process(new AsyncGeometryState(type, write))
                .uid("async-geometry-state")
                .sinkTo(new DiscardingSink<>())
                .uid("discard");
        OBSERVED.clear();
        CountDownLatch latch = new CountDownLatch(written.size());
        handled = latch;
        return jobs.startAndAwait(env, write ? "write" : "read", latch);
    }

    /** Writes each key's geometry into State V2, or reads it back. */
    static final class AsyncGeometryState extends KeyedProcessFunction<String, String, String> {
        private static final long serialVersionUID = 1L;

        private final TypeInformation<Geometry> type;
        private final boolean write;
        private transient ValueState<Geometry> state;

        AsyncGeometryState(TypeInformation<Geometry> type, boolean write) {
            this.type = type;
            this.write = write;
        }

        @Override
        public void open(OpenContext openContext) {
            state = getRuntimeContext().getState(new ValueStateDescriptor<>("geometry", type));
            if (!state.getClass().getSimpleName().startsWith("ForSt")) {
                throw new IllegalStateException("expected ForSt state V2, got " + state.getClass());
            }
        }

        @Override
        public void processElement(String key, Context ctx, Collector<String> out) {
            if (write) {
                state.asyncUpdate(written.get(key)).thenAccept(done -> handled.countDown());
            } else {
                state.asyncValue()
                        .thenAccept(
                                value -> {
                                    if (value != null) {
                                        OBSERVED.put(key, value);
                                    }
                                    handled.countDown();
                                });
            }
        }
    }
}
