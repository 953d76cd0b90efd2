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
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKBReader;
import org.locationtech.jts.io.WKBWriter;

/**
 * The serializer a Flink user writes by hand today: JTS {@link WKBWriter}/{@link WKBReader} (their
 * defaults: 2D, big-endian, no SRID), an int length prefix, one writer and reader per instance. The
 * {@code jts-wkb} contender of the job and state benchmarks.
 */
public final class JtsWkbSerializer extends LengthPrefixedSerializer {
    private static final long serialVersionUID = 1L;

    private transient WKBWriter writer;
    private transient WKBReader reader;

    @Override
    public TypeSerializer<Geometry> duplicate() {
        return new JtsWkbSerializer(); // owns its codec
    }

    @Override
    protected byte[] encode(Geometry geometry) {
        if (writer == null) {
            writer = new WKBWriter();
        }
        return writer.write(geometry);
    }

    @Override
    protected Geometry decode(byte[] bytes) throws IOException {
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
