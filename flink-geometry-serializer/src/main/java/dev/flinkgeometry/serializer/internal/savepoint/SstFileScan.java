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
package dev.flinkgeometry.serializer.internal.savepoint;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.flink.runtime.state.IncrementalKeyedStateHandle.HandleAndLocalPath;
import org.apache.flink.runtime.state.IncrementalRemoteKeyedStateHandle;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.SstFileReader;
import org.rocksdb.SstFileReaderIterator;
import org.rocksdb.StringAppendOperator;

/**
 * The JTS class names in the SST files of a native RocksDB savepoint. A class of its own, so that
 * {@link StateData} loads where RocksDB's Java API is not on the class path (a job on the hashmap
 * backend with only flink-streaming-java): this one links against it only when a native handle is
 * read.
 */
final class SstFileScan {

    private SstFileScan() {}

    /** Every SST file of a RocksDB native handle, by the column family it belongs to. */
    static Map<String, Set<String>> jtsClassNames(IncrementalRemoteKeyedStateHandle handle)
            throws IOException {
        List<HandleAndLocalPath> files = new ArrayList<>(handle.getSharedState());
        files.addAll(handle.getPrivateState());
        Map<String, Set<String>> found = new TreeMap<>();
        Path folder = Files.createTempDirectory("flink-geometry-sst");
        try {
            RocksDB.loadLibrary();
            for (HandleAndLocalPath file : files) {
                if (!file.getLocalPath().endsWith(".sst")) {
                    continue; // MANIFEST, OPTIONS, CURRENT: no state data
                }
                Path local = folder.resolve(Path.of(file.getLocalPath()).getFileName().toString());
                try (InputStream in = file.getHandle().openInputStream()) {
                    Files.copy(in, local, StandardCopyOption.REPLACE_EXISTING);
                }
                sstFile(local, found);
                Files.delete(local);
            }
        } finally {
            deleteFolder(folder);
        }
        return found;
    }

    private static void sstFile(Path file, Map<String, Set<String>> found) throws IOException {
        JtsClassNames scan = new JtsClassNames();
        String family;
        try (StringAppendOperator merge = new StringAppendOperator();
                Options options = new Options().setMergeOperator(merge);
                SstFileReader reader = new SstFileReader(options)) {
            reader.open(file.toString());
            family =
                    new String(
                            reader.getTableProperties().getColumnFamilyName(),
                            StandardCharsets.UTF_8);
            try (ReadOptions read = new ReadOptions();
                    SstFileReaderIterator entries = reader.newIterator(read)) {
                for (entries.seekToFirst(); entries.isValid(); entries.next()) {
                    scan.write(entries.key());
                    scan.write(entries.value());
                }
                entries.status();
            }
        } catch (org.rocksdb.RocksDBException e) {
            throw new IOException("cannot read the SST file " + file.getFileName() + ": " + e, e);
        }
        found.computeIfAbsent(family, f -> new TreeSet<>()).addAll(scan.names());
    }

    private static void deleteFolder(Path folder) throws IOException {
        try (var files = Files.list(folder)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.deleteIfExists(file);
            }
        }
        Files.deleteIfExists(folder);
    }
}
