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

import java.io.IOException;
import java.util.Arrays;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.memory.DataInputView;

/**
 * The reusable staging buffer of a serializer: records are assembled here and handed to Flink in
 * one {@code write} (unless written straight into the view's array), and read from Flink with one
 * {@code readFully}. Shared by this library's serializers; not part of its API.
 *
 * <p>Two policies keep memory in check: a buffer that one large record grew beyond {@link
 * #RETAINED_BYTES} is dropped by {@link #releaseIfLarge()}, and a record longer than {@link
 * #READ_STEP_BYTES} is read in growing steps, so a corrupt length prefix cannot make it allocate
 * more than about twice the bytes that are really there.
 */
@Internal
public final class RecordBuffer {
    /** The largest buffer kept between records. */
    public static final int RETAINED_BYTES = 128 * 1024;

    /** Records up to this size are read with a single {@code readFully}. */
    public static final int READ_STEP_BYTES = 1024 * 1024;

    private static final int INITIAL_BYTES = 256;

    private byte[] bytes;

    /** The buffer, grown to at least {@code capacity} bytes; its contents are kept. */
    public byte[] ensureCapacity(int capacity) {
        if (bytes == null) {
            bytes = new byte[Math.max(capacity, INITIAL_BYTES)];
        } else if (bytes.length < capacity) {
            // Grow at least twofold below the retained size, so slowly growing records do not
            // reallocate every time.
            int doubled = Math.min(2 * bytes.length, RETAINED_BYTES);
            bytes = Arrays.copyOf(bytes, Math.max(capacity, doubled));
        }
        return bytes;
    }

    /**
     * Reads {@code length} bytes from {@code source} into the buffer at {@code offset}, keeping the
     * bytes before it, and returns the buffer.
     */
    public byte[] readFully(DataInputView source, int offset, int length) throws IOException {
        int end = offset + length;
        byte[] target = ensureCapacity(offset + Math.min(length, READ_STEP_BYTES));
        int read = offset;
        while (true) {
            int chunkEnd = Math.min(end, target.length);
            source.readFully(target, read, chunkEnd - read);
            read = chunkEnd;
            if (read == end) {
                return target;
            }
            target = ensureCapacity((int) Math.min(end, 2L * target.length));
        }
    }

    /** Drops the buffer if one large record grew it beyond {@link #RETAINED_BYTES}. */
    public void releaseIfLarge() {
        if (bytes != null && bytes.length > RETAINED_BYTES) {
            bytes = null;
        }
    }

    /** The current capacity (0 before first use). */
    public int capacity() {
        return bytes == null ? 0 : bytes.length;
    }
}
