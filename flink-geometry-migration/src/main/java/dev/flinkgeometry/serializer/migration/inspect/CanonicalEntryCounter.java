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
package dev.flinkgeometry.serializer.migration.inspect;

import java.io.IOException;
import java.io.InputStream;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.core.memory.DataInputViewStreamWrapper;
import org.apache.flink.runtime.state.KeyGroupsStateHandle;
import org.apache.flink.runtime.state.SnappyStreamCompressionDecorator;
import org.apache.flink.runtime.state.StreamCompressionDecorator;
import org.apache.flink.runtime.state.UncompressedStreamCompressionDecorator;

/**
 * Counts the entries and bytes of each state in a keyed state handle of the canonical savepoint
 * format, which both backends write ({@code FullSnapshotAsyncWriter}): per key group, a state id
 * ({@code short}), then length-prefixed key and value pairs; the first key byte's top bit says that
 * the next state id, or the end-of-key-group mark {@code 0xFFFF}, follows the pair. Nothing is
 * deserialized: a count is of stored pairs (a value, a list with all its elements, a map entry).
 */
final class CanonicalEntryCounter {
    private static final int END_OF_KEY_GROUP_MARK = 0xFFFF;
    private static final int META_DATA_FOLLOWS_FLAG = 0x80;

    private CanonicalEntryCounter() {}

    /** Entries and bytes (keys and values) per state id, in the handle's order of states. */
    static long[][] count(KeyGroupsStateHandle handle, int states, boolean compressed)
            throws IOException {
        long[] entries = new long[states];
        long[] bytes = new long[states];
        StreamCompressionDecorator decorator =
                compressed
                        ? SnappyStreamCompressionDecorator.INSTANCE
                        : UncompressedStreamCompressionDecorator.INSTANCE;
        try (FSDataInputStream in = handle.openInputStream()) {
            for (Tuple2<Integer, Long> keyGroup : handle.getGroupRangeOffsets()) {
                long offset = keyGroup.f1;
                if (offset == 0L) {
                    continue; // offset 0 holds the meta info: no data for this key group
                }
                in.seek(offset);
                InputStream keyGroupIn = decorator.decorateWithCompression(in);
                DataInputViewStreamWrapper view = new DataInputViewStreamWrapper(keyGroupIn);
                int state = view.readShort() & END_OF_KEY_GROUP_MARK;
                while (state != END_OF_KEY_GROUP_MARK) {
                    int keyLength = view.readInt();
                    int firstKeyByte = view.readUnsignedByte();
                    view.skipBytesToRead(keyLength - 1);
                    int valueLength = view.readInt();
                    view.skipBytesToRead(valueLength);
                    entries[state]++;
                    bytes[state] += keyLength + valueLength;
                    if ((firstKeyByte & META_DATA_FOLLOWS_FLAG) != 0) {
                        state = view.readShort() & END_OF_KEY_GROUP_MARK;
                    }
                }
            }
        }
        return new long[][] {entries, bytes};
    }
}
