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
import dev.flinkgeometry.serializer.legacy.WkbGeometrySerializer;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.GoldenGeometries;
import dev.flinkgeometry.testing.NaturalEarth;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.UnaryOperator;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;

/**
 * Flink gives every thread its own {@code duplicate()} of a stateful serializer; duplicates of one
 * serializer must then work side by side without sharing anything (buffers, encoder and reader
 * state). Eight threads, each with a duplicate of one of three serializers (aligned format with
 * either sequence kind, legacy WKB), all at once over the real data and the golden geometries, must
 * give exactly the single-threaded bytes and geometries.
 */
class GeometrySerializerConcurrencyTest {
    private static final int THREADS = 8;
    private static final int ROUNDS = 2;

    /** A serializer and what it gives back for a geometry. */
    private static final class Subject {
        final TypeSerializer<Geometry> serializer;
        final UnaryOperator<Geometry> readBack;

        Subject(TypeSerializer<Geometry> serializer, UnaryOperator<Geometry> readBack) {
            this.serializer = serializer;
            this.readBack = readBack;
        }
    }

    @Test
    void duplicatesOnManyThreadsGiveExactlyTheSingleThreadedResults() throws Exception {
        List<Geometry> corpus = new ArrayList<>(NaturalEarth.all());
        corpus.addAll(GoldenGeometries.wkbV1());
        List<Subject> subjects =
                List.of(
                        new Subject(
                                GeometrySerializer.of(Geometry.class, CoordinateSequenceKind.ARRAY),
                                ExactGeometry::asDecoded),
                        new Subject(
                                GeometrySerializer.of(
                                        Geometry.class, CoordinateSequenceKind.PACKED_DOUBLE),
                                ExactGeometry::asDecoded),
                        new Subject(
                                WkbGeometrySerializer.of(Geometry.class),
                                ExactGeometry::asReadFromLegacyWkb));
        List<byte[]> expectedBytes = new ArrayList<>();
        List<List<Geometry>> expectedGeometries = new ArrayList<>();
        for (Subject subject : subjects) {
            expectedBytes.add(serializeAll(subject.serializer.duplicate(), corpus));
            List<Geometry> readBack = new ArrayList<>();
            corpus.forEach(g -> readBack.add(subject.readBack.apply(g)));
            expectedGeometries.add(readBack);
        }

        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<byte[]>> results = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int s = t % subjects.size();
                TypeSerializer<Geometry> own = subjects.get(s).serializer.duplicate();
                Callable<byte[]> work =
                        () -> {
                            start.await();
                            byte[] bytes = null;
                            for (int round = 0; round < ROUNDS; round++) {
                                bytes = serializeAll(own, corpus);
                                assertDecodesExactly(own, bytes, expectedGeometries.get(s));
                            }
                            return bytes;
                        };
                results.add(pool.submit(work));
            }
            start.countDown();
            for (int t = 0; t < THREADS; t++) {
                assertThat(results.get(t).get())
                        .as("thread %d", t)
                        .isEqualTo(expectedBytes.get(t % subjects.size()));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static byte[] serializeAll(TypeSerializer<Geometry> serializer, List<Geometry> all)
            throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(1 << 16);
        for (Geometry geometry : all) {
            serializer.serialize(geometry, out);
        }
        return out.getCopyOfBuffer();
    }

    private static void assertDecodesExactly(
            TypeSerializer<Geometry> serializer, byte[] bytes, List<Geometry> expected)
            throws Exception {
        DataInputDeserializer in = new DataInputDeserializer(bytes);
        for (Geometry geometry : expected) {
            ExactGeometry.assertExactlyEqual(serializer.deserialize(in), geometry);
        }
        assertThat(in.available()).isZero();
    }
}
