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
import java.util.EnumSet;
import java.util.Set;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.locationtech.jts.geom.Geometry;

/**
 * A {@code byte[]} codec framed the way Sedona's Flink integration and most hand-written WKB
 * serializers frame it: allocate the encoded array, write an int length and the bytes; read the
 * length, allocate, {@code readFully}, decode.
 */
final class LengthPrefixedContender extends Contender {
    interface Codec {
        byte[] encode(Geometry geometry);

        Geometry decode(byte[] bytes) throws IOException;
    }

    private final Codec codec;

    LengthPrefixedContender(String name, Codec codec, Geometry[] geometries) {
        super(name, geometries);
        this.codec = codec;
    }

    @Override
    public Set<Operation> operations() {
        return EnumSet.of(Operation.SERIALIZE, Operation.DESERIALIZE, Operation.RAW_COPY);
    }

    @Override
    public void serialize(int index, DataOutputView target) throws IOException {
        byte[] bytes = codec.encode(geometries[index]);
        target.writeInt(bytes.length);
        target.write(bytes);
    }

    @Override
    public Object deserialize(int index, DataInputView source) throws IOException {
        byte[] bytes = new byte[source.readInt()];
        source.readFully(bytes);
        return codec.decode(bytes);
    }

    @Override
    public void copy(int index, DataInputView source, DataOutputView target) throws IOException {
        byte[] bytes = new byte[source.readInt()];
        source.readFully(bytes);
        target.writeInt(bytes.length);
        target.write(bytes);
    }
}
