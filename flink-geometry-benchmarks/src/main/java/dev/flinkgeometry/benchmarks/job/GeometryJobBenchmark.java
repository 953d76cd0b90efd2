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
package dev.flinkgeometry.benchmarks.job;

import dev.flinkgeometry.benchmarks.contenders.Contenders;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The job benchmark of the serializers that are within a few times of each other: ours, our legacy
 * WKB one, the JTS-WKB one users write by hand and Apache Fory, with the zero-cost floor (Flink's
 * own per-record cost); 300,000 records per job.
 *
 * <p>Forks differ more than iterations do here (JIT and thread placement vary per JVM: up to ~30%
 * between two forks of one contender on two cores), so the run takes several forks of long
 * iterations (3 forks × 5 iterations of 1.5 s, after 4 of warm-up: Flink's stack takes seconds to
 * compile).
 */
// Only the fork count: JMH takes each @Fork attribute left blank (the JVM options) from
// BenchmarkBase.
@Fork(3)
@Warmup(iterations = 4, time = 1500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 1500, timeUnit = TimeUnit.MILLISECONDS)
@OperationsPerInvocation(300_000) // records per job
public class GeometryJobBenchmark extends JobBenchmarkBase {
    @Param({
        Contenders.OURS,
        Contenders.COMPACT,
        Contenders.WKB_LEGACY,
        Contenders.JTS_WKB,
        Contenders.FORY,
        Contenders.ZERO_COST
    })
    public String contender;

    @Override
    public String contender() {
        return contender;
    }
}
