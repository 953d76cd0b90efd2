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
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKBReader;
import org.locationtech.jts.io.WKBWriter;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A first side-by-side measure: a 16-segment polygon (the shape of the Sedona write-up) through
 * {@link GeometrySerializer}, JTS WKB with an int length prefix, and Sedona's serde with an int
 * length prefix, all through Flink's {@code DataOutputSerializer}/{@code DataInputDeserializer}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class PolygonSerdeBenchmark {
    private final GeometrySerializer<Geometry> serializer = GeometrySerializer.of(Geometry.class);
    private final WKBWriter wkbWriter = new WKBWriter(2, true);
    private final WKBReader wkbReader = new WKBReader();
    private final DataOutputSerializer out = new DataOutputSerializer(4096);
    private final DataInputDeserializer in = new DataInputDeserializer();

    private Geometry polygon;
    private byte[] ours;
    private byte[] wkb;
    private byte[] sedona;

    @Setup
    public void setUp() throws IOException, ParseException {
        polygon = circle(16);
        out.clear();
        serializer.serialize(polygon, out);
        ours = out.getCopyOfBuffer();
        wkb = framed(wkbWriter.write(polygon));
        sedona =
                framed(
                        org.apache.sedona.common.geometrySerde.GeometrySerializer.serialize(
                                polygon));
        // A contender that does not round-trip must not post a number.
        check(ourDeserialize());
        check(wkbDeserialize());
        check(sedonaDeserialize());
    }

    /** A closed ring of {@code segments} segments around (10, 20), as the Sedona write-up uses. */
    static Geometry circle(int segments) {
        Coordinate[] ring = new Coordinate[segments + 1];
        for (int i = 0; i < segments; i++) {
            double angle = 2 * Math.PI * i / segments;
            ring[i] = new Coordinate(10 + Math.cos(angle), 20 + Math.sin(angle));
        }
        ring[segments] = ring[0].copy();
        return new GeometryFactory().createPolygon(ring);
    }

    private void check(Geometry decoded) {
        if (!decoded.equalsExact(polygon)) {
            throw new IllegalStateException("round trip failed: " + decoded);
        }
    }

    private byte[] framed(byte[] payload) throws IOException {
        out.clear();
        out.writeInt(payload.length);
        out.write(payload);
        return out.getCopyOfBuffer();
    }

    @Benchmark
    public int ourSerialize() throws IOException {
        out.clear();
        serializer.serialize(polygon, out);
        return out.length();
    }

    @Benchmark
    public int wkbSerialize() throws IOException {
        out.clear();
        byte[] bytes = wkbWriter.write(polygon);
        out.writeInt(bytes.length);
        out.write(bytes);
        return out.length();
    }

    @Benchmark
    public int sedonaSerialize() throws IOException {
        out.clear();
        byte[] bytes = org.apache.sedona.common.geometrySerde.GeometrySerializer.serialize(polygon);
        out.writeInt(bytes.length);
        out.write(bytes);
        return out.length();
    }

    @Benchmark
    public Geometry ourDeserialize() throws IOException {
        in.setBuffer(ours);
        return serializer.deserialize(in);
    }

    @Benchmark
    public Geometry wkbDeserialize() throws IOException, ParseException {
        in.setBuffer(wkb);
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        return wkbReader.read(bytes);
    }

    @Benchmark
    public Geometry sedonaDeserialize() throws IOException {
        in.setBuffer(sedona);
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        return org.apache.sedona.common.geometrySerde.GeometrySerializer.deserialize(bytes);
    }
}
