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
package dev.flinkgeometry.serializer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.NaturalEarth;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;

/**
 * Flink gives every thread its own {@code duplicate()} of a stateful serializer; duplicates of one
 * serializer must then work side by side without sharing anything (buffers, encoder state).
 */
class GeometrySerializerConcurrencyTest {
    private static final int THREADS = 4;
    private static final int ROUNDS = 3;

    @Test
    void duplicatesOnManyThreadsGiveExactlyTheSingleThreadedResults() throws Exception {
        List<Geometry> corpus = NaturalEarth.all();
        GeometrySerializer<Geometry> original =
                GeometrySerializer.of(Geometry.class, CoordinateSequenceKind.PACKED_DOUBLE);
        byte[] expected = serializeAll(original.duplicate(), corpus);

        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<byte[]>> results = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                GeometrySerializer<Geometry> own = original.duplicate();
                results.add(
                        pool.submit(
                                () -> {
                                    byte[] bytes = null;
                                    for (int round = 0; round < ROUNDS; round++) {
                                        bytes = serializeAll(own, corpus);
                                        assertDecodesExactly(own, bytes, corpus);
                                    }
                                    return bytes;
                                }));
            }
            for (Future<byte[]> result : results) {
                assertThat(result.get()).isEqualTo(expected);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static byte[] serializeAll(GeometrySerializer<Geometry> serializer, List<Geometry> all)
            throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(1 << 16);
        for (Geometry geometry : all) {
            serializer.serialize(geometry, out);
        }
        return out.getCopyOfBuffer();
    }

    private static void assertDecodesExactly(
            GeometrySerializer<Geometry> serializer, byte[] bytes, List<Geometry> expected)
            throws Exception {
        DataInputDeserializer in = new DataInputDeserializer(bytes);
        for (Geometry geometry : expected) {
            ExactGeometry.assertExactlyEqual(serializer.deserialize(in), geometry);
        }
        assertThat(in.available()).isZero();
    }
}
