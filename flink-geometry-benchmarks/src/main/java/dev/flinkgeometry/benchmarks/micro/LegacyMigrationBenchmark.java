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

import dev.flinkgeometry.serializer.GeometrySerializer;
import dev.flinkgeometry.serializer.legacy.WkbGeometrySerializer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKBReader;
import org.locationtech.jts.io.WKTReader;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Migration throughput on the real Natural Earth corpus (3,961 geometries): reading legacy WKB
 * state, and what Flink's state migration does per value (read with the legacy serializer, write
 * with {@link GeometrySerializer}). Scores are per geometry; geometries/s = 10^9 / score.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class LegacyMigrationBenchmark {
    static final int GEOMETRIES = 3961;

    private static final String[] FILES = {
        "cities", "countries-110m", "countries-50m", "lakes", "rivers", "coastline"
    };

    private final WkbGeometrySerializer<Geometry> legacy = WkbGeometrySerializer.of(Geometry.class);
    private final GeometrySerializer<Geometry> aligned = GeometrySerializer.of(Geometry.class);
    private final DataInputDeserializer in = new DataInputDeserializer();
    private final DataOutputSerializer out = new DataOutputSerializer(1 << 20);

    private byte[] legacyState;
    private List<byte[]> wkbRecords;

    @Setup
    public void setUp() throws IOException, ParseException {
        List<Geometry> corpus = naturalEarth();
        if (corpus.size() != GEOMETRIES) {
            throw new IllegalStateException("corpus has " + corpus.size() + " geometries");
        }
        DataOutputSerializer state = new DataOutputSerializer(1 << 24);
        wkbRecords = new ArrayList<>();
        for (Geometry geometry : corpus) {
            int start = state.length();
            legacy.serialize(geometry, state);
            wkbRecords.add(
                    java.util.Arrays.copyOfRange(
                            state.getSharedBuffer(), start + 4, state.length()));
        }
        legacyState = state.getCopyOfBuffer();
        // Every contender must read the corpus back before it may post a number.
        in.setBuffer(legacyState);
        for (Geometry expected : corpus) {
            if (!legacy.deserialize(in).equalsExact(expected)) {
                throw new IllegalStateException("legacy round trip failed for " + expected);
            }
        }
        WKBReader reader = new WKBReader();
        for (int i = 0; i < corpus.size(); i++) {
            if (!reader.read(wkbRecords.get(i)).equalsExact(corpus.get(i))) {
                throw new IllegalStateException("JTS WKBReader round trip failed");
            }
        }
    }

    static List<Geometry> naturalEarth() throws IOException, ParseException {
        WKTReader reader = new WKTReader();
        reader.setIsOldJtsCoordinateSyntaxAllowed(false);
        List<Geometry> geometries = new ArrayList<>();
        for (String file : FILES) {
            String resource = "/natural-earth/natural-earth-" + file + ".wkt";
            try (InputStream stream = LegacyMigrationBenchmark.class.getResourceAsStream(resource);
                    BufferedReader lines =
                            new BufferedReader(
                                    new InputStreamReader(stream, StandardCharsets.US_ASCII))) {
                for (String line; (line = lines.readLine()) != null; ) {
                    geometries.add(reader.read(line));
                }
            }
        }
        return geometries;
    }

    /** Reads the legacy state through {@link WkbGeometrySerializer}. */
    @Benchmark
    @OperationsPerInvocation(GEOMETRIES)
    public int legacyRead() throws IOException {
        in.setBuffer(legacyState);
        int points = 0;
        for (int i = 0; i < GEOMETRIES; i++) {
            points += legacy.deserialize(in).getNumPoints();
        }
        return points;
    }

    /** The same bytes through JTS's own {@code WKBReader}, for comparison. */
    @Benchmark
    @OperationsPerInvocation(GEOMETRIES)
    public int jtsWkbRead() throws ParseException {
        WKBReader reader = new WKBReader();
        int points = 0;
        for (byte[] record : wkbRecords) {
            points += reader.read(record).getNumPoints();
        }
        return points;
    }

    /** What state migration does per value: read legacy WKB, write the aligned format. */
    @Benchmark
    @OperationsPerInvocation(GEOMETRIES)
    public int migrate() throws IOException {
        in.setBuffer(legacyState);
        out.clear();
        for (int i = 0; i < GEOMETRIES; i++) {
            aligned.serialize(legacy.deserialize(in), out);
        }
        return out.length();
    }
}
