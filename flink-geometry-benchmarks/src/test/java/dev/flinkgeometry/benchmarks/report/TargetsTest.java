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

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The targets table is computed from the JSON: direction of every ratio, worst case, verdict. */
class TargetsTest {
    @Test
    void eachTargetTakesItsWorstWorkloadAndJudgesIt(@TempDir Path dir) throws Exception {
        List<Targets.Row> rows =
                evaluate(
                        dir,
                        result("micro.SerializeBenchmark.serialize", "polygon-16", "ours", 50),
                        result("micro.SerializeBenchmark.serialize", "polygon-16", "sedona", 120),
                        result("micro.SerializeBenchmark.serialize", "polygon-16", "memcpy", 10),
                        result("micro.SerializeBenchmark.serialize", "polygon-256", "ours", 500),
                        result("micro.SerializeBenchmark.serialize", "polygon-256", "sedona", 900),
                        result("micro.SerializeBenchmark.serialize", "point", "ours", 30),
                        result("micro.SerializeBenchmark.serialize", "point", "sedona", 20),
                        result("micro.DeserializeBenchmark.deserialize", "point", "ours", 110),
                        result("micro.DeserializeBenchmark.deserialize", "point", "construct", 100),
                        result("micro.DeepCopyBenchmark.copyDeep", "point", "ours", 120),
                        result("micro.DeepCopyBenchmark.copyDeep", "point", "construct", 100),
                        result("micro.RawCopyBenchmark.copyRaw", "point", "ours", 12),
                        result("micro.RawCopyBenchmark.copyRaw", "point", "memcpy", 10));

        assertThat(row(rows, "Serialize ≥ 1.5× faster than Sedona"))
                .isEqualTo(
                        new Targets.Row(
                                row(rows, "Serialize ≥ 1.5× faster than Sedona").target(),
                                "0.67× (worst of 3: point)",
                                "**not met**"));
        assertThat(row(rows, "Serialize at most 3× the memcpy floor").measured())
                .isEqualTo("5.00× (worst of 1: polygon-16)");
        assertThat(row(rows, "Serialize at most 3× the memcpy floor").verdict())
                .isEqualTo("**not met**");
        assertThat(row(rows, "Deserialize (default sequences)").measured())
                .isEqualTo("1.10× (worst of 1: point)");
        assertThat(row(rows, "Deserialize (default sequences)").verdict()).isEqualTo("met");
        assertThat(row(rows, "Deserialize (packed sequences)").measured())
                .isEqualTo("not measured");
        assertThat(row(rows, "Deep copy(T)").measured()).isEqualTo("1.20× (worst of 1: point)");
        assertThat(row(rows, "Deep copy(T)").verdict()).isEqualTo("**not met**");
        assertThat(row(rows, "Raw copy(in, out)").verdict()).isEqualTo("met");
        assertThat(row(rows, "A point record").measured()).isEqualTo("26 bytes");
        assertThat(row(rows, "A point record").verdict()).isEqualTo("**not met**");
        assertThat(row(rows, "Job ≥ 2× jts-wkb").verdict()).isEqualTo("not measured");
    }

    @Test
    void jobTargetsCompareWithJtsWkbAndWithKryoFromItsOwnBenchmark(@TempDir Path dir)
            throws Exception {
        List<Targets.Row> rows =
                evaluate(
                        dir,
                        result("job.GeometryJobBenchmark.rebalance", "point", "ours", 300),
                        result("job.GeometryJobBenchmark.rebalance", "point", "jts-wkb", 150),
                        result("job.GeometryJobBenchmark.rebalance", "point", "wkb-legacy", 310),
                        result("job.GeometryJobBenchmark.rebalance", "polygon-16", "ours", 300),
                        result("job.GeometryJobBenchmark.rebalance", "polygon-16", "jts-wkb", 100),
                        result(
                                "job.GeometryJobBenchmark.rebalance",
                                "polygon-16",
                                "wkb-legacy",
                                200),
                        result("job.GeometryJobBenchmark.rebalance", "natural-earth", "ours", 200),
                        result(
                                "job.GeometryJobBenchmark.rebalance",
                                "natural-earth",
                                "jts-wkb",
                                125),
                        result("job.KryoJobBenchmark.rebalance", "polygon-16", "kryo", 50),
                        result("job.KryoJobBenchmark.rebalance", "point", "kryo", 100));

        assertThat(row(rows, "Job ≥ 2× jts-wkb").measured())
                .isEqualTo("1.60× (worst of 2: natural-earth)");
        assertThat(row(rows, "Job ≥ 2× jts-wkb").verdict()).isEqualTo("**not met**");
        assertThat(row(rows, "Job ≥ 1.5× jts-wkb records/ms, point").measured())
                .isEqualTo("2.00× (worst of 1: point)");
        assertThat(row(rows, "Job ≥ 1.5× jts-wkb records/ms, point").verdict()).isEqualTo("met");
        assertThat(row(rows, "Job never behind wkb-legacy").measured())
                .isEqualTo("0.97× (worst of 2: point)");
        assertThat(row(rows, "Job never behind wkb-legacy").verdict()).isEqualTo("**not met**");
        assertThat(row(rows, "Job ≥ 5× Kryo").measured()).isEqualTo("3.00× (worst of 2: point)");
    }

    @Test
    void stateTargetsTakeEveryRocksDbOperationAndIgnoreTheHashmapBackend(@TempDir Path dir)
            throws Exception {
        List<Targets.Row> rows =
                evaluate(
                        dir,
                        state(
                                "ValueStateBenchmark.valueUpdate",
                                "rocksdb",
                                "polygon-16",
                                "ours",
                                100),
                        state(
                                "ValueStateBenchmark.valueUpdate",
                                "rocksdb",
                                "polygon-16",
                                "bytes",
                                105),
                        state(
                                "ValueStateBenchmark.valueUpdate",
                                "rocksdb",
                                "polygon-16",
                                "jts-wkb",
                                50),
                        state("GeometryKeyBenchmark.keyedUpdate", "rocksdb", "point", "ours", 80),
                        state("GeometryKeyBenchmark.keyedUpdate", "rocksdb", "point", "bytes", 100),
                        state(
                                "GeometryKeyBenchmark.keyedUpdate",
                                "rocksdb",
                                "point",
                                "jts-wkb",
                                10));

        assertThat(
                        row(rows, "RocksDB state (value update and get, geometry keys) within")
                                .measured())
                .isEqualTo("1.25× (worst of 2: keyedUpdate point)");
        assertThat(row(rows, "RocksDB state (value update and get, geometry keys) ≥").measured())
                .isEqualTo("2.00× (worst of 1: valueUpdate polygon-16)");
        assertThat(row(rows, "RocksDB state (value update and get, geometry keys) ≥").verdict())
                .isEqualTo("met");
    }

    private static List<Targets.Row> evaluate(Path dir, String... results) throws Exception {
        Path json = dir.resolve("results.json");
        Files.writeString(json, "[" + String.join(",", results) + "]");
        return Targets.evaluate(Results.read(json), Map.of("point", Map.of("ours", 26)));
    }

    private static String result(
            String benchmark, String workload, String contender, double score) {
        return json(
                benchmark,
                benchmark.startsWith("micro") ? "avgt" : "thrpt",
                "",
                workload,
                contender,
                score);
    }

    private static String state(
            String benchmark, String backend, String workload, String contender, double score) {
        return json(
                "state." + benchmark,
                "thrpt",
                "\"backend\":\"" + backend + "\",",
                workload,
                contender,
                score);
    }

    private static Targets.Row row(List<Targets.Row> rows, String prefix) {
        return rows.stream().filter(r -> r.target().startsWith(prefix)).findFirst().orElseThrow();
    }

    private static String json(
            String benchmark,
            String mode,
            String extraParams,
            String workload,
            String contender,
            double score) {
        return "{\"benchmark\":\"dev.flinkgeometry.benchmarks."
                + benchmark
                + "\",\"mode\":\""
                + mode
                + "\",\"params\":{"
                + extraParams
                + "\"workload\":\""
                + workload
                + "\",\"contender\":\""
                + contender
                + "\"},\"primaryMetric\":{\"score\":"
                + score
                + ",\"scoreError\":0,\"scoreUnit\":\"x\"}}";
    }
}
