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
package dev.flinkgeometry.benchmarks.state;

import dev.flinkgeometry.benchmarks.BenchmarkBase;
import dev.flinkgeometry.benchmarks.contenders.Contenders;
import dev.flinkgeometry.benchmarks.data.NaturalEarth;
import dev.flinkgeometry.benchmarks.data.Workloads;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import org.locationtech.jts.geom.Geometry;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The size of a RocksDB {@code ValueState<Geometry>} per serializer: the time to take a native
 * savepoint (SST files copied to a directory on disk) is the score; its size and that of the
 * flushed RocksDB directory are secondary results. {@code gps-point} holds {@link #gpsPoints}
 * distinct feed points, {@code natural-earth} the 3,961 geometries once, under keys 0..n-1.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
public class StateSizeBenchmark extends BenchmarkBase {
    @Param({Workloads.GPS_POINT, Workloads.NATURAL_EARTH})
    public String dataset;

    /** The GPS points held; the quick suite lowers it to stay fast. */
    @Param({"1000000"})
    public int gpsPoints;

    @Param({
        Contenders.OURS,
        Contenders.COMPACT,
        Contenders.COMPACT_7,
        Contenders.KRYO,
        Contenders.JTS_WKB,
        Contenders.KEYS_ONLY
    })
    public String contender;

    private SavepointFixture fixture;
    private long stateDirBytes;
    private File savepoint;

    /**
     * The sizes, as JMH secondary results: the same in every iteration. JMH's score of an event
     * counter is the sum over the iterations; the report reads one iteration's value.
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Sizes {
        public long savepointBytes;
        public long stateDirBytes;
    }

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        fixture = new SavepointFixture(contender, geometries(dataset, gpsPoints));
        stateDirBytes = fixture.stateDirBytes();
    }

    static Geometry[] geometries(String dataset, int gpsPoints) {
        if (dataset.equals(Workloads.GPS_POINT)) {
            return Workloads.gpsPoints(gpsPoints);
        }
        if (dataset.equals(Workloads.NATURAL_EARTH)) {
            return NaturalEarth.all().toArray(new Geometry[0]);
        }
        throw new IllegalArgumentException("unknown dataset " + dataset);
    }

    @Setup(Level.Iteration)
    public void newSavepointDirectory() throws IOException {
        savepoint = Files.createTempDirectory("geometry-savepoint").toFile();
    }

    @Benchmark
    public void nativeSavepoint(Sizes sizes) throws Exception {
        sizes.savepointBytes = fixture.savepoint(savepoint);
        sizes.stateDirBytes = stateDirBytes;
    }

    @TearDown(Level.Iteration)
    public void deleteSavepoint() throws IOException {
        SavepointFixture.delete(savepoint);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        if (fixture != null) {
            fixture.close();
        }
    }
}
