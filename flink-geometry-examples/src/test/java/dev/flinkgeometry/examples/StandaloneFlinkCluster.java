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

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A Flink standalone session cluster as two separate JVM processes, a JobManager and a TaskManager,
 * started from the Flink artifacts on this test's class path (without this project's classes and
 * JTS: those come with the job jar), on loopback with free ports; driven over the REST API.
 *
 * <p>{@link #close()} always stops both processes (forcibly if they do not stop), and a shutdown
 * hook does the same if the test JVM exits first.
 */
final class StandaloneFlinkCluster implements AutoCloseable {
    private static final Duration START_TIMEOUT = Duration.ofMinutes(1);

    private final Path directory;
    private final int restPort;
    private final List<Process> processes = new ArrayList<>();
    private final Thread shutdownHook = new Thread(this::stopProcesses, "stop flink cluster");
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private StandaloneFlinkCluster(Path directory, int restPort) {
        this.directory = directory;
        this.restPort = restPort;
    }

    /**
     * Runs one job of the example jar (system property {@code example.jar}) on a cluster of its own
     * under {@code work}: {@code entryClass} ({@code null}: the jar's main class) with {@code args}
     * and {@code --output DIR}; returns the lines the job wrote.
     */
    static List<String> runExampleJob(Path work, String entryClass, List<String> args)
            throws Exception {
        Path jar = Paths.get(System.getProperty("example.jar"));
        Path output = Files.createDirectories(work.resolve("output"));
        List<String> withOutput = new ArrayList<>(args);
        withOutput.addAll(List.of("--output", output.toString()));
        try (StandaloneFlinkCluster cluster = start(work)) {
            String jobId = cluster.runJar(cluster.uploadJar(jar), entryClass, withOutput);
            cluster.awaitFinished(jobId, Duration.ofMinutes(2));
        }
        return Files.readAllLines(output.resolve("part-0.txt"));
    }

    /**
     * Starts a JobManager and a TaskManager with two slots; returns once the slots are there. A
     * port found free can be taken by another process before the cluster binds it, so a start that
     * fails is tried again, with new ports, up to three times.
     */
    static StandaloneFlinkCluster start(Path directory) throws Exception {
        for (int attempt = 1; ; attempt++) {
            try {
                return startOnce(directory);
            } catch (Exception e) {
                if (attempt == 3) {
                    throw e;
                }
            }
        }
    }

    private static StandaloneFlinkCluster startOnce(Path directory) throws Exception {
        Path conf = Files.createDirectories(directory.resolve("conf"));
        Path tmp = Files.createDirectories(directory.resolve("tmp"));
        int restPort = freePort();
        Files.writeString(
                conf.resolve("config.yaml"),
                String.join(
                        "\n",
                        "jobmanager.rpc.address: localhost",
                        "jobmanager.bind-host: localhost",
                        "jobmanager.rpc.port: " + freePort(),
                        "jobmanager.memory.process.size: 1024m",
                        "taskmanager.host: localhost",
                        "taskmanager.bind-host: localhost",
                        "taskmanager.rpc.port: " + freePort(),
                        "taskmanager.data.port: " + freePort(),
                        "taskmanager.numberOfTaskSlots: 2",
                        // TaskManagerRunner takes its resources as the start scripts compute
                        // them: every component given explicitly (the JVM gets -Xmx512m).
                        "taskmanager.cpu.cores: 2",
                        "taskmanager.memory.framework.heap.size: 64m",
                        "taskmanager.memory.task.heap.size: 256m",
                        "taskmanager.memory.framework.off-heap.size: 64m",
                        "taskmanager.memory.task.off-heap.size: 0m",
                        "taskmanager.memory.network.min: 64m",
                        "taskmanager.memory.network.max: 64m",
                        "taskmanager.memory.managed.size: 128m",
                        "taskmanager.memory.jvm-metaspace.size: 256m",
                        "taskmanager.memory.jvm-overhead.min: 192m",
                        "taskmanager.memory.jvm-overhead.max: 192m",
                        "rest.address: localhost",
                        "rest.bind-address: localhost",
                        "rest.port: " + restPort,
                        "blob.server.port: " + freePort(),
                        "io.tmp.dirs: " + tmp,
                        "web.tmpdir: " + tmp,
                        "web.upload.dir: " + tmp,
                        ""));
        Files.writeString(
                conf.resolve("log4j.properties"),
                String.join(
                        "\n",
                        "rootLogger.level = INFO",
                        "rootLogger.appenderRef.file.ref = File",
                        "appender.file.name = File",
                        "appender.file.type = File",
                        "appender.file.fileName = ${sys:log.file}",
                        "appender.file.layout.type = PatternLayout",
                        "appender.file.layout.pattern = %d{HH:mm:ss,SSS} %-5p %c{1} - %m%n",
                        ""));
        StandaloneFlinkCluster cluster = new StandaloneFlinkCluster(directory, restPort);
        Runtime.getRuntime().addShutdownHook(cluster.shutdownHook);
        try {
            cluster.launch(
                    "jobmanager",
                    "org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint",
                    conf);
            cluster.launch(
                    "taskmanager", "org.apache.flink.runtime.taskexecutor.TaskManagerRunner", conf);
            cluster.awaitSlots(2);
            return cluster;
        } catch (Exception | Error e) {
            cluster.close();
            throw e;
        }
    }

    /** Uploads a job jar; returns its id on the cluster. */
    String uploadJar(Path jar) throws Exception {
        String boundary = UUID.randomUUID().toString();
        byte[] head =
                ("--"
                                + boundary
                                + "\r\n"
                                + "Content-Disposition: form-data; name=\"jarfile\"; filename=\""
                                + jar.getFileName()
                                + "\"\r\n"
                                + "Content-Type: application/x-java-archive\r\n\r\n")
                        .getBytes(StandardCharsets.UTF_8);
        byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8);
        HttpRequest request =
                HttpRequest.newBuilder(uri("/jars/upload"))
                        .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                        .POST(
                                HttpRequest.BodyPublishers.ofByteArrays(
                                        List.of(head, Files.readAllBytes(jar), tail)))
                        .build();
        String filename = field(send(request), "filename");
        return Paths.get(filename).getFileName().toString();
    }

    /** Runs an uploaded jar's main class with {@code args}; returns the job id. */
    String runJar(String jarId, List<String> args) throws Exception {
        return runJar(jarId, null, args);
    }

    /** Runs {@code entryClass} (the manifest's main class if null) of an uploaded jar. */
    String runJar(String jarId, String entryClass, List<String> args) throws Exception {
        String entry = entryClass == null ? "" : "\"entryClass\":\"" + entryClass + "\",";
        String json =
                args.stream()
                        .map(arg -> '"' + arg.replace("\\", "\\\\").replace("\"", "\\\"") + '"')
                        .collect(
                                Collectors.joining(
                                        ",", "{" + entry + "\"programArgsList\":[", "]}"));
        HttpRequest request =
                HttpRequest.newBuilder(uri("/jars/" + jarId + "/run"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(json))
                        .build();
        return field(send(request), "jobid");
    }

    /**
     * Runs an uploaded jar's {@code entryClass} with {@code args}, restoring from {@code
     * savepointPath} unless it is {@code null} (state of operators the job no longer has is
     * allowed); returns the job id.
     */
    String runJar(String jarId, String entryClass, List<String> args, String savepointPath)
            throws Exception {
        StringBuilder json = new StringBuilder("{\"entryClass\":").append(quoted(entryClass));
        json.append(",\"programArgsList\":")
                .append(args.stream().map(StandaloneFlinkCluster::quoted).toList());
        if (savepointPath != null) {
            json.append(",\"savepointPath\":").append(quoted(savepointPath));
            json.append(",\"allowNonRestoredState\":true");
        }
        HttpRequest request =
                HttpRequest.newBuilder(uri("/jars/" + jarId + "/run"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(json.append('}').toString()))
                        .build();
        return field(send(request), "jobid");
    }

    /**
     * Stops the running job with a savepoint in {@code directory} ({@code POST /jobs/:id/stop}),
     * waits until the savepoint is complete, and returns its path.
     */
    String stopWithSavepoint(String jobId, Path directory, Duration timeout) throws Exception {
        HttpRequest request =
                HttpRequest.newBuilder(uri("/jobs/" + jobId + "/stop"))
                        .header("Content-Type", "application/json")
                        .POST(
                                HttpRequest.BodyPublishers.ofString(
                                        "{\"targetDirectory\":"
                                                + quoted(directory.toUri().toString())
                                                + ",\"drain\":false}"))
                        .build();
        String trigger = field(send(request), "request-id");
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            String status = get("/jobs/" + jobId + "/savepoints/" + trigger);
            if (status.contains("\"COMPLETED\"")) {
                if (status.contains("failure-cause")) {
                    throw new AssertionError("savepoint failed: " + status + diagnostics());
                }
                return field(status, "location");
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("savepoint not complete after " + timeout + ": " + status);
            }
            Thread.sleep(200);
        }
    }

    /** Cancels the job ({@code PATCH /jobs/:id}). */
    void cancel(String jobId) throws Exception {
        send(
                HttpRequest.newBuilder(uri("/jobs/" + jobId + "?mode=cancel"))
                        .method("PATCH", HttpRequest.BodyPublishers.noBody())
                        .build());
    }

    /** The job's state: RUNNING, FINISHED, FAILED, ... */
    String jobState(String jobId) throws Exception {
        return field(get("/jobs/" + jobId), "state");
    }

    private static String quoted(String text) {
        return '"' + text.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    /** Waits until the job is FINISHED; fails with its exceptions if it ends otherwise. */
    void awaitFinished(String jobId, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            String state = field(get("/jobs/" + jobId), "state");
            if (state.equals("FINISHED")) {
                return;
            }
            if (state.equals("FAILED") || state.equals("CANCELED")) {
                throw new AssertionError(
                        "job "
                                + state
                                + ": "
                                + get("/jobs/" + jobId + "/exceptions")
                                + diagnostics());
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("job still " + state + " after " + timeout);
            }
            Thread.sleep(200);
        }
    }

    /** The last lines of both processes' output and logs, for a failure message. */
    String diagnostics() {
        StringBuilder text = new StringBuilder();
        for (String file :
                List.of("jobmanager.out", "jobmanager.log", "taskmanager.out", "taskmanager.log")) {
            text.append("\n----- ").append(file).append(" (last 40 lines):\n");
            try {
                List<String> lines = Files.readAllLines(directory.resolve(file));
                lines.subList(Math.max(0, lines.size() - 40), lines.size())
                        .forEach(line -> text.append(line).append('\n'));
            } catch (IOException e) {
                text.append(e).append('\n');
            }
        }
        return text.toString();
    }

    @Override
    public void close() {
        stopProcesses();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs anyway
        }
    }

    private void launch(String name, String mainClass, Path conf) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx512m");
        Arrays.stream(System.getProperty("flink.jvm.options", "").split("\\s+"))
                .filter(option -> !option.isEmpty())
                .forEach(command::add);
        command.add("-Dlog.file=" + directory.resolve(name + ".log"));
        command.add("-Dlog4j.configurationFile=" + conf.resolve("log4j.properties").toUri());
        command.add("-classpath");
        command.add(flinkClassPath());
        command.add(mainClass);
        command.add("--configDir");
        command.add(conf.toString());
        Process process =
                new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(directory.resolve(name + ".out").toFile())
                        .start();
        processes.add(process);
    }

    /**
     * This JVM's class path without this project's classes and jars and JTS (the job jar brings
     * them). The jobs report the class loader of both, so a leak would fail the tests.
     */
    private static String flinkClassPath() {
        // The test runs in the module's directory; the project's classes are in the tree, and
        // its jars may come from the local Maven repository.
        Path project = Paths.get("").toAbsolutePath().getParent();
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !Paths.get(entry).toAbsolutePath().startsWith(project))
                .filter(
                        entry ->
                                !Paths.get(entry)
                                        .getFileName()
                                        .toString()
                                        .startsWith("flink-geometry"))
                .filter(entry -> !entry.contains("jts-core"))
                .collect(Collectors.joining(File.pathSeparator));
    }

    private void awaitSlots(int slots) throws Exception {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (true) {
            for (Process process : processes) {
                if (!process.isAlive()) {
                    throw new IllegalStateException(
                            "a Flink process exited with " + process.exitValue() + diagnostics());
                }
            }
            try {
                String overview = get("/overview");
                if (Integer.parseInt(number(overview, "slots-available")) >= slots) {
                    return;
                }
            } catch (IOException notUpYet) {
                // the REST endpoint is still starting
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "the cluster did not offer "
                                + slots
                                + " slots within "
                                + START_TIMEOUT
                                + diagnostics());
            }
            Thread.sleep(200);
        }
    }

    private void stopProcesses() {
        for (Process process : processes) {
            process.destroy();
        }
        for (Process process : processes) {
            try {
                if (!process.waitFor(15, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(15, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    private String get(String path) throws Exception {
        return send(HttpRequest.newBuilder(uri(path)).GET().build());
    }

    private String send(HttpRequest request) throws Exception {
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() / 100 != 2) {
            throw new IOException(
                    request.method()
                            + " "
                            + request.uri()
                            + ": "
                            + response.statusCode()
                            + " "
                            + response.body());
        }
        return response.body();
    }

    private URI uri(String path) {
        return URI.create("http://localhost:" + restPort + "/v1" + path);
    }

    /** The first string field {@code name} of a JSON response (the top-level one where we ask). */
    private static String field(String json, String name) {
        Matcher matcher = Pattern.compile("\"" + name + "\"\\s*:\\s*\"([^\"]*)\"").matcher(json);
        if (!matcher.find()) {
            throw new IllegalStateException("no \"" + name + "\" in " + json);
        }
        return matcher.group(1);
    }

    private static String number(String json, String name) {
        Matcher matcher = Pattern.compile("\"" + name + "\"\\s*:\\s*(\\d+)").matcher(json);
        if (!matcher.find()) {
            throw new IllegalStateException("no \"" + name + "\" in " + json);
        }
        return matcher.group(1);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
