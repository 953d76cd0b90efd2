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
 * network stack and deserialized), a discarding sink; in records per millisecond. Parallelism 1:
 * the source and the sink task each get one of two cores. The {@code natural-earth} workload
 * rotates through its 3,961 countries and lakes record by record.
 *
 * <p>Each invocation is a whole job, whose start and end cost the same for every contender; the
 * subclasses choose how many records amortize it, in their class-level {@link
 * OperationsPerInvocation} annotation.
 */
public abstract class JobBenchmarkBase extends BenchmarkBase {
    // Not polygon-256: Kryo needs ~100 s per 300,000 records there.
    @Param({"point", "polygon-16", "gps-point", "gps-track-17", "natural-earth"})
    public String workload;

    private Geometry[] geometries;
    private TypeInformation<GeometryRecord> recordType;
    private int recordsPerJob;

    public abstract String contender();

    @Setup
    public void setUp() throws IOException {
        geometries = Workloads.load(workload);
        if (contender().equals(Contenders.ZERO_COST)) {
            geometries = ZeroCostSerializer.indexed(geometries);
        }
        recordType = GeometryRecordTypes.of(contender(), geometries);
        verify(new SerializerConfigImpl());
        // The subclass's @OperationsPerInvocation, so that its job size is written once.
        recordsPerJob = getClass().getAnnotation(OperationsPerInvocation.class).value();
    }

    /** One job of as many records as the subclass's {@link OperationsPerInvocation} says. */
    @Benchmark
    public void rebalance(FlinkEnvironmentContext context) throws Exception {
        StreamExecutionEnvironment env = context.environment(1);
        env.fromSequence(0, recordsPerJob - 1)
                .map(new ToRecord(geometries))
                .returns(recordType)
                .rebalance()
                .sinkTo(new DiscardingSink<>());
        context.execute(env);
    }

    /** The job's record serializer is the contender's, and gives every record back exactly. */
    private void verify(SerializerConfigImpl config) throws IOException {
        TypeSerializer<?> field =
                ((PojoTypeInfo<GeometryRecord>) recordType)
                        .getTypeAt("geometry")
                        .createSerializer(config);
        TypeSerializer<GeometryRecord> serializer = recordType.createSerializer(config);
        if (contender().equals(Contenders.KRYO) != (field instanceof KryoSerializer)) {
            throw new IllegalStateException(contender() + " job uses " + field);
        }
        DataOutputSerializer out = new DataOutputSerializer(1 << 16);
        DataInputDeserializer in = new DataInputDeserializer();
        for (int i = 0; i < geometries.length; i++) {
            out.clear();
            serializer.serialize(new GeometryRecord(i, geometries[i]), out);
            in.setBuffer(out.getSharedBuffer(), 0, out.length());
            GeometryRecord back = serializer.deserialize(in);
            if (back.id != i) {
                throw new IllegalStateException(contender() + " lost the record id");
            }
            ExactGeometry.require(contender(), geometries[i], back.geometry);
        }
    }

    /** Emits one reused record per number (object reuse is on, as in flink-benchmarks). */
    private static final class ToRecord implements MapFunction<Long, GeometryRecord> {
        private static final long serialVersionUID = 1L;
        private final Geometry[] geometries;
        private transient GeometryRecord record;

        ToRecord(Geometry[] geometries) {
            this.geometries = geometries;
        }

        @Override
        public GeometryRecord map(Long id) {
            if (record == null) {
                record = new GeometryRecord();
            }
            record.id = id;
            record.geometry = geometries[(int) (id % geometries.length)];
            return record;
        }
    }
}
