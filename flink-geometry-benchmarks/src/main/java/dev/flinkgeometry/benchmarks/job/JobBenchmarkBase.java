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

import dev.flinkgeometry.benchmarks.BenchmarkBase;
import dev.flinkgeometry.benchmarks.FlinkEnvironmentContext;
import dev.flinkgeometry.benchmarks.contenders.Contenders;
import dev.flinkgeometry.benchmarks.contenders.ExactGeometry;
import dev.flinkgeometry.benchmarks.data.Workloads;
import java.io.IOException;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.typeutils.PojoTypeInfo;
import org.apache.flink.api.java.typeutils.runtime.kryo.KryoSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.locationtech.jts.geom.Geometry;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * A job in the style of flink-benchmarks' {@code SerializationFrameworkMiniBenchmarks}: a source of
 * {@link GeometryRecord}s, {@code rebalance()} (so every record is serialized, sent through Flink's
 * network stack and deserialized), a discarding sink; 300,000 records per invocation, in records
 * per millisecond. Parallelism 1: the source and the sink task each get one of two cores.
 */
public class GeometryJobBenchmark extends BenchmarkBase {
    public static final int RECORDS_PER_INVOCATION = 300_000;

    // Not polygon-256: Kryo needs ~100 s per invocation there, too long for the full run.
    @Param({"point", "polygon-16"})
    public String workload;

    @Param({"ours", "kryo", "wkb-legacy"})
    public String contender;

    private Geometry geometry;
    private TypeInformation<GeometryRecord> recordType;

    @Setup
    public void setUp() throws IOException {
        geometry = single(Workloads.load(workload));
        recordType = GeometryRecordTypes.of(contender);
        verify(new SerializerConfigImpl());
    }

    @Benchmark
    @OperationsPerInvocation(RECORDS_PER_INVOCATION)
    public void rebalance(FlinkEnvironmentContext context) throws Exception {
        StreamExecutionEnvironment env = context.environment(1);
        env.fromSequence(0, RECORDS_PER_INVOCATION - 1)
                .map(new ToRecord(geometry))
                .returns(recordType)
                .rebalance()
                .sinkTo(new DiscardingSink<>());
        context.execute(env);
    }

    /** The job's record serializer is the contender's, and gives the record back exactly. */
    private void verify(SerializerConfigImpl config) throws IOException {
        TypeSerializer<?> field =
                ((PojoTypeInfo<GeometryRecord>) recordType)
                        .getTypeAt("geometry")
                        .createSerializer(config);
        TypeSerializer<GeometryRecord> serializer = recordType.createSerializer(config);
        if (contender.equals(Contenders.KRYO) != (field instanceof KryoSerializer)) {
            throw new IllegalStateException(contender + " job uses " + field);
        }
        DataOutputSerializer out = new DataOutputSerializer(1 << 16);
        serializer.serialize(new GeometryRecord(7, geometry), out);
        GeometryRecord back =
                serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
        if (back.id != 7) {
            throw new IllegalStateException(contender + " lost the record id");
        }
        ExactGeometry.require(contender, geometry, back.geometry);
    }

    private static Geometry single(Geometry[] geometries) {
        if (geometries.length != 1) {
            throw new IllegalArgumentException("a job workload is one shape");
        }
        return geometries[0];
    }

    /** Emits one reused record per number (object reuse is on, as in flink-benchmarks). */
    private static final class ToRecord implements MapFunction<Long, GeometryRecord> {
        private static final long serialVersionUID = 1L;
        private final Geometry geometry;
        private transient GeometryRecord record;

        ToRecord(Geometry geometry) {
            this.geometry = geometry;
        }

        @Override
        public GeometryRecord map(Long id) {
            if (record == null) {
                record = new GeometryRecord(0, geometry);
            }
            record.id = id;
            return record;
        }
    }
}
