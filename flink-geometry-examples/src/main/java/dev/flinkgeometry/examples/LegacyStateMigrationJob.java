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

import dev.flinkgeometry.serializer.GeometryTypeInfo;
import dev.flinkgeometry.serializer.legacy.WkbGeometryTypeInfo;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.util.Collector;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.CoordinateXYZM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.PrecisionModel;
import org.locationtech.jts.io.Ordinate;
import org.locationtech.jts.io.WKTWriter;

/**
 * A job whose geometry state moves from the legacy serializers to {@code GeometrySerializer} on a
 * real cluster: run it as {@code legacy DIR}, take a savepoint, then run it as {@code migrated DIR}
 * from that savepoint.
 *
 * <ul>
 *   <li>{@code legacy}: per key {@code n}, the geometry {@link #geometry(long) geometry(n)} in a
 *       {@code ValueState} of the legacy WKB serializer ({@code "wkb"}) and {@code geometry(n + 1)}
 *       in one of Flink's Kryo fallback ({@code "kryo"}); writes {@code written n} per key to
 *       {@code DIR/legacy.txt}.
 *   <li>{@code migrated}: the same states, both declared with {@code GeometryTypeInfo}; Flink
 *       migrates them on restore (RocksDB rewrites every value); writes, per key, {@code n|value
 *       serializers|where their class and JTS's come from|exact wkb value|exact kryo value} to
 *       {@code DIR/migrated.txt}.
 * </ul>
 *
 * <p>Both read the keys {@code 0..}{@value #KEYS}{@code -1} from a source that then idles, so that
 * the job keeps running for the savepoint; the migrated job's source has a new uid (the old one has
 * consumed its sequence), so it runs with non-restored state allowed.
 */
public final class LegacyStateMigrationJob {
    /** The number of keys. */
    public static final int KEYS = 40;

    private LegacyStateMigrationJob() {}

    /** Arguments: {@code legacy|migrated DIR}. */
    public static void main(String[] args) throws Exception {
        boolean legacy = args[0].equals("legacy");
        Configuration config = new Configuration();
        config.setString("state.backend.type", "rocksdb");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(config);
        env.setParallelism(1);
        env.fromSource(new SequenceThenIdle(0, KEYS - 1), WatermarkStrategy.noWatermarks(), "keys")
                .uid(legacy ? "keys" : "keys-again")
                .keyBy(n -> n, Types.LONG)
                .process(new GeometryState(legacy, args[1]))
                .uid("geometry-state")
                .sinkTo(new DiscardingSink<>())
                .uid("discard");
        env.execute(legacy ? "legacy geometry state" : "migrated geometry state");
    }

    /**
     * The geometry of key {@code n}: Natural Earth country shapes and points, some with an SRID, Z,
     * M or both.
     */
    public static Geometry geometry(long n) {
        GeometryFactory factory = new GeometryFactory();
        int i = (int) (n % 8);
        Geometry geometry;
        if (i == 0) {
            geometry = factory.createPoint(new Coordinate(n, -n, n / 3.0));
        } else if (i == 1) {
            geometry = factory.createPoint(new CoordinateXYM(n / 7.0, 1e-9 * n, -n));
        } else if (i == 2) {
            geometry = factory.createPoint(new CoordinateXYZM(-n, n, 0.5, Double.NaN));
        } else {
            List<Country> countries = Countries.load();
            geometry = countries.get((int) (n * 7 % countries.size())).shape.copy();
        }
        geometry.setSRID(n % 3 == 0 ? 4326 : 0);
        return geometry;
    }

    /**
     * The class, the SRID, the structure (as WKT), and the raw bits of every X, Y, Z and M (NaN
     * where a coordinate has none), so that two descriptions are equal only for exactly equal
     * geometries.
     */
    public static String describe(Geometry geometry) {
        if (geometry == null) {
            return "null";
        }
        WKTWriter writer = new WKTWriter(4);
        writer.setOutputOrdinates(Ordinate.createXYZM());
        writer.setPrecisionModel(new PrecisionModel());
        StringBuilder bits = new StringBuilder();
        for (Coordinate c : geometry.getCoordinates()) {
            for (double ordinate : new double[] {c.getX(), c.getY(), c.getZ(), c.getM()}) {
                bits.append(Long.toHexString(Double.doubleToRawLongBits(ordinate))).append(' ');
            }
        }
        return geometry.getClass().getSimpleName()
                + " SRID="
                + geometry.getSRID()
                + " "
                + writer.write(geometry)
                + " bits "
                + bits.toString().trim();
    }

    /**
     * Where {@code type} can come from: {@code job jar only} when Flink's class path does not hold
     * it (so the job jar's copy, in the user-code class loader, is the one in use), else {@code
     * cluster class path}. Flink resolves child-first, so the loader alone would not tell.
     */
    static String sourceOf(Class<?> type) {
        String resource = type.getName().replace('.', '/') + ".class";
        return ClassLoader.getSystemClassLoader().getResource(resource) == null
                ? "job jar only"
                : "cluster class path";
    }

    /** Writes or reads the two geometry states of each key. */
    static final class GeometryState extends KeyedProcessFunction<Long, Long, String> {
        private static final long serialVersionUID = 1L;

        private final boolean legacy;
        private final String output;
        // Built here, on the client, where the type information is resolved.
        private final ValueStateDescriptor<Geometry> wkbDescriptor;
        private final ValueStateDescriptor<Geometry> kryoDescriptor;

        private transient ValueState<Geometry> wkb;
        private transient ValueState<Geometry> kryo;
        private transient BufferedWriter lines;

        GeometryState(boolean legacy, String output) {
            this.legacy = legacy;
            this.output = output;
            TypeInformation<Geometry> aligned = GeometryTypeInfo.of(Geometry.class);
            wkbDescriptor =
                    new ValueStateDescriptor<>(
                            "wkb", legacy ? WkbGeometryTypeInfo.of(Geometry.class) : aligned);
            kryoDescriptor =
                    new ValueStateDescriptor<>(
                            "kryo", legacy ? new GenericTypeInfo<>(Geometry.class) : aligned);
        }

        @Override
        public void open(OpenContext context) throws IOException {
            wkb = getRuntimeContext().getState(wkbDescriptor);
            kryo = getRuntimeContext().getState(kryoDescriptor);
            Path file = Paths.get(output, legacy ? "legacy.txt" : "migrated.txt");
            lines =
                    Files.newBufferedWriter(
                            file,
                            StandardCharsets.UTF_8,
                            StandardOpenOption.CREATE,
                            StandardOpenOption.APPEND);
        }

        @Override
        public void processElement(Long n, Context ctx, Collector<String> out) throws IOException {
            if (legacy) {
                wkb.update(geometry(n));
                kryo.update(geometry(n + 1));
                lines.write("written " + n);
            } else {
                List<String> fields = new ArrayList<>();
                fields.add(String.valueOf(n));
                fields.add(
                        wkbDescriptor.getSerializer().getClass().getName()
                                + ","
                                + kryoDescriptor.getSerializer().getClass().getName());
                fields.add(
                        sourceOf(wkbDescriptor.getSerializer().getClass())
                                + ","
                                + sourceOf(Geometry.class));
                fields.add(describe(wkb.value()));
                fields.add(describe(kryo.value()));
                lines.write(String.join("|", fields));
            }
            lines.newLine();
            lines.flush();
        }

        @Override
        public void close() throws IOException {
            if (lines != null) {
                lines.close();
            }
        }
    }
}
