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

import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.SavepointJobs;
import dev.flinkgeometry.testing.Wkt;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Point;

/**
 * A fixed-precision compact geometry as the user key of a {@code MapState}, in a job on a
 * MiniCluster, on both backends: the job fails on the first access to the state with a message that
 * names the fix, instead of making positions that round alike one entry. The same precision for the
 * values of a map, with a lossless user key, keeps every position apart.
 */
class LossyMapUserKeyITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    /** Two positions of one vehicle that are one at 6 digits. */
    private static final List<String> POSITIONS =
            List.of("POINT (13.4050001 52.52)", "POINT (13.4050002 52.52)");

    private static final TypeInformation<Point> SIX_DIGITS =
            GeometryTypeInfo.of(Point.class, GeometryEncoding.compact(6, 0, 0));
    private static final TypeInformation<Point> LOSSLESS =
            GeometryTypeInfo.of(Point.class, GeometryEncoding.compact());

    /** Per position text: the entries the map held after it was put. */
    private static final Map<String, Integer> ENTRIES = new ConcurrentHashMap<>();

    private static volatile CountDownLatch handled = new CountDownLatch(0);

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void aFixedPrecisionUserKeyFailsTheJobOnFirstAccess(String backend) {
        assertThatThrownBy(() -> run(backend, SIX_DIGITS, LOSSLESS))
                .hasStackTraceContaining(
                        "Geometry<Point, compact 6/0/0 digits> cannot be the key type of a map"
                                + " (the user key of a MapState)")
                .hasStackTraceContaining("GeometryTypeInfo.of(cls, GeometryEncoding.compact())")
                .hasStackTraceContaining("GeometryTypeInfo.of(...)");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void aFixedPrecisionValueWithALosslessUserKeyKeepsEveryPosition(String backend)
            throws Exception {
        run(backend, LOSSLESS, SIX_DIGITS);
        Map<String, Integer> expected = new TreeMap<>();
        expected.put(POSITIONS.get(0), 1);
        expected.put(POSITIONS.get(1), 2);
        assertThat(new TreeMap<>(ENTRIES)).isEqualTo(expected);
    }

    private void run(String backend, TypeInformation<Point> userKey, TypeInformation<Point> value)
            throws Exception {
        ENTRIES.clear();
        handled = new CountDownLatch(POSITIONS.size());
        StreamExecutionEnvironment env = SavepointJobs.environment(backend, null);
        SavepointJobs.keys(env, POSITIONS)
                .keyBy(text -> "vehicle-1", Types.STRING)
                .process(new VisitsFunction(userKey, value), Types.STRING)
                .sinkTo(new DiscardingSink<>());
        jobs.startAndAwait(env, "MapState user key " + userKey + ", " + backend, handled);
    }

    /** Puts each position into the vehicle's map (the position as user key and as value). */
    static final class VisitsFunction extends KeyedProcessFunction<String, String, String> {
        private static final long serialVersionUID = 1L;

        private final MapStateDescriptor<Point, Point> descriptor;
        private transient MapState<Point, Point> visits;

        VisitsFunction(TypeInformation<Point> userKey, TypeInformation<Point> value) {
            descriptor = new MapStateDescriptor<>("visits", userKey, value);
        }

        @Override
        public void open(OpenContext openContext) {
            visits = getRuntimeContext().getMapState(descriptor);
        }

        @Override
        public void processElement(String text, Context ctx, Collector<String> out)
                throws Exception {
            Point position = (Point) Wkt.read(text);
            visits.put(position, position);
            int entries = 0;
            for (Point ignored : visits.keys()) {
                entries++;
            }
            ENTRIES.put(text, entries);
            handled.countDown();
        }
    }
}
