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
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The report's PNG charts, each linked from the document where it is written. */
final class ReportCharts {
    private final Markdown md;
    private final ReportData data;
    private final Path directory;
    private final List<Path> written = new ArrayList<>();

    ReportCharts(Markdown md, ReportData data, Path directory) {
        this.md = md;
        this.data = data;
        this.directory = directory;
    }

    /** The charts written so far. */
    List<Path> written() {
        return written;
    }

    /** Job throughput per workload and contender. */
    void job() throws IOException {
        List<String> workloads = data.jobWorkloads();
        List<String> contenders = data.jobContenders();
        double[][] values = new double[workloads.size()][contenders.size()];
        for (int w = 0; w < workloads.size(); w++) {
            for (int c = 0; c < contenders.size(); c++) {
                values[w][c] =
                        data.jobResult(workloads.get(w), contenders.get(c))
                                .map(Result::score)
                                .orElse(Double.NaN);
            }
        }
        write(
                "job throughput",
                "job.png",
                new BarChart(
                        "Job throughput: rebalance() of records with a geometry field",
                        "records per ms (higher is better)",
                        workloads,
                        contenders,
                        values,
                        false));
    }

    /** Keyed state operations per benchmark, backend and workload. */
    void state() throws IOException {
        List<String> benchmarks = data.stateBenchmarks();
        List<String> contenders = data.contendersOf(benchmarks);
        List<String> groups = new ArrayList<>();
        List<double[]> values = new ArrayList<>();
        for (String benchmark : benchmarks) {
            for (String backend : data.results.values(benchmark, "backend")) {
                for (String workload :
                        ReportData.orderedWorkloads(data.results.values(benchmark, "workload"))) {
                    double[] row = new double[contenders.size()];
                    for (int c = 0; c < contenders.size(); c++) {
                        row[c] = data.stateScore(benchmark, backend, workload, contenders.get(c));
                    }
                    groups.add(ReportData.method(benchmark) + " " + backend + " " + workload);
                    values.add(row);
                }
            }
        }
        write(
                "keyed state",
                "state.png",
                new BarChart(
                        "Keyed state operations",
                        "operations per ms (higher is better)",
                        groups,
                        contenders,
                        values.toArray(new double[0][]),
                        true));
    }

    /** One chart per workload: every micro operation, every contender, ns per record. */
    void micro() throws IOException {
        List<String> workloads = data.microWorkloads();
        if (workloads.isEmpty()) {
            return;
        }
        md.line("## Charts per workload");
        md.line("");
        List<String> contenders = Contenders.ALL;
        for (String workload : ReportData.orderedWorkloads(workloads)) {
            List<String> groups = new ArrayList<>();
            List<double[]> values = new ArrayList<>();
            for (String group : ReportData.MICRO.keySet()) {
                String benchmark = data.benchmarkOf(group);
                if (benchmark == null
                        || !data.results.values(benchmark, "workload").contains(workload)) {
                    continue;
                }
                double[] row = new double[contenders.size()];
                for (int c = 0; c < contenders.size(); c++) {
                    row[c] =
                            data.results
                                    .score(
                                            benchmark,
                                            "workload",
                                            workload,
                                            "contender",
                                            contenders.get(c))
                                    .orElse(Double.NaN);
                }
                groups.add(group);
                values.add(row);
            }
            write(
                    workload,
                    "micro-" + workload + ".png",
                    new BarChart(
                            workload + ": ns per record",
                            "ns per record (lower is better)",
                            groups,
                            contenders,
                            values.toArray(new double[0][]),
                            true));
        }
    }

    private void write(String alt, String file, BarChart chart) throws IOException {
        Path png = directory.resolve(file);
        chart.write(png);
        written.add(png);
        md.image(alt, png);
    }
}
