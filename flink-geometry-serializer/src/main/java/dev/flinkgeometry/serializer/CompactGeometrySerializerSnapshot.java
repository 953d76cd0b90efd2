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

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.serializer.internal.DeclaredGeometryClass;
import dev.flinkgeometry.serializer.internal.SnapshotVersion;
import java.io.IOException;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.locationtech.jts.geom.Geometry;

/**
 * The snapshot that compact state was written with before compact became a {@link GeometryEncoding}
 * of {@link GeometrySerializer}: savepoints store its name, so it stays, with its public no-arg
 * constructor, and reads every version it was written in. It restores a {@code GeometrySerializer}
 * with the compact encoding it recorded (declared SRID 0) and resolves as {@link
 * GeometrySerializerSnapshot} does; this library no longer writes it.
 *
 * @param <T> the declared geometry class
 */
@PublicEvolving
public final class CompactGeometrySerializerSnapshot<T extends Geometry>
        implements TypeSerializerSnapshot<T> {

    private static final int VERSION = 1;

    private Class<T> geometryClass;
    private int formatVersion;
    private GeometryEncoding encoding;
    private CoordinateSequenceKind sequenceKind;

    /** For reading a snapshot: Flink instantiates it reflectively, then calls readSnapshot. */
    public CompactGeometrySerializerSnapshot() {}

    @Override
    public int getCurrentVersion() {
        return VERSION;
    }

    /** Version 1, as it was written: class, format version, sequence kind, compact options. */
    @Override
    public void writeSnapshot(DataOutputView out) throws IOException {
        out.writeUTF(geometryClass.getName());
        out.writeInt(formatVersion);
        out.writeUTF(sequenceKind.name());
        out.writeBoolean(encoding.isLossless());
        out.writeByte(encoding.xyDigits());
        out.writeByte(encoding.zDigits());
        out.writeByte(encoding.mDigits());
    }

    @Override
    public void readSnapshot(int readVersion, DataInputView in, ClassLoader userCodeClassLoader)
            throws IOException {
        switch (readVersion) {
            case 1:
                readVersion1(in, userCodeClassLoader);
                break;
            default:
                throw SnapshotVersion.unknown(
                        "CompactGeometrySerializerSnapshot", readVersion, VERSION);
        }
    }

    /**
     * Snapshot version 1: class, compact format version, sequence kind, lossless flag, X/Y, Z and M
     * digits (one signed byte each, 0 when lossless).
     */
    private void readVersion1(DataInputView in, ClassLoader userCodeClassLoader)
            throws IOException {
        geometryClass = DeclaredGeometryClass.load(in.readUTF(), userCodeClassLoader);
        formatVersion = GeometrySerializerSnapshot.readCompactFormatVersion(in);
        sequenceKind = GeometrySerializerSnapshot.readSequenceKind(in);
        encoding = GeometrySerializerSnapshot.readCompactOptions(in, false);
    }

    /** The snapshot of today's serializer that holds what this one recorded. */
    GeometrySerializerSnapshot<T> asGeometrySerializerSnapshot() {
        return new GeometrySerializerSnapshot<>(
                geometryClass, encoding, formatVersion, sequenceKind);
    }

    @Override
    public TypeSerializer<T> restoreSerializer() {
        return asGeometrySerializerSnapshot().restoreSerializer();
    }

    @Override
    public TypeSerializerSchemaCompatibility<T> resolveSchemaCompatibility(
            TypeSerializerSnapshot<T> oldSnapshot) {
        return asGeometrySerializerSnapshot().resolveSchemaCompatibility(oldSnapshot);
    }
}
