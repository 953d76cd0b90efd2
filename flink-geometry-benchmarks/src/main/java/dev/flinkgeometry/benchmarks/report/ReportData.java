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

import dev.flinkgeometry.benchmarks.contenders.Contenders;
import dev.flinkgeometry.benchmarks.data.Workloads;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the report's tables and charts show, looked up in one run's results: which benchmarks, in
 * which order, with which contenders and workloads (both in the order of {@link Contenders} and
 * {@link Workloads}).
 */
final class ReportData {
    /** Micro benchmark groups in report order, with the floor their ratios refer to. */
    static final Map<String, String> MICRO = new LinkedHashMap<>();

    static {
        MICRO.put("Serialize", Contenders.MEMCPY);
        MICRO.put("ColdSerialize", Contenders.TRAVERSE_MEMCPY);
        MICRO.put("Deserialize", Contenders.CONSTRUCT);
        MICRO.put("ColdDeserialize", Contenders.CONSTRUCT);
        MICRO.put("RawCopy", Contenders.MEMCPY);
        MICRO.put("DeepCopy", Contenders.CONSTRUCT);
        MICRO.put("StreamSerialize", Contenders.MEMCPY);
        MICRO.put("StreamDeserialize", Contenders.CONSTRUCT);
    }

    /** The contenders that ours is compared with, floors excluded. */
    static final List<String> PEERS =
            List.of(
                    Contenders.WKB_LEGACY,
                    Contenders.JTS_WKB,
                    Contenders.KRYO,
                    Contenders.SEDONA,
                    Contenders.FORY);

    final Results results;

    ReportData(Results results) {
        this.results = results;
    }

    /** The benchmark ({@code Class.method}) of a group, or {@code null} if it did not run. */
    String benchmarkOf(String group) {
        for (Result result : results.all) {
            if (result.group().equals(group)) {
                return result.benchmark();
            }
        }
        return null;
    }

    /** The workloads of the job benchmark, in report order. */
    List<String> jobWorkloads() {
        return orderedWorkloads(results.values(Targets.JOB, "workload"));
    }

    /** The contenders of the job benchmarks (Kryo's has its own), in report order. */
    List<String> jobContenders() {
        List<String> found = new ArrayList<>(results.values(Targets.JOB, "contender"));
        found.addAll(results.values(Targets.JOB_KRYO, "contender"));
        return ordered(found);
    }

    /** A contender's job result: Kryo's comes from its own benchmark. */
    Optional<Result> jobResult(String workload, String contender) {
        String benchmark = contender.equals(Contenders.KRYO) ? Targets.JOB_KRYO : Targets.JOB;
        for (Result result : results.all) {
            if (result.benchmark().equals(benchmark)
                    && result.param("workload").equals(workload)
                    && result.param("contender").equals(contender)) {
                return Optional.of(result);
            }
        }
        return Optional.empty();
    }

    /** The keyed state benchmarks that ran, in the order of the results. */
    List<String> stateBenchmarks() {
        List<String> benchmarks = new ArrayList<>();
        for (Result result : results.all) {
            if ((result.group().equals("ValueState") || result.group().equals("GeometryKey"))
                    && !benchmarks.contains(result.benchmark())) {
                benchmarks.add(result.benchmark());
            }
        }
        return benchmarks;
    }

    /** The contenders of {@code benchmarks}, in report order. */
    List<String> contendersOf(List<String> benchmarks) {
        List<String> found = new ArrayList<>();
        for (String benchmark : benchmarks) {
            found.addAll(results.values(benchmark, "contender"));
        }
        return ordered(found);
    }

    /** The score of {@code contender} on a state benchmark's backend and workload, or NaN. */
    double stateScore(String benchmark, String backend, String workload, String contender) {
        return results.score(
                        benchmark, "backend", backend, "workload", workload, "contender", contender)
                .orElse(Double.NaN);
    }

    /** Every workload of any micro benchmark, in the order found. */
    List<String> microWorkloads() {
        List<String> workloads = new ArrayList<>();
        for (String group : MICRO.keySet()) {
            String benchmark = benchmarkOf(group);
            if (benchmark != null) {
                for (String workload : results.values(benchmark, "workload")) {
                    if (!workloads.contains(workload)) {
                        workloads.add(workload);
                    }
                }
            }
        }
        return workloads;
    }

    /** {@code contenders} in the order of {@link Contenders#ALL}. */
    static List<String> ordered(List<String> contenders) {
        List<String> ordered = new ArrayList<>();
        for (String contender : Contenders.ALL) {
            if (contenders.contains(contender)) {
                ordered.add(contender);
            }
        }
        return ordered;
    }

    /** {@code workloads} in the order of {@link Workloads#ALL}. */
    static List<String> orderedWorkloads(List<String> workloads) {
        List<String> ordered = new ArrayList<>();
        for (String workload : Workloads.ALL) {
            if (workloads.contains(workload)) {
                ordered.add(workload);
            }
        }
        return ordered;
    }

    /** The short name of a benchmark: its method. */
    static String method(String benchmark) {
        return benchmark.substring(benchmark.indexOf('.') + 1);
    }
}
