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
package dev.flinkgeometry.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.serializer.GeometryTypes;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SQL snippet of docs/SQL.md run by Flink's real SQL client ({@code SqlClient embedded -f
 * snippet.sql}, what {@code sql-client.sh -f} starts), in a JVM of its own with the library's jar
 * and Flink's jars on the class path and {@code execution.target: local}: the client's transcript
 * shows the module loaded by name and the snippet's results.
 */
class SqlClientSnippetITCase {

    @Test
    void theSqlClientRunsTheSqlDocSnippet(@TempDir Path work) throws Exception {
        assertTranscriptOfTheSnippet(runClient(work, List.of()));
    }

    /**
     * The configuration route of the Kryo fallback (docs/REGISTRATION.md): its {@code
     * pipeline.serialization-config} entries in the cluster's {@code config.yaml} leave SQL
     * sessions working.
     */
    @Test
    void theSqlClientRunsTheSnippetWithTheKryoFallbackConfigured(@TempDir Path work)
            throws Exception {
        List<String> entries = new ArrayList<>(List.of("pipeline.serialization-config:"));
        GeometryTypes.KRYO_FALLBACK_CONFIG.forEach(entry -> entries.add("  - \"" + entry + "\""));
        assertTranscriptOfTheSnippet(runClient(work, entries));
    }

    private String runClient(Path work, List<String> configLines) throws Exception {
        Path conf = Files.createDirectories(work.resolve("conf"));
        List<String> config =
                new ArrayList<>(
                        List.of(
                                "execution.target: local",
                                "parallelism.default: 1",
                                "rest.port: 0"));
        config.addAll(configLines);
        config.add("");
        Files.writeString(conf.resolve("config.yaml"), String.join("\n", config));
        Files.writeString(
                conf.resolve("log4j-cli.properties"),
                String.join(
                        "\n",
                        "rootLogger.level = WARN",
                        "rootLogger.appenderRef.file.ref = File",
                        "appender.file.name = File",
                        "appender.file.type = File",
                        "appender.file.fileName = " + work.resolve("client.log"),
                        "appender.file.layout.type = PatternLayout",
                        "appender.file.layout.pattern = %d %-5p %c - %m%n",
                        ""));
        Path snippet = work.resolve("snippet.sql");
        try (InputStream in = getClass().getResourceAsStream("/sql-doc-snippet.sql")) {
            Files.write(snippet, in.readAllBytes());
        }

        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        Arrays.stream(System.getProperty("flink.jvm.options", "").split("\\s+"))
                .filter(option -> !option.isEmpty())
                .forEach(command::add);
        command.add("-Dlog4j.configurationFile=" + conf.resolve("log4j-cli.properties").toUri());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add("org.apache.flink.table.client.SqlClient");
        command.addAll(List.of("embedded", "-f", snippet.toString()));
        ProcessBuilder builder =
                new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(work.resolve("transcript.txt").toFile());
        builder.environment().put("FLINK_CONF_DIR", conf.toString());
        Process client = builder.start();
        if (!client.waitFor(3, TimeUnit.MINUTES)) {
            client.destroyForcibly();
        }
        // the client's colours off, for reading and matching
        String transcript =
                Files.readString(work.resolve("transcript.txt"), StandardCharsets.UTF_8)
                        .replaceAll("\u001B\\[[0-9;]*m", "");
        System.out.println(transcript);
        assertThat(client.exitValue()).as("exit code; transcript:%n%s", transcript).isZero();
        return transcript;
    }

    private static void assertTranscriptOfTheSnippet(String transcript) {
        assertThat(transcript)
                .doesNotContain("[ERROR]")
                .contains("|        core |\n|    geometry |")
                .contains(
                        "|    Paris | 4326 |         POINT (2.3522 48.8566) |"
                                + " x'0101000020e6100000a835cd3... |    2 |")
                .contains(
                        "|  Everest | 4326 |  POINT Z (86.925 27.9881 8849) |"
                                + " x'01010000a0e61000003333333... |    1 |")
                .contains("3 rows in set")
                .contains("| POINT (1 2) |");
    }
}
