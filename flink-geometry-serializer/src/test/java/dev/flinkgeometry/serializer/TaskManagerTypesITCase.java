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
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Point;

/**
 * What a user's own test can catch with {@link GeometryTypes#withoutRegistration}: a state
 * descriptor built in {@code open()} from {@code Point.class} passes a plain local run (client and
 * TaskManager share one JVM and its registration) but falls back to Kryo on a real TaskManager. Run
 * inside {@code withoutRegistration}, the same local job sees what the TaskManager sees.
 */
class TaskManagerTypesITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    private static final ConcurrentMap<String, String> SERIALIZERS = new ConcurrentHashMap<>();

    @Test
    void aDescriptorBuiltInOpenIsSeenAsOnATaskManager() throws Exception {
        job(new Configuration()).execute("local");
        assertThat(SERIALIZERS).containsEntry("last", "GeometrySerializer");

        StreamExecutionEnvironment env = job(new Configuration());
        GeometryTypes.withoutRegistration(() -> env.execute("as on a TaskManager"));
        assertThat(SERIALIZERS).containsEntry("last", "KryoSerializer");
        assertThat(GeometryTypes.isRegistered()).isTrue();
    }

    @Test
    void withGenericTypesDisabledTheFallbackFailsTheTestAsItWouldTheCluster() throws Exception {
        Configuration strict = new Configuration().set(PipelineOptions.GENERIC_TYPES, false);
        job(strict).execute("local, passes");

        StreamExecutionEnvironment env = job(strict);
        assertThatThrownBy(() -> GeometryTypes.withoutRegistration(() -> env.execute("fails")))
                .hasStackTraceContaining("Generic types have been disabled")
                .hasStackTraceContaining("org.locationtech.jts.geom.Point");
    }

    /** The job, built on the client with the types registered, as a user's test builds it. */
    private static StreamExecutionEnvironment job(Configuration configuration) {
        SERIALIZERS.clear();
        StreamExecutionEnvironment env =
                StreamExecutionEnvironment.getExecutionEnvironment(configuration);
        GeometryTypes.registerWith(env);
        env.setParallelism(1);
        env.fromData(List.of(1, 2)).keyBy(i -> i, Types.INT).process(new LastPosition()).print();
        return env;
    }

    /** Builds its descriptor in {@code open()}, on the TaskManager. */
    private static final class LastPosition extends KeyedProcessFunction<Integer, Integer, String> {
        private static final long serialVersionUID = 1L;
        private transient ValueState<Point> last;

        @Override
        public void open(OpenContext openContext) {
            ValueStateDescriptor<Point> descriptor =
                    new ValueStateDescriptor<>("last", Point.class);
            last = getRuntimeContext().getState(descriptor);
            SERIALIZERS.put("last", descriptor.getSerializer().getClass().getSimpleName());
        }

        @Override
        public void processElement(Integer i, Context ctx, Collector<String> out) throws Exception {
            last.update(new GeometryFactory().createPoint(new Coordinate(i, i)));
            out.collect(last.value().toText());
        }
    }
}
