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

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.SavepointJobs;
import dev.flinkgeometry.testing.Wkt;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.v2.MapState;
import org.apache.flink.api.common.state.v2.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.locationtech.jts.geom.Point;

/**
 * A fixed-precision compact geometry as the user key of a State V2 {@code MapState} (ForSt, {@code
 * enableAsyncState()}): the job fails when it first accesses the state, naming the fix; with a
 * lossless user key it runs.
 */
class AsyncLossyMapUserKeyITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    private static final List<String> POSITIONS =
            List.of("POINT (13.4050001 52.52)", "POINT (13.4050002 52.52)");

    private static volatile CountDownLatch handled = new CountDownLatch(0);

    @Test
    void aFixedPrecisionUserKeyFailsTheJobOnFirstAccess() {
        assertThatThrownBy(
                        () ->
                                run(
                                        GeometryTypeInfo.of(
                                                Point.class, GeometryEncoding.compact(6, 0, 0))))
                .hasStackTraceContaining(
                        "cannot be the key type of a map (the user key of a MapState)")
                .hasStackTraceContaining("GeometryTypeInfo.of(cls, GeometryEncoding.compact())");
    }

    @Test
    void aLosslessUserKeyRuns() throws Exception {
        run(GeometryTypeInfo.of(Point.class, GeometryEncoding.compact()));
    }

    private void run(TypeInformation<Point> userKey) throws Exception {
        handled = new CountDownLatch(POSITIONS.size());
        StreamExecutionEnvironment env = SavepointJobs.environment("forst", null);
        SavepointJobs.keys(env, POSITIONS)
                .keyBy(text -> "vehicle-1", Types.STRING)
                .enableAsyncState()
                .process(new AsyncVisits(userKey))
                .sinkTo(new DiscardingSink<>());
        jobs.startAndAwait(env, "State V2 MapState user key " + userKey, handled);
    }

    /** Puts each position into the vehicle's State V2 map. */
    static final class AsyncVisits extends KeyedProcessFunction<String, String, String> {
        private static final long serialVersionUID = 1L;

        private final TypeInformation<Point> userKey;
        private transient MapState<Point, Long> visits;

        AsyncVisits(TypeInformation<Point> userKey) {
            this.userKey = userKey;
        }

        @Override
        public void open(OpenContext openContext) {
            visits =
                    getRuntimeContext()
                            .getMapState(new MapStateDescriptor<>("visits", userKey, Types.LONG));
        }

        @Override
        public void processElement(String text, Context ctx, Collector<String> out) {
            visits.asyncPut((Point) Wkt.read(text), 1L).thenAccept(done -> handled.countDown());
        }
    }
}
