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
package dev.flinkgeometry.benchmarks.micro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.benchmarks.contenders.Contender;
import dev.flinkgeometry.benchmarks.contenders.Contenders;
import dev.flinkgeometry.benchmarks.contenders.Operation;
import dev.flinkgeometry.benchmarks.data.Workloads;
import java.io.IOException;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.openjdk.jmh.annotations.Param;

/**
 * Every micro benchmark's {@code @Setup} passes for every workload and contender it lists (the
 * quick JMH run uses the point only), and the checks behind it catch a contender that is wrong.
 */
class MicroFixtureTest {
    @TestFactory
    Stream<DynamicTest> everySetupOfEveryMicroBenchmarkPasses() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        for (Class<?> type : ByteViewBenchmarks.ALL) {
            for (String workload : params(type, "workload")) {
                tests.add(
                        DynamicTest.dynamicTest(
                                type.getSimpleName() + " " + workload,
                                () -> {
                                    for (String contender : params(type, "contender")) {
                                        setUp(type, workload, contender);
                                    }
                                }));
            }
        }
        return tests.stream();
    }

    @Test
    void theByteViewBenchmarksCoverEveryWorkloadAndTheirOperationsContenders() throws Exception {
        for (Class<?> type : ByteViewBenchmarks.ALL) {
            assertThat(Workloads.ALL)
                    .as(type.getSimpleName())
                    .containsAll(params(type, "workload"));
            assertThat(Contenders.MICRO)
                    .as(type.getSimpleName())
                    .containsAll(params(type, "contender"));
        }
        assertThat(params(SerializeBenchmark.class, "workload")).isEqualTo(Workloads.ALL);
        assertThat(params(DeserializeBenchmark.class, "workload")).isEqualTo(Workloads.ALL);
        // Every micro contender but the serialize-only floor.
        assertThat(params(DeserializeBenchmark.class, "contender"))
                .isEqualTo(
                        Contenders.MICRO.stream()
                                .filter(c -> !c.equals(Contenders.TRAVERSE_MEMCPY))
                                .collect(Collectors.toList()));
        assertThat(params(RawCopyBenchmark.class, "workload")).isEqualTo(Workloads.ALL);
        assertThat(params(DeepCopyBenchmark.class, "workload")).isEqualTo(Workloads.ALL);
    }

    @Test
    void aContenderThatDecodesAnotherGeometryCannotPostANumber() {
        Contender broken =
                new Wrapped(Workloads.load("polygon-16")) {
                    @Override
                    public Object deserialize(int index, DataInputView source) throws IOException {
                        Geometry geometry = (Geometry) super.deserialize(index, source);
                        geometry.getCoordinates()[3].setX(
                                geometry.getCoordinates()[3].getX() + 1e-9);
                        geometry.geometryChanged();
                        return geometry;
                    }
                };
        assertThatThrownBy(() -> MicroFixture.create(broken, Operation.DESERIALIZE, View.BYTES))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("does not round-trip");
        assertThatThrownBy(() -> MicroFixture.create(broken, Operation.SERIALIZE, View.STREAM))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("does not round-trip");
    }

    @Test
    void aContenderThatLeavesBytesBehindOrCopiesBadlyCannotPostANumber() {
        Contender trailing =
                new Wrapped(Workloads.load("point")) {
                    @Override
                    public void serialize(int index, DataOutputView target) throws IOException {
                        super.serialize(index, target);
                        target.writeByte(0);
                    }
                };
        assertThatThrownBy(() -> MicroFixture.create(trailing, Operation.DESERIALIZE, View.BYTES))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("left 1 bytes");
        Contender shallow =
                new Wrapped(Workloads.load("point")) {
                    @Override
                    public Object copy(int index) {
                        return copyInput(index);
                    }
                };
        assertThatThrownBy(() -> MicroFixture.create(shallow, Operation.DEEP_COPY, View.BYTES))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("is no copy");
        Contender truncating =
                new Wrapped(Workloads.load("point")) {
                    @Override
                    public void copy(int index, DataInputView source, DataOutputView target)
                            throws IOException {
                        DataOutputSerializer whole = new DataOutputSerializer(64);
                        super.copy(index, source, whole);
                        target.write(whole.getSharedBuffer(), 0, whole.length() - 1);
                    }
                };
        assertThatThrownBy(() -> MicroFixture.create(truncating, Operation.RAW_COPY, View.BYTES))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("wrote other bytes");
    }

    @Test
    void theConstructFloorBuildsExactlyTheWorkloadWithDefaultSequences() throws IOException {
        for (String workload : Workloads.ALL) {
            Contender construct = Contenders.create(Contenders.CONSTRUCT, Workloads.load(workload));
            Geometry built = (Geometry) construct.copy(0);
            construct.requireDecoded(0, built);
            assertThat(built.getCoordinates()).allMatch(c -> c.getClass() != Coordinate.class);
        }
    }

    private static void setUp(Class<?> type, String workload, String contender) throws Exception {
        Object benchmark = type.getConstructor().newInstance();
        type.getField("workload").set(benchmark, workload);
        type.getField("contender").set(benchmark, contender);
        type.getMethod("setUp").invoke(benchmark);
    }

    static List<String> params(Class<?> type, String name) throws NoSuchFieldException {
        Field field = type.getField(name);
        return List.of(field.getAnnotation(Param.class).value());
    }

    /** {@code GeometrySerializer} under another name, for the broken variants above. */
    private static class Wrapped extends Contender {
        private final Contender ours;

        Wrapped(Geometry[] geometries) {
            super("broken", geometries);
            ours = Contenders.create(Contenders.OURS, geometries);
        }

        @Override
        public Set<Operation> operations() {
            return ours.operations();
        }

        @Override
        public void serialize(int index, DataOutputView target) throws IOException {
            ours.serialize(index, target);
        }

        @Override
        public Object deserialize(int index, DataInputView source) throws IOException {
            return ours.deserialize(index, source);
        }

        @Override
        public void copy(int index, DataInputView source, DataOutputView target)
                throws IOException {
            ours.copy(index, source, target);
        }

        @Override
        public Object copy(int index) {
            return ours.copy(index);
        }

        @Override
        public Object copyInput(int index) {
            return ours.copyInput(index);
        }
    }
}
