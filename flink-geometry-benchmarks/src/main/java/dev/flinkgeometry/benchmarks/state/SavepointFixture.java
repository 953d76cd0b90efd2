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

import dev.flinkgeometry.benchmarks.contenders.Contenders;
import dev.flinkgeometry.benchmarks.contenders.ExactGeometry;
import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.core.fs.CloseableRegistry;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.runtime.checkpoint.CheckpointOptions;
import org.apache.flink.runtime.checkpoint.SavepointType;
import org.apache.flink.runtime.state.AbstractKeyedStateBackend;
import org.apache.flink.runtime.state.CheckpointStorageLocationReference;
import org.apache.flink.runtime.state.KeyedStateHandle;
import org.apache.flink.runtime.state.SnapshotResult;
import org.apache.flink.runtime.state.VoidNamespace;
import org.apache.flink.runtime.state.VoidNamespaceSerializer;
import org.apache.flink.runtime.state.filesystem.FsCheckpointStreamFactory;
import org.apache.flink.state.rocksdb.RocksDBKeyedStateBackend;
import org.apache.flink.util.concurrent.FutureUtils;
import org.locationtech.jts.geom.Geometry;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.FlushOptions;
import org.rocksdb.RocksDB;

/**
 * A RocksDB {@code ValueState<Geometry>} under {@code long} keys 0..n-1, filled with one
 * contender's serializer, checked, and flushed to SST files (no compaction is forced), from which
 * native savepoints are taken into a directory on disk.
 */
final class SavepointFixture implements Closeable {
    private static final String STATE = "geometry";

    private final CloseableRegistry resources = new CloseableRegistry();
    private final File directory;
    private final AbstractKeyedStateBackend<Long> keyed;
    private long checkpointId;

    SavepointFixture(String contender, Geometry[] geometries) throws Exception {
        directory = Files.createTempDirectory("geometry-state-size").toFile();
        keyed =
                KeyedBackends.create(
                        KeyedBackends.ROCKSDB, LongSerializer.INSTANCE, directory, resources);
        resources.registerCloseable(
                () -> {
                    keyed.dispose();
                    keyed.close();
                });
        TypeSerializer<Geometry> serializer =
                contender.equals(Contenders.KEYS_ONLY)
                        ? new NoBytesSerializer()
                        : Contenders.flinkSerializer(contender);
        ValueState<Geometry> state =
                keyed.getPartitionedState(
                        VoidNamespace.INSTANCE,
                        VoidNamespaceSerializer.INSTANCE,
                        new ValueStateDescriptor<>(STATE, serializer));
        for (int i = 0; i < geometries.length; i++) {
            keyed.setCurrentKey((long) i);
            state.update(geometries[i]);
        }
        requireReadBack(contender, serializer.duplicate(), state, geometries);
        flush();
    }

    /** A few values read back exactly (a lossy contender: as its own round trip gives them). */
    private void requireReadBack(
            String contender,
            TypeSerializer<Geometry> serializer,
            ValueState<Geometry> state,
            Geometry[] geometries)
            throws Exception {
        if (keyed.numKeyValueStateEntries() != geometries.length) {
            throw new IllegalStateException(
                    contender + ": " + keyed.numKeyValueStateEntries() + " entries in state");
        }
        if (contender.equals(Contenders.KEYS_ONLY)) {
            return; // its values carry nothing to compare
        }
        int step = Math.max(1, geometries.length / 7);
        for (int i = 0; i < geometries.length; i += step) {
            keyed.setCurrentKey((long) i);
            Geometry expected =
                    contender.equals(Contenders.COMPACT_7)
                            ? roundTrip(serializer, geometries[i])
                            : geometries[i];
            ExactGeometry.require(contender, expected, state.value());
        }
    }

    private static Geometry roundTrip(TypeSerializer<Geometry> serializer, Geometry geometry)
            throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(256);
        serializer.serialize(geometry, out);
        return serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
    }

    /** Writes the memtable of the state's column family to SST files and waits for it. */
    private void flush() throws Exception {
        // The backend keeps its RocksDB and column family handles to itself.
        Field db = RocksDBKeyedStateBackend.class.getDeclaredField("db");
        db.setAccessible(true);
        Method handle =
                RocksDBKeyedStateBackend.class.getDeclaredMethod(
                        "getColumnFamilyHandle", String.class);
        handle.setAccessible(true);
        try (FlushOptions options = new FlushOptions().setWaitForFlush(true)) {
            ((RocksDB) db.get(keyed))
                    .flush(options, (ColumnFamilyHandle) handle.invoke(keyed, STATE));
        }
    }

    /** The bytes of every file of the RocksDB instance: SST files, manifest, options, log. */
    long stateDirBytes() throws IOException {
        return bytes(new File(directory, "db").toPath());
    }

    /**
     * Takes a native savepoint into {@code target} (every state file written there, none inlined)
     * and returns its size on disk.
     */
    long savepoint(File target) throws Exception {
        org.apache.flink.core.fs.Path path = org.apache.flink.core.fs.Path.fromLocalFile(target);
        FsCheckpointStreamFactory streams =
                new FsCheckpointStreamFactory(FileSystem.getLocalFileSystem(), path, path, 0, 4096);
        CheckpointOptions options =
                new CheckpointOptions(
                        SavepointType.savepoint(SavepointFormatType.NATIVE),
                        CheckpointStorageLocationReference.getDefault());
        SnapshotResult<KeyedStateHandle> result =
                FutureUtils.runIfNotDoneAndGet(
                        keyed.snapshot(++checkpointId, checkpointId, streams, options));
        long onDisk = bytes(target.toPath());
        if (onDisk != result.getStateSize()) {
            throw new IllegalStateException(
                    "savepoint of " + result.getStateSize() + " bytes, " + onDisk + " on disk");
        }
        return onDisk;
    }

    @Override
    public void close() throws IOException {
        resources.close();
        delete(directory);
    }

    static long bytes(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
        }
    }

    static void delete(File root) throws IOException {
        if (root.exists()) {
            try (Stream<Path> files = Files.walk(root.toPath())) {
                files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
    }
}
