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

import static dev.flinkgeometry.testing.ExactGeometry.describe;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.SavepointJobs;
import dev.flinkgeometry.testing.Wkt;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;

/**
 * Lossless compact geometry state moves from array to packed coordinate sequences by a plain
 * restore: keys, values and MapState user keys, hashmap and RocksDB. The sequence kind is a read
 * option; the bytes do not depend on it, so Flink takes the new serializers as they are (it would
 * refuse keys and, on RocksDB, MapState user keys otherwise). Every key finds exactly its state. On
 * RocksDB the values read back have packed sequences ({@code PackedCoordinateSequence.Double}); the
 * hashmap backend restores its objects with the serializer of the savepoint, so restored values
 * keep their array sequences until they are replaced.
 */
class SequenceKindChangeITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    private static final TypeInformation<Geometry> ARRAY =
            GeometryTypeInfo.of(Geometry.class, GeometryEncoding.compact());
    private static final TypeInformation<Geometry> PACKED =
            GeometryTypeInfo.of(
                    Geometry.class,
                    GeometryEncoding.compact(),
                    CoordinateSequenceKind.PACKED_DOUBLE);

    private static final List<String> KEYS =
            List.of(
                    "LINESTRING (13.4050001 52.52, 13.41 52.53)",
                    "LINESTRING (0.1 0.2, 3.141592653589793 2.718281828459045)",
                    "LINESTRING Z (1 2 3, 4 5 6)");

    /**
     * Per key text: key, value and map entry, described exactly, and the value's sequence class.
     */
    private static final Map<String, String> OBSERVED = new ConcurrentHashMap<>();

    private static volatile CountDownLatch handled = new CountDownLatch(0);

    @TempDir Path savepoints;

    @ParameterizedTest(name = "{0}")
    @CsvSource({"hashmap, CoordinateArraySequence", "rocksdb, Double"})
    void compactStateMovesToPackedSequencesByARestore(String backend, String restoredSequences)
            throws Exception {
        OBSERVED.clear();
        String savepoint =
                SavepointJobs.stopWithSavepoint(
                        start(backend, null, ARRAY, true),
                        savepoints.toUri().toString(),
                        SavepointFormatType.CANONICAL);
        Map<String, String> written = new TreeMap<>(OBSERVED);
        assertThat(written)
                .hasSize(KEYS.size())
                .allSatisfy((k, v) -> assertThat(v).endsWith("CoordinateArraySequence"));

        OBSERVED.clear();
        start(backend, savepoint, PACKED, false);
        Map<String, String> expected = new TreeMap<>();
        written.forEach(
                (key, seen) ->
                        expected.put(
                                key, seen.replace("CoordinateArraySequence", restoredSequences)));
        assertThat(new TreeMap<>(OBSERVED)).isEqualTo(expected);
    }

    private JobClient start(
            String backend, String restoreFrom, TypeInformation<Geometry> type, boolean write)
            throws Exception {
        StreamExecutionEnvironment env = SavepointJobs.environment(backend, restoreFrom);
        handled = new CountDownLatch(KEYS.size());
        SavepointJobs.keys(env, KEYS)
                .keyBy(Wkt::read, type)
                .process(new StatesFunction(type, write), Types.STRING)
                .uid("sequences")
                .sinkTo(new DiscardingSink<>());
        return jobs.startAndAwait(env, "sequences " + type + ", " + backend, handled);
    }

    /** Keeps the key as value and as map user key (if writing), then reports them. */
    static final class StatesFunction extends KeyedProcessFunction<Geometry, String, String> {
        private static final long serialVersionUID = 1L;

        private final ValueStateDescriptor<Geometry> valueDescriptor;
        private final MapStateDescriptor<Geometry, String> mapDescriptor;
        private final boolean write;
        private transient ValueState<Geometry> value;
        private transient MapState<Geometry, String> map;

        StatesFunction(TypeInformation<Geometry> type, boolean write) {
            this.valueDescriptor = new ValueStateDescriptor<>("value", type);
            this.mapDescriptor = new MapStateDescriptor<>("map", type, Types.STRING);
            this.write = write;
        }

        @Override
        public void open(OpenContext openContext) {
            value = getRuntimeContext().getState(valueDescriptor);
            map = getRuntimeContext().getMapState(mapDescriptor);
        }

        @Override
        public void processElement(String text, Context ctx, Collector<String> out)
                throws Exception {
            if (write) {
                value.update(Wkt.read(text));
                map.put(Wkt.read(text), text);
            }
            List<String> entries = new ArrayList<>();
            for (Map.Entry<Geometry, String> entry : map.entries()) {
                entries.add(describe(entry.getKey()) + "=" + entry.getValue());
            }
            Geometry stored = value.value();
            OBSERVED.put(
                    text,
                    describe(ctx.getCurrentKey())
                            + " | "
                            + (stored == null ? "no value" : describe(stored))
                            + " | "
                            + entries
                            + " | "
                            + (stored == null
                                    ? "-"
                                    : ((LineString) stored)
                                            .getCoordinateSequence()
                                            .getClass()
                                            .getSimpleName()));
            handled.countDown();
        }
    }
}
