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
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;

/**
 * The main example: reproducible GPS-like positions, each matched to the Natural Earth country it
 * falls in (countries broadcast to every subtask and indexed with a JTS {@code STRtree}), keyed by
 * the country's polygon (a geometry key), with each country's last position and the convex hull of
 * its positions as geometry-valued keyed state in RocksDB.
 *
 * <p>Geometry types are registered only through {@link GeometryTypes}, and generic types are
 * switched off, so any Kryo fallback would fail the job.
 *
 * <p>Run it on an embedded cluster with {@code mvn -B -q -pl flink-geometry-examples -am compile
 * exec:exec} (positions: {@code -Dexample.args=N}, default 200000), or submit the shaded jar
 * ({@code target/flink-geometry-examples-*-job.jar}) to a cluster: {@code flink run <jar> [N]
 * [--output DIR]}. With {@code --output} the results go to files in {@code DIR} (see {@link
 * ResultFiles}); without it they come back to the client, which prints a summary.
 */
public final class CountryVisitsJob {
    private CountryVisitsJob() {}

    /** Arguments: {@code [positions] [--output DIR]}. */
    public static void main(String[] args) throws Exception {
        long positions = 200_000;
        String output = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--output")) {
                output = args[++i];
            } else {
                positions = Long.parseLong(args[i]);
            }
        }
        StreamExecutionEnvironment env = environment();
        DataStream<CountryVisits> results = visits(env, positions);
        if (output != null) {
            results.sinkTo(new ResultFiles(output)).setParallelism(1).name("result files");
            env.execute("country-visits");
            return;
        }
        long start = System.nanoTime();
        List<CountryVisits> collected = collect(results);
        printSummary(positions, collected, (System.nanoTime() - start) / 1e9);
    }

    /** Runs the job with {@code positions} on an embedded cluster and returns its results. */
    static List<CountryVisits> run(long positions) throws Exception {
        return collect(visits(environment(), positions));
    }

    /** RocksDB, Kryo off, the geometry types registered, parallelism 2. */
    static StreamExecutionEnvironment environment() {
        Configuration config = new Configuration();
        config.setString("state.backend.type", "rocksdb");
        config.setString("pipeline.generic-types", "false");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(config);
        GeometryTypes.registerWith(env);
        env.setParallelism(2);
        return env;
    }

    /** The job's dataflow: positions 0 to {@code positions - 1}, located, tracked per country. */
    static DataStream<CountryVisits> visits(StreamExecutionEnvironment env, long positions) {
        DataStream<Point> points =
                env.fromSequence(0, positions - 1)
                        .map(Countries::position)
                        .name("positions")
                        .uid("positions");
        return located(points, env.fromData(Countries.load()))
                .keyBy(visit -> visit.country)
                .process(new TrackCountry<Geometry>())
                .name("track countries")
                .uid("track-countries");
    }

    /** Each point that falls in a country, as a {@link Visit}. */
    static DataStream<Visit> located(DataStream<Point> points, DataStream<Country> countries) {
        LocateInCountry locate = new LocateInCountry();
        return points.keyBy(point -> point)
                .connect(countries.broadcast(locate.countriesDescriptor()))
                .process(locate)
                .name("locate in country")
                .uid("locate");
    }

    static List<CountryVisits> collect(DataStream<CountryVisits> results) throws Exception {
        List<CountryVisits> collected = new ArrayList<>();
        try (CloseableIterator<CountryVisits> it = results.executeAndCollect("country-visits")) {
            it.forEachRemaining(collected::add);
        }
        return collected;
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
        System.out.println("most visited (country, visits, hull vertices):");
        CountryNames names = CountryNames.load();
        results.stream()
                .sorted(Comparator.comparingLong((CountryVisits r) -> r.visits).reversed())
                .limit(5)
                .forEach(
                        r ->
                                System.out.printf(
                                        "  %-32s %,8d visits, hull of %d vertices%n",
                                        names.label(r.countryId), r.visits, r.hull.getNumPoints()));
    }
}
