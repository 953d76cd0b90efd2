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

import static dev.flinkgeometry.benchmarks.report.TargetsTest.result;
import static dev.flinkgeometry.benchmarks.report.TargetsTest.results;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's speed table states the committed run, and each of its cells is the score of its own
 * benchmark, workload and contender.
 */
class ReadmeSpeedTest {
    private static final String SER = "micro.SerializeBenchmark.serialize";
    private static final String COLD_SER = "micro.ColdSerializeBenchmark.serialize";
    private static final String DE = "micro.DeserializeBenchmark.deserialize";
    private static final String COLD_DE = "micro.ColdDeserializeBenchmark.deserialize";

    @Test
    void theReadmeStatesTheCommittedRun() throws Exception {
        // Maven runs the tests of a module in its own directory.
        String readme = Files.readString(Path.of("../README.md"), StandardCharsets.UTF_8);
        Results committed = Results.read(Path.of("../docs/benchmarks/results.json"));

        assertThat(ReadmeSpeed.generated(readme))
                .as("README.md between its markers; regenerate it with ci/benchmarks.sh full")
                .isEqualTo(ReadmeSpeed.table(committed));
    }

    @Test
    void eachCellIsItsOwnScoreAndEveryFasterPeerIsNamed(@TempDir Path dir) throws Exception {
        Results results =
                results(
                        dir,
                        result(SER, "gps-point", "ours", 11.04),
                        result(SER, "gps-point", "sedona", 13.2),
                        result(SER, "gps-point", "wkb-legacy", 21.8),
                        result(COLD_SER, "gps-point", "ours", 12.9),
                        result(COLD_SER, "gps-point", "sedona", 13.3),
                        result(COLD_SER, "gps-point", "wkb-legacy", 21.9),
                        result(DE, "gps-point", "ours", 20.5),
                        result(DE, "gps-point", "sedona", 18.46),
                        result(DE, "gps-point", "wkb-legacy", 29.5),
                        result(COLD_DE, "gps-point", "ours", 21.0),
                        result(COLD_DE, "gps-point", "sedona", 18.5),
                        result(COLD_DE, "gps-point", "wkb-legacy", 30.0),
                        result(SER, "natural-earth", "ours", 1234.4),
                        result(SER, "natural-earth", "sedona", 1500));

        String table = ReadmeSpeed.table(results);

        assertThat(table)
                .contains(
                        "| gps-point | 11.0 / 12.9 | 13.2 / 13.3 | 21.8 / 21.9"
                                + " | 20.5 / 21.0 | 18.5 / 18.5 | 29.5 / 30.0 |")
                .contains("| natural-earth | 1,234 / – | 1,500 / – | – / – | – / – |")
                .contains(
                        "Where a peer is faster: deserialize gps-point hot, Sedona 18.5 against"
                                + " our 20.5 ns; deserialize gps-point cold, Sedona 18.5 against"
                                + " our 21.0 ns.");
    }

    @Test
    void theTableReplacesWhatIsBetweenTheMarkersOnly() {
        String readme =
                "## Speed\n\nintro\n"
                        + ReadmeSpeed.BEGIN
                        + "\nold table\n"
                        + ReadmeSpeed.END
                        + "\n\nafter\n";

        String spliced = ReadmeSpeed.splice(readme, "new table\n");

        assertThat(spliced)
                .isEqualTo(
                        "## Speed\n\nintro\n"
                                + ReadmeSpeed.BEGIN
                                + "\nnew table\n"
                                + ReadmeSpeed.END
                                + "\n\nafter\n");
        assertThat(ReadmeSpeed.generated(spliced)).isEqualTo("new table\n");
        assertThatThrownBy(() -> ReadmeSpeed.splice("no markers", "x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("markers");
    }
}
