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
package dev.flinkgeometry.benchmarks.contenders;

import java.io.IOException;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.locationtech.jts.geom.Geometry;

/**
 * The floor of moving a record through a view: one {@code write(byte[])} or {@code readFully} of
 * exactly as many bytes as {@code GeometrySerializer} writes for the geometry, with no encoding or
 * decoding at all.
 */
class MemcpyFloor extends Contender {
    final byte[][] records;
    private final byte[] scratch;

    MemcpyFloor(Geometry[] geometries, byte[][] records) {
        this(Contenders.MEMCPY, geometries, records);
    }

    MemcpyFloor(String name, Geometry[] geometries, byte[][] records) {
        super(name, geometries);
        this.records = records;
        this.scratch = new byte[Arrays.stream(records).mapToInt(r -> r.length).max().orElse(0)];
    }

    @Override
    public Set<Operation> operations() {
        return EnumSet.of(Operation.SERIALIZE, Operation.DESERIALIZE, Operation.RAW_COPY);
    }

    @Override
    public void serialize(int index, DataOutputView target) throws IOException {
        target.write(records[index]);
    }

    @Override
    public Object deserialize(int index, DataInputView source) throws IOException {
        source.readFully(scratch, 0, records[index].length);
        return scratch;
    }

    @Override
    public void copy(int index, DataInputView source, DataOutputView target) throws IOException {
        int length = records[index].length;
        source.readFully(scratch, 0, length);
        target.write(scratch, 0, length);
    }

    /** The floor "decodes" to the bytes it read: they must be the record. */
    @Override
    public void requireDecoded(int index, Object decoded) {
        byte[] record = records[index];
        if (decoded != scratch
                || !Arrays.equals(scratch, 0, record.length, record, 0, record.length)) {
            throw new IllegalStateException("memcpy floor read other bytes than record " + index);
        }
    }
}
