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

import dev.flinkgeometry.benchmarks.data.NaturalEarth;
import dev.flinkgeometry.serializer.GeometrySerializer;
import dev.flinkgeometry.serializer.legacy.WkbGeometrySerializer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKBReader;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Setup;

/**
 * Migration throughput on the real Natural Earth corpus (3,961 geometries): reading legacy WKB
 * state, and what Flink's state migration does per value (read with the legacy serializer, write
 * with {@link GeometrySerializer}). Scores are per geometry; geometries/s = 10^9 / score.
 */
public class LegacyMigrationBenchmark extends MicroBenchmark {
    static final int GEOMETRIES = NaturalEarth.GEOMETRIES;

    private final WkbGeometrySerializer<Geometry> legacy = WkbGeometrySerializer.of(Geometry.class);
    private final GeometrySerializer<Geometry> aligned = GeometrySerializer.of(Geometry.class);
    private final DataInputDeserializer in = new DataInputDeserializer();
    private final DataOutputSerializer out = new DataOutputSerializer(1 << 20);

    private byte[] legacyState;
    private List<byte[]> wkbRecords;

    @Setup
    public void setUp() throws IOException, ParseException {
        List<Geometry> corpus = NaturalEarth.all();
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
