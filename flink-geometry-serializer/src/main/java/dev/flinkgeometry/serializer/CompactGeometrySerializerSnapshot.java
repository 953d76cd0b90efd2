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
import dev.flinkgeometry.serializer.internal.CompactPayload;
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
 * The snapshot of a {@link CompactGeometrySerializer}: the declared geometry class, the compact
 * format version, the sequence kind and the precision (lossless, or the X/Y, Z and M digits).
 *
 * <p>Savepoints store this class's name and instantiate it with the public no-arg constructor: both
 * are kept forever. Resolution, asked of the new serializer's snapshot about the old one (the old
 * declared class must be the new one or a subclass):
 *
 * <ul>
 *   <li>compact, same format version and precision: compatible as is (the sequence kind never
 *       changes the bytes);
 *   <li>compact at another precision, or an older compact format version: compatible after
 *       migration;
 *   <li>aligned ({@link GeometrySerializerSnapshot}), and every predecessor that {@link
 *       PredecessorSnapshots} knows (legacy WKB, Kryo, Apache Sedona): compatible after migration;
 *   <li>anything else: incompatible, with a logged message naming what was found.
 * </ul>
 *
 * @param <T> the declared geometry class
 */
@PublicEvolving
public final class CompactGeometrySerializerSnapshot<T extends Geometry>
        implements TypeSerializerSnapshot<T> {

    private static final int VERSION = 1;

    private Class<T> geometryClass;
    private int formatVersion;
    private CompactPrecision precision;
    private CoordinateSequenceKind sequenceKind;

    /** For reading a snapshot: Flink instantiates it reflectively, then calls readSnapshot. */
    public CompactGeometrySerializerSnapshot() {}

    CompactGeometrySerializerSnapshot(
            Class<T> geometryClass,
            int formatVersion,
            CompactPrecision precision,
            CoordinateSequenceKind sequenceKind) {
        this.geometryClass = geometryClass;
        this.formatVersion = formatVersion;
        this.precision = precision;
        this.sequenceKind = sequenceKind;
    }

    @Override
    public int getCurrentVersion() {
        return VERSION;
    }

    @Override
    public void writeSnapshot(DataOutputView out) throws IOException {
        out.writeUTF(geometryClass.getName());
        out.writeInt(formatVersion);
        out.writeUTF(sequenceKind.name());
        out.writeBoolean(precision.isLossless());
        out.writeByte(precision.xyDigits());
        out.writeByte(precision.zDigits());
        out.writeByte(precision.mDigits());
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
     * Snapshot version 1: class, format version, sequence kind, lossless flag, X/Y, Z and M digits
     * (one signed byte each, 0 when lossless).
     */
    private void readVersion1(DataInputView in, ClassLoader userCodeClassLoader)
            throws IOException {
        geometryClass = DeclaredGeometryClass.load(in.readUTF(), userCodeClassLoader);
        formatVersion = in.readInt();
        if (!CompactPayload.isKnown(formatVersion)) {
            throw new IOException(CompactPayload.unknown(formatVersion));
        }
        String kind = in.readUTF();
        try {
            sequenceKind = CoordinateSequenceKind.valueOf(kind);
        } catch (IllegalArgumentException e) {
            throw new IOException("unknown coordinate sequence kind '" + kind + "'", e);
        }
        boolean lossless = in.readBoolean();
        int xy = in.readByte();
        int z = in.readByte();
        int m = in.readByte();
        if (lossless) {
            if ((xy | z | m) != 0) {
                throw new IOException(
                        "a lossless compact snapshot with digits " + xy + "/" + z + "/" + m);
            }
            precision = CompactPrecision.LOSSLESS;
        } else {
            try {
                precision = CompactPrecision.of(xy, z, m);
            } catch (IllegalArgumentException e) {
                throw new IOException("invalid compact precision: " + e.getMessage(), e);
            }
        }
    }

    @Override
    public TypeSerializer<T> restoreSerializer() {
        // The format version the old state was written in, not this release's.
        return new CompactGeometrySerializer<>(
                geometryClass, precision, sequenceKind, formatVersion);
    }

    @Override
    public TypeSerializerSchemaCompatibility<T> resolveSchemaCompatibility(
            TypeSerializerSnapshot<T> oldSnapshot) {
        SnapshotResolution<T> resolution =
                new SnapshotResolution<>("CompactGeometrySerializer", geometryClass);
        if (oldSnapshot instanceof CompactGeometrySerializerSnapshot) {
            CompactGeometrySerializerSnapshot<?> old =
                    (CompactGeometrySerializerSnapshot<?>) oldSnapshot;
            return resolution.sameFormat(
                    old.geometryClass,
                    "compact",
                    old.formatVersion,
                    formatVersion,
                    old.precision.equals(precision));
        }
        if (oldSnapshot instanceof GeometrySerializerSnapshot) {
            return resolution.otherFormat(
                    ((GeometrySerializerSnapshot<?>) oldSnapshot).geometryClass(), "aligned");
        }
        return resolution.predecessor(oldSnapshot);
    }

    Class<T> geometryClass() {
        return geometryClass;
    }

    int formatVersion() {
        return formatVersion;
    }

    CompactPrecision precision() {
        return precision;
    }

    CoordinateSequenceKind sequenceKind() {
        return sequenceKind;
    }
}
