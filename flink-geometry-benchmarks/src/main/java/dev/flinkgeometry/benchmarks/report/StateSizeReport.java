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
import java.util.List;
import java.util.Optional;

/**
 * The section "State size in RocksDB (native savepoint)", from {@code StateSizeBenchmark}: per
 * dataset and serializer the savepoint's bytes, the flushed RocksDB directory's bytes, how many
 * times smaller than ours each is, and the time to take the savepoint.
 */
final class StateSizeReport {
    static final String BENCHMARK = "StateSizeBenchmark.nativeSavepoint";

    private static final String ABOUT =
            "A RocksDB `ValueState<Geometry>` under `long` keys, filled through each serializer,"
                    + " flushed to SST files (Flink's default RocksDB options: Snappy-compressed"
                    + " blocks; no compaction forced), then saved as a native"
                    + " savepoint into a local directory (`StateSizeBenchmark`). The sizes are"
                    + " bytes on disk and repeat from run to run; the savepoint time is one"
                    + " single-shot measurement per iteration and, like every time here, only"
                    + " means something on a quiet machine. ours ÷ this > 1: this serializer's"
                    + " state is smaller. `keys-only` stores a value of no bytes under every key:"
                    + " its savepoint is what RocksDB spends per entry whatever the value, and"
                    + " the last ratio compares what the values add above it.";

    private StateSizeReport() {}

    /** Writes the section, or nothing if the benchmark did not run. */
    static void write(Markdown md, Results results) {
        List<String> datasets = results.values(BENCHMARK, "dataset");
        if (datasets.isEmpty()) {
            return;
        }
        md.line("## State size in RocksDB (native savepoint)");
        md.line("");
        md.paragraph(ABOUT);
        md.header(
                "dataset | serializer",
                List.of(
                        "savepoint bytes",
                        "ours ÷ this",
                        "state dir bytes",
                        "ours ÷ this",
                        "savepoint ms",
                        "above keys-only: ours ÷ this"));
        List<String> contenders = ReportData.ordered(results.values(BENCHMARK, "contender"));
        for (String dataset : datasets) {
            for (String contender : contenders) {
                String[] key = {"dataset", dataset, "contender", contender};
                String[] oursKey = {"dataset", dataset, "contender", Contenders.OURS};
                String[] floorKey = {"dataset", dataset, "contender", Contenders.KEYS_ONLY};
                Optional<Double> time = results.score(BENCHMARK, key);
                if (time.isEmpty()) {
                    continue;
                }
                md.line(
                        "| "
                                + label(results, dataset)
                                + " | "
                                + contender
                                + " | "
                                + bytes(results, "savepointBytes", key)
                                + " | "
                                + ratio(results, "savepointBytes", oursKey, key)
                                + " | "
                                + bytes(results, "stateDirBytes", key)
                                + " | "
                                + ratio(results, "stateDirBytes", oursKey, key)
                                + " | "
                                + BarChart.format(time.get())
                                + " | "
                                + aboveFloor(results, oursKey, floorKey, key)
                                + " |");
            }
        }
        md.line("");
    }

    /** The dataset with its record count: the GPS points are a parameter of the run. */
    private static String label(Results results, String dataset) {
        if (dataset.equals("natural-earth")) {
            return "natural-earth (3,961 once)";
        }
        List<String> points = results.values(BENCHMARK, "gpsPoints");
        return points.size() == 1
                ? dataset + String.format(" (%,d)", Long.parseLong(points.get(0)))
                : dataset;
    }

    private static String bytes(Results results, String metric, String[] key) {
        return results.secondary(BENCHMARK, metric, key)
                .map(v -> String.format("%,.0f", v))
                .orElse("");
    }

    private static String ratio(Results results, String metric, String[] ours, String[] key) {
        Optional<Double> oursBytes = results.secondary(BENCHMARK, metric, ours);
        Optional<Double> theirs = results.secondary(BENCHMARK, metric, key);
        return oursBytes.isPresent() && theirs.isPresent()
                ? String.format("%.2f×", oursBytes.get() / theirs.get())
                : "";
    }

    /** Ours' savepoint bytes above the keys-only floor over this contender's. */
    private static String aboveFloor(Results results, String[] ours, String[] floor, String[] key) {
        Optional<Double> base = results.secondary(BENCHMARK, "savepointBytes", floor);
        Optional<Double> oursBytes = results.secondary(BENCHMARK, "savepointBytes", ours);
        Optional<Double> theirs = results.secondary(BENCHMARK, "savepointBytes", key);
        if (base.isEmpty() || oursBytes.isEmpty() || theirs.isEmpty() || key[3].equals(floor[3])) {
            return "";
        }
        return String.format("%.2f×", (oursBytes.get() - base.get()) / (theirs.get() - base.get()));
    }
}
