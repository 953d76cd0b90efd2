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

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * {@link DataOutputView} and {@link DataInputView} wrappers that record the name of every call made
 * on them, so that tests can check how a serializer talks to its streams.
 */
final class RecordingViews {
    private RecordingViews() {}

    /** Records every call, then delegates. */
    static final class RecordingOutputView implements DataOutputView {
        final List<String> calls = new ArrayList<>();
        private final DataOutputView target;

        RecordingOutputView(DataOutputView target) {
            this.target = target;
        }

        /** The calls recorded since the last {@code takeCalls}, then forgets them. */
        List<String> takeCalls() {
            List<String> taken = new ArrayList<>(calls);
            calls.clear();
            return taken;
        }

        @Override
        public void skipBytesToWrite(int numBytes) throws IOException {
            calls.add("skipBytesToWrite");
            target.skipBytesToWrite(numBytes);
        }

        @Override
        public void write(DataInputView source, int numBytes) throws IOException {
            calls.add("write(DataInputView,int)");
            target.write(source, numBytes);
        }

        @Override
        public void write(int b) throws IOException {
            calls.add("write(int)");
            target.write(b);
        }

        @Override
        public void write(byte[] b) throws IOException {
            calls.add("write(byte[])");
            target.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            calls.add("write(byte[],int,int)");
            target.write(b, off, len);
        }

        @Override
        public void writeBoolean(boolean v) throws IOException {
            calls.add("writeBoolean");
            target.writeBoolean(v);
        }

        @Override
        public void writeByte(int v) throws IOException {
            calls.add("writeByte");
            target.writeByte(v);
        }

        @Override
        public void writeShort(int v) throws IOException {
            calls.add("writeShort");
            target.writeShort(v);
        }

        @Override
        public void writeChar(int v) throws IOException {
            calls.add("writeChar");
            target.writeChar(v);
        }

        @Override
        public void writeInt(int v) throws IOException {
            calls.add("writeInt");
            target.writeInt(v);
        }

        @Override
        public void writeLong(long v) throws IOException {
            calls.add("writeLong");
            target.writeLong(v);
        }

        @Override
        public void writeFloat(float v) throws IOException {
            calls.add("writeFloat");
            target.writeFloat(v);
        }

        @Override
        public void writeDouble(double v) throws IOException {
            calls.add("writeDouble");
            target.writeDouble(v);
        }

        @Override
        public void writeBytes(String s) throws IOException {
            calls.add("writeBytes");
            target.writeBytes(s);
        }

        @Override
        public void writeChars(String s) throws IOException {
            calls.add("writeChars");
            target.writeChars(s);
        }

        @Override
        public void writeUTF(String s) throws IOException {
            calls.add("writeUTF");
            target.writeUTF(s);
        }
    }

    /** Records every call, then delegates. */
    static final class RecordingInputView implements DataInputView {
        final List<String> calls = new ArrayList<>();
        private final DataInputView source;

        RecordingInputView(DataInputView source) {
            this.source = source;
        }

        /** The calls recorded since the last {@code takeCalls}, then forgets them. */
        List<String> takeCalls() {
            List<String> taken = new ArrayList<>(calls);
            calls.clear();
            return taken;
        }

        /** The recorded calls that transfer more than one byte at once. */
        static long bulkReads(List<String> calls) {
            return calls.stream()
                    .filter(c -> c.startsWith("read(") || c.startsWith("readFully"))
                    .count();
        }

        @Override
        public void skipBytesToRead(int numBytes) throws IOException {
            calls.add("skipBytesToRead");
            source.skipBytesToRead(numBytes);
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            calls.add("read(byte[],int,int)");
            return source.read(b, off, len);
        }

        @Override
        public int read(byte[] b) throws IOException {
            calls.add("read(byte[])");
            return source.read(b);
        }

        @Override
        public void readFully(byte[] b) throws IOException {
            calls.add("readFully(byte[])");
            source.readFully(b);
        }

        @Override
        public void readFully(byte[] b, int off, int len) throws IOException {
            calls.add("readFully(byte[],int,int)");
            source.readFully(b, off, len);
        }

        @Override
        public int skipBytes(int n) throws IOException {
            calls.add("skipBytes");
            return source.skipBytes(n);
        }

        @Override
        public boolean readBoolean() throws IOException {
            calls.add("readBoolean");
            return source.readBoolean();
        }

        @Override
        public byte readByte() throws IOException {
            calls.add("readByte");
            return source.readByte();
        }

        @Override
        public int readUnsignedByte() throws IOException {
            calls.add("readUnsignedByte");
            return source.readUnsignedByte();
        }

        @Override
        public short readShort() throws IOException {
            calls.add("readShort");
            return source.readShort();
        }

        @Override
        public int readUnsignedShort() throws IOException {
            calls.add("readUnsignedShort");
            return source.readUnsignedShort();
        }

        @Override
        public char readChar() throws IOException {
            calls.add("readChar");
            return source.readChar();
        }

        @Override
        public int readInt() throws IOException {
            calls.add("readInt");
            return source.readInt();
        }

        @Override
        public long readLong() throws IOException {
            calls.add("readLong");
            return source.readLong();
        }

        @Override
        public float readFloat() throws IOException {
            calls.add("readFloat");
            return source.readFloat();
        }

        @Override
        public double readDouble() throws IOException {
            calls.add("readDouble");
            return source.readDouble();
        }

        @Override
        public String readLine() throws IOException {
            calls.add("readLine");
            return source.readLine();
        }

        @Override
        public String readUTF() throws IOException {
            calls.add("readUTF");
            return source.readUTF();
        }
    }
}
