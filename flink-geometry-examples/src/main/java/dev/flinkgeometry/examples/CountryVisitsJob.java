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

import dev.flinkgeometry.serializer.GeometrySerializer;
import dev.flinkgeometry.serializer.GeometryTypes;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.CloseableIterator;
import org.apache.flink.util.Collector;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.prep.PreparedGeometry;
import org.locationtech.jts.geom.prep.PreparedGeometryFactory;
import org.locationtech.jts.index.strtree.STRtree;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKTReader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Random GPS-like positions, each matched to the Natural Earth country it falls in, keyed by the
 * country's polygon (a geometry key), with the country's last position and the convex hull of its
 * positions kept as geometry-valued keyed state in RocksDB.
 *
 * <p>Runs on an embedded local cluster: {@code mvn -q -pl flink-geometry-examples -am compile
 * exec:exec} (positions: {@code -Dexample.args=N}, default 200000). Geometry types are registered
 * only through {@link GeometryTypes}; Kryo is switched off, so any fallback would fail the job.
 */
public final class CountryVisitsJob {
    private static final Logger LOG = LoggerFactory.getLogger(CountryVisitsJob.class);
    private static final String COUNTRIES = "/natural-earth-countries-110m.wkt";

    private CountryVisitsJob() {}

    public static void main(String[] args) throws Exception {
        long positions = args.length > 0 ? Long.parseLong(args[0]) : 200_000;
        long start = System.nanoTime();
        List<CountryVisits> results = run(positions);
        double seconds = (System.nanoTime() - start) / 1e9;
        printSummary(positions, results, seconds);
    }

    /** Runs the job on an embedded cluster and returns each visited country's final state. */
    static List<CountryVisits> run(long positions) throws Exception {
        Configuration config = new Configuration();
        config.setString("state.backend.type", "rocksdb");
        config.setString("pipeline.generic-types", "false");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(config);
        GeometryTypes.registerWith(env);
        env.setParallelism(2);

        List<CountryVisits> results = new ArrayList<>();
        try (CloseableIterator<CountryVisits> it =
                env.fromSequence(0, positions - 1)
                        .flatMap(new LocateInCountry())
                        .keyBy(visit -> visit.country)
                        .process(new TrackCountry())
                        .executeAndCollect("country-visits")) {
            it.forEachRemaining(results::add);
        }
        return results;
    }

    /** One position inside a country. */
    public static class Visit {
        public int countryId;
        public Geometry country;
        public Point position;

        public Visit() {}

        Visit(int countryId, Geometry country, Point position) {
            this.countryId = countryId;
            this.country = country;
            this.position = position;
        }
    }

    /** The final state of one country. */
    public static class CountryVisits {
        public int countryId;
        public long visits;
        public Point last;
        public Geometry hull;
        public long stateBytes;

        public CountryVisits() {}
    }

    /** Turns a sequence number into a reproducible position and finds its country (if any). */
    static final class LocateInCountry extends RichFlatMapFunction<Long, Visit> {
        private transient STRtree index;
        private transient GeometryFactory factory;
        private transient long seen;

        @Override
        public void open(OpenContext context) throws IOException, ParseException {
            index = new STRtree();
            List<Geometry> countries = loadCountries();
            for (int id = 0; id < countries.size(); id++) {
                Geometry country = countries.get(id);
                index.insert(
                        country.getEnvelopeInternal(),
                        new Country(id, country, PreparedGeometryFactory.prepare(country)));
            }
            index.build();
            factory = new GeometryFactory();
        }

        @Override
        public void flatMap(Long n, Collector<Visit> out) {
            SplittableRandom random = new SplittableRandom(n);
            Coordinate c = new Coordinate(random.nextDouble(-180, 180), random.nextDouble(-56, 72));
            Point position = factory.createPoint(c);
            for (Object candidate : index.query(position.getEnvelopeInternal())) {
                Country country = (Country) candidate;
                if (country.prepared.covers(position)) {
                    out.collect(new Visit(country.id, country.geometry, position));
                    break;
                }
            }
            if (++seen % 50_000 == 0) {
                LOG.info(
                        "subtask {}: {} positions located",
                        getRuntimeContext().getTaskInfo().getIndexOfThisSubtask(),
                        seen);
            }
        }
    }

    private static final class Country {
        final int id;
        final Geometry geometry;
        final PreparedGeometry prepared;

        Country(int id, Geometry geometry, PreparedGeometry prepared) {
            this.id = id;
            this.geometry = geometry;
            this.prepared = prepared;
        }
    }

    /** Per country (the key is its polygon): visit count, last position, hull of all positions. */
    static final class TrackCountry extends KeyedProcessFunction<Geometry, Visit, CountryVisits> {
        // Descriptors are built here, on the client, where GeometryTypes registered the types;
        // they travel with the function, type information included.
        private final ValueStateDescriptor<Long> visitsDescriptor =
                new ValueStateDescriptor<>("visits", Long.class);
        private final ValueStateDescriptor<Point> lastDescriptor =
                new ValueStateDescriptor<>("last", Point.class);
        private final ValueStateDescriptor<Geometry> hullDescriptor =
                new ValueStateDescriptor<>("hull", Geometry.class);
        private final ValueStateDescriptor<Integer> idDescriptor =
                new ValueStateDescriptor<>("id", Integer.class);

        private transient ValueState<Long> visits;
        private transient ValueState<Point> last;
        private transient ValueState<Geometry> hull;
        private transient ValueState<Integer> countryId;

        @Override
        public void open(OpenContext context) {
            visits = getRuntimeContext().getState(visitsDescriptor);
            last = getRuntimeContext().getState(lastDescriptor);
            hull = getRuntimeContext().getState(hullDescriptor);
            countryId = getRuntimeContext().getState(idDescriptor);
        }

        @Override
        public void processElement(Visit visit, Context ctx, Collector<CountryVisits> out)
                throws IOException {
            Long count = visits.value();
            if (count == null) {
                countryId.update(visit.countryId);
                ctx.timerService().registerEventTimeTimer(Long.MAX_VALUE); // fires at end of input
                count = 0L;
            }
            visits.update(count + 1);
            last.update(visit.position);
            Geometry current = hull.value();
            hull.update(
                    current == null ? visit.position : current.union(visit.position).convexHull());
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<CountryVisits> out)
                throws IOException {
            CountryVisits result = new CountryVisits();
            result.countryId = countryId.value();
            result.visits = visits.value();
            result.last = last.value();
            result.hull = hull.value();
            result.stateBytes =
                    serializedSize(ctx.getCurrentKey())
                            + serializedSize(result.last)
                            + serializedSize(result.hull);
            out.collect(result);
        }

        private static long serializedSize(Geometry geometry) throws IOException {
            DataOutputSerializer out = new DataOutputSerializer(256);
            GeometrySerializer.of(Geometry.class).serialize(geometry, out);
            return out.length();
        }
    }

    static List<Geometry> loadCountries() throws IOException, ParseException {
        WKTReader reader = new WKTReader();
        reader.setIsOldJtsCoordinateSyntaxAllowed(false);
        List<Geometry> countries = new ArrayList<>();
        try (InputStream in = CountryVisitsJob.class.getResourceAsStream(COUNTRIES);
                BufferedReader lines =
                        new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII))) {
            for (String line; (line = lines.readLine()) != null; ) {
                countries.add(reader.read(line));
            }
        }
        return countries;
    }

    private static void printSummary(long positions, List<CountryVisits> results, double seconds) {
        long located = results.stream().mapToLong(r -> r.visits).sum();
        long stateBytes = results.stream().mapToLong(r -> r.stateBytes).sum();
        System.out.printf(
                "%n%,d positions in %.1f s (%,.0f records/s): %,d on land in %d countries%n",
                positions, seconds, positions / seconds, located, results.size());
        System.out.printf(
                "geometry state at the end: %,d bytes (keys, last positions, hulls) in RocksDB%n",
                stateBytes);
        System.out.println("most visited (Natural Earth 110m line, visits, hull vertices):");
        results.stream()
                .sorted(Comparator.comparingLong((CountryVisits r) -> r.visits).reversed())
                .limit(5)
                .forEach(
                        r ->
                                System.out.printf(
                                        "  country #%-4d %,8d visits, hull of %d vertices%n",
                                        r.countryId + 1, r.visits, r.hull.getNumPoints()));
    }
}
