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

import java.util.Map;

/**
 * One JMH result: {@code benchmark} is {@code ClassName.method} without the package, {@code score}
 * in {@code unit} ({@code ns/op} for micro benchmarks, {@code ops/ms} for jobs and state).
 */
record Result(
        String benchmark,
        Map<String, String> params,
        String mode,
        double score,
        double error,
        String unit) {

    String param(String name) {
        return params.getOrDefault(name, "");
    }

    /** The benchmark class without its {@code Benchmark} suffix: {@code Serialize}, ... */
    String group() {
        String type = benchmark.substring(0, benchmark.indexOf('.'));
        return type.endsWith("Benchmark") ? type.substring(0, type.length() - 9) : type;
    }

    String method() {
        return benchmark.substring(benchmark.indexOf('.') + 1);
    }

    boolean throughput() {
        return mode.equals("thrpt");
    }
}
