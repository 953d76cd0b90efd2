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
package dev.flinkgeometry.benchmarks.micro;

import dev.flinkgeometry.benchmarks.contenders.Contenders;
import dev.flinkgeometry.benchmarks.contenders.Operation;
import java.io.IOException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * {@link SerializeBenchmark} on cold records: each operation serializes the next record of a
 * workload's cold set ({@code ColdRecords}), so that every record is written once per pass over
 * thousands of distinct records and its objects are no longer in the caches.
 */
public class ColdSerializeBenchmark extends EveryWorkloadBenchmark {
    @Param({
        Contenders.OURS,
        Contenders.COMPACT,
        Contenders.WKB_LEGACY,
        Contenders.JTS_WKB,
        Contenders.KRYO,
        Contenders.SEDONA,
        Contenders.FORY,
        Contenders.MEMCPY,
        Contenders.TRAVERSE_MEMCPY
    })
    public String contender;

    private MicroFixture fixture;

    @Setup
    public void setUp() throws IOException {
        fixture = MicroFixture.createCold(workload, contender, Operation.SERIALIZE, View.BYTES);
    }

    @Benchmark
    @OperationsPerInvocation(ColdBatch.RECORDS)
    public int serialize() throws IOException {
        int written = 0;
        for (int i = 0; i < ColdBatch.RECORDS; i++) {
            written += fixture.serialize();
        }
        return written;
    }
}
