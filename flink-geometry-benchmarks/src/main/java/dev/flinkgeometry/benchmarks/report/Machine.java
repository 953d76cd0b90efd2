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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The machine the report is generated on (the run's machine: {@code full} does both). */
final class Machine {
    private Machine() {}

    static String describe() {
        return Runtime.getRuntime().availableProcessors()
                + " cores, "
                + procField("/proc/cpuinfo", "model name").orElse("unknown CPU")
                + ", "
                + procField("/proc/meminfo", "MemTotal")
                        .map(Machine::gibibytes)
                        .orElse("unknown memory");
    }

    /**
     * The load averages over 1, 5 and 15 minutes when the report is written, right after the run:
     * anything well above zero means other processes shared the cores during the run.
     */
    static String load() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return fields[0] + " / " + fields[1] + " / " + fields[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static java.util.Optional<String> procField(String file, String name) {
        try {
            List<String> lines = Files.readAllLines(Path.of(file));
            for (String line : lines) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).trim().equals(name)) {
                    return java.util.Optional.of(line.substring(colon + 1).trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux: the report says "unknown".
        }
        return java.util.Optional.empty();
    }

    private static String gibibytes(String memTotal) {
        long kib = Long.parseLong(memTotal.replaceAll("[^0-9]", ""));
        return String.format("%.1f GiB memory", kib / (1024.0 * 1024.0));
    }
}
