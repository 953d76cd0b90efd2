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
package dev.flinkgeometry.benchmarks.micro;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataInputViewStreamWrapper;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.core.memory.DataOutputViewStreamWrapper;

/**
 * The two kinds of view Flink hands a serializer: {@code byte[]} views (network buffers, RocksDB
 * keys and values) and stream wrappers (heap-backend snapshots and restores), each reused from
 * record to record as Flink reuses them.
 */
abstract class View {
    static final String BYTES = "bytes";
    static final String STREAM = "stream";

    static View create(String name) {
        switch (name) {
            case BYTES:
                return new Bytes();
            case STREAM:
                return new Stream();
            default:
                throw new IllegalArgumentException("unknown view " + name);
        }
    }

    /** An empty output view. */
    abstract DataOutputView output();

    abstract int written();

    abstract byte[] writtenBytes();

    /** An input view over exactly {@code record}. */
    abstract DataInputView input(byte[] record);

    abstract int remaining();

    /** {@code DataOutputSerializer} / {@code DataInputDeserializer}. */
    private static final class Bytes extends View {
        private final DataOutputSerializer out = new DataOutputSerializer(1 << 16);
        private final DataInputDeserializer in = new DataInputDeserializer();

        @Override
        DataOutputView output() {
            out.clear();
            return out;
        }

        @Override
        int written() {
            return out.length();
        }

        @Override
        byte[] writtenBytes() {
            return out.getCopyOfBuffer();
        }

        @Override
        DataInputView input(byte[] record) {
            in.setBuffer(record);
            return in;
        }

        @Override
        int remaining() {
            return in.available();
        }
    }

    /** {@code DataOutputViewStreamWrapper} / {@code DataInputViewStreamWrapper} over bytes. */
    private static final class Stream extends View {
        private final ByteArrayOutputStream bytesOut = new ByteArrayOutputStream(1 << 16);
        private final DataOutputViewStreamWrapper out = new DataOutputViewStreamWrapper(bytesOut);
        private final RewindableInputStream bytesIn = new RewindableInputStream();
        private final DataInputViewStreamWrapper in = new DataInputViewStreamWrapper(bytesIn);

        @Override
        DataOutputView output() {
            bytesOut.reset();
            return out;
        }

        @Override
        int written() {
            return bytesOut.size();
        }

        @Override
        byte[] writtenBytes() {
            return bytesOut.toByteArray();
        }

        @Override
        DataInputView input(byte[] record) {
            bytesIn.rewind(record);
            return in;
        }

        @Override
        int remaining() {
            return bytesIn.available();
        }
    }

    /** A {@code ByteArrayInputStream} that can be pointed at the next record without garbage. */
    private static final class RewindableInputStream extends ByteArrayInputStream {
        RewindableInputStream() {
            super(new byte[0]);
        }

        void rewind(byte[] record) {
            buf = record;
            pos = 0;
            mark = 0;
            count = record.length;
        }

        @Override
        public String toString() {
            return Arrays.toString(buf);
        }
    }
}
