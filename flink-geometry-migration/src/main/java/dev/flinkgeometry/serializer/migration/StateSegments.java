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
package dev.flinkgeometry.serializer.migration;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;

/**
 * How the state of one key travels from {@link StateReaderFunction} to {@link StateWriterFunction}:
 * one segment per declared state, then one for the event-time and one for the processing-time
 * timers; a segment is its length and its number of entries (two big-endian ints), then the encoded
 * state. The framing lets {@link StateChecksum} count and hash every state on its own, so that a
 * failed check names the state that differs.
 */
final class StateSegments {
    /** The name of the segment of a key's event-time timers. */
    static final String EVENT_TIME_TIMERS = "event-time timers";

    /** The name of the segment of a key's processing-time timers. */
    static final String PROCESSING_TIME_TIMERS = "processing-time timers";

    private static final int HEADER_BYTES = 8;

    private StateSegments() {}

    /** The names of the segments, in order, for messages. */
    static List<String> names(List<StateSpec> states) {
        List<String> names = new ArrayList<>(states.size() + 2);
        for (StateSpec state : states) {
            names.add(state.toString());
        }
        names.add(EVENT_TIME_TIMERS);
        names.add(PROCESSING_TIME_TIMERS);
        return names;
    }

    /** Encodes one state into a buffer and returns its number of entries. */
    interface Content {
        int writeTo(DataOutputView out) throws Exception;
    }

    /** Appends a segment holding what {@code content} writes; {@code scratch} is reused. */
    static void write(DataOutputSerializer out, DataOutputSerializer scratch, Content content)
            throws Exception {
        scratch.clear();
        int entries = content.writeTo(scratch);
        out.writeInt(scratch.length());
        out.writeInt(entries);
        out.write(scratch.getSharedBuffer(), 0, scratch.length());
    }

    /** Reads a segment's header and returns the length of the encoded state that follows. */
    static int readHeader(DataInputView in) throws IOException {
        int length = in.readInt();
        in.readInt();
        return length;
    }

    /** Visits the segments of one record. */
    interface Visitor {
        void segment(int index, int entries, byte[] record, int offset, int length);
    }

    /**
     * Calls {@code visitor} once per segment of {@code record}.
     *
     * @throws IllegalStateException if the record does not hold exactly {@code count} segments
     */
    static void forEach(byte[] record, int count, Visitor visitor) {
        int offset = 0;
        for (int i = 0; i < count; i++) {
            if (record.length - offset < HEADER_BYTES) {
                throw new IllegalStateException("a record ends inside the header of segment " + i);
            }
            int length = intAt(record, offset);
            int entries = intAt(record, offset + 4);
            offset += HEADER_BYTES;
            if (length < 0 || record.length - offset < length) {
                throw new IllegalStateException("segment " + i + " runs past its record");
            }
            visitor.segment(i, entries, record, offset, length);
            offset += length;
        }
        if (offset != record.length) {
            throw new IllegalStateException(
                    (record.length - offset) + " bytes after the last segment of a record");
        }
    }

    private static int intAt(byte[] bytes, int offset) {
        return (bytes[offset] & 0xFF) << 24
                | (bytes[offset + 1] & 0xFF) << 16
                | (bytes[offset + 2] & 0xFF) << 8
                | (bytes[offset + 3] & 0xFF);
    }
}
