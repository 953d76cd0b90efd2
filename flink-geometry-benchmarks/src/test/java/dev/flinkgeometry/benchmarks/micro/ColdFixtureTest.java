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

import static dev.flinkgeometry.benchmarks.micro.MicroFixtureTest.params;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every cold benchmark's {@code @Setup}, whose checks read back every record of the cold set,
 * passes for every contender on a point, a track and the mixed corpus (every workload would take
 * minutes; the synthetic shapes share one builder, covered by {@code ColdRecordsTest}).
 */
class ColdFixtureTest {
    @TestFactory
    Stream<DynamicTest> everyColdSetupPasses() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        for (Class<?> type :
                List.of(ColdSerializeBenchmark.class, ColdDeserializeBenchmark.class)) {
            for (String workload : List.of("point", "gps-track-17", "natural-earth")) {
                tests.add(
                        DynamicTest.dynamicTest(
                                type.getSimpleName() + " " + workload,
                                () -> {
                                    for (String contender : params(type, "contender")) {
                                        Object benchmark = type.getConstructor().newInstance();
                                        type.getField("workload").set(benchmark, workload);
                                        type.getField("contender").set(benchmark, contender);
                                        type.getMethod("setUp").invoke(benchmark);
                                    }
                                }));
            }
        }
        return tests.stream();
    }
}
