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
        Path json = dir.resolve("results.json");
        Files.writeString(
                json,
                "["
                        + result(
                                "micro.SerializeBenchmark.serialize",
                                "avgt",
                                "polygon-16",
                                "ours",
                                50)
                        + ","
                        + result(
                                "micro.SerializeBenchmark.serialize",
                                "avgt",
                                "polygon-16",
                                "sedona",
                                120)
                        + ","
                        + result(
                                "micro.SerializeBenchmark.serialize",
                                "avgt",
                                "polygon-256",
                                "ours",
                                500)
                        + ","
                        + result(
                                "micro.SerializeBenchmark.serialize",
                                "avgt",
                                "polygon-256",
                                "sedona",
                                900)
                        + ","
                        + result("micro.SerializeBenchmark.serialize", "avgt", "point", "ours", 30)
                        + ","
                        + result(
                                "micro.SerializeBenchmark.serialize", "avgt", "point", "sedona", 20)
                        + ","
                        + result(
                                "micro.DeserializeBenchmark.deserialize",
                                "avgt",
                                "point",
                                "ours",
                                110)
                        + ","
                        + result(
                                "micro.DeserializeBenchmark.deserialize",
                                "avgt",
                                "point",
                                "construct",
                                100)
                        + ","
                        + result(
                                "job.GeometryJobBenchmark.rebalance",
                                "thrpt",
                                "polygon-16",
                                "ours",
                                300)
                        + ","
                        + result(
                                "job.GeometryJobBenchmark.rebalance",
                                "thrpt",
                                "polygon-16",
                                "kryo",
                                50)
                        + ","
                        + result("job.GeometryJobBenchmark.rebalance", "thrpt", "point", "kryo", 1)
                        + "]");
        List<Targets.Row> rows =
                Targets.evaluate(Results.read(json), Map.of("point", Map.of("ours", 26)));

        assertThat(row(rows, "Serialize ≥ 2× faster than Sedona"))
                .isEqualTo(
                        new Targets.Row(
                                row(rows, "Serialize ≥ 2× faster than Sedona").target(),
                                "1.80× (worst of 2: polygon-256)",
                                "**not met**"));
        assertThat(row(rows, "Serialize ≥ 20× faster than JTS WKB").measured())
                .isEqualTo("not measured");
        assertThat(row(rows, "Serialize never slower than Sedona on a point").verdict())
                .isEqualTo("**not met**");
        assertThat(row(rows, "Deserialize (default sequences)").measured())
                .isEqualTo("1.10× (worst of 1: point)");
        assertThat(row(rows, "Deserialize (default sequences)").verdict()).isEqualTo("met");
        assertThat(row(rows, "A point record").measured()).isEqualTo("26 bytes");
        assertThat(row(rows, "A point record").verdict()).isEqualTo("**not met**");
        assertThat(row(rows, "Job ≥ 5× Kryo").measured())
                .isEqualTo("6.00× (worst of 1: polygon-16)");
        assertThat(row(rows, "Job ≥ 5× Kryo").verdict()).isEqualTo("met");
        assertThat(row(rows, "Job ≥ 2× WKB").verdict()).isEqualTo("not measured");
    }

    private static Targets.Row row(List<Targets.Row> rows, String prefix) {
        return rows.stream().filter(r -> r.target().startsWith(prefix)).findFirst().orElseThrow();
    }

    private static String result(
            String benchmark, String mode, String workload, String contender, double score) {
        return "{\"benchmark\":\"dev.flinkgeometry.benchmarks."
                + benchmark
                + "\",\"mode\":\""
                + mode
                + "\",\"params\":{\"workload\":\""
                + workload
                + "\",\"contender\":\""
                + contender
                + "\"},\"primaryMetric\":{\"score\":"
                + score
                + ",\"scoreError\":0,\"scoreUnit\":\"x\"}}";
    }
}
