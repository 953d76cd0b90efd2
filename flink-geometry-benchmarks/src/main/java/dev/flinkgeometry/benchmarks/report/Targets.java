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

import static dev.flinkgeometry.benchmarks.contenders.Contenders.BYTES;
import static dev.flinkgeometry.benchmarks.contenders.Contenders.CONSTRUCT;
import static dev.flinkgeometry.benchmarks.contenders.Contenders.JTS_WKB;
import static dev.flinkgeometry.benchmarks.contenders.Contenders.KRYO;
import static dev.flinkgeometry.benchmarks.contenders.Contenders.MEMCPY;
import static dev.flinkgeometry.benchmarks.contenders.Contenders.OURS;
import static dev.flinkgeometry.benchmarks.contenders.Contenders.OURS_PACKED;
import static dev.flinkgeometry.benchmarks.contenders.Contenders.SEDONA;
import static dev.flinkgeometry.benchmarks.contenders.Contenders.WKB_LEGACY;

import dev.flinkgeometry.benchmarks.data.Workloads;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The performance targets of the project, each computed from the results of one run: the worst case
 * over the workloads (and state operations) it covers, and whether that worst case meets it. A
 * target whose results are missing (a run with a filter) is reported as not measured, never as met.
 */
final class Targets {
    static final String SERIALIZE = "SerializeBenchmark.serialize";
    static final String DESERIALIZE = "DeserializeBenchmark.deserialize";
    static final String RAW_COPY = "RawCopyBenchmark.copyRaw";
    static final String DEEP_COPY = "DeepCopyBenchmark.copyDeep";
    static final String JOB = "GeometryJobBenchmark.rebalance";
    static final String JOB_KRYO = "KryoJobBenchmark.rebalance";
    static final String VALUE_UPDATE = "ValueStateBenchmark.valueUpdate";
    static final String VALUE_GET = "ValueStateBenchmark.valueGet";
    static final String KEYED_UPDATE = "GeometryKeyBenchmark.keyedUpdate";
    static final List<String> STATE = List.of(VALUE_UPDATE, VALUE_GET, KEYED_UPDATE);

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
        Predicate<String> shapes16 = w -> Workloads.segments(w) == 16;
        Predicate<String> from16 = w -> Workloads.segments(w) >= 16;
        Predicate<String> point = w -> w.equals(Workloads.POINT);
        Predicate<String> polygons = w -> w.startsWith("polygon");
        Predicate<String> polygonsAndMix =
                w -> w.startsWith("polygon") || w.equals(Workloads.NATURAL_EARTH);
        atLeast(
                "Serialize ≥ 1.5× faster than Sedona 1.6.0, every workload",
                speedups(SERIALIZE, SEDONA, OURS, all),
                1.5);
        atMost(
                "Serialize at most 3× the memcpy floor, 16-segment shapes",
                speedups(SERIALIZE, OURS, MEMCPY, shapes16),
                3);
        atMost(
                "Deserialize (default sequences) within 1.15× of the construct floor, every"
                        + " workload",
                speedups(DESERIALIZE, OURS, CONSTRUCT, all),
                1.15);
        atLeast(
                "Deserialize (packed sequences) ≥ 2× faster than the construct floor, ≥ 16"
                        + " segments",
                speedups(DESERIALIZE, CONSTRUCT, OURS_PACKED, from16),
                2);
        atMost(
                "Deep copy(T) within 1.15× of the construct floor, every workload",
                speedups(DEEP_COPY, OURS, CONSTRUCT, all),
                1.15);
        atMost(
                "Raw copy(in, out) within 1.3× of memcpy, every workload",
                speedups(RAW_COPY, OURS, MEMCPY, all),
                1.3);
        atLeast(
                "Job ≥ 2× jts-wkb records/ms, polygons and Natural Earth",
                speedups(JOB, OURS, JOB, JTS_WKB, polygonsAndMix),
                2);
        atLeast(
                "Job ≥ 1.5× jts-wkb records/ms, point",
                speedups(JOB, OURS, JOB, JTS_WKB, point),
                1.5);
        atLeast(
                "Job never behind wkb-legacy, every workload",
                speedups(JOB, OURS, JOB, WKB_LEGACY, all),
                1);
        atLeast(
                "Job ≥ 5× Kryo records/ms, every workload",
                speedups(JOB, OURS, JOB_KRYO, KRYO, all),
                5);
        atMost(
                "RocksDB state (value update and get, geometry keys) within 1.1× of the byte[]"
                        + " floor",
                stateSpeedups(BYTES, OURS, all),
                1.1);
        atLeast(
                "RocksDB state (value update and get, geometry keys) ≥ 1.5× jts-wkb, polygons",
                stateSpeedups(OURS, JTS_WKB, polygons),
                1.5);
        Integer pointBytes = bytes.getOrDefault(Workloads.POINT, Map.of()).get(OURS);
        rows.add(
                pointBytes == null
                        ? new Row("A point record ≤ 25 bytes", "not measured", "not measured")
                        : new Row(
                                "A point record ≤ 25 bytes",
                                pointBytes + " bytes",
                                pointBytes <= 25 ? "met" : "**not met**"));
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
            String numerator, String denominator, Predicate<String> workloads) {
        List<Ratio> ratios = new ArrayList<>();
        for (String benchmark : STATE) {
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
        add(target, ratios.size(), worst, worst.map(r -> r.value >= goal).orElse(false));
    }

    private void atMost(String target, List<Ratio> ratios, double goal) {
        Optional<Ratio> worst = ratios.stream().max((x, y) -> Double.compare(x.value, y.value));
        add(target, ratios.size(), worst, worst.map(r -> r.value <= goal).orElse(false));
    }

    private void add(String target, int count, Optional<Ratio> worst, boolean met) {
        if (worst.isEmpty()) {
            rows.add(new Row(target, "not measured", "not measured"));
            return;
        }
        rows.add(
                new Row(
                        target,
                        String.format(
                                "%.2f× (worst of %d: %s)",
                                worst.get().value, count, worst.get().workload),
                        met ? "met" : "**not met**"));
    }
}
