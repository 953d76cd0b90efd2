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
        String ser = "micro.SerializeBenchmark.serialize";
        String de = "micro.DeserializeBenchmark.deserialize";
        List<Targets.Row> rows =
                evaluate(
                        dir,
                        result(ser, "point", "ours", 30),
                        result(ser, "point", "sedona", 40),
                        result(ser, "point", "fory", 33),
                        result(ser, "point", "traverse-memcpy", 25),
                        result(ser, "polygon-16", "ours", 50),
                        result(ser, "polygon-16", "sedona", 120),
                        result(ser, "polygon-16", "traverse-memcpy", 20),
                        result(ser, "point", "compact", 50),
                        result(ser, "point", "jts-wkb", 120),
                        result(de, "point", "ours", 110),
                        result(de, "point", "kryo", 300),
                        result(de, "point", "fory", 100),
                        result(de, "point", "memcpy", 10),
                        result(de, "point", "construct", 90),
                        result(de, "point", "compact", 250),
                        result(de, "point", "jts-wkb", 1000));

        assertThat(row(rows, "Deserialize faster than every peer"))
                .isEqualTo(
                        new Targets.Row(
                                row(rows, "Deserialize faster than every peer").target(),
                                "0.91× (worst of 3: fory point)",
                                "**not met**"));
        assertThat(row(rows, "Deserialize within 1.05× of the memcpy + construct").measured())
                .isEqualTo("1.10× (worst of 1: point)");
        assertThat(row(rows, "Deserialize within 1.05×").verdict()).isEqualTo("**not met**");
        assertThat(row(rows, "Cold serialize").verdict()).isEqualTo("not measured");
        assertThat(row(rows, "Serialize ≥ 1.2× faster than every peer").measured())
                .isEqualTo("1.10× (worst of 4: fory point)");
        assertThat(row(rows, "Serialize ≥ 1.2× faster than every peer").verdict())
                .isEqualTo("**not met**");
        assertThat(row(rows, "Serialize within 1.5× of the traverse").measured())
                .isEqualTo("2.50× (worst of 2: polygon-16)");
        assertThat(row(rows, "Compact serialize and deserialize within 2×").measured())
                .isEqualTo("2.27× (worst of 2: deserialize point)");
        assertThat(row(rows, "Compact serialize and deserialize ≥ 3×").measured())
                .isEqualTo("2.40× (worst of 2: serialize point)");
        assertThat(row(rows, "A point record").measured()).isEqualTo("26 bytes");
        assertThat(row(rows, "A point record").verdict()).isEqualTo("**not met**");
        assertThat(row(rows, "Job ≥ 0.9× the zero-cost").verdict()).isEqualTo("not measured");
    }

    @Test
    void coldTargetsTakeTheColdBenchmarksOnly(@TempDir Path dir) throws Exception {
        String ser = "micro.SerializeBenchmark.serialize";
        String coldSer = "micro.ColdSerializeBenchmark.serialize";
        String coldDe = "micro.ColdDeserializeBenchmark.deserialize";
        List<Targets.Row> rows =
                evaluate(
                        dir,
                        result(ser, "gps-track-17", "ours", 30),
                        result(ser, "gps-track-17", "sedona", 50),
                        result(coldSer, "gps-track-17", "ours", 240),
                        result(coldSer, "gps-track-17", "sedona", 60),
                        result(coldSer, "point", "ours", 8),
                        result(coldSer, "point", "sedona", 11),
                        result(coldDe, "gps-track-17", "ours", 150),
                        result(coldDe, "gps-track-17", "wkb-legacy", 160));

        assertThat(row(rows, "Serialize ≥ 1.2× faster").measured())
                .isEqualTo("1.67× (worst of 1: sedona gps-track-17)");
        assertThat(row(rows, "Cold serialize").measured())
                .isEqualTo("0.25× (worst of 2: sedona gps-track-17)");
        assertThat(row(rows, "Cold serialize").verdict()).isEqualTo("**not met**");
        assertThat(row(rows, "Cold deserialize").measured())
                .isEqualTo("1.07× (worst of 1: wkb-legacy gps-track-17)");
        assertThat(row(rows, "Cold deserialize").verdict()).isEqualTo("met");
    }

    @Test
    void sizeTargetsCompareMeanBytesPerRecord(@TempDir Path dir) throws Exception {
        List<Targets.Row> rows =
                Targets.evaluate(
                        results(
                                dir,
                                result("micro.SerializeBenchmark.serialize", "point", "ours", 1)),
                        Map.of(
                                "gps-point", Map.of("ours", 25, "compact", 13),
                                "gps-track-17", Map.of("ours", 300, "compact", 120),
                                "natural-earth",
                                        Map.of("ours", 4600, "compact", 4603, "compact-7", 2000)));

        assertThat(row(rows, "A gps-point record").measured()).isEqualTo("13 bytes");
        assertThat(row(rows, "A gps-point record").verdict()).isEqualTo("met");
        assertThat(row(rows, "gps-track-17").measured())
                .isEqualTo("2.50× (worst of 1: gps-track-17)");
        assertThat(row(rows, "gps-track-17").verdict()).isEqualTo("**not met**");
        assertThat(row(rows, "natural-earth").measured())
                .isEqualTo("2.30× (worst of 1: natural-earth)");
        assertThat(row(rows, "natural-earth").verdict()).isEqualTo("met");
        assertThat(row(rows, "Compact (lossless) never").measured())
                .isEqualTo("+3 bytes (worst of 3: natural-earth)");
        assertThat(row(rows, "Compact (lossless) never").verdict()).isEqualTo("**not met**");
    }

    @Test
    void jobTargetsCompareWithTheFloorAndPeersAndWithKryoFromItsOwnBenchmark(@TempDir Path dir)
            throws Exception {
        String job = "job.GeometryJobBenchmark.rebalance";
        List<Targets.Row> rows =
                evaluate(
                        dir,
                        result(job, "point", "ours", 300),
                        result(job, "point", "zero-cost", 320),
                        result(job, "polygon-16", "ours", 200),
                        result(job, "polygon-16", "zero-cost", 250),
                        result(job, "polygon-16", "wkb-legacy", 160),
                        result(job, "gps-track-17", "ours", 220),
                        result(job, "gps-track-17", "wkb-legacy", 200),
                        result(job, "gps-point", "ours", 300),
                        result(job, "gps-point", "compact", 280),
                        result(job, "gps-point", "zero-cost", 100),
                        result("job.KryoJobBenchmark.rebalance", "polygon-16", "kryo", 50),
                        result("job.KryoJobBenchmark.rebalance", "point", "kryo", 100));

        assertThat(row(rows, "Job ≥ 0.9× the zero-cost").measured())
                .isEqualTo("0.80× (worst of 2: polygon-16)");
        assertThat(row(rows, "Job ≥ 0.9× the zero-cost").verdict()).isEqualTo("**not met**");
        assertThat(row(rows, "Job ≥ 1.2× wkb-legacy").measured())
                .isEqualTo("1.10× (worst of 2: gps-track-17)");
        assertThat(row(rows, "Job ≥ 1.2× wkb-legacy").verdict()).isEqualTo("**not met**");
        assertThat(row(rows, "Job ≥ 5× Kryo").measured()).isEqualTo("3.00× (worst of 2: point)");
        assertThat(row(rows, "Job: compact").measured()).isEqualTo("0.93× (worst of 1: gps-point)");
        assertThat(row(rows, "Job: compact").verdict()).isEqualTo("met");
    }

    @Test
    void theStateTargetTakesRocksDbValueGetsAndUpdatesOnly(@TempDir Path dir) throws Exception {
        List<Targets.Row> rows =
                evaluate(
                        dir,
                        state("ValueStateBenchmark.valueUpdate", "rocksdb", "point", "ours", 100),
                        state(
                                "ValueStateBenchmark.valueUpdate",
                                "rocksdb",
                                "point",
                                "bytes-construct",
                                110),
                        state("ValueStateBenchmark.valueGet", "rocksdb", "point", "ours", 80),
                        state(
                                "ValueStateBenchmark.valueGet",
                                "rocksdb",
                                "point",
                                "bytes-construct",
                                100),
                        state("ValueStateBenchmark.valueGet", "hashmap", "point", "ours", 10),
                        state(
                                "ValueStateBenchmark.valueGet",
                                "hashmap",
                                "point",
                                "bytes-construct",
                                100),
                        state("GeometryKeyBenchmark.keyedUpdate", "rocksdb", "point", "ours", 1),
                        state(
                                "GeometryKeyBenchmark.keyedUpdate",
                                "rocksdb",
                                "point",
                                "bytes-construct",
                                100));

        assertThat(row(rows, "RocksDB value get/update").measured())
                .isEqualTo("1.25× (worst of 2: valueGet point)");
        assertThat(row(rows, "RocksDB value get/update").verdict()).isEqualTo("**not met**");
    }

    @Test
    void theStateSizeTargetTakesBothSizesOfBothDatasets(@TempDir Path dir) throws Exception {
        List<Targets.Row> rows =
                evaluate(
                        dir,
                        size("gps-point", "ours", 2700, 2800),
                        size("gps-point", "compact", 1400, 1400),
                        size("gps-point", "kryo", 1, 1), // not a compared contender
                        size("natural-earth", "ours", 2600, 2700),
                        size("natural-earth", "compact-7", 1300, 1500));

        assertThat(row(rows, "State: RocksDB").measured())
                .isEqualTo("1.80× (worst of 4: compact-7 natural-earth stateDirBytes)");
        assertThat(row(rows, "State: RocksDB").verdict()).isEqualTo("met");
    }

    /** A StateSizeBenchmark result with its two size counters, summed over 3 iterations. */
    private static String size(String dataset, String contender, long savepoint, long dir) {
        return "{\"benchmark\":\"dev.flinkgeometry.benchmarks.state.StateSizeBenchmark.nativeSavepoint\","
                + "\"mode\":\"ss\",\"params\":{\"dataset\":\""
                + dataset
                + "\",\"gpsPoints\":\"1000\",\"contender\":\""
                + contender
                + "\"},\"primaryMetric\":{\"score\":100,\"scoreError\":0,\"scoreUnit\":\"ms\"},"
                + "\"secondaryMetrics\":{"
                + counter("savepointBytes", savepoint)
                + ","
                + counter("stateDirBytes", dir)
                + "}}";
    }

    private static String counter(String name, long perIteration) {
        return "\""
                + name
                + "\":{\"score\":"
                + 3 * perIteration
                + ",\"scorePercentiles\":{\"50.0\":"
                + perIteration
                + "},\"scoreUnit\":\"#\"}";
    }

    private static List<Targets.Row> evaluate(Path dir, String... results) throws Exception {
        return Targets.evaluate(results(dir, results), Map.of("point", Map.of("ours", 26)));
    }

    static Results results(Path dir, String... results) throws Exception {
        Path json = dir.resolve("results.json");
        Files.writeString(json, "[" + String.join(",", results) + "]");
        return Results.read(json);
    }

    static String result(String benchmark, String workload, String contender, double score) {
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
