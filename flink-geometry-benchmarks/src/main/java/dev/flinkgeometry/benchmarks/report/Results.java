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

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper;

/** The results of one JMH run, read from its JSON output ({@code -rf json}). */
final class Results {
    final List<Result> all;
    private final JsonNode root;
    private final JsonNode first;

    private Results(List<Result> all, JsonNode root) {
        this.all = Collections.unmodifiableList(all);
        this.root = root;
        this.first = root.get(0);
    }

    static Results read(Path json) throws IOException {
        JsonNode root = new ObjectMapper().readTree(json.toFile());
        if (!root.isArray() || root.isEmpty()) {
            throw new IOException(json + " holds no JMH results");
        }
        List<Result> results = new ArrayList<>();
        for (JsonNode node : root) {
            String benchmark = node.get("benchmark").asText();
            String[] parts = benchmark.split("\\.");
            Map<String, String> params = new LinkedHashMap<>();
            JsonNode paramNode = node.get("params");
            if (paramNode != null) {
                for (Iterator<Map.Entry<String, JsonNode>> it = paramNode.fields();
                        it.hasNext(); ) {
                    Map.Entry<String, JsonNode> entry = it.next();
                    params.put(entry.getKey(), entry.getValue().asText());
                }
            }
            JsonNode metric = node.get("primaryMetric");
            results.add(
                    new Result(
                            parts[parts.length - 2] + "." + parts[parts.length - 1],
                            params,
                            node.get("mode").asText(),
                            metric.get("score").asDouble(),
                            metric.get("scoreError").asDouble(),
                            metric.get("scoreUnit").asText()));
        }
        return new Results(results, root);
    }

    /** The score of {@code benchmark} ({@code Class.method}) with these parameter values. */
    Optional<Double> score(String benchmark, String... params) {
        for (Result result : all) {
            if (result.benchmark().equals(benchmark) && matches(result, params)) {
                return Optional.of(result.score());
            }
        }
        return Optional.empty();
    }

    /**
     * A secondary result ({@code @AuxCounters}) of {@code benchmark} with these parameter values,
     * as one iteration gave it: the median of the iterations, since JMH's score of an event counter
     * is their sum.
     */
    Optional<Double> secondary(String benchmark, String metric, String... params) {
        for (int i = 0; i < all.size(); i++) {
            Result result = all.get(i);
            JsonNode secondary = root.get(i).path("secondaryMetrics").path(metric);
            if (result.benchmark().equals(benchmark)
                    && matches(result, params)
                    && !secondary.isMissingNode()) {
                return Optional.of(secondary.path("scorePercentiles").path("50.0").asDouble());
            }
        }
        return Optional.empty();
    }

    private static boolean matches(Result result, String... params) {
        for (int i = 0; i < params.length; i += 2) {
            if (!result.param(params[i]).equals(params[i + 1])) {
                return false;
            }
        }
        return true;
    }

    /** The distinct values of {@code param} among the results of {@code benchmark}, in order. */
    List<String> values(String benchmark, String param) {
        List<String> values = new ArrayList<>();
        for (Result result : all) {
            if (result.benchmark().equals(benchmark)) {
                String value = result.param(param);
                if (!value.isEmpty() && !values.contains(value)) {
                    values.add(value);
                }
            }
        }
        return values;
    }

    String text(String field) {
        JsonNode node = first.get(field);
        return node == null ? "?" : node.asText();
    }

    /**
     * The distinct iteration settings of the run, each with the benchmark groups that used it: "1
     * fork, 5 × 200 ms warm-up, 5 × 300 ms measured (Serialize, Deserialize)".
     */
    String settings() {
        Map<String, List<String>> groups = new LinkedHashMap<>();
        for (int i = 0; i < all.size(); i++) {
            JsonNode node = root.get(i);
            String setting =
                    node.get("forks").asInt()
                            + (node.get("forks").asInt() == 1 ? " fork, " : " forks, ")
                            + node.get("warmupIterations").asInt()
                            + " × "
                            + node.get("warmupTime").asText()
                            + " warm-up, "
                            + node.get("measurementIterations").asInt()
                            + " × "
                            + node.get("measurementTime").asText()
                            + " measured";
            List<String> names = groups.computeIfAbsent(setting, s -> new ArrayList<>());
            if (!names.contains(all.get(i).group())) {
                names.add(all.get(i).group());
            }
        }
        List<String> parts = new ArrayList<>();
        groups.forEach(
                (setting, names) -> parts.add(setting + " (" + String.join(", ", names) + ")"));
        return String.join("; ", parts);
    }

    List<String> jvmArgs() {
        List<String> args = new ArrayList<>();
        for (JsonNode arg : first.get("jvmArgs")) {
            args.add(arg.asText());
        }
        return args;
    }
}
