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
import dev.flinkgeometry.serializer.internal.AlignedPayload;
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
 * The snapshot of a {@link GeometrySerializer}: the declared geometry class, the aligned format
 * version and the coordinate sequence kind.
 *
 * <p>Savepoints store this class's name and instantiate it with the public no-arg constructor: both
 * are kept forever. Resolution, asked of the new serializer's snapshot about the old one:
 *
 * <ul>
 *   <li>ours, same format version, old declared class assignable to the new one: compatible as is
 *       (the sequence kind never changes the bytes);
 *   <li>ours, an older format version: compatible after migration;
 *   <li>{@link CompactGeometrySerializerSnapshot} (compact state) of the declared class or a
 *       subclass: compatible after migration;
 *   <li>a snapshot of a predecessor serializer that {@link PredecessorSnapshots} knows, written for
 *       the declared class or a subclass: compatible after migration;
 *   <li>anything else: incompatible, with a logged message naming what was found.
 * </ul>
 *
 * @param <T> the declared geometry class
 */
@PublicEvolving
public final class GeometrySerializerSnapshot<T extends Geometry>
        implements TypeSerializerSnapshot<T> {

    private static final int VERSION = 1;

    private Class<T> geometryClass;
    private int formatVersion;
    private CoordinateSequenceKind sequenceKind;

    /** For reading a snapshot: Flink instantiates it reflectively, then calls readSnapshot. */
    public GeometrySerializerSnapshot() {}

    GeometrySerializerSnapshot(
            Class<T> geometryClass, int formatVersion, CoordinateSequenceKind sequenceKind) {
        this.geometryClass = geometryClass;
        this.formatVersion = formatVersion;
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
    }

    @Override
    public void readSnapshot(int readVersion, DataInputView in, ClassLoader userCodeClassLoader)
            throws IOException {
        switch (readVersion) {
            case 1:
                readVersion1(in, userCodeClassLoader);
                break;
            default:
                throw SnapshotVersion.unknown("GeometrySerializerSnapshot", readVersion, VERSION);
        }
    }

    /**
     * Snapshot version 1: the declared class, the aligned format version, the sequence kind. A
     * later snapshot version gets a method of its own beside this one, which stays as it is.
     */
    private void readVersion1(DataInputView in, ClassLoader userCodeClassLoader)
            throws IOException {
        geometryClass = DeclaredGeometryClass.load(in.readUTF(), userCodeClassLoader);
        formatVersion = in.readInt();
        if (!AlignedPayload.isKnown(formatVersion)) {
            throw new IOException(AlignedPayload.unknown(formatVersion));
        }
        String kind = in.readUTF();
        try {
            sequenceKind = CoordinateSequenceKind.valueOf(kind);
        } catch (IllegalArgumentException e) {
            throw new IOException("unknown coordinate sequence kind '" + kind + "'", e);
        }
    }

    @Override
    public TypeSerializer<T> restoreSerializer() {
        // The format version the old state was written in, not this release's.
        return new GeometrySerializer<>(geometryClass, sequenceKind, formatVersion);
    }

    @Override
    public TypeSerializerSchemaCompatibility<T> resolveSchemaCompatibility(
            TypeSerializerSnapshot<T> oldSnapshot) {
        SnapshotResolution<T> resolution =
                new SnapshotResolution<>("GeometrySerializer", geometryClass);
        if (oldSnapshot instanceof GeometrySerializerSnapshot) {
            GeometrySerializerSnapshot<?> old = (GeometrySerializerSnapshot<?>) oldSnapshot;
            // the coordinate sequence kind does not change bytes
            return resolution.sameFormat(
                    old.geometryClass, "aligned", old.formatVersion, formatVersion, true);
        }
        if (oldSnapshot instanceof CompactGeometrySerializerSnapshot) {
            return resolution.otherFormat(
                    ((CompactGeometrySerializerSnapshot<?>) oldSnapshot).geometryClass(),
                    "compact");
        }
        return resolution.predecessor(oldSnapshot);
    }

    Class<T> geometryClass() {
        return geometryClass;
    }

    int formatVersion() {
        return formatVersion;
    }

    CoordinateSequenceKind sequenceKind() {
        return sequenceKind;
    }
}
