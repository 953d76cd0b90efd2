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
import java.util.TreeSet;
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
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateFilter;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.util.GeometryEditor;

/**
 * Aligned geometry state written with the default kind moves to {@link
 * CoordinateSequenceKind#ARRAY_MUTABLE_Z} by a plain restore (keys, values, MapState user keys;
 * hashmap and RocksDB), and a Z set on a restored coordinate is kept through the next savepoint.
 *
 * <ol>
 *   <li>The default kind writes the state.
 *   <li>Restored with ARRAY_MUTABLE_Z: every key finds exactly its state. RocksDB decodes values
 *       and user keys into plain {@code Coordinate}s; the hashmap backend restores its objects with
 *       the serializer of the savepoint, so they keep their {@code CoordinateXY}s.
 *   <li>Restored again with ARRAY_MUTABLE_Z: on both backends the values hold {@code Coordinate}s
 *       now; each coordinate gets Z = X + Y, and the value is updated.
 *   <li>Restored with the default kind: every value has the Z that was set. RocksDB decodes the
 *       user keys into {@code CoordinateXY}s; the hashmap backend keeps the {@code Coordinate}s of
 *       the savepoint's serializer.
 * </ol>
 */
class MutableZRestoreITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    private static final TypeInformation<Geometry> ARRAY = GeometryTypeInfo.of(Geometry.class);
    private static final TypeInformation<Geometry> MUTABLE_Z =
            GeometryTypeInfo.of(Geometry.class, CoordinateSequenceKind.ARRAY_MUTABLE_Z);

    private static final List<String> KEYS =
            List.of(
                    "POINT (13.377704 52.516275)",
                    "LINESTRING (0.1 0.2, 3.141592653589793 2.718281828459045)",
                    "POLYGON ((0 0, 10 0, 10 10, 0 0), (1 1, 2 1, 2 2, 1 1))",
                    "MULTIPOINT ((1 2), (3 4))",
                    "MULTILINESTRING ((0 0, 1 1), (2 2, 3 -0.5))",
                    "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))",
                    "GEOMETRYCOLLECTION (POINT (1 2), LINESTRING (0 0, 1 1))");

    /** What each phase does with the state of a key. */
    enum Phase {
        WRITE,
        READ,
        SET_Z
    }

    /** Per key text: key, value and map entries described exactly, then coordinate classes. */
    private static final Map<String, String> OBSERVED = new ConcurrentHashMap<>();

    private static volatile CountDownLatch handled = new CountDownLatch(0);

    @TempDir Path savepoints;

    @ParameterizedTest(name = "{0}")
    @CsvSource({"hashmap, CoordinateXY, Coordinate", "rocksdb, Coordinate, CoordinateXY"})
    void restoredStateTakesPlainCoordinatesAndKeepsTheZSetOnThem(
            String backend, String firstRestoreClass, String lastRestoreKeyClass) throws Exception {
        String written = savepoint(start(backend, null, ARRAY, Phase.WRITE));
        assertThat(new TreeMap<>(OBSERVED))
                .isEqualTo(expected(false, "CoordinateXY", "CoordinateXY"));

        String restored = savepoint(start(backend, written, MUTABLE_Z, Phase.READ));
        assertThat(new TreeMap<>(OBSERVED))
                .isEqualTo(expected(false, firstRestoreClass, firstRestoreClass));

        String withZ = savepoint(start(backend, restored, MUTABLE_Z, Phase.SET_Z));
        assertThat(new TreeMap<>(OBSERVED))
                .as("before the Z is set")
                .isEqualTo(expected(false, "Coordinate", "Coordinate"));

        start(backend, withZ, ARRAY, Phase.READ);
        assertThat(new TreeMap<>(OBSERVED))
                .isEqualTo(expected(true, "Coordinate", lastRestoreKeyClass));
    }

    /**
     * What every key observes: its geometry exactly (with Z = X + Y in the value if {@code
     * valueWithZ}), the class of the value's coordinates and that of the user keys' coordinates.
     */
    private static Map<String, String> expected(
            boolean valueWithZ, String valueClass, String keyClass) {
        Map<String, String> expected = new TreeMap<>();
        for (String text : KEYS) {
            Geometry geometry = Wkt.read(text);
            Geometry value = valueWithZ ? withZ(geometry) : geometry;
            expected.put(
                    text,
                    describe(geometry)
                            + " | "
                            + describe(value)
                            + " | ["
                            + describe(geometry)
                            + "="
                            + text
                            + "] | "
                            + valueClass
                            + " | "
                            + keyClass);
        }
        return expected;
    }

    /** {@code geometry} rebuilt by JTS from coordinates {@code (x, y, x + y)}. */
    private static Geometry withZ(Geometry geometry) {
        return new GeometryEditor(new GeometryFactory())
                .edit(
                        geometry,
                        new GeometryEditor.CoordinateOperation() {
                            @Override
                            public Coordinate[] edit(Coordinate[] coordinates, Geometry g) {
                                Coordinate[] out = new Coordinate[coordinates.length];
                                for (int i = 0; i < out.length; i++) {
                                    Coordinate c = coordinates[i];
                                    out[i] = new Coordinate(c.x, c.y, c.x + c.y);
                                }
                                return out;
                            }
                        });
    }

    private String savepoint(JobClient client) throws Exception {
        return SavepointJobs.stopWithSavepoint(
                client, savepoints.toUri().toString(), SavepointFormatType.CANONICAL);
    }

    private JobClient start(
            String backend, String restoreFrom, TypeInformation<Geometry> type, Phase phase)
            throws Exception {
        OBSERVED.clear();
        StreamExecutionEnvironment env = SavepointJobs.environment(backend, restoreFrom);
        handled = new CountDownLatch(KEYS.size());
        SavepointJobs.keys(env, KEYS)
                .keyBy(Wkt::read, type)
                .process(new StatesFunction(type, phase), Types.STRING)
                .uid("mutable-z")
                .sinkTo(new DiscardingSink<>());
        return jobs.startAndAwait(env, "mutable Z " + phase + ", " + backend, handled);
    }

    /** Keeps the key as value and as map user key, reports them, and sets Z if asked. */
    static final class StatesFunction extends KeyedProcessFunction<Geometry, String, String> {
        private static final long serialVersionUID = 1L;

        private final ValueStateDescriptor<Geometry> valueDescriptor;
        private final MapStateDescriptor<Geometry, String> mapDescriptor;
        private final Phase phase;
        private transient ValueState<Geometry> value;
        private transient MapState<Geometry, String> map;

        StatesFunction(TypeInformation<Geometry> type, Phase phase) {
            this.valueDescriptor = new ValueStateDescriptor<>("value", type);
            this.mapDescriptor = new MapStateDescriptor<>("map", type, Types.STRING);
            this.phase = phase;
        }

        @Override
        public void open(OpenContext openContext) {
            value = getRuntimeContext().getState(valueDescriptor);
            map = getRuntimeContext().getMapState(mapDescriptor);
        }

        @Override
        public void processElement(String text, Context ctx, Collector<String> out)
                throws Exception {
            if (phase == Phase.WRITE) {
                value.update(Wkt.read(text));
                map.put(Wkt.read(text), text);
            }
            List<String> entries = new ArrayList<>();
            TreeSet<String> keyClasses = new TreeSet<>();
            for (Map.Entry<Geometry, String> entry : map.entries()) {
                entries.add(describe(entry.getKey()) + "=" + entry.getValue());
                keyClasses.addAll(coordinateClasses(entry.getKey()));
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
                            + (stored == null ? "-" : String.join(",", coordinateClasses(stored)))
                            + " | "
                            + String.join(",", keyClasses));
            if (phase == Phase.SET_Z) {
                stored.apply((CoordinateFilter) c -> c.setZ(c.x + c.y));
                stored.geometryChanged();
                value.update(stored);
            }
            handled.countDown();
        }

        private static TreeSet<String> coordinateClasses(Geometry geometry) {
            TreeSet<String> classes = new TreeSet<>();
            for (Coordinate c : geometry.getCoordinates()) {
                classes.add(c.getClass().getSimpleName());
            }
            return classes;
        }
    }
}
