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
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The same job with Flink's default for a {@code Geometry} field, Kryo: 30,000 records per job,
 * since Kryo moves an order of magnitude fewer records per millisecond (300,000 would take minutes
 * per workload). The job's fixed start and end cost weighs a little more here, which favours the
 * other contenders by a few percent at most next to a gap of more than 10×.
 */
@Warmup(iterations = 2, time = 2, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 3, time = 2, timeUnit = TimeUnit.SECONDS)
@OperationsPerInvocation(30_000) // records per job
public class KryoJobBenchmark extends JobBenchmarkBase {
    @Param({Contenders.KRYO})
    public String contender;

    @Override
    public String contender() {
        return contender;
    }
}
