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
package dev.flinkgeometry.table;

import dev.flinkgeometry.benchmarks.BenchmarkBase;
import dev.flinkgeometry.benchmarks.data.Workloads;
import dev.flinkgeometry.serializer.GeometryEncoding;
import dev.flinkgeometry.serializer.GeometrySerializer;
import java.io.IOException;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.locationtech.jts.geom.Geometry;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The geometry aggregates on one group of {@link #FIXES} GPS fixes (a vehicle's 5-minute window at
 * 1 Hz): records per millisecond (the score, per fix) and the state bytes of the group's
 * accumulator at the end (a secondary result), with the geometries of the state aligned or compact.
 * {@code heap} accumulates into the object, as the hashmap backend keeps it, and writes the state
 * once; {@code rocksdb} reads and writes the accumulator's bytes around every fix, as RocksDB's
 * value state does. (In the benchmarks module, in the SQL module's package, to reach the
 * accumulators' serializer.)
 */
@OperationsPerInvocation(AggregateBenchmark.FIXES)
public class AggregateBenchmark extends BenchmarkBase {
    static final int FIXES = 300;

    @Param({"ST_MakeLine", "ST_Collect", "ST_Union", "ST_Extent"})
    public String aggregate;

    @Param({"aligned", "compact"})
    public String encoding;

    @Param({"heap", "rocksdb"})
    public String backend;

    private Object aggregateFunction;
    private GeometryAggregate<Object> function;
    private AccumulatorSerializer<Object> serializer;
    private Geometry[] fixes;
    private final DataOutputSerializer out = new DataOutputSerializer(4096);
    private final DataInputDeserializer in = new DataInputDeserializer();

    /** The state bytes of one group after all its fixes (the same in every iteration). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class StateBytes {
        public long stateBytesPerGroup;
    }

    @Setup(Level.Trial)
    @SuppressWarnings("unchecked")
    public void setUp() {
        AccumulatorKind kind;
        switch (aggregate) {
            case "ST_MakeLine":
                function = (GeometryAggregate<Object>) (GeometryAggregate<?>) new StMakeLine();
                kind = AccumulatorKind.TRACK;
                break;
            case "ST_Collect":
                function = (GeometryAggregate<Object>) (GeometryAggregate<?>) new StCollect();
                kind = AccumulatorKind.COLLECT;
                break;
            case "ST_Union":
                function = (GeometryAggregate<Object>) (GeometryAggregate<?>) new StUnion();
                kind = AccumulatorKind.UNION;
                break;
            case "ST_Extent":
                function = (GeometryAggregate<Object>) (GeometryAggregate<?>) new StExtent();
                kind = AccumulatorKind.EXTENT;
                break;
            default:
                throw new IllegalArgumentException("unknown aggregate " + aggregate);
        }
        aggregateFunction = function;
        GeometrySerializer<Geometry> geometries =
                encoding.equals("compact")
                        ? GeometrySerializer.of(Geometry.class, GeometryEncoding.compact())
                        : GeometrySerializer.of(Geometry.class);
        serializer = new AccumulatorSerializer<>(kind, geometries);
        fixes = Workloads.gpsPoints(FIXES);
        for (Geometry fix : fixes) {
            fix.setSRID(4326);
        }
    }

    @Benchmark
    public Geometry group(StateBytes bytes) throws IOException {
        Object accumulator = function.createAccumulator();
        boolean rocksdb = backend.equals("rocksdb");
        for (int i = 0; i < fixes.length; i++) {
            if (rocksdb && i > 0) {
                in.setBuffer(out.getSharedBuffer(), 0, out.length());
                accumulator = serializer.deserialize(in);
            }
            accumulate(accumulator, fixes[i], i);
            if (rocksdb) {
                out.clear();
                serializer.serialize(accumulator, out);
            }
        }
        if (!rocksdb) {
            out.clear();
            serializer.serialize(accumulator, out);
        }
        bytes.stateBytesPerGroup = out.length();
        return function.getValue(accumulator);
    }

    private void accumulate(Object accumulator, Geometry fix, long second) {
        Object f = aggregateFunction;
        if (f instanceof StMakeLine) {
            ((StMakeLine) f).accumulate((TrackAccumulator) accumulator, fix, second);
        } else if (f instanceof StCollect) {
            ((StCollect) f).accumulate((CollectAccumulator) accumulator, fix);
        } else if (f instanceof StUnion) {
            ((StUnion) f).accumulate((UnionAccumulator) accumulator, fix);
        } else {
            ((StExtent) f).accumulate((ExtentAccumulator) accumulator, fix);
        }
    }
}
