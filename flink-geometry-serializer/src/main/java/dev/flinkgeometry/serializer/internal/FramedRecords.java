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
package dev.flinkgeometry.serializer.internal;

import dev.flinkgeometry.format.GeometryDecoder;
import dev.flinkgeometry.format.GeometryEncoder;
import dev.flinkgeometry.format.GeometryLimits;
import dev.flinkgeometry.format.internal.Varint;
import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.annotation.VisibleForTesting;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;
import org.locationtech.jts.geom.Geometry;

/**
 * Records on Flink's views: a varint length (0 for {@code null}) and the payload that a format's
 * {@link GeometryEncoder} writes, straight into a {@link DataOutputSerializer}'s array when it has
 * room (the view of Flink's network writer and of RocksDB state), else staged in one reusable
 * buffer and written with one {@code write}; read with one {@code readFully} and handed to the
 * format's {@link GeometryDecoder}, or decoded where it lies in a {@link DataInputDeserializer};
 * raw-copied without decoding. The framing of {@code GeometrySerializer} (aligned and compact) and
 * of the Kryo fallback; the payload's layout is the format's ({@code dev.flinkgeometry.format}).
 *
 * <p>An instance owns its buffer and encoder state: one per serializer, not thread-safe.
 */
@Internal
public final class FramedRecords {
    private final GeometryEncoder encoder;
    private final GeometryDecoder decoder;
    private final RecordBuffer buffer = new RecordBuffer();

    /** The length prefix of the last record written in place: the guess for the next one. */
    private int lastPrefixBytes = 1;

    /**
     * Records whose payloads {@code encoder} writes and {@code decoder} reads: one format version's
     * pair, owned by this instance.
     */
    public FramedRecords(GeometryEncoder encoder, GeometryDecoder decoder) {
        this.encoder = encoder;
        this.decoder = decoder;
    }

    /**
     * Writes the record of {@code geometry}, or of {@code null}.
     *
     * @throws IllegalArgumentException for a user subclass of a JTS class, which would be read back
     *     as its JTS class ({@link DeclaredGeometryClass#requireJtsClass})
     */
    public void write(Geometry geometry, DataOutputView target) throws IOException {
        if (geometry == null) {
            target.writeByte(0);
            return;
        }
        DeclaredGeometryClass.requireJtsClass(geometry);
        if (target instanceof DataOutputSerializer
                && writeInPlace(geometry, (DataOutputSerializer) target)) {
            return; // Flink's network writer and its RocksDB state views: no staging, no copy
        }
        // The payload goes after room for the longest length prefix, which is then written just
        // before it, so the length need not be known before the encoder's one pass.
        byte[] bytes = buffer.ensureCapacity(Varint.MAX_BYTES);
        int end;
        while ((end = encoder.encode(geometry, bytes, Varint.MAX_BYTES)) < 0) {
            bytes = buffer.ensureCapacity(Varint.MAX_BYTES - end);
        }
        int size = end - Varint.MAX_BYTES;
        int start = Varint.MAX_BYTES - Varint.size(size);
        Varint.write(size, bytes, start);
        lastPrefixBytes = Varint.MAX_BYTES - start;
        target.write(bytes, start, end - start);
        buffer.releaseIfLarge();
    }

    /**
     * Encodes straight into the view's own array, after room for a length prefix as long as the
     * last record's; a wrong guess moves the payload once. Returns false, having written nothing
     * the view counts, if the array is too small: the view grows only through its write methods.
     */
    private boolean writeInPlace(Geometry geometry, DataOutputSerializer target)
            throws IOException {
        byte[] bytes = target.getSharedBuffer();
        int start = target.length();
        int prefix = lastPrefixBytes;
        if (bytes.length - start <= prefix) {
            return false;
        }
        int end = encoder.encode(geometry, bytes, start + prefix);
        if (end < 0) {
            return false;
        }
        int size = end - start - prefix;
        int needed = Varint.size(size);
        if (needed != prefix) {
            lastPrefixBytes = needed;
            if (end + needed - prefix > bytes.length) {
                return false;
            }
            System.arraycopy(bytes, start + prefix, bytes, start + needed, size);
        }
        Varint.write(size, bytes, start);
        target.skipBytesToWrite(needed + size);
        return true;
    }

    /** Reads one record: its geometry, or {@code null} for a record of length 0. */
    public Geometry read(DataInputView source) throws IOException {
        int length = checkLength(Varint.read(source));
        if (length == 0) {
            return null;
        }
        if (source instanceof DataInputDeserializer && DeserializerArray.available()) {
            DataInputDeserializer deserializer = (DataInputDeserializer) source;
            if (deserializer.available() >= length) {
                return readInPlace(deserializer, length);
            }
        }
        try {
            return decoder.decode(buffer.readFully(source, 0, length), 0, length);
        } finally {
            buffer.releaseIfLarge();
        }
    }

    /**
     * Decodes a record that the view holds whole where it lies (RocksDB state, records spanning
     * network buffers): no copy. The bytes are consumed first, as {@code readFully} would.
     */
    private Geometry readInPlace(DataInputDeserializer source, int length) throws IOException {
        byte[] bytes = DeserializerArray.array(source);
        int offset = DeserializerArray.position(source);
        source.skipBytesToRead(length);
        return decoder.decode(bytes, offset, length);
    }

    /** Copies one record's bytes without decoding them. */
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        int length = checkLength(Varint.read(source));
        int prefix = Varint.size(length);
        if (target instanceof DataOutputSerializer
                && copyInPlace(source, (DataOutputSerializer) target, prefix, length)) {
            return;
        }
        Varint.write(length, buffer.ensureCapacity(prefix), 0);
        try {
            target.write(buffer.readFully(source, prefix, length), 0, prefix + length);
        } finally {
            buffer.releaseIfLarge();
        }
    }

    /**
     * Reads the payload straight into the view's array if it has room, and only then counts the
     * record's bytes: a source that ends early leaves the view as it was.
     */
    private static boolean copyInPlace(
            DataInputView source, DataOutputSerializer target, int prefix, int length)
            throws IOException {
        byte[] bytes = target.getSharedBuffer();
        int start = target.length();
        if (bytes.length - start < prefix + length) {
            return false;
        }
        source.readFully(bytes, start + prefix, length);
        Varint.write(length, bytes, start);
        target.skipBytesToWrite(prefix + length);
        return true;
    }

    /** The current buffer capacity (0 before first use); for tests of the release policy. */
    @VisibleForTesting
    public int bufferCapacity() {
        return buffer.capacity();
    }

    /**
     * Returns {@code length} if a record can have it. A larger length (up to 2^31-1 fits the
     * varint) can only come from corrupt input, and would overflow {@code prefix + length} in
     * {@link #copy(DataInputView, DataOutputView)}.
     */
    private static int checkLength(int length) throws IOException {
        if (length > GeometryLimits.MAX_ENCODED_BYTES) {
            throw new IOException(
                    "corrupt record: length "
                            + length
                            + " exceeds the largest record ("
                            + GeometryLimits.MAX_ENCODED_BYTES
                            + " bytes)");
        }
        return length;
    }
}
