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

import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.SavepointJobs;
import dev.flinkgeometry.testing.Wkt;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.state.KeyGroupRangeAssignment;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.locationtech.jts.geom.Geometry;

/**
 * What a job keyed by a fixed-precision compact geometry does: Flink accepts the key type at build
 * time ({@code CompactTypeInfoTest}) and the state backend takes the rounding serializer as its key
 * serializer at job start without a word, so the job runs, and two points that round alike (and
 * fall in the same key group) are one key on RocksDB, which finds state by the key's bytes, and two
 * keys on the hashmap backend, which finds it by {@code equals}. Why the docs and {@code
 * GeometryTypeInfo} say: key by a lossless encoding.
 */
class FixedPrecisionKeyITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    /** Per key text: the text the key's state held before the key wrote its own. */
    private static final Map<String, String> FOUND = new ConcurrentHashMap<>();

    private static volatile CountDownLatch handled = new CountDownLatch(0);

    @ParameterizedTest(name = "{0}")
    @CsvSource({"rocksdb, true", "hashmap, false"})
    void pointsThatRoundAlikeShareTheirStateOnRocksDbOnly(String backend, boolean shared)
            throws Exception {
        List<String> twins = roundingTwinsInOneKeyGroup();
        FOUND.clear();
        handled = new CountDownLatch(twins.size());
        StreamExecutionEnvironment env = SavepointJobs.environment(backend, null);
        SavepointJobs.keys(env, twins)
                .keyBy(
                        Wkt::read,
                        GeometryTypeInfo.of(Geometry.class, GeometryEncoding.compact(7, 0, 0)))
                .process(new FirstTextFunction(), Types.STRING)
                .sinkTo(new DiscardingSink<>());
        jobs.startAndAwait(env, "fixed-precision keys, " + backend, handled);

        Map<String, String> expected = new HashMap<>();
        expected.put(twins.get(0), "none");
        expected.put(twins.get(1), shared ? twins.get(0) : "none");
        assertThat(FOUND).isEqualTo(expected);
    }

    /**
     * Two points whose X differ in the 9th decimal (7 digits make them one) and whose JTS hash
     * codes fall in the same key group at the default max parallelism: the first such pair.
     */
    static List<String> roundingTwinsInOneKeyGroup() {
        for (int i = 1; i < 10_000; i++) {
            String base = "POINT (1." + String.format("%04d", i);
            String a = base + "00001 2)";
            String b = base + "00002 2)";
            if (KeyGroupRangeAssignment.assignToKeyGroup(Wkt.read(a), 128)
                    == KeyGroupRangeAssignment.assignToKeyGroup(Wkt.read(b), 128)) {
                return List.of(a, b);
            }
        }
        throw new AssertionError("no pair of points in one key group");
    }

    /** Reports the text that the key's state held, then keeps the first text written. */
    static final class FirstTextFunction extends KeyedProcessFunction<Geometry, String, String> {
        private static final long serialVersionUID = 1L;

        private final ValueStateDescriptor<String> descriptor =
                new ValueStateDescriptor<>("first", Types.STRING);
        private transient ValueState<String> first;

        @Override
        public void open(OpenContext openContext) {
            first = getRuntimeContext().getState(descriptor);
        }

        @Override
        public void processElement(String text, Context ctx, Collector<String> out)
                throws Exception {
            String before = first.value();
            FOUND.put(text, before == null ? "none" : before);
            if (before == null) {
                first.update(text);
            }
            handled.countDown();
        }
    }
}
