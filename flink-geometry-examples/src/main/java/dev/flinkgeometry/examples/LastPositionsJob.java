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
package dev.flinkgeometry.examples;

import dev.flinkgeometry.serializer.GeometryEncoding;
import dev.flinkgeometry.serializer.GeometryTypeInfo;
import dev.flinkgeometry.serializer.GeometryTypes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.CloseableIterator;
import org.apache.flink.util.Collector;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;

/**
 * Compact state: a GPS feed of vehicle fixes, whose coordinates arrive as 6-decimal text, keyed by
 * vehicle id; per vehicle, RocksDB keeps the last position with the lossless compact serializer
 * (the feed's decimals are stored as TWKB, about half the aligned record, and read back bit for
 * bit) and the recent track with a fixed precision of 5 decimals (about 1 m, smaller still, and
 * rounded by choice). Each fix emits what the state then holds.
 *
 * <p>The compact types are passed to the state descriptors explicitly; {@link GeometryTypes} gives
 * the output records' geometry fields the aligned type. A fixed-precision geometry is for values
 * only: key by the lossless type or {@code GeometryTypeInfo} (README, "Compact state").
 *
 * <p>Run it on an embedded cluster with {@code mvn -B -q -pl flink-geometry-examples -am compile
 * exec:exec -Dexample.mainClass=dev.flinkgeometry.examples.LastPositionsJob} ({@code
 * -Dexample.args=N}: the number of fixes, default 10000).
 */
public final class LastPositionsJob {
    static final int VEHICLES = 8;
    static final int TRACK_POINTS = 5;

    private static final GeometryFactory FACTORY = new GeometryFactory();

    private LastPositionsJob() {}

    public static void main(String[] args) throws Exception {
        long fixes = args.length > 0 ? Long.parseLong(args[0]) : 10_000;
        Map<String, VehiclePosition> latest = new TreeMap<>();
        for (VehiclePosition p : run(fixes)) {
            latest.merge(p.vehicle, p, (a, b) -> a.fixes > b.fixes ? a : b);
        }
        for (VehiclePosition p : latest.values()) {
            System.out.printf(
                    "%s after %,d fixes: last %s, track %s%n", p.vehicle, p.fixes, p.last, p.track);
        }
    }

    /** Runs the job with {@code fixes} fixes on an embedded cluster and returns its output. */
    static List<VehiclePosition> run(long fixes) throws Exception {
        Configuration config = new Configuration();
        config.setString("state.backend.type", "rocksdb");
        config.setString("pipeline.generic-types", "false");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(config);
        GeometryTypes.registerWith(env);
        env.setParallelism(2);
        List<VehiclePosition> out = new ArrayList<>();
        try (CloseableIterator<VehiclePosition> it =
                positions(env, fixes).executeAndCollect("last positions")) {
            it.forEachRemaining(out::add);
        }
        return out;
    }

    /** The dataflow: fixes 0 to {@code fixes - 1}, in order, keyed by vehicle. */
    static DataStream<VehiclePosition> positions(StreamExecutionEnvironment env, long fixes) {
        return env.fromSequence(0, fixes - 1)
                .setParallelism(1) // one feed, in order: each vehicle's fixes arrive in order
                .map(LastPositionsJob::fix)
                .returns(Types.TUPLE(Types.STRING, Types.STRING))
                .setParallelism(1)
                .name("gps feed")
                .uid("gps-feed")
                .keyBy(fix -> fix.f0, Types.STRING)
                .process(new KeepLastPositions())
                .name("keep last positions")
                .uid("last-positions");
    }

    /** Fix {@code n}: (vehicle id, "lon lat" with 6 decimals), a pure function of {@code n}. */
    static Tuple2<String, String> fix(long n) {
        int vehicle = (int) (n % VEHICLES);
        long step = n / VEHICLES;
        double lon = 8.5 + vehicle * 0.01 + ((step * 7919 + vehicle * 104_729) % 20_000) / 1e6;
        double lat = 47.35 + ((step * 6007 + vehicle * 31) % 20_000) / 1e6;
        return Tuple2.of("bus-" + vehicle, String.format(Locale.ROOT, "%.6f %.6f", lon, lat));
    }

    /** Parses a fix's {@code "lon lat"} text, as a feed consumer would. */
    static Point parse(String lonLat) {
        String[] parts = lonLat.split(" ");
        return FACTORY.createPoint(
                new Coordinate(Double.parseDouble(parts[0]), Double.parseDouble(parts[1])));
    }

    /** Keeps each vehicle's fix count, last position and recent track in compact state. */
    static final class KeepLastPositions
            extends KeyedProcessFunction<String, Tuple2<String, String>, VehiclePosition> {
        private static final long serialVersionUID = 1L;

        // Built on the client, with the compact types passed explicitly.
        private final ValueStateDescriptor<Long> countDescriptor =
                new ValueStateDescriptor<>("fixes", Types.LONG);
        private final ValueStateDescriptor<Point> lastDescriptor =
                new ValueStateDescriptor<>(
                        "last", GeometryTypeInfo.of(Point.class, GeometryEncoding.compact()));
        private final ValueStateDescriptor<LineString> trackDescriptor =
                new ValueStateDescriptor<>(
                        "track",
                        GeometryTypeInfo.of(LineString.class, GeometryEncoding.compact(5, 0, 0)));

        private transient ValueState<Long> count;
        private transient ValueState<Point> last;
        private transient ValueState<LineString> track;

        @Override
        public void open(OpenContext openContext) {
            count = getRuntimeContext().getState(countDescriptor);
            last = getRuntimeContext().getState(lastDescriptor);
            track = getRuntimeContext().getState(trackDescriptor);
        }

        @Override
        public void processElement(
                Tuple2<String, String> fix, Context ctx, Collector<VehiclePosition> out)
                throws Exception {
            Point position = parse(fix.f1);
            Long before = count.value();
            count.update(before == null ? 1 : before + 1);
            last.update(position);
            track.update(extend(track.value(), position));
            // What RocksDB holds now, read back through the compact serializers.
            out.collect(
                    new VehiclePosition(
                            ctx.getCurrentKey(), count.value(), last.value(), track.value()));
        }

        /** The track with {@code position} appended, at most {@link #TRACK_POINTS} points. */
        private static LineString extend(LineString track, Point position) {
            List<Coordinate> points = new ArrayList<>();
            if (track != null) {
                points.addAll(Arrays.asList(track.getCoordinates()));
            } else {
                points.add(position.getCoordinate()); // a line needs two points
            }
            points.add(position.getCoordinate());
            List<Coordinate> recent =
                    points.subList(Math.max(0, points.size() - TRACK_POINTS), points.size());
            return FACTORY.createLineString(recent.toArray(new Coordinate[0]));
        }
    }
}
