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
package dev.flinkgeometry.testing;

import dev.flinkgeometry.serializer.GeometryTypeInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.util.Collector;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.PrecisionModel;

/**
 * The geometry state of a job written without care, as Flink 1.x users have it: state descriptors
 * built in {@code open()} from classes, so that Flink holds the geometries in Kryo ({@code
 * ValueState<Point>}, {@code ListState<LineString>}, {@code MapState<String, Polygon>} and {@code
 * MapState<Point, String>} per {@code String} key, a {@code ValueState<String>} per {@code Point}
 * key, and the operator state {@code ListState<Point>} of every point written). The Flink 1.20.3
 * savepoints committed under {@value #GOLDEN} were written by this job ({@code
 * Flink1KryoSavepoints} in flink-geometry-flink1-tests); the values of every key are the pure
 * functions below.
 *
 * <p>One job at a time per JVM: what the job read is shared through static fields (the MiniCluster
 * runs in the test's JVM).
 */
public final class KryoGeometryStateJob {
    /**
     * Test resource folder of the Flink 1.20.3 savepoints, one sub-folder per backend and format.
     */
    public static final String GOLDEN = "savepoints/flink-1.20.3-kryo";

    /**
     * The savepoints of the job without geometry keys, written with Kryo on Flink 1.20.3 and then
     * restored there with the library's types, as the upgrade checklist has it: under {@link
     * #GOLDEN}, one per backend.
     */
    public static final List<String> MIGRATED_ON_FLINK_1 =
            List.of("hashmap-migrated-on-1.20", "rocksdb-migrated-on-1.20");

    /** The golden savepoints: {@code <backend>-<format>} folders under {@link #GOLDEN}. */
    public static final List<String> GOLDEN_SAVEPOINTS =
            List.of("hashmap-canonical", "rocksdb-canonical", "rocksdb-native");

    public static final String VALUES_UID = "kryo-values";
    public static final String KEYS_UID = "kryo-keys";
    public static final String POINT_STATE = "point";
    public static final String LINES_STATE = "lines";
    public static final String POLYGONS_STATE = "polygons";
    public static final String VISITS_STATE = "visits";
    public static final String RECENT_STATE = "recent";
    public static final String NAME_STATE = "name";

    /** How the job declares its states. */
    public enum Declared {
        /** From classes, as a job without care: {@code GenericTypeInfo} unless registered. */
        FROM_CLASSES,
        /** Kryo's {@code GenericTypeInfo}, named: the same serializers whatever is registered. */
        KRYO,
        /** {@link GeometryTypeInfo#of}: the library's serializer. */
        LIBRARY
    }

    /** The state of one {@code String} key. */
    public record Values(
            Point point,
            List<LineString> lines,
            Map<String, Polygon> polygons,
            Map<Point, String> visits) {}

    private static final GeometryFactory FACTORY = new GeometryFactory(new PrecisionModel(), 4326);
    private static final int KEY_COUNT = 24;

    private static final Map<String, Values> READ_VALUES = new ConcurrentHashMap<>();
    private static final Map<Integer, String> READ_NAMES = new ConcurrentHashMap<>();
    private static final List<Point> READ_RECENT =
            new java.util.concurrent.CopyOnWriteArrayList<>();
    private static volatile CountDownLatch handled = new CountDownLatch(0);
    private static volatile int operators = 2;

    private KryoGeometryStateJob() {}

    /** The keys of the job, {@code k00} to {@code k23}. */
    public static List<String> keys() {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < KEY_COUNT; i++) {
            keys.add(String.format("k%02d", i));
        }
        return keys;
    }

    /** The index of a key of {@link #keys()}. */
    public static int index(String key) {
        return Integer.parseInt(key.substring(1));
    }

    /** The point of key {@code i}: full-precision ordinates, SRID 4326. */
    public static Point point(int i) {
        return FACTORY.createPoint(
                new Coordinate(13.093291638821162 + i * 0.001, 52.35561794245368 - i * 0.0007));
    }

    /** The lines of key {@code i}: one with Z, one without. */
    public static List<LineString> lines(int i) {
        return List.of(
                FACTORY.createLineString(
                        new Coordinate[] {
                            new Coordinate(13.4 + i, 52.5, 49.25 + i),
                            new Coordinate(13.41 + i, 52.51, 50.5 + i)
                        }),
                FACTORY.createLineString(
                        new Coordinate[] {
                            new Coordinate(-i, i / 3.0),
                            new Coordinate(i / 7.0, -i),
                            new Coordinate(1, 2)
                        }));
    }

    /** The polygons of key {@code i}, by map key. */
    public static Map<String, Polygon> polygons(int i) {
        Map<String, Polygon> polygons = new HashMap<>();
        polygons.put(
                "square",
                FACTORY.createPolygon(
                        new Coordinate[] {
                            new Coordinate(i, i),
                            new Coordinate(i + 1.5, i),
                            new Coordinate(i + 1.5, i + 1.5),
                            new Coordinate(i, i + 1.5),
                            new Coordinate(i, i)
                        }));
        polygons.put(
                "triangle",
                FACTORY.createPolygon(
                        new Coordinate[] {
                            new Coordinate(0.1 * i, 0),
                            new Coordinate(1, 0.3 * i),
                            new Coordinate(0, 1),
                            new Coordinate(0.1 * i, 0)
                        }));
        return polygons;
    }

    /** The key point of key {@code i} in the operator keyed by geometries. */
    public static Point keyPoint(int i) {
        return FACTORY.createPoint(new Coordinate(i + 0.5, -i - 0.25));
    }

    /** The visits of key {@code i}: geometry user keys of a map. */
    public static Map<Point, String> visits(int i) {
        return Map.of(keyPoint(i), "home", keyPoint(i + 100), "work");
    }

    /** The name stored under {@link #keyPoint}{@code (i)}. */
    public static String name(int i) {
        return "place-" + i;
    }

    /**
     * Builds the job on {@code env}: writes every key's state if {@code write}, else reads it into
     * {@link #readValues()} and {@link #readNames()}. {@code values} declares the geometry values
     * (value, list elements, map values), {@code keys} the geometry keys (of the keyed state, and
     * the map's user keys); with {@code keys} {@code null} the job has no geometry keys: neither
     * the operator keyed by points nor the map {@value #VISITS_STATE}.
     */
    public static void build(
            StreamExecutionEnvironment env, Declared values, Declared keys, boolean write) {
        DataStream<String> input = SavepointJobs.keys(env, keys());
        input.keyBy(key -> key, Types.STRING)
                .process(new ValuesFunction(values, keys, write))
                .uid(VALUES_UID)
                .sinkTo(new DiscardingSink<>())
                .uid("discard-values");
        operators = keys == null ? 1 : 2;
        if (keys == null) {
            return;
        }
        input.keyBy(new PointOfKey(), type(keys, Point.class))
                .process(new NameFunction(write))
                .uid(KEYS_UID)
                .sinkTo(new DiscardingSink<>())
                .uid("discard-names");
    }

    /** Starts the job built on {@code env} and returns once both operators handled every key. */
    public static JobClient start(SavepointJobs jobs, StreamExecutionEnvironment env, String name)
            throws Exception {
        READ_VALUES.clear();
        READ_NAMES.clear();
        READ_RECENT.clear();
        CountDownLatch latch = new CountDownLatch(operators * KEY_COUNT);
        handled = latch;
        return jobs.startAndAwait(env, name, latch);
    }

    /** What the last reading job read per {@code String} key (a key without state is absent). */
    public static Map<String, Values> readValues() {
        return Map.copyOf(READ_VALUES);
    }

    /** The operator state {@value #RECENT_STATE} that the last job restored, in its order. */
    public static List<Point> readRecent() {
        return List.copyOf(READ_RECENT);
    }

    /**
     * The operator state {@value #RECENT_STATE} that the job writes: every key's point in order.
     */
    public static List<Point> recent() {
        List<Point> recent = new ArrayList<>();
        for (int i = 0; i < KEY_COUNT; i++) {
            recent.add(point(i));
        }
        return recent;
    }

    /** What the last reading job read per key point index (a key without state is absent). */
    public static Map<Integer, String> readNames() {
        return Map.copyOf(READ_NAMES);
    }

    /**
     * The declared type; for {@link Declared#FROM_CLASSES}, what Flink gives an unregistered class.
     */
    private static <T extends Geometry> TypeInformation<T> type(Declared declared, Class<T> type) {
        return declared == Declared.LIBRARY
                ? GeometryTypeInfo.of(type)
                : new GenericTypeInfo<>(type);
    }

    private static final class PointOfKey implements KeySelector<String, Point> {
        private static final long serialVersionUID = 1L;

        @Override
        public Point getKey(String key) {
            return keyPoint(index(key));
        }
    }

    private static final class ValuesFunction extends KeyedProcessFunction<String, String, Void>
            implements CheckpointedFunction {
        private static final long serialVersionUID = 1L;

        private final Declared values;
        private final Declared keys;
        private final boolean write;

        private transient ValueState<Point> point;
        private transient ListState<LineString> lines;
        private transient MapState<String, Polygon> polygons;
        private transient MapState<Point, String> visits;
        private transient ListState<Point> recent;

        ValuesFunction(Declared values, Declared keys, boolean write) {
            this.values = values;
            this.keys = keys;
            this.write = write;
        }

        @Override
        public void open(OpenContext openContext) {
            if (values == Declared.FROM_CLASSES) {
                point = state(new ValueStateDescriptor<>(POINT_STATE, Point.class));
                lines = list(new ListStateDescriptor<>(LINES_STATE, LineString.class));
                polygons =
                        map(new MapStateDescriptor<>(POLYGONS_STATE, String.class, Polygon.class));
            } else {
                point = state(new ValueStateDescriptor<>(POINT_STATE, type(values, Point.class)));
                lines =
                        list(
                                new ListStateDescriptor<>(
                                        LINES_STATE, type(values, LineString.class)));
                polygons =
                        map(
                                new MapStateDescriptor<>(
                                        POLYGONS_STATE, Types.STRING, type(values, Polygon.class)));
            }
            if (keys == null) {
                return;
            }
            visits =
                    keys == Declared.FROM_CLASSES
                            ? map(new MapStateDescriptor<>(VISITS_STATE, Point.class, String.class))
                            : map(
                                    new MapStateDescriptor<>(
                                            VISITS_STATE, type(keys, Point.class), Types.STRING));
        }

        @Override
        public void initializeState(FunctionInitializationContext context) throws Exception {
            ListStateDescriptor<Point> descriptor =
                    values == Declared.FROM_CLASSES
                            ? new ListStateDescriptor<>(RECENT_STATE, Point.class)
                            : new ListStateDescriptor<>(RECENT_STATE, type(values, Point.class));
            recent = context.getOperatorStateStore().getListState(descriptor);
            if (!write) {
                recent.get().forEach(READ_RECENT::add);
            }
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) throws Exception {
            if (write) {
                recent.update(recent());
            }
        }

        private <T> ValueState<T> state(ValueStateDescriptor<T> descriptor) {
            return getRuntimeContext().getState(descriptor);
        }

        private <T> ListState<T> list(ListStateDescriptor<T> descriptor) {
            return getRuntimeContext().getListState(descriptor);
        }

        private <K, V> MapState<K, V> map(MapStateDescriptor<K, V> descriptor) {
            return getRuntimeContext().getMapState(descriptor);
        }

        @Override
        public void processElement(String key, Context context, Collector<Void> out)
                throws Exception {
            int i = index(key);
            if (write) {
                point.update(point(i));
                lines.update(lines(i));
                polygons.putAll(polygons(i));
                if (visits != null) {
                    visits.putAll(visits(i));
                }
            } else if (point.value() != null) {
                List<LineString> readLines = new ArrayList<>();
                lines.get().forEach(readLines::add);
                Map<String, Polygon> readPolygons = new HashMap<>();
                for (Map.Entry<String, Polygon> entry : polygons.entries()) {
                    readPolygons.put(entry.getKey(), entry.getValue());
                }
                Map<Point, String> readVisits = new HashMap<>();
                if (visits != null) {
                    for (Map.Entry<Point, String> entry : visits.entries()) {
                        readVisits.put(entry.getKey(), entry.getValue());
                    }
                }
                READ_VALUES.put(
                        key, new Values(point.value(), readLines, readPolygons, readVisits));
            }
            handled.countDown();
        }
    }

    private static final class NameFunction extends KeyedProcessFunction<Point, String, Void> {
        private static final long serialVersionUID = 1L;

        private final boolean write;

        private transient ValueState<String> name;

        NameFunction(boolean write) {
            this.write = write;
        }

        @Override
        public void open(OpenContext openContext) {
            name =
                    getRuntimeContext()
                            .getState(new ValueStateDescriptor<>(NAME_STATE, String.class));
        }

        @Override
        public void processElement(String key, Context context, Collector<Void> out)
                throws Exception {
            int i = index(key);
            if (write) {
                name.update(name(i));
            } else if (name.value() != null) {
                READ_NAMES.put(i, name.value());
            }
            handled.countDown();
        }
    }
}
