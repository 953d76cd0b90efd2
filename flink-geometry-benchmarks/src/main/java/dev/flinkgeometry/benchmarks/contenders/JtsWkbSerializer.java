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
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKBReader;
import org.locationtech.jts.io.WKBWriter;

/**
 * The serializer a Flink user writes by hand today: JTS {@link WKBWriter}/{@link WKBReader} (their
 * defaults: 2D, big-endian, no SRID), an int length prefix, one writer and reader per instance. The
 * {@code jts-wkb} contender of the job and state benchmarks.
 */
public final class JtsWkbSerializer extends TypeSerializer<Geometry> {
    private static final long serialVersionUID = 1L;

    private transient WKBWriter writer;
    private transient WKBReader reader;

    @Override
    public boolean isImmutableType() {
        return false;
    }

    @Override
    public TypeSerializer<Geometry> duplicate() {
        return new JtsWkbSerializer(); // owns a writer and a reader
    }

    @Override
    public Geometry createInstance() {
        return null;
    }

    @Override
    public Geometry copy(Geometry from) {
        return from == null ? null : from.copy();
    }

    @Override
    public Geometry copy(Geometry from, Geometry reuse) {
        return copy(from);
    }

    @Override
    public int getLength() {
        return -1;
    }

    @Override
    public void serialize(Geometry record, DataOutputView target) throws IOException {
        if (writer == null) {
            writer = new WKBWriter();
        }
        byte[] bytes = writer.write(record);
        target.writeInt(bytes.length);
        target.write(bytes);
    }

    @Override
    public Geometry deserialize(DataInputView source) throws IOException {
        byte[] bytes = new byte[source.readInt()];
        source.readFully(bytes);
        if (reader == null) {
            reader = new WKBReader();
        }
        try {
            return reader.read(bytes);
        } catch (ParseException e) {
            throw new IOException(e);
        }
    }

    @Override
    public Geometry deserialize(Geometry reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        int length = source.readInt();
        target.writeInt(length);
        target.write(source, length);
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof JtsWkbSerializer;
    }

    @Override
    public int hashCode() {
        return JtsWkbSerializer.class.hashCode();
    }

    @Override
    public TypeSerializerSnapshot<Geometry> snapshotConfiguration() {
        return new Snapshot();
    }

    /** Its snapshot: nothing to configure. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<Geometry> {
        public Snapshot() {
            super(JtsWkbSerializer::new);
        }
    }
}
