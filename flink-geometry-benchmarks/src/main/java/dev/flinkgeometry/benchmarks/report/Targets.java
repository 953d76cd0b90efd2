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
package dev.flinkgeometry.benchmarks.report;

import static dev.flinkgeometry.benchmarks.contenders.Contenders.BYTES_CONSTRUCT;
import static dev.flinkgeometry.benchmarks.contenders.Contenders.COMPACT;
import static dev.flinkgeometry.benchmarks.contenders.Contenders.COMPACT_7;
import static dev.flinkgeometry.benchmarks.contenders.Contenders.CONSTRUCT;
import static dev.flinkgeometry.benchmarks.contenders.Contenders.JTS_WKB;
import static dev.flinkgeometry.benchmarks.contenders.Contenders.KRYO;
import static dev.flinkgeometry.benchmarks.contenders.Contenders.MEMCPY;
import static dev.flinkgeometry.benchmarks.contenders.Contenders.OURS;
import static dev.flinkgeometry.benchmarks.contenders.Contenders.TRAVERSE_MEMCPY;
import static dev.flinkgeometry.benchmarks.contenders.Contenders.WKB_LEGACY;
import static dev.flinkgeometry.benchmarks.contenders.Contenders.ZERO_COST;
import static dev.flinkgeometry.benchmarks.report.ReportData.PEERS;

import dev.flinkgeometry.benchmarks.data.Workloads;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The performance targets of the project, each computed from the results of one run: the worst case
 * over the workloads (and state operations) it covers, and whether that worst case meets it. A
 * target whose results are missing (a run with a filter) is reported as not measured, never as met.
 */
final class Targets {
    static final String SERIALIZE = "SerializeBenchmark.serialize";
    static final String DESERIALIZE = "DeserializeBenchmark.deserialize";
    static final String COLD_SERIALIZE = "ColdSerializeBenchmark.serialize";
    static final String COLD_DESERIALIZE = "ColdDeserializeBenchmark.deserialize";
    static final String RAW_COPY = "RawCopyBenchmark.copyRaw";
    static final String DEEP_COPY = "DeepCopyBenchmark.copyDeep";
    static final String JOB = "GeometryJobBenchmark.rebalance";
    static final String JOB_KRYO = "KryoJobBenchmark.rebalance";
    static final String VALUE_UPDATE = "ValueStateBenchmark.valueUpdate";
    static final String VALUE_GET = "ValueStateBenchmark.valueGet";
    static final String KEYED_UPDATE = "GeometryKeyBenchmark.keyedUpdate";
    static final List<String> STATE = List.of(VALUE_UPDATE, VALUE_GET, KEYED_UPDATE);
    static final String STATE_SIZE = StateSizeReport.BENCHMARK;

    /** One row: what is asked, the worst measured value and where, and the verdict. */
    record Row(String target, String measured, String verdict) {}

    private final Results results;
    private final Map<String, Map<String, Integer>> bytes;
    private final List<Row> rows = new ArrayList<>();

    private Targets(Results results, Map<String, Map<String, Integer>> bytes) {
        this.results = results;
        this.bytes = bytes;
    }

    static List<Row> evaluate(Results results, Map<String, Map<String, Integer>> bytes) {
        Targets targets = new Targets(results, bytes);
        targets.evaluate();
        return targets.rows;
    }

    private void evaluate() {
        Predicate<String> all = w -> true;
        Predicate<String> pointAndPolygon16 =
                w -> w.equals(Workloads.POINT) || w.equals("polygon-16");
        Predicate<String> polygon16AndTracks =
                w -> w.equals("polygon-16") || w.equals(Workloads.GPS_TRACK);
        faster(
                "Deserialize faster than every peer ("
                        + String.join(", ", PEERS)
                        + "), every"
                        + " workload",
                peerSpeedups(DESERIALIZE, OURS));
        faster(
                "Cold deserialize faster than every peer, every workload",
                peerSpeedups(COLD_DESERIALIZE, OURS));
        atMost(
                "Deserialize within 1.05× of the memcpy + construct floor, every workload",
                overSum(DESERIALIZE, OURS, MEMCPY, CONSTRUCT),
                1.05);
        atLeast(
                "Serialize ≥ 1.2× faster than every peer, every workload",
                peerSpeedups(SERIALIZE, OURS),
                1.2);
        atLeast(
                "Cold serialize ≥ 1.2× faster than every peer, every workload",
                peerSpeedups(COLD_SERIALIZE, OURS),
                1.2);
        atMost(
                "Serialize within 1.5× of the traverse + memcpy floor, every workload",
                speedups(SERIALIZE, OURS, TRAVERSE_MEMCPY, all),
                1.5);
        atLeast(
                "Job ≥ 0.9× the zero-cost floor's records/ms, point and polygon-16",
                speedups(JOB, OURS, ZERO_COST, pointAndPolygon16),
                0.9);
        atLeast(
                "Job ≥ 1.2× wkb-legacy records/ms, polygon-16 and gps-track-17",
                speedups(JOB, OURS, WKB_LEGACY, polygon16AndTracks),
                1.2);
        atLeast(
                "Job ≥ 5× Kryo records/ms, every workload",
                speedups(JOB, OURS, JOB_KRYO, KRYO, all),
                5);
        atMost(
                "RocksDB value get/update within 1.15× of the bytes + construct floor",
                stateSpeedups(List.of(VALUE_UPDATE, VALUE_GET), BYTES_CONSTRUCT, OURS, all),
                1.15);
        atMostBytes("A point record ≤ 25 bytes", Workloads.POINT, OURS, 25);
        atMostBytes("A gps-point record ≤ 13 bytes (compact)", "gps-point", COMPACT, 13);
        atLeast(
                "gps-track-17: compact ≥ 3× smaller than ours",
                smaller("gps-track-17", COMPACT),
                3);
        atLeast(
                "natural-earth: compact-7 ≥ 2.3× smaller than ours (mean bytes per record)",
                smaller(Workloads.NATURAL_EARTH, COMPACT_7),
                2.3);
        atMost(
                "Compact (lossless) never more than 2 bytes larger than ours, every workload",
                bytesOver(COMPACT),
                2,
                "%+.0f bytes");
        atMost(
                "Compact serialize and deserialize within 2× of ours, every workload",
                both(op -> speedups(op, COMPACT, OURS, all)),
                2);
        atLeast(
                "Compact serialize and deserialize ≥ 3× faster than jts-wkb, every workload",
                both(op -> speedups(op, JTS_WKB, COMPACT, all)),
                3);
        atLeast(
                "Job: compact ≥ 0.9× ours records/ms, gps-point",
                speedups(JOB, COMPACT, OURS, w -> w.equals("gps-point")),
                0.9);
        atLeast(
                "State: RocksDB native savepoint and flushed directory ≥ 1.8× smaller than ours"
                        + " (compact on gps-point, compact-7 on natural-earth)",
                stateSizes(),
                1.8);
    }

    /** Ours' state bytes over compact's (GPS points) and compact-7's (Natural Earth). */
    private List<Ratio> stateSizes() {
        List<Ratio> ratios = new ArrayList<>();
        String[][] cases = {{"gps-point", COMPACT}, {Workloads.NATURAL_EARTH, COMPACT_7}};
        for (String metric : List.of("savepointBytes", "stateDirBytes")) {
            for (String[] c : cases) {
                Optional<Double> ours =
                        results.secondary(STATE_SIZE, metric, "dataset", c[0], "contender", OURS);
                Optional<Double> theirs =
                        results.secondary(STATE_SIZE, metric, "dataset", c[0], "contender", c[1]);
                if (ours.isPresent() && theirs.isPresent()) {
                    ratios.add(
                            new Ratio(c[1] + " " + c[0] + " " + metric, ours.get() / theirs.get()));
                }
            }
        }
        return ratios;
    }

    /** Per peer and workload, how many times faster ours is (a time benchmark). */
    private List<Ratio> peerSpeedups(String benchmark, String ours) {
        List<Ratio> ratios = new ArrayList<>();
        for (String peer : PEERS) {
            for (Ratio ratio : speedups(benchmark, peer, ours, w -> true)) {
                ratios.add(new Ratio(peer + " " + ratio.workload, ratio.value));
            }
        }
        return ratios;
    }

    /** Per workload, {@code numerator}'s time over the sum of the two floors' times. */
    private List<Ratio> overSum(String benchmark, String numerator, String floor, String other) {
        List<Ratio> ratios = new ArrayList<>();
        for (String workload : results.values(benchmark, "workload")) {
            Optional<Double> a =
                    results.score(benchmark, "workload", workload, "contender", numerator);
            Optional<Double> b = results.score(benchmark, "workload", workload, "contender", floor);
            Optional<Double> c = results.score(benchmark, "workload", workload, "contender", other);
            if (a.isPresent() && b.isPresent() && c.isPresent()) {
                ratios.add(new Ratio(workload, a.get() / (b.get() + c.get())));
            }
        }
        return ratios;
    }

    /** {@code ratios} of serialize, then of deserialize, each labelled with its operation. */
    private List<Ratio> both(Function<String, List<Ratio>> ratios) {
        List<Ratio> both = new ArrayList<>();
        for (String benchmark : List.of(SERIALIZE, DESERIALIZE)) {
            String operation = benchmark.substring(benchmark.indexOf('.') + 1);
            for (Ratio ratio : ratios.apply(benchmark)) {
                both.add(new Ratio(operation + " " + ratio.workload, ratio.value));
            }
        }
        return both;
    }

    /** Ours' mean bytes per record over {@code contender}'s on {@code workload}. */
    private List<Ratio> smaller(String workload, String contender) {
        Map<String, Integer> sizes = bytes.getOrDefault(workload, Map.of());
        if (!sizes.containsKey(OURS) || !sizes.containsKey(contender)) {
            return List.of();
        }
        return List.of(new Ratio(workload, (double) sizes.get(OURS) / sizes.get(contender)));
    }

    /** Per workload, how many bytes {@code contender}'s mean record is larger than ours. */
    private List<Ratio> bytesOver(String contender) {
        List<Ratio> over = new ArrayList<>();
        for (Map.Entry<String, Map<String, Integer>> sizes : bytes.entrySet()) {
            Integer ours = sizes.getValue().get(OURS);
            Integer other = sizes.getValue().get(contender);
            if (ours != null && other != null) {
                over.add(new Ratio(sizes.getKey(), other - ours));
            }
        }
        return over;
    }

    private void atMostBytes(String target, String workload, String contender, int goal) {
        Integer size = bytes.getOrDefault(workload, Map.of()).get(contender);
        rows.add(
                size == null
                        ? new Row(target, "not measured", "not measured")
                        : new Row(target, size + " bytes", size <= goal ? "met" : "**not met**"));
    }

    /** {@link #speedups(String, String, String, String, Predicate, String...)} in one benchmark. */
    private List<Ratio> speedups(
            String benchmark, String numerator, String denominator, Predicate<String> workloads) {
        return speedups(benchmark, numerator, benchmark, denominator, workloads);
    }

    /**
     * On RocksDB, per state operation and workload, {@code numerator}'s operations per ms over
     * {@code denominator}'s.
     */
    private List<Ratio> stateSpeedups(
            List<String> benchmarks,
            String numerator,
            String denominator,
            Predicate<String> workloads) {
        List<Ratio> ratios = new ArrayList<>();
        for (String benchmark : benchmarks) {
            String operation = benchmark.substring(benchmark.indexOf('.') + 1);
            for (Ratio ratio :
                    speedups(
                            benchmark,
                            numerator,
                            benchmark,
                            denominator,
                            workloads,
                            "backend",
                            "rocksdb")) {
                ratios.add(new Ratio(operation + " " + ratio.workload, ratio.value));
            }
        }
        return ratios;
    }

    /**
     * Per workload of {@code benchmark}, {@code score(numerator) / score(denominator)}, where the
     * denominator contender may come from another benchmark (Kryo's job runs apart): for times, the
     * slower over the faster contender; for throughputs, the faster over the slower.
     */
    private List<Ratio> speedups(
            String benchmark,
            String numerator,
            String denominatorBenchmark,
            String denominator,
            Predicate<String> workloads,
            String... params) {
        List<Ratio> ratios = new ArrayList<>();
        for (String workload : results.values(benchmark, "workload")) {
            if (!workloads.test(workload)) {
                continue;
            }
            Optional<Double> a =
                    results.score(
                            benchmark, with(params, "workload", workload, "contender", numerator));
            Optional<Double> b =
                    results.score(
                            denominatorBenchmark,
                            with(params, "workload", workload, "contender", denominator));
            if (a.isPresent() && b.isPresent()) {
                ratios.add(new Ratio(workload, a.get() / b.get()));
            }
        }
        return ratios;
    }

    private static String[] with(String[] params, String... more) {
        String[] all = new String[params.length + more.length];
        System.arraycopy(params, 0, all, 0, params.length);
        System.arraycopy(more, 0, all, params.length, more.length);
        return all;
    }

    private record Ratio(String workload, double value) {}

    private void atLeast(String target, List<Ratio> ratios, double goal) {
        Optional<Ratio> worst = ratios.stream().min((x, y) -> Double.compare(x.value, y.value));
        add(target, ratios.size(), worst, worst.map(r -> r.value >= goal).orElse(false), "%.2f×");
    }

    /** Strictly faster: every ratio above 1. */
    private void faster(String target, List<Ratio> ratios) {
        Optional<Ratio> worst = ratios.stream().min((x, y) -> Double.compare(x.value, y.value));
        add(target, ratios.size(), worst, worst.map(r -> r.value > 1).orElse(false), "%.2f×");
    }

    private void atMost(String target, List<Ratio> ratios, double goal) {
        atMost(target, ratios, goal, "%.2f×");
    }

    private void atMost(String target, List<Ratio> ratios, double goal, String format) {
        Optional<Ratio> worst = ratios.stream().max((x, y) -> Double.compare(x.value, y.value));
        add(target, ratios.size(), worst, worst.map(r -> r.value <= goal).orElse(false), format);
    }

    private void add(String target, int count, Optional<Ratio> worst, boolean met, String format) {
        if (worst.isEmpty()) {
            rows.add(new Row(target, "not measured", "not measured"));
            return;
        }
        rows.add(
                new Row(
                        target,
                        String.format(
                                format + " (worst of %d: %s)",
                                worst.get().value,
                                count,
                                worst.get().workload),
                        met ? "met" : "**not met**"));
    }
}
