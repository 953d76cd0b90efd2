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
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.api.java.typeutils.ListTypeInfo;
import org.apache.flink.api.java.typeutils.MapTypeInfo;
import org.apache.flink.api.java.typeutils.TupleTypeInfo;
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
import org.locationtech.jts.geom.PrecisionModel;

/**
 * Geometries nested inside other types that Flink's Kryo holds, as a Flink 1.x job written without
 * care has them (descriptors built in {@code open()} from classes): a {@code ValueState<HashMap<
 * String, Point>>}, a {@code ValueState} of the non-POJO {@link Holder} (a {@code Point} and a
 * {@code LineString} field), a {@code ListState<ArrayList<Point>>}, a {@code ValueState} of the
 * POJO {@link Visit} (a {@code List<Point>} and an {@code Object} field, which Flink gives Kryo),
 * the operator state {@code ListState<ArrayList<Point>>}, and an operator keyed by the non-POJO
 * {@link PlaceKey} holding a {@code Point}. The Flink 1.20.3 savepoints under {@value #GOLDEN} were
 * written by this job ({@code Flink1NestedKryoSavepoints} in flink-geometry-flink1-tests).
 */
public final class NestedKryoStateJob {
    /**
     * Test resource folder of the Flink 1.20.3 savepoints, one sub-folder per backend and format.
     */
    public static final String GOLDEN = "savepoints/flink-1.20.3-nested-kryo";

    /** The golden savepoints: {@code <backend>-<format>} folders under {@link #GOLDEN}. */
    public static final List<String> GOLDEN_SAVEPOINTS =
            List.of("hashmap-canonical", "rocksdb-canonical", "rocksdb-native");

    public static final String VALUES_UID = "nested-values";
    public static final String KEYS_UID = "nested-keys";
    public static final String PLACES_STATE = "places";
    public static final String HOLDER_STATE = "holder";
    public static final String TRACKS_STATE = "tracks";
    public static final String VISIT_STATE = "visit";
    public static final String RECENT_TRACKS_STATE = "recent-tracks";
    public static final String LABEL_STATE = "label";

    /** The states of the way out, declared with the library's types; named as the old ones. */
    public static final String V2 = "-v2";

    /** The savepoints of the way out, taken on Flink 1.20.3 after {@link Stage#MIGRATE}. */
    public static final List<String> MIGRATED_ON_FLINK_1 =
            List.of("hashmap-migrated-on-1.20", "rocksdb-migrated-on-1.20");

    /** What a run of the job does. */
    public enum Stage {
        /** Writes every key's state, declared from classes: Flink's Kryo holds it all. */
        WRITE,
        /**
         * The way out, on Flink 1.20: copies every key's Kryo-held state into new states declared
         * with the library's types ({@link #V2}) and clears the old ones; the operator keyed by
         * {@link PlaceKey} is left behind.
         */
        MIGRATE,
        /** Reads the new states into {@link #read()}. */
        READ
    }

    /** {@code Map<String, Point>} with the library's point. */
    public static TypeInformation<Map<String, Point>> placesType() {
        return new MapTypeInfo<>(Types.STRING, GeometryTypeInfo.of(Point.class));
    }

    /** The non-POJO {@link Holder}'s two geometries as a tuple of the library's types. */
    public static TypeInformation<Tuple2<Point, LineString>> holderType() {
        return new TupleTypeInfo<>(
                GeometryTypeInfo.of(Point.class), GeometryTypeInfo.of(LineString.class));
    }

    /** {@code List<Point>} with the library's point. */
    public static TypeInformation<List<Point>> trackType() {
        return new ListTypeInfo<>(GeometryTypeInfo.of(Point.class));
    }

    /**
     * {@link Visit} with every field declared: {@code List<Point>} as a list of the library's
     * points, the {@code Object} field as the library's geometry. The same declaration on Flink
     * 1.20 and 2.x: type extraction gives the {@code Object} field Kryo on both lines.
     */
    public static TypeInformation<Visit> visitType() {
        Map<String, TypeInformation<?>> fields = new HashMap<>();
        fields.put("name", Types.STRING);
        fields.put("points", trackType());
        fields.put("extra", GeometryTypeInfo.of(Geometry.class));
        return Types.POJO(Visit.class, fields);
    }

    private static final GeometryFactory FACTORY = new GeometryFactory(new PrecisionModel(), 4326);
    private static final int KEY_COUNT = 8;

    private static final Map<String, Object[]> READ = new ConcurrentHashMap<>();
    private static volatile CountDownLatch handled = new CountDownLatch(0);
    private static volatile int operators = 2;

    private NestedKryoStateJob() {}

    /** A record that is not a POJO (final fields, no default constructor): Flink gives it Kryo. */
    public static final class Holder {
        private final Point point;
        private final LineString line;

        public Holder(Point point, LineString line) {
            this.point = point;
            this.line = line;
        }

        public Point point() {
            return point;
        }

        public LineString line() {
            return line;
        }
    }

    /** A POJO whose {@code List<Point>} and {@code Object} fields Flink gives Kryo. */
    public static class Visit {
        public String name;
        public List<Point> points;
        public Object extra;

        public Visit() {}
    }

    /** A key that is not a POJO, holding a point. */
    public static final class PlaceKey {
        private final Point point;

        public PlaceKey(Point point) {
            this.point = point;
        }

        public Point point() {
            return point;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof PlaceKey && ((PlaceKey) other).point.equalsExact(point);
        }

        @Override
        public int hashCode() {
            return Objects.hash(point.getX(), point.getY());
        }
    }

    /** The keys of the job, {@code n0} to {@code n7}. */
    public static List<String> keys() {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < KEY_COUNT; i++) {
            keys.add("n" + i);
        }
        return keys;
    }

    public static int index(String key) {
        return Integer.parseInt(key.substring(1));
    }

    /** Point {@code j} of key {@code i}: full-precision ordinates. */
    public static Point point(int i, int j) {
        return FACTORY.createPoint(
                new Coordinate(13.009658229961627 + i * 0.01 + j * 0.001, 52.307816230833794 - j));
    }

    /** The places of key {@code i}: three points by name. */
    public static HashMap<String, Point> places(int i) {
        HashMap<String, Point> places = new HashMap<>();
        places.put("home", point(i, 0));
        places.put("work", point(i, 1));
        places.put("gym", point(i, 2));
        return places;
    }

    public static Holder holder(int i) {
        return new Holder(
                point(i, 3),
                FACTORY.createLineString(
                        new Coordinate[] {
                            new Coordinate(i, 1.5, 7.25), new Coordinate(i + 0.5, 2.5, 8.5)
                        }));
    }

    /** The tracks of key {@code i}: two lists of four points. */
    public static List<ArrayList<Point>> tracks(int i) {
        List<ArrayList<Point>> tracks = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            ArrayList<Point> track = new ArrayList<>();
            for (int j = 0; j < 4; j++) {
                track.add(point(i, 10 + t * 4 + j));
            }
            tracks.add(track);
        }
        return tracks;
    }

    public static Visit visit(int i) {
        Visit visit = new Visit();
        visit.name = "visit-" + i;
        visit.points = new ArrayList<>(List.of(point(i, 20), point(i, 21)));
        visit.extra = point(i, 22);
        return visit;
    }

    /** The operator state {@value #RECENT_TRACKS_STATE}: one list of the first point per key. */
    public static ArrayList<Point> recentTrack() {
        ArrayList<Point> track = new ArrayList<>();
        for (int i = 0; i < KEY_COUNT; i++) {
            track.add(point(i, 30));
        }
        return track;
    }

    public static PlaceKey placeKey(int i) {
        return new PlaceKey(point(i, 40));
    }

    /**
     * What the last {@link Stage#READ} job read: by {@code String} key the new states (places,
     * holder tuple, tracks, visit), and the operator state under {@value #RECENT_TRACKS_STATE}.
     */
    public static Map<String, Object[]> read() {
        return Map.copyOf(READ);
    }

    /** Builds the job on {@code env} for {@code stage}. */
    public static void build(StreamExecutionEnvironment env, Stage stage) {
        DataStream<String> input = SavepointJobs.keys(env, keys());
        input.keyBy(key -> key, Types.STRING)
                .process(new ValuesFunction(stage))
                .uid(VALUES_UID)
                .sinkTo(new DiscardingSink<>())
                .uid("discard-nested-values");
        operators = stage == Stage.WRITE ? 2 : 1;
        if (stage != Stage.WRITE) {
            return;
        }
        input.keyBy(new PlaceKeyOf(), new GenericTypeInfo<>(PlaceKey.class))
                .process(new LabelFunction())
                .uid(KEYS_UID)
                .sinkTo(new DiscardingSink<>())
                .uid("discard-nested-labels");
    }

    /** Starts the job built on {@code env} and returns once both operators handled every key. */
    public static JobClient start(SavepointJobs jobs, StreamExecutionEnvironment env, String name)
            throws Exception {
        READ.clear();
        CountDownLatch latch = new CountDownLatch(operators * KEY_COUNT);
        handled = latch;
        return jobs.startAndAwait(env, name, latch);
    }

    private static final class PlaceKeyOf implements KeySelector<String, PlaceKey> {
        private static final long serialVersionUID = 1L;

        @Override
        public PlaceKey getKey(String key) {
            return placeKey(index(key));
        }
    }

    private static final class ValuesFunction extends KeyedProcessFunction<String, String, Void>
            implements CheckpointedFunction {
        private static final long serialVersionUID = 1L;

        private final Stage stage;

        private transient ValueState<HashMap<String, Point>> places;
        private transient ValueState<Holder> holder;
        private transient ListState<ArrayList<Point>> tracks;
        private transient ValueState<Visit> visit;
        private transient ListState<ArrayList<Point>> recentTracks;

        private transient ValueState<Map<String, Point>> placesV2;
        private transient ValueState<Tuple2<Point, LineString>> holderV2;
        private transient ListState<List<Point>> tracksV2;
        private transient ValueState<Visit> visitV2;
        private transient ListState<List<Point>> recentTracksV2;

        ValuesFunction(Stage stage) {
            this.stage = stage;
        }

        @Override
        @SuppressWarnings({"unchecked", "rawtypes"})
        public void open(OpenContext openContext) {
            if (stage != Stage.READ) {
                places = state(new ValueStateDescriptor<>(PLACES_STATE, (Class) HashMap.class));
                holder = state(new ValueStateDescriptor<>(HOLDER_STATE, Holder.class));
                tracks =
                        getRuntimeContext()
                                .getListState(
                                        new ListStateDescriptor<>(
                                                TRACKS_STATE, (Class) ArrayList.class));
                visit = state(new ValueStateDescriptor<>(VISIT_STATE, Visit.class));
            }
            if (stage != Stage.WRITE) {
                placesV2 = state(new ValueStateDescriptor<>(PLACES_STATE + V2, placesType()));
                holderV2 = state(new ValueStateDescriptor<>(HOLDER_STATE + V2, holderType()));
                tracksV2 =
                        getRuntimeContext()
                                .getListState(
                                        new ListStateDescriptor<>(TRACKS_STATE + V2, trackType()));
                visitV2 = state(new ValueStateDescriptor<>(VISIT_STATE + V2, visitType()));
            }
        }

        private <T> ValueState<T> state(ValueStateDescriptor<T> descriptor) {
            return getRuntimeContext().getState(descriptor);
        }

        @Override
        @SuppressWarnings({"unchecked", "rawtypes"})
        public void initializeState(FunctionInitializationContext context) throws Exception {
            if (stage != Stage.READ) {
                recentTracks =
                        context.getOperatorStateStore()
                                .getListState(
                                        new ListStateDescriptor<>(
                                                RECENT_TRACKS_STATE, (Class) ArrayList.class));
            }
            if (stage != Stage.WRITE) {
                recentTracksV2 =
                        context.getOperatorStateStore()
                                .getListState(
                                        new ListStateDescriptor<>(
                                                RECENT_TRACKS_STATE + V2, trackType()));
            }
            if (stage == Stage.MIGRATE) {
                List<List<Point>> copied = new ArrayList<>();
                recentTracks.get().forEach(copied::add);
                if (!copied.isEmpty()) {
                    recentTracksV2.update(copied);
                }
                recentTracks.clear();
            }
            if (stage == Stage.READ) {
                List<List<Point>> recent = new ArrayList<>();
                recentTracksV2.get().forEach(recent::add);
                READ.put(RECENT_TRACKS_STATE, recent.toArray());
            }
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) throws Exception {
            if (stage == Stage.WRITE) {
                recentTracks.update(List.of(recentTrack()));
            }
        }

        @Override
        public void processElement(String key, Context context, Collector<Void> out)
                throws Exception {
            int i = index(key);
            if (stage == Stage.WRITE) {
                places.update(places(i));
                holder.update(holder(i));
                tracks.update(tracks(i));
                visit.update(visit(i));
            } else if (stage == Stage.MIGRATE) {
                if (holder.value() != null) {
                    placesV2.update(places.value());
                    holderV2.update(Tuple2.of(holder.value().point(), holder.value().line()));
                    List<List<Point>> copied = new ArrayList<>();
                    tracks.get().forEach(copied::add);
                    tracksV2.update(copied);
                    visitV2.update(visit.value());
                }
                places.clear();
                holder.clear();
                tracks.clear();
                visit.clear();
            } else if (holderV2.value() != null) {
                List<List<Point>> readTracks = new ArrayList<>();
                tracksV2.get().forEach(readTracks::add);
                READ.put(
                        key,
                        new Object[] {
                            placesV2.value(), holderV2.value(), readTracks, visitV2.value()
                        });
            }
            handled.countDown();
        }
    }

    private static final class LabelFunction extends KeyedProcessFunction<PlaceKey, String, Void> {
        private static final long serialVersionUID = 1L;

        private transient ValueState<String> label;

        @Override
        public void open(OpenContext openContext) {
            label =
                    getRuntimeContext()
                            .getState(new ValueStateDescriptor<>(LABEL_STATE, String.class));
        }

        @Override
        public void processElement(String key, Context context, Collector<Void> out)
                throws Exception {
            label.update("label-" + index(key));
            handled.countDown();
        }
    }
}
