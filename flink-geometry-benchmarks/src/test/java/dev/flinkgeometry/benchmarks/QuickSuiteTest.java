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
package dev.flinkgeometry.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.benchmarks.geofence.GeofenceBenchmark;
import dev.flinkgeometry.benchmarks.geofence.SpatialJoinBenchmark;
import dev.flinkgeometry.benchmarks.job.GeometryJobBenchmark;
import dev.flinkgeometry.benchmarks.job.KryoJobBenchmark;
import dev.flinkgeometry.benchmarks.micro.ByteViewBenchmarks;
import dev.flinkgeometry.benchmarks.micro.ColdDeserializeBenchmark;
import dev.flinkgeometry.benchmarks.micro.ColdSerializeBenchmark;
import dev.flinkgeometry.benchmarks.micro.LegacyMigrationBenchmark;
import dev.flinkgeometry.benchmarks.micro.SerializeBenchmark;
import dev.flinkgeometry.benchmarks.report.BenchmarkReport;
import dev.flinkgeometry.benchmarks.state.GeometryKeyBenchmark;
import dev.flinkgeometry.benchmarks.state.StateSizeBenchmark;
import dev.flinkgeometry.benchmarks.state.ValueStateBenchmark;
import java.awt.image.BufferedImage;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The quick profile inside {@code mvn verify}, so the suite never rots: every benchmark with every
 * contender (and backend) runs once, briefly, in this JVM, on the point workload, with every
 * {@code @Setup} check; each must post a finite score, and the report generator must turn the JSON
 * into markdown and charts. The numbers mean nothing here; speed is measured by {@code
 * ci/benchmarks.sh full}.
 */
class QuickSuiteTest {
    private static final List<Class<?>> BENCHMARKS =
            Stream.concat(
                            ByteViewBenchmarks.ALL.stream(),
                            Stream.of(
                                    ColdSerializeBenchmark.class,
                                    ColdDeserializeBenchmark.class,
                                    LegacyMigrationBenchmark.class,
                                    GeometryJobBenchmark.class,
                                    KryoJobBenchmark.class,
                                    ValueStateBenchmark.class,
                                    GeometryKeyBenchmark.class,
                                    StateSizeBenchmark.class,
                                    GeofenceBenchmark.class,
                                    SpatialJoinBenchmark.class))
                    .collect(Collectors.toList());

    @BeforeAll
    static void shareTheMachine() {
        // Other JMH runs on the machine hold the JMH lock; an in-process smoke run may ignore it.
        System.setProperty("jmh.ignoreLock", "true");
    }

    private static ChainedOptionsBuilder quick(Path json) {
        return new OptionsBuilder()
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(100))
                .shouldFailOnError(true)
                .resultFormat(ResultFormatType.JSON)
                .result(json.toString());
    }

    @Test
    void everyBenchmarkRunsAndTheReportIsGenerated(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("results.json");
        Collection<RunResult> results =
                new Runner(
                                quick(json)
                                        .include("dev\\.flinkgeometry\\.benchmarks\\.")
                                        .param("workload", "point")
                                        .param("gpsPoints", "1000")
                                        .build())
                        .run();

        Set<String> ran = new HashSet<>();
        for (RunResult result : results) {
            double score = result.getPrimaryResult().getScore();
            String label = result.getParams().getBenchmark() + " " + result.getParams();
            assertThat(score).as(label).isFinite().isPositive();
            ran.add(
                    key(
                            result.getParams().getBenchmark(),
                            result.getParams().getParam("contender"),
                            result.getParams().getParam("backend")));
        }
        assertThat(ran).containsExactlyInAnyOrderElementsOf(expected());

        Path markdown = dir.resolve("docs/benchmarks.md");
        Path charts = dir.resolve("docs/benchmarks");
        List<Path> pngs = BenchmarkReport.generate(json, markdown, charts, "quick", "1 s");
        String text = Files.readString(markdown);
        assertThat(text)
                .contains(
                        "## Targets\n", "## Bytes per record", "| point | 25 | 26 | 13 | 25 | 25 |")
                .doesNotContainPattern("(?i)issue \\d")
                .contains("| A point record ≤ 25 bytes | 25 bytes | met |")
                .contains("| Job ≥ 5× Kryo records/ms, every workload | ")
                .contains("ours ÷ jts-wkb | ours ÷ kryo |", "ours ÷ jts-wkb | ours ÷ bytes |")
                .contains("## serialize into a `DataOutputSerializer`", "## Job:", "## Keyed state")
                .contains(
                        "## State size in RocksDB (native savepoint)",
                        "| gps-point (1,000) | ours | ")
                .contains(
                        "## Geofence: a GPS fix against every zone",
                        "| countries-177 | ",
                        "| circles-10000 | ")
                .contains(
                        "![point](benchmarks/micro-point.png)",
                        "![job throughput](benchmarks/job.png)");
        assertThat(text.lines().filter(line -> line.startsWith("| point | ")).count())
                .as("a point row per micro table, the sizes and the job")
                .isEqualTo(10);
        assertThat(pngs)
                .extracting(p -> p.getFileName().toString())
                .containsExactlyInAnyOrder("job.png", "state.png", "micro-point.png");
        for (Path png : pngs) {
            BufferedImage image = ImageIO.read(png.toFile());
            assertThat(image).as(png.toString()).isNotNull();
            assertThat(image.getWidth()).isEqualTo(1000);
        }
    }

    @Test
    void aBenchmarkWhoseSetupThrowsFailsTheRun(@TempDir Path dir) {
        assertThatThrownBy(
                        () ->
                                new Runner(
                                                quick(dir.resolve("results.json"))
                                                        .include(SerializeBenchmark.class.getName())
                                                        .param("workload", "point")
                                                        .param("contender", "no-such-contender")
                                                        .timeout(TimeValue.seconds(30))
                                                        .build())
                                        .run())
                .isInstanceOf(RunnerException.class);
    }

    /** Every benchmark method with every contender (and backend) its {@code @Param}s list. */
    private static Set<String> expected() throws Exception {
        Set<String> expected = new HashSet<>();
        for (Class<?> type : BENCHMARKS) {
            for (Method method : type.getMethods()) {
                if (!method.isAnnotationPresent(Benchmark.class)) {
                    continue;
                }
                String benchmark = type.getName() + "." + method.getName();
                for (String contender : values(type, "contender")) {
                    for (String backend : values(type, "backend")) {
                        expected.add(key(benchmark, contender, backend));
                    }
                }
            }
        }
        return expected;
    }

    private static List<String> values(Class<?> type, String field) {
        try {
            return List.of(type.getField(field).getAnnotation(Param.class).value());
        } catch (NoSuchFieldException e) {
            List<String> none = new ArrayList<>();
            none.add(null);
            return none;
        }
    }

    private static String key(String benchmark, String contender, String backend) {
        return benchmark + " " + contender + " " + backend;
    }
}
