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
import dev.flinkgeometry.benchmarks.data.ColdRecords;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The report's sections of tables, each with its heading and paragraph. */
final class ReportTables {
    private static final Map<String, String> TITLES =
            Map.of(
                    "Serialize", "serialize into a `DataOutputSerializer`",
                    "ColdSerialize", "serialize cold records into a `DataOutputSerializer`",
                    "Deserialize", "deserialize from a `DataInputDeserializer`",
                    "ColdDeserialize", "deserialize cold records from a `DataInputDeserializer`",
                    "RawCopy", "raw `copy(DataInputView, DataOutputView)` between `byte[]` views",
                    "DeepCopy", "deep `copy(T)`",
                    "StreamSerialize", "serialize into a `DataOutputViewStreamWrapper`",
                    "StreamDeserialize", "deserialize from a `DataInputViewStreamWrapper`");

    /** The geofence benchmark's method of the module's {@code ST_Contains}. */
    private static final String GEOFENCE_OURS = "stContains";

    private final Markdown md;
    private final ReportProse prose;
    private final ReportData data;
    private final Results results;

    ReportTables(Markdown md, ReportProse prose, ReportData data) {
        this.md = md;
        this.prose = prose;
        this.data = data;
        this.results = data.results;
    }

    /** The machine, the JVM, JMH's settings and where the raw results are. */
    void run(String command, String duration, Path rawResults) {
        md.line("## Run");
        md.line("");
        md.line("| | |");
        md.line("|---|---|");
        md.line("| machine | " + Machine.describe() + " |");
        md.line("| load average (1 / 5 / 15 min) at the end | " + Machine.load() + " |");
        md.line(
                "| JDK | "
                        + results.text("jdkVersion")
                        + ", "
                        + results.text("vmName")
                        + " "
                        + results.text("vmVersion")
                        + " |");
        md.line("| JMH | " + results.text("jmhVersion") + "; " + results.settings() + " |");
        md.line("| JVM options | `" + String.join(" ", filteredJvmArgs()) + "` |");
        md.line(
                "| date | "
                        + ZonedDateTime.now(ZoneOffset.UTC)
                                .format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'"))
                        + " |");
        // A pipe inside a table cell ends the cell, even in code.
        md.line("| command | `" + command.replace("|", "\\|") + "` |");
        md.line("| duration | " + duration + " |");
        String raw = md.relative(rawResults);
        md.line(
                "| results | "
                        + results.all.size()
                        + " results: ["
                        + raw
                        + "]("
                        + raw
                        + ") (JMH JSON) |");
        md.line("");
    }

    /** The JVM options without the dozen module opens, which say nothing about the machine. */
    private List<String> filteredJvmArgs() {
        List<String> args = new ArrayList<>();
        for (String arg : results.jvmArgs()) {
            if (!arg.startsWith("--add-opens")) {
                args.add(arg);
            }
        }
        return args;
    }

    void targets(Map<String, Map<String, Integer>> bytes) {
        md.line("## Targets");
        md.line("");
        md.paragraph(prose.paragraph("targets"));
        md.line("| target | measured | verdict |");
        md.line("|---|---|---|");
        for (Targets.Row row : Targets.evaluate(results, bytes)) {
            md.line("| " + row.target() + " | " + row.measured() + " | " + row.verdict() + " |");
        }
        md.line("");
    }

    void sizes(Map<String, Map<String, Integer>> bytes) {
        md.line("## Bytes per record");
        md.line("");
        md.paragraph(prose.paragraph("sizes"));
        md.header("workload", Contenders.WRITERS);
        for (Map.Entry<String, Map<String, Integer>> row : bytes.entrySet()) {
            StringBuilder cells = new StringBuilder("| " + row.getKey());
            for (String contender : Contenders.WRITERS) {
                cells.append(" | ").append(String.format("%,d", row.getValue().get(contender)));
            }
            md.line(cells + " |");
        }
        md.line("");
    }

    /** One micro benchmark group: ns per record, ratios to its floor and to the fastest peer. */
    void micro(String group, String floor) {
        String benchmark = data.benchmarkOf(group);
        if (benchmark == null) {
            return;
        }
        List<String> contenders = ReportData.ordered(results.values(benchmark, "contender"));
        md.line("## " + TITLES.get(group));
        md.line("");
        md.paragraph(prose.paragraph("micro", Map.of("floor", floor)));
        if (group.startsWith("Cold")) {
            md.paragraph(
                    prose.paragraph(
                            "cold",
                            Map.of(
                                    "records", String.format("%,d", ColdRecords.MAX_RECORDS),
                                    "coordinates",
                                            String.format("%,d", ColdRecords.COORDINATE_BUDGET))));
        }
        List<String> columns = new ArrayList<>(contenders);
        columns.add(Contenders.OURS + " vs fastest peer");
        md.header("workload", columns);
        for (String workload : ReportData.orderedWorkloads(results.values(benchmark, "workload"))) {
            Optional<Double> floorScore =
                    results.score(benchmark, "workload", workload, "contender", floor);
            StringBuilder cells = new StringBuilder("| " + workload);
            for (String contender : contenders) {
                Optional<Double> score =
                        results.score(benchmark, "workload", workload, "contender", contender);
                cells.append(" | ");
                if (score.isPresent()) {
                    cells.append(BarChart.format(score.get()));
                    if (floorScore.isPresent() && !contender.equals(floor)) {
                        cells.append(String.format(" (%.2f×)", score.get() / floorScore.get()));
                    }
                }
            }
            cells.append(" | ").append(versusPeers(benchmark, workload));
            md.line(cells + " |");
        }
        md.line("");
    }

    private String versusPeers(String benchmark, String workload) {
        Optional<Double> ours =
                results.score(benchmark, "workload", workload, "contender", Contenders.OURS);
        double best = Double.MAX_VALUE;
        String bestPeer = null;
        for (String peer : ReportData.PEERS) {
            Optional<Double> score =
                    results.score(benchmark, "workload", workload, "contender", peer);
            if (score.isPresent() && score.get() < best) {
                best = score.get();
                bestPeer = peer;
            }
        }
        if (ours.isEmpty() || bestPeer == null) {
            return "";
        }
        return String.format("%.2f× (%s)", best / ours.get(), bestPeer);
    }

    void migration() {
        List<Result> rows = new ArrayList<>();
        for (Result result : results.all) {
            if (result.group().equals("LegacyMigration")) {
                rows.add(result);
            }
        }
        if (rows.isEmpty()) {
            return;
        }
        md.line("## Migrating legacy WKB state (Natural Earth, per geometry)");
        md.line("");
        md.line("| benchmark | ns per geometry | geometries/s |");
        md.line("|---|---:|---:|");
        for (Result row : rows) {
            md.line(
                    String.format(
                            "| %s | %s | %,.0f |",
                            row.method(), BarChart.format(row.score()), 1e9 / row.score()));
        }
        md.line("");
    }

    /**
     * The geofence table: per zone set, ns and fixes per second of each way to test a fix against
     * every zone, and how many times faster {@code ST_Contains} is than each JTS way.
     */
    void geofence() {
        String benchmark = data.benchmarkOf("Geofence");
        if (benchmark == null) {
            return;
        }
        String type = benchmark.substring(0, benchmark.indexOf('.') + 1);
        List<String> methods = new ArrayList<>();
        for (Result result : results.all) {
            if (result.group().equals("Geofence") && !methods.contains(result.method())) {
                methods.add(result.method());
            }
        }
        List<String> peers = new ArrayList<>(methods);
        peers.remove(GEOFENCE_OURS);
        List<String> columns = new ArrayList<>(methods);
        for (String peer : peers) {
            columns.add(GEOFENCE_OURS + " vs " + peer);
        }
        md.line("## Geofence: a GPS fix against every zone");
        md.line("");
        md.paragraph(prose.paragraph("geofence"));
        md.header("zones", columns);
        for (String zones : results.values(benchmark, "zones")) {
            StringBuilder cells = new StringBuilder("| " + zones);
            for (String method : methods) {
                Optional<Double> score = results.score(type + method, "zones", zones);
                cells.append(" | ");
                score.ifPresent(
                        ns ->
                                cells.append(BarChart.format(ns))
                                        .append(String.format(" (%,.0f/s)", 1e9 / ns)));
            }
            Optional<Double> ours = results.score(type + GEOFENCE_OURS, "zones", zones);
            for (String peer : peers) {
                Optional<Double> theirs = results.score(type + peer, "zones", zones);
                cells.append(" | ");
                if (ours.isPresent() && theirs.isPresent()) {
                    cells.append(String.format("%.2f×", theirs.get() / ours.get()));
                }
            }
            md.line(cells + " |");
        }
        md.line("");
    }

    /** The job table; returns whether there was one (its chart follows it). */
    boolean job() {
        List<String> workloads = data.jobWorkloads();
        if (workloads.isEmpty()) {
            return false;
        }
        List<String> contenders = data.jobContenders();
        md.line("## Job: source → `rebalance()` → discarding sink");
        md.line("");
        md.paragraph(prose.paragraph("job"));
        List<String> others = othersThanOurs(contenders);
        md.header("workload", withRatioColumns(contenders, others));
        for (String workload : workloads) {
            StringBuilder cells = new StringBuilder("| " + workload);
            for (String contender : contenders) {
                cells.append(" | ")
                        .append(
                                data.jobResult(workload, contender)
                                        .map(ReportTables::withError)
                                        .orElse(""));
            }
            Optional<Result> ours = data.jobResult(workload, Contenders.OURS);
            for (String other : others) {
                Optional<Result> theirs = data.jobResult(workload, other);
                cells.append(" | ");
                if (ours.isPresent() && theirs.isPresent()) {
                    cells.append(String.format("%.2f×", ours.get().score() / theirs.get().score()));
                }
            }
            md.line(cells + " |");
        }
        md.line("");
        return true;
    }

    private static String withError(Result result) {
        return Double.isFinite(result.error())
                ? BarChart.format(result.score()) + " ± " + BarChart.format(result.error())
                : BarChart.format(result.score());
    }

    /** The keyed state table; returns whether there was one (its chart follows it). */
    boolean state() {
        List<String> benchmarks = data.stateBenchmarks();
        if (benchmarks.isEmpty()) {
            return false;
        }
        md.line("## Keyed state, driven directly through the keyed state backend");
        md.line("");
        md.paragraph(prose.paragraph("state"));
        List<String> contenders = data.contendersOf(benchmarks);
        List<String> others = othersThanOurs(contenders);
        md.header("benchmark | backend | workload", withRatioColumns(contenders, others));
        for (String benchmark : benchmarks) {
            for (String backend : results.values(benchmark, "backend")) {
                for (String workload :
                        ReportData.orderedWorkloads(results.values(benchmark, "workload"))) {
                    StringBuilder cells =
                            new StringBuilder(
                                    "| "
                                            + ReportData.method(benchmark)
                                            + " | "
                                            + backend
                                            + " | "
                                            + workload);
                    for (String contender : contenders) {
                        double score = data.stateScore(benchmark, backend, workload, contender);
                        cells.append(" | ")
                                .append(Double.isNaN(score) ? "" : BarChart.format(score));
                    }
                    for (String other : others) {
                        cells.append(" | ")
                                .append(ratio(benchmark, workload, other, "backend", backend));
                    }
                    md.line(cells + " |");
                }
            }
        }
        md.line("");
        return true;
    }

    private String ratio(String benchmark, String workload, String other, String... params) {
        List<String> oursKey = new ArrayList<>(List.of(params));
        oursKey.addAll(List.of("workload", workload, "contender", Contenders.OURS));
        List<String> otherKey = new ArrayList<>(List.of(params));
        otherKey.addAll(List.of("workload", workload, "contender", other));
        Optional<Double> ours = results.score(benchmark, oursKey.toArray(new String[0]));
        Optional<Double> theirs = results.score(benchmark, otherKey.toArray(new String[0]));
        return ours.isPresent() && theirs.isPresent()
                ? String.format("%.2f×", ours.get() / theirs.get())
                : "";
    }

    private static List<String> othersThanOurs(List<String> contenders) {
        List<String> others = new ArrayList<>(contenders);
        others.remove(Contenders.OURS);
        return others;
    }

    /** The contenders' columns, then one "ours ÷ other" column per other contender. */
    private static List<String> withRatioColumns(List<String> contenders, List<String> others) {
        List<String> columns = new ArrayList<>(contenders);
        for (String other : others) {
            columns.add(Contenders.OURS + " ÷ " + other);
        }
        return columns;
    }
}
