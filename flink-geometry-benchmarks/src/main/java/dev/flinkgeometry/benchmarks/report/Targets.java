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
 * The targets of issue 4, each computed from the results of one run: the worst case over the
 * workloads it covers, and whether that worst case meets it. A target whose results are missing (a
 * run with a filter) is reported as not measured, never as met.
 */
final class Targets {
    static final String SERIALIZE = "SerializeBenchmark.serialize";
    static final String DESERIALIZE = "DeserializeBenchmark.deserialize";
    static final String RAW_COPY = "RawCopyBenchmark.copyRaw";
    static final String JOB = "GeometryJobBenchmark.rebalance";
    static final String VALUE_UPDATE = "ValueStateBenchmark.valueUpdate";
    static final String KEYED_UPDATE = "GeometryKeyBenchmark.keyedUpdate";

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
        Predicate<String> shapes16 = w -> Workloads.segments(w) >= 16;
        Predicate<String> all = w -> true;
        Predicate<String> point = w -> w.equals(Workloads.POINT);
        Predicate<String> polygons = w -> w.startsWith("polygon");
        atLeast(
                "Serialize ≥ 2× faster than Sedona, every shape of ≥ 16 segments",
                speedups(SERIALIZE, SEDONA, OURS, shapes16, false),
                2);
        atLeast(
                "Serialize ≥ 20× faster than JTS WKB, every shape of ≥ 16 segments",
                speedups(SERIALIZE, JTS_WKB, OURS, shapes16, false),
                20);
        atLeast(
                "Serialize never slower than Sedona on a point",
                speedups(SERIALIZE, SEDONA, OURS, point, false),
                1);
        atMost(
                "Deserialize (default sequences) within 1.15× of the construct floor",
                speedups(DESERIALIZE, OURS, CONSTRUCT, all, false),
                1.15);
        atLeast(
                "Deserialize (packed sequences) ≥ 2× faster than the construct floor, ≥ 16 segments",
                speedups(DESERIALIZE, CONSTRUCT, OURS_PACKED, shapes16, false),
                2);
        atMost("Raw copy within 1.5× of memcpy", speedups(RAW_COPY, OURS, MEMCPY, all, false), 1.5);
        Integer pointBytes = bytes.getOrDefault(Workloads.POINT, Map.of()).get(OURS);
        rows.add(
                pointBytes == null
                        ? new Row("A point record ≤ 25 bytes", "not measured", "not measured")
                        : new Row(
                                "A point record ≤ 25 bytes",
                                pointBytes + " bytes",
                                pointBytes <= 25 ? "met" : "**not met**"));
        atLeast("Job ≥ 5× Kryo records/ms, polygons", speedups(JOB, OURS, KRYO, polygons, true), 5);
        atLeast(
                "Job ≥ 2× WKB records/ms, polygons",
                speedups(JOB, OURS, WKB_LEGACY, polygons, true),
                2);
        atLeast(
                "RocksDB ValueState<Geometry> updates ≥ 2× WKB",
                speedups(VALUE_UPDATE, OURS, WKB_LEGACY, all, true, "backend", "rocksdb"),
                2);
        atLeast(
                "RocksDB updates under geometry keys ≥ 2× WKB",
                speedups(KEYED_UPDATE, OURS, WKB_LEGACY, all, true, "backend", "rocksdb"),
                2);
    }

    /**
     * Per workload, {@code score(numerator) / score(denominator)}: for times, the slower over the
     * faster contender; for throughputs ({@code throughput}), numerator is the faster one.
     */
    private List<Ratio> speedups(
            String benchmark,
            String numerator,
            String denominator,
            Predicate<String> workloads,
            boolean throughput,
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
                            benchmark,
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
