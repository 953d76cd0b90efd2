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

import dev.flinkgeometry.serializer.GeometryTypes;
import java.io.IOException;
import java.util.HashMap;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.StringUtils;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKTReader;

/**
 * Geometries that Flink hands to Kryo on a TaskManager: a state descriptor built in {@code open()}
 * (there {@code Point.class} is Kryo's generic type, as the client's registration is not seen) and
 * a geometry inside a {@code HashMap} field. {@link GeometryTypes#registerKryoFallback} (an opt-in,
 * for a job that starts without Kryo-held geometries in its savepoint) makes {@code
 * GeometryKryoSerializer} Kryo's default for the JTS classes in the job's configuration, which
 * travels to the TaskManagers: the state holds the aligned record, the same bytes for the same
 * point however it was built, also after JTS cached its envelope.
 *
 * <p>Arguments: {@code --output DIR}; each state record is written there as {@code part-0.txt}
 * lines {@code name size hex}, for the real-cluster test; without it the lines are printed.
 */
public final class KryoFallbackJob {
    private KryoFallbackJob() {}

    public static void main(String[] args) throws Exception {
        String output = args.length == 2 && args[0].equals("--output") ? args[1] : null;
        Configuration config = new Configuration();
        config.setString("state.backend.type", "rocksdb");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(config);
        GeometryTypes.registerWith(env);
        GeometryTypes.registerKryoFallback(env); // a new job: no Kryo state to restore
        env.setParallelism(1);
        var lines =
                env.fromData(0, 1, 2, 3, 4, 5, 6, 7, 8, 9)
                        .keyBy(way -> 0)
                        .process(new StateBuiltInOpen())
                        .name("state built in open()");
        if (output == null) {
            lines.print();
        } else {
            lines.sinkTo(new LineFiles(output)).name("lines");
        }
        env.execute("Kryo fallback");
    }

    /** The point {@code POINT (1 2)}, built in one of five ways; cached envelope from 5 on. */
    static Point point(int way) throws ParseException {
        GeometryFactory factory = new GeometryFactory();
        Point point;
        switch (way % 5) {
            case 0:
                point = factory.createPoint(new Coordinate(1, 2));
                break;
            case 1:
                point = factory.createPoint(new CoordinateXY(1, 2));
                break;
            case 2:
                point =
                        factory.createPoint(
                                PackedCoordinateSequenceFactory.DOUBLE_FACTORY.create(
                                        new double[] {1, 2, Double.NaN}, 3));
                break;
            case 3:
                point = (Point) new WKTReader().read("POINT (1 2)");
                break;
            default:
                point = (Point) new WKTReader().read("POINT(1 2)");
        }
        if (way >= 5) {
            point.getEnvelopeInternal(); // JTS caches it in the geometry
        }
        return point;
    }

    /** A class Flink treats as a POJO, whose {@code HashMap} field is a generic (Kryo) type. */
    public static final class Places {
        public HashMap<String, Geometry> byName = new HashMap<>();
    }

    /** Keeps the last point and a map of places in state whose descriptors are built in open(). */
    static final class StateBuiltInOpen extends KeyedProcessFunction<Integer, Integer, String> {
        private static final long serialVersionUID = 1L;
        private transient ValueState<Point> last;
        private transient ValueState<Places> places;
        private transient TypeSerializer<Point> pointSerializer;
        private transient TypeSerializer<Places> placesSerializer;

        @Override
        public void open(OpenContext openContext) {
            // On a TaskManager Point.class is Kryo's generic type: the job's Kryo defaults apply.
            ValueStateDescriptor<Point> lastDescriptor =
                    new ValueStateDescriptor<>("last", Point.class);
            ValueStateDescriptor<Places> placesDescriptor =
                    new ValueStateDescriptor<>("places", Places.class);
            last = getRuntimeContext().getState(lastDescriptor);
            places = getRuntimeContext().getState(placesDescriptor);
            pointSerializer = lastDescriptor.getSerializer();
            placesSerializer = placesDescriptor.getSerializer();
        }

        @Override
        public void processElement(Integer way, Context ctx, Collector<String> out)
                throws Exception {
            if (way == 0) {
                out.collect("serializer-of-last " + pointSerializer);
                out.collect("serializer-of-places " + placesSerializer);
            }
            Point point = point(way);
            last.update(point); // what RocksDB stores: these bytes
            out.collect(line("point-" + way, pointSerializer, point));
            if (!last.value().equalsExact(point)) {
                throw new IllegalStateException("state read back " + last.value());
            }
            Places held = new Places();
            held.byName.put("p", point);
            places.update(held);
            out.collect(line("places-" + way, placesSerializer, held));
        }

        private static <T> String line(String name, TypeSerializer<T> serializer, T value)
                throws IOException {
            DataOutputSerializer bytes = new DataOutputSerializer(64);
            serializer.serialize(value, bytes);
            byte[] record = bytes.getCopyOfBuffer();
            return name + " " + record.length + " " + StringUtils.byteToHexString(record);
        }
    }

    /** Writes the lines as they are. */
    static final class LineFiles extends LineFilesSink<String> {
        private static final long serialVersionUID = 1L;

        LineFiles(String directory) {
            super(directory);
        }

        @Override
        String line(String line) {
            return line;
        }
    }
}
