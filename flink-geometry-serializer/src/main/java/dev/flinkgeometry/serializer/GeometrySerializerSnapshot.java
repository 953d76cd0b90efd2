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
import dev.flinkgeometry.format.aligned.AlignedFormat;
import dev.flinkgeometry.format.compact.CompactFormat;
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
 * The snapshot of a {@link GeometrySerializer}: the declared geometry class, the encoding (aligned,
 * or compact with its precision and declared SRID) with its format version, and the coordinate
 * sequence kind.
 *
 * <p>Savepoints store this class's name and instantiate it with the public no-arg constructor: both
 * are kept forever. Snapshot version 1 (written before compact became an encoding) is read as
 * aligned; state written with the compact serializer of that time holds a {@link
 * CompactGeometrySerializerSnapshot}, read here as compact. Resolution, asked of the new
 * serializer's snapshot about the old one (the old declared class must be the new one or a
 * subclass):
 *
 * <ul>
 *   <li>the same encoding and format version: compatible as is (the sequence kind never changes the
 *       bytes);
 *   <li>another encoding (aligned and compact, another precision, another declared SRID), or an
 *       older format version: compatible after migration;
 *   <li>a snapshot of a predecessor serializer that {@link PredecessorSnapshots} knows (legacy WKB,
 *       Kryo, Apache Sedona): compatible after migration;
 *   <li>anything else: incompatible, with a logged message naming what was found.
 * </ul>
 *
 * @param <T> the declared geometry class
 */
@PublicEvolving
public final class GeometrySerializerSnapshot<T extends Geometry>
        implements TypeSerializerSnapshot<T> {

    private static final int VERSION = 2;

    /** The encoding tags of snapshot version 2. */
    private static final int ALIGNED = 0, COMPACT = 1;

    private Class<T> geometryClass;
    private GeometryEncoding encoding;
    private int formatVersion;
    private CoordinateSequenceKind sequenceKind;

    /** For reading a snapshot: Flink instantiates it reflectively, then calls readSnapshot. */
    public GeometrySerializerSnapshot() {}

    GeometrySerializerSnapshot(
            Class<T> geometryClass,
            GeometryEncoding encoding,
            int formatVersion,
            CoordinateSequenceKind sequenceKind) {
        this.geometryClass = geometryClass;
        this.encoding = encoding;
        this.formatVersion = formatVersion;
        this.sequenceKind = sequenceKind;
    }

    @Override
    public int getCurrentVersion() {
        return VERSION;
    }

    /**
     * Version 2: the declared class, the sequence kind, the encoding tag (0 aligned, 1 compact),
     * the format version; for compact then the lossless flag, the X/Y, Z and M digits (one signed
     * byte each, 0 when lossless) and the declared SRID (int).
     */
    @Override
    public void writeSnapshot(DataOutputView out) throws IOException {
        out.writeUTF(geometryClass.getName());
        out.writeUTF(sequenceKind.name());
        out.writeByte(encoding.isAligned() ? ALIGNED : COMPACT);
        out.writeInt(formatVersion);
        if (encoding.isCompact()) {
            out.writeBoolean(encoding.isLossless());
            out.writeByte(encoding.xyDigits());
            out.writeByte(encoding.zDigits());
            out.writeByte(encoding.mDigits());
            out.writeInt(encoding.declaredSrid());
        }
    }

    @Override
    public void readSnapshot(int readVersion, DataInputView in, ClassLoader userCodeClassLoader)
            throws IOException {
        switch (readVersion) {
            case 1:
                readVersion1(in, userCodeClassLoader);
                break;
            case 2:
                readVersion2(in, userCodeClassLoader);
                break;
            default:
                throw SnapshotVersion.unknown("GeometrySerializerSnapshot", readVersion, VERSION);
        }
    }

    /**
     * Snapshot version 1: the declared class, the aligned format version, the sequence kind. The
     * encoding is aligned, the only one this snapshot class recorded then.
     */
    private void readVersion1(DataInputView in, ClassLoader userCodeClassLoader)
            throws IOException {
        geometryClass = DeclaredGeometryClass.load(in.readUTF(), userCodeClassLoader);
        encoding = GeometryEncoding.ALIGNED;
        formatVersion = readAlignedFormatVersion(in);
        sequenceKind = readSequenceKind(in);
    }

    /** Snapshot version 2: see {@link #writeSnapshot}. */
    private void readVersion2(DataInputView in, ClassLoader userCodeClassLoader)
            throws IOException {
        geometryClass = DeclaredGeometryClass.load(in.readUTF(), userCodeClassLoader);
        sequenceKind = readSequenceKind(in);
        int tag = in.readUnsignedByte();
        switch (tag) {
            case ALIGNED:
                encoding = GeometryEncoding.ALIGNED;
                formatVersion = readAlignedFormatVersion(in);
                break;
            case COMPACT:
                formatVersion = readCompactFormatVersion(in);
                encoding = readCompactOptions(in, true);
                break;
            default:
                throw new IOException("unknown geometry encoding tag " + tag);
        }
    }

    static int readAlignedFormatVersion(DataInputView in) throws IOException {
        int version = in.readInt();
        if (!AlignedFormat.isKnownVersion(version)) {
            throw new IOException(AlignedFormat.unknownVersionMessage(version));
        }
        return version;
    }

    static int readCompactFormatVersion(DataInputView in) throws IOException {
        int version = in.readInt();
        if (!CompactFormat.isKnownVersion(version)) {
            throw new IOException(CompactFormat.unknownVersionMessage(version));
        }
        return version;
    }

    static CoordinateSequenceKind readSequenceKind(DataInputView in) throws IOException {
        String kind = in.readUTF();
        try {
            return CoordinateSequenceKind.valueOf(kind);
        } catch (IllegalArgumentException e) {
            throw new IOException("unknown coordinate sequence kind '" + kind + "'", e);
        }
    }

    /**
     * The compact options: lossless flag, X/Y, Z and M digits (one signed byte each, 0 when
     * lossless), then the declared SRID (an int) if {@code withSrid}.
     */
    static GeometryEncoding readCompactOptions(DataInputView in, boolean withSrid)
            throws IOException {
        boolean lossless = in.readBoolean();
        int xy = in.readByte();
        int z = in.readByte();
        int m = in.readByte();
        int srid = withSrid ? in.readInt() : 0;
        if (lossless && (xy | z | m) != 0) {
            throw new IOException(
                    "a lossless compact snapshot with digits " + xy + "/" + z + "/" + m);
        }
        try {
            GeometryEncoding encoding =
                    lossless ? GeometryEncoding.compact() : GeometryEncoding.compact(xy, z, m);
            return encoding.withDeclaredSrid(srid);
        } catch (IllegalArgumentException e) {
            throw new IOException("invalid compact encoding: " + e.getMessage(), e);
        }
    }

    @Override
    public TypeSerializer<T> restoreSerializer() {
        // The format version the old state was written in, not this release's.
        return new GeometrySerializer<>(geometryClass, encoding, sequenceKind, formatVersion);
    }

    @Override
    public TypeSerializerSchemaCompatibility<T> resolveSchemaCompatibility(
            TypeSerializerSnapshot<T> oldSnapshot) {
        GeometrySerializerSnapshot<?> old = ofOurs(oldSnapshot);
        SnapshotResolution<T> resolution =
                new SnapshotResolution<>("GeometrySerializer (" + encoding + ")", geometryClass);
        if (old == null) {
            return resolution.predecessor(oldSnapshot);
        }
        if (old.encoding.isCompact() != encoding.isCompact()) {
            return resolution.otherFormat(old.geometryClass, formatName(old.encoding));
        }
        // the coordinate sequence kind does not change bytes
        return resolution.sameFormat(
                old.geometryClass,
                formatName(encoding),
                old.formatVersion,
                formatVersion,
                old.encoding.equals(encoding));
    }

    /** {@code snapshot} as a snapshot of ours, or {@code null} if it is another serializer's. */
    private static GeometrySerializerSnapshot<?> ofOurs(TypeSerializerSnapshot<?> snapshot) {
        if (snapshot instanceof GeometrySerializerSnapshot) {
            return (GeometrySerializerSnapshot<?>) snapshot;
        }
        if (snapshot instanceof CompactGeometrySerializerSnapshot) {
            return ((CompactGeometrySerializerSnapshot<?>) snapshot).asGeometrySerializerSnapshot();
        }
        return null;
    }

    private static String formatName(GeometryEncoding encoding) {
        return encoding.isAligned() ? "aligned" : "compact";
    }

    Class<T> geometryClass() {
        return geometryClass;
    }

    GeometryEncoding encoding() {
        return encoding;
    }

    int formatVersion() {
        return formatVersion;
    }

    CoordinateSequenceKind sequenceKind() {
        return sequenceKind;
    }
}
