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

import dev.flinkgeometry.serializer.internal.MapUserKeyMigrationNotice;
import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.SavepointJobs;
import dev.flinkgeometry.testing.Wkt;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.Collector;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.locationtech.jts.geom.Geometry;

/**
 * Flink's RocksDB backend refuses a restore whose MapState user key serializer changed, with a
 * message that names neither operator nor state; the library logs, as the refusal happens, the task
 * (its operators' names), the two encodings and the way out. On the hashmap backend, which migrates
 * user keys, nothing is logged. On a MiniCluster with real canonical savepoints.
 */
class MapUserKeyRefusalNoticeITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    private static final String OPERATOR_NAME = "vehicle visits";
    private static final List<String> VEHICLES = List.of("v1", "v2");

    private static volatile CountDownLatch handled = new CountDownLatch(0);

    private final List<String> errors = new CopyOnWriteArrayList<>();
    private final Logger logger =
            (Logger) LogManager.getLogger(MapUserKeyMigrationNotice.class.getName());
    private final AbstractAppender capture =
            new AbstractAppender("capture", null, null, true, Property.EMPTY_ARRAY) {
                @Override
                public void append(LogEvent event) {
                    if (event.getLevel() == Level.ERROR) {
                        errors.add(event.getMessage().getFormattedMessage());
                    }
                }
            };

    private Level levelBefore;

    @TempDir Path savepoints;

    @BeforeEach
    void captureErrors() {
        capture.start();
        logger.addAppender(capture); // before the level: it may make a logger config of its own
        levelBefore = logger.getLevel();
        logger.setLevel(Level.ERROR);
    }

    @AfterEach
    void stopCapturing() {
        logger.removeAppender(capture);
        logger.setLevel(levelBefore);
        capture.stop();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"rocksdb, true", "hashmap, false"})
    void aRefusedMapStateRestoreIsExplainedWithTheTaskAndTheWayOut(String backend, boolean refused)
            throws Exception {
        TypeInformation<Geometry> aligned = GeometryTypeInfo.of(Geometry.class);
        TypeInformation<Geometry> compact =
                GeometryTypeInfo.of(Geometry.class, GeometryEncoding.compact());
        String savepoint =
                SavepointJobs.stopWithSavepoint(
                        start(backend, null, aligned),
                        savepoints.toUri().toString(),
                        SavepointFormatType.CANONICAL);
        assertThat(errors).isEmpty();

        if (refused) {
            assertThatThrownBy(() -> start(backend, savepoint, compact))
                    .hasStackTraceContaining("only allows value schema evolutions");
            assertThat(errors)
                    .singleElement()
                    .asString()
                    .startsWith("Task '")
                    .contains(OPERATOR_NAME)
                    .contains(
                            "the user keys of a MapState were written by the aligned format and"
                                    + " are now GeometrySerializer (compact lossless) for"
                                    + " org.locationtech.jts.geom.Geometry; RocksDBKeyedStateBackend"
                                    + " does not migrate the user keys of a MapState")
                    .contains("KeyedStateRewrite");
        } else {
            start(backend, savepoint, compact);
            assertThat(errors).isEmpty();
        }
    }

    private JobClient start(String backend, String restoreFrom, TypeInformation<Geometry> userKey)
            throws Exception {
        StreamExecutionEnvironment env = SavepointJobs.environment(backend, restoreFrom);
        handled = new CountDownLatch(VEHICLES.size());
        SavepointJobs.keys(env, VEHICLES)
                .keyBy(vehicle -> vehicle, Types.STRING)
                .process(new VisitsFunction(userKey), Types.STRING)
                .name(OPERATOR_NAME)
                .uid("vehicles")
                .sinkTo(new DiscardingSink<>());
        return jobs.startAndAwait(env, "MapState user keys " + userKey, handled);
    }

    /** Puts one position per vehicle. */
    static final class VisitsFunction extends KeyedProcessFunction<String, String, String> {
        private static final long serialVersionUID = 1L;

        private final MapStateDescriptor<Geometry, Long> descriptor;
        private transient MapState<Geometry, Long> visits;

        VisitsFunction(TypeInformation<Geometry> userKey) {
            descriptor = new MapStateDescriptor<>("visits", userKey, Types.LONG);
        }

        @Override
        public void open(OpenContext openContext) {
            visits = getRuntimeContext().getMapState(descriptor);
        }

        @Override
        public void processElement(String vehicle, Context ctx, Collector<String> out)
                throws Exception {
            visits.put(Wkt.read("POINT (13.4050001 52.52)"), 1L);
            handled.countDown();
        }
    }
}
