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

import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.locationtech.jts.geom.Geometry;

/**
 * Apache Fory as a Flink user would wrap it for a {@code Geometry} field: {@link ForyCodec}'s
 * configuration, an int length prefix and Fory's bytes, one Fory per serializer instance (Fory is
 * not thread-safe; Flink duplicates a serializer per thread). The {@code fory} contender of the job
 * benchmark.
 */
public final class ForyGeometrySerializer extends LengthPrefixedSerializer {
    private static final long serialVersionUID = 1L;

    private transient ForyCodec fory;

    @Override
    public TypeSerializer<Geometry> duplicate() {
        return new ForyGeometrySerializer(); // owns its codec
    }

    @Override
    protected byte[] encode(Geometry geometry) {
        return fory().encode(geometry);
    }

    @Override
    protected Geometry decode(byte[] bytes) {
        return fory().decode(bytes);
    }

    private ForyCodec fory() {
        if (fory == null) {
            fory = new ForyCodec();
        }
        return fory;
    }

    @Override
    public TypeSerializerSnapshot<Geometry> snapshotConfiguration() {
        return new Snapshot();
    }

    /** Its snapshot: nothing to configure. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<Geometry> {
        public Snapshot() {
            super(ForyGeometrySerializer::new);
        }
    }
}
