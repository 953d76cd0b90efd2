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
package dev.flinkgeometry.serializer.upgrade;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.serializer.GeometryTypes;
import dev.flinkgeometry.serializer.internal.savepoint.FlinkLine;
import dev.flinkgeometry.serializer.internal.savepoint.KryoGeometryStates;
import dev.flinkgeometry.serializer.internal.savepoint.SavepointStates;
import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.NestedKryoStateJob;
import dev.flinkgeometry.testing.SavepointJobs;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The state data that the check reads, in the layouts that the golden Flink 1.20.3 savepoints do
 * not have: Snappy-compressed snapshots (keyed state per key group, operator state per element) and
 * the heap backend's native format, written here by Flink 2.3 for {@link NestedKryoStateJob}. Every
 * state with geometries nested in a Kryo-held type is found, and nothing is left unchecked.
 */
class KryoStateDataITCase {
    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    @TempDir Path temp;

    static Stream<Arguments> layouts() {
        return Stream.of(
                Arguments.of("hashmap", SavepointFormatType.CANONICAL, true),
                Arguments.of("hashmap", SavepointFormatType.NATIVE, true),
                Arguments.of("rocksdb", SavepointFormatType.CANONICAL, true),
                Arguments.of("rocksdb", SavepointFormatType.NATIVE, true),
                Arguments.of("hashmap", SavepointFormatType.NATIVE, false));
    }

    @ParameterizedTest(name = "{0} {1} compressed {2}")
    @MethodSource("layouts")
    void findsEveryNestedGeometryState(
            String backend, SavepointFormatType format, boolean compressed) throws Exception {
        Configuration config = new Configuration();
        config.set(StateBackendOptions.STATE_BACKEND, backend);
        config.setString(
                "execution.checkpointing.snapshot-compression", String.valueOf(compressed));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(config);
        env.setParallelism(1);
        // the types a careless job gets: no registration left behind by another test in this JVM
        String savepoint =
                GeometryTypes.withoutRegistration(
                        () -> {
                            NestedKryoStateJob.build(env, NestedKryoStateJob.Stage.WRITE);
                            return SavepointJobs.stopWithSavepoint(
                                    NestedKryoStateJob.start(jobs, env, "write nested Kryo state"),
                                    temp.toUri().toString(),
                                    format);
                        });

        KryoGeometryStates.Result result =
                KryoGeometryStates.check(
                        SavepointStates.read(savepoint, getClass().getClassLoader()));

        assertThat(result.unchecked()).isEmpty();
        List<String> found =
                result.found().stream()
                        .map(
                                part ->
                                        part.stateKind()
                                                + " "
                                                + part.stateName()
                                                + " "
                                                + part.part().contents().typeName()
                                                + " "
                                                + part.heldClasses()
                                                        .contains(
                                                                "org.locationtech.jts.geom.Point"))
                        .toList();
        assertThat(found)
                .containsExactlyInAnyOrder(
                        "KEY null " + NestedKryoStateJob.PlaceKey.class.getName() + " true",
                        "VALUE places java.util.HashMap true",
                        "VALUE holder " + NestedKryoStateJob.Holder.class.getName() + " true",
                        "LIST tracks java.util.ArrayList true",
                        // Flink 2.x gives a POJO's List<Point> a list of Kryo-held points,
                        // Flink 1.x Kryo for the list
                        FlinkLine.running() == FlinkLine.FLINK_2
                                ? "VALUE visit org.locationtech.jts.geom.Point false"
                                : "VALUE visit java.util.List true",
                        "VALUE visit java.lang.Object true",
                        "OPERATOR LIST recent-tracks java.util.ArrayList true");
    }
}
