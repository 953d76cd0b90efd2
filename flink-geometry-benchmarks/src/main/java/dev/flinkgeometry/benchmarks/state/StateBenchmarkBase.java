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
import dev.flinkgeometry.benchmarks.contenders.ExactGeometry;
import dev.flinkgeometry.benchmarks.data.Workloads;
import dev.flinkgeometry.format.aligned.AlignedFormat;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.base.array.BytePrimitiveArraySerializer;
import org.apache.flink.core.fs.CloseableRegistry;
import org.apache.flink.runtime.state.AbstractKeyedStateBackend;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.util.AffineTransformation;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Keyed state driven directly through a keyed state backend, one state access per operation, in
 * operations per millisecond: {@value #KEYS} keys, each geometry a translated copy of the
 * workload's shape so that keys differ.
 */
// Shorter than BenchmarkBase: 136 runs (value: 6 contenders x 2 operations, keys: 5 contenders;
// each on 2 backends x 4 workloads).
@Warmup(iterations = 3, time = 400, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 300, timeUnit = TimeUnit.MILLISECONDS)
public abstract class StateBenchmarkBase extends BenchmarkBase {
    static final int KEYS = 1024;

    @Param({"hashmap", "rocksdb"})
    public String backend;

    @Param({"point", "polygon-16", "polygon-256", "gps-point"})
    public String workload;

    /**
     * The contender, a {@code @Param} of each subclass: their lists differ (the {@code
     * bytes-construct} floor only makes sense where values are read).
     */
    abstract String contender();

    /** Whether the contender stores pre-encoded bytes: {@code bytes} or {@code bytes-construct}. */
    boolean bytesFloor() {
        return contender().equals(Contenders.BYTES)
                || contender().equals(Contenders.BYTES_CONSTRUCT);
    }

    private final CloseableRegistry resources = new CloseableRegistry();
    private File directory;
    private int next;

    /** {@value #KEYS} distinct geometries of the workload's shape. */
    Geometry[] geometries() {
        Geometry[] shapes = Workloads.load(workload);
        Geometry[] geometries = new Geometry[KEYS];
        for (int i = 0; i < KEYS; i++) {
            Geometry shape = shapes[i % shapes.length];
            geometries[i] = AffineTransformation.translationInstance(i, -i).transform(shape);
        }
        return geometries;
    }

    /**
     * What the state holds for each geometry: the geometry itself, or for the {@code bytes} floor
     * the record {@code ours} encodes for it, computed beforehand ({@code asKey}: wrapped as a key
     * with content equality, since Flink hashes keys by {@code hashCode}).
     */
    Object[] values(boolean asKey) throws IOException {
        Geometry[] geometries = geometries();
        if (!bytesFloor()) {
            return geometries;
        }
        Object[] encoded = new Object[geometries.length];
        for (int i = 0; i < geometries.length; i++) {
            byte[] bytes = AlignedFormat.encode(geometries[i]);
            encoded[i] = asKey ? new EncodedKey(bytes) : bytes;
        }
        return encoded;
    }

    /** The serializer of {@link #values}: the contender's, or the floor's {@code byte[]} one. */
    @SuppressWarnings("unchecked")
    <T> TypeSerializer<T> serializer(boolean asKey) {
        if (bytesFloor()) {
            return (TypeSerializer<T>)
                    (asKey
                            ? EncodedKey.Serializer.INSTANCE
                            : BytePrimitiveArraySerializer.INSTANCE);
        }
        return (TypeSerializer<T>) Contenders.flinkSerializer(contender());
    }

    /** Fails the setup unless {@code actual} is exactly {@code expected}. */
    void requireSame(Object expected, Object actual) {
        if (expected instanceof Geometry) {
            ExactGeometry.require(contender(), (Geometry) expected, (Geometry) actual);
        } else if (!expected.equals(actual)
                && !(expected instanceof byte[]
                        && actual instanceof byte[]
                        && Arrays.equals((byte[]) expected, (byte[]) actual))) {
            throw new IllegalStateException(contender() + " gave back other bytes");
        }
    }

    <K> AbstractKeyedStateBackend<K> createBackend(TypeSerializer<K> keySerializer)
            throws Exception {
        directory = Files.createTempDirectory("geometry-state-benchmark").toFile();
        AbstractKeyedStateBackend<K> keyed =
                KeyedBackends.create(backend, keySerializer, directory, resources);
        resources.registerCloseable(
                () -> {
                    keyed.dispose();
                    keyed.close();
                });
        return keyed;
    }

    int nextIndex() {
        int index = next;
        next = (index + 1) & (KEYS - 1);
        return index;
    }

    @TearDown
    public void tearDown() throws IOException {
        resources.close();
        if (directory != null && directory.exists()) {
            try (Stream<java.nio.file.Path> files = Files.walk(directory.toPath())) {
                files.sorted(Comparator.reverseOrder())
                        .map(java.nio.file.Path::toFile)
                        .forEach(File::delete);
            }
        }
    }
}
