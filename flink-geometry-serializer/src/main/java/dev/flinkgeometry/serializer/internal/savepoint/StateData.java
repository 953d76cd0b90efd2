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
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.core.memory.DataInputViewStreamWrapper;
import org.apache.flink.runtime.state.IncrementalRemoteKeyedStateHandle;
import org.apache.flink.runtime.state.KeyGroupsStateHandle;
import org.apache.flink.runtime.state.KeyedStateHandle;
import org.apache.flink.runtime.state.OperatorStateHandle;
import org.apache.flink.runtime.state.SnappyStreamCompressionDecorator;

/**
 * The JTS class names that Flink's Kryo wrote into the state data of a savepoint's handles (see
 * {@link JtsClassNames}), read as a restore reads the data and without any serializer: so they are
 * found whatever type holds the geometries, and also where the job's classes are missing.
 *
 * <p>Keyed state in the canonical format (and the heap backend's native one): every key group's
 * bytes after the handle's meta info, Snappy-decompressed per key group where the backend
 * compressed them; the names are the handle's as a whole, {@link #WHOLE_HANDLE}. RocksDB's native
 * format: every entry of every SST file, through RocksDB's own reader, by column family (Flink's
 * state name). Operator state: every state's elements, by state name (compressed: the handle's one
 * Snappy stream, for every state of the handle). Data in a layout not recognised is an {@code
 * IOException}, never taken as clean.
 */
@Internal
public final class StateData {
    /** The scope of names found in a handle whose data does not tell its states apart. */
    public static final String WHOLE_HANDLE = "";

    /** The stream identifier chunk that starts every Snappy framed stream. */
    private static final byte[] SNAPPY_STREAM_ID = {
        (byte) 0xff, 0x06, 0x00, 0x00, 's', 'N', 'a', 'P', 'p', 'Y'
    };

    /** From this version on, {@code KeyedBackendSerializationProxy} records compression. */
    private static final int KEYED_COMPRESSION_VERSION = 4;

    /** From this version on, {@code OperatorBackendSerializationProxy} records compression. */
    private static final int OPERATOR_COMPRESSION_VERSION = 6;

    private StateData() {}

    /** The JTS class names in the data of a keyed state handle, by scope. */
    public static Map<String, Set<String>> keyed(KeyedStateHandle handle) throws IOException {
        if (handle instanceof KeyGroupsStateHandle) {
            return Map.of(WHOLE_HANDLE, keyGroups((KeyGroupsStateHandle) handle));
        }
        if (handle instanceof IncrementalRemoteKeyedStateHandle) {
            try {
                return SstFileScan.jtsClassNames((IncrementalRemoteKeyedStateHandle) handle);
            } catch (LinkageError e) {
                // SstFileScan links against RocksDB's Java API only when a native handle is read
                throw new IOException(
                        "RocksDB's library is not available to read SST files: " + e, e);
            }
        }
        throw new IOException("cannot read the data of " + handle.getClass().getName());
    }

    /** The JTS class names in the data of an operator state handle, by state name. */
    public static Map<String, Set<String>> operator(OperatorStateHandle handle) throws IOException {
        Map<Long, String> stateAt = new TreeMap<>();
        for (Map.Entry<String, OperatorStateHandle.StateMetaInfo> state :
                handle.getStateNameToPartitionOffsets().entrySet()) {
            for (long offset : state.getValue().getOffsets()) {
                stateAt.put(offset, state.getKey());
            }
        }
        Map<String, JtsClassNames> names = new LinkedHashMap<>();
        try (FSDataInputStream in = handle.openInputStream()) {
            boolean compressed = compressed(in, OPERATOR_COMPRESSION_VERSION);
            List<Long> offsets = new ArrayList<>(stateAt.keySet());
            if (compressed && !offsets.isEmpty()) {
                return oneCompressedStream(in, offsets.get(0), stateAt.values());
            }
            for (int i = 0; i < offsets.size(); i++) {
                long from = offsets.get(i);
                long to = i + 1 < offsets.size() ? offsets.get(i + 1) : Long.MAX_VALUE;
                JtsClassNames scan =
                        names.computeIfAbsent(stateAt.get(from), s -> new JtsClassNames());
                copySegment(in, from, to, compressed, scan);
            }
        }
        Map<String, Set<String>> found = new LinkedHashMap<>();
        names.forEach((state, scan) -> found.put(state, scan.names()));
        return found;
    }

    /**
     * Compressed operator state: one Snappy stream from just before the first element to the end,
     * flushed at every element (the offsets are flush points, not stream starts), so the names are
     * every state's of the handle.
     */
    private static Map<String, Set<String>> oneCompressedStream(
            FSDataInputStream in, long firstElement, Iterable<String> states) throws IOException {
        long start = firstElement - SNAPPY_STREAM_ID.length;
        if (start < 0 || !startsWithSnappyStream(in, start)) {
            throw new IOException(
                    "no Snappy stream before the first element of compressed operator state");
        }
        JtsClassNames scan = new JtsClassNames();
        copySegment(in, start, Long.MAX_VALUE, true, scan);
        Map<String, Set<String>> found = new LinkedHashMap<>();
        for (String state : states) {
            found.put(state, scan.names());
        }
        return found;
    }

    private static boolean startsWithSnappyStream(FSDataInputStream in, long at)
            throws IOException {
        in.seek(at);
        byte[] head = new byte[SNAPPY_STREAM_ID.length];
        return new DataInputViewStreamWrapper(in).read(head) == head.length
                && java.util.Arrays.equals(head, SNAPPY_STREAM_ID);
    }

    private static Set<String> keyGroups(KeyGroupsStateHandle handle) throws IOException {
        List<Long> offsets = new ArrayList<>();
        for (Tuple2<Integer, Long> group : handle.getGroupRangeOffsets()) {
            if (group.f1 > 0) { // 0: a key group without data; the meta info starts there
                offsets.add(group.f1);
            }
        }
        Collections.sort(offsets);
        JtsClassNames scan = new JtsClassNames();
        if (offsets.isEmpty()) {
            return scan.names();
        }
        try (FSDataInputStream in = handle.openInputStream()) {
            if (!compressed(in, KEYED_COMPRESSION_VERSION)) {
                copySegment(in, offsets.get(0), Long.MAX_VALUE, false, scan);
                return scan.names();
            }
            for (int i = 0; i < offsets.size(); i++) {
                long to = i + 1 < offsets.size() ? offsets.get(i + 1) : Long.MAX_VALUE;
                // each key group its own Snappy stream, after its index as a raw int or with it
                long from = offsets.get(i);
                if (!startsWithSnappyStream(in, from)) {
                    from += Integer.BYTES;
                    if (!startsWithSnappyStream(in, from)) {
                        throw new IOException(
                                "no Snappy stream at key group offset " + offsets.get(i));
                    }
                }
                copySegment(in, from, to, true, scan);
            }
        }
        return scan.names();
    }

    /** Whether the stream's serialization proxy, at its start, records compression. */
    private static boolean compressed(FSDataInputStream in, int firstVersionWithFlag)
            throws IOException {
        in.seek(0);
        DataInputViewStreamWrapper view = new DataInputViewStreamWrapper(in);
        int version = view.readInt();
        return version >= firstVersionWithFlag && view.readBoolean();
    }

    /** Copies the bytes from {@code from} to {@code to} (or the end), decompressed if need be. */
    private static void copySegment(
            FSDataInputStream in, long from, long to, boolean compressed, OutputStream out)
            throws IOException {
        if (to <= from) {
            return;
        }
        in.seek(from);
        InputStream segment = new Bounded(in, to - from);
        if (compressed) {
            segment = SnappyStreamCompressionDecorator.INSTANCE.decorateWithCompression(segment);
        }
        segment.transferTo(out);
    }

    /** At most {@code limit} bytes of a stream, which it leaves open. */
    private static final class Bounded extends InputStream {
        private final InputStream in;
        private long left;

        Bounded(InputStream in, long limit) {
            this.in = in;
            this.left = limit;
        }

        @Override
        public int read() throws IOException {
            if (left <= 0) {
                return -1;
            }
            int b = in.read();
            if (b >= 0) {
                left--;
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            if (left <= 0) {
                return -1;
            }
            int n = in.read(buffer, offset, (int) Math.min(length, left));
            if (n > 0) {
                left -= n;
            }
            return n;
        }

        @Override
        public void close() {
            // the caller closes the stream
        }
    }
}
