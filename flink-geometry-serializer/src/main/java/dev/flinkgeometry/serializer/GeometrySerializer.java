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
import dev.flinkgeometry.format.GeometryFormat;
import dev.flinkgeometry.serializer.internal.AlignedPayload;
import dev.flinkgeometry.serializer.internal.FramedGeometrySerializer;
import dev.flinkgeometry.serializer.internal.FramedRecords;
import dev.flinkgeometry.serializer.internal.RecordBuffer;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.annotation.VisibleForTesting;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.locationtech.jts.geom.Geometry;

/**
 * A Flink {@link TypeSerializer} for JTS geometries in the aligned geometry format ({@code
 * docs/FORMAT.md}).
 *
 * <p>A record is a varint length (0 for {@code null}) followed by the payload. {@link #serialize}
 * encodes it straight into the array of a {@code DataOutputSerializer} that has room (the view of
 * Flink's network writer and of RocksDB state), or else stages it in a reusable buffer and hands it
 * to the output in one {@code write}; {@link #deserialize} reads it with one {@code readFully}. The
 * bytes depend only on the geometry's content, so geometries are safe as keys in RocksDB and in
 * sorted BATCH execution.
 *
 * <p>An instance owns its buffers and must not be shared between threads; {@link #duplicate()}
 * returns an independent instance, as Flink requires of stateful serializers.
 *
 * @param <T> the declared geometry class: {@code Geometry} or any JTS subclass
 */
@PublicEvolving
public final class GeometrySerializer<T extends Geometry> extends FramedGeometrySerializer<T> {
    private static final long serialVersionUID = 1L;

    /** The aligned format version this serializer writes; recorded in its snapshot. */
    public static final int FORMAT_VERSION = GeometryFormat.VERSION;

    /** A buffer grown beyond this by one large geometry is dropped after the record. */
    @VisibleForTesting static final int RETAINED_BUFFER_BYTES = RecordBuffer.RETAINED_BYTES;

    private final Class<T> geometryClass;
    private final CoordinateSequenceKind sequenceKind;

    /**
     * The aligned format version this instance reads and writes: {@link #FORMAT_VERSION}, or the
     * version recorded in the snapshot it was restored from. (0 in an instance Java-serialized
     * before the field existed: read as version 1, the only version then.)
     */
    private int formatVersion;

    // Per-instance working state: not serialized, rebuilt by readObject.
    private transient FramedRecords records;

    /** A serializer whose decoded geometries use JTS's default coordinate sequences. */
    public GeometrySerializer(Class<T> geometryClass) {
        this(geometryClass, CoordinateSequenceKind.ARRAY);
    }

    /** A serializer whose decoded geometries use sequences of {@code sequenceKind}. */
    public GeometrySerializer(Class<T> geometryClass, CoordinateSequenceKind sequenceKind) {
        this(geometryClass, sequenceKind, FORMAT_VERSION);
    }

    /**
     * A serializer of aligned format {@code formatVersion}: the one a snapshot of that version
     * restores, which reads (and writes) the bytes the old state holds.
     *
     * @throws IllegalArgumentException if this release does not know {@code formatVersion}
     */
    GeometrySerializer(
            Class<T> geometryClass, CoordinateSequenceKind sequenceKind, int formatVersion) {
        this.geometryClass = Objects.requireNonNull(geometryClass, "geometryClass");
        this.sequenceKind = Objects.requireNonNull(sequenceKind, "sequenceKind");
        this.formatVersion = formatVersion;
        this.records = newRecords();
    }

    /** A serializer for {@code geometryClass}, decoding into JTS's default sequences. */
    public static <T extends Geometry> GeometrySerializer<T> of(Class<T> geometryClass) {
        return new GeometrySerializer<>(geometryClass);
    }

    /** A serializer for {@code geometryClass}, decoding into sequences of the given kind. */
    public static <T extends Geometry> GeometrySerializer<T> of(
            Class<T> geometryClass, CoordinateSequenceKind sequenceKind) {
        return new GeometrySerializer<>(geometryClass, sequenceKind);
    }

    private FramedRecords newRecords() {
        return new FramedRecords(AlignedPayload.of(formatVersion, sequenceKind));
    }

    @Override
    protected FramedRecords records() {
        return records;
    }

    /** The declared geometry class: what this serializer reads and writes. */
    @Override
    public Class<T> geometryClass() {
        return geometryClass;
    }

    /** The kind of coordinate sequences that deserialized geometries get. */
    @Override
    public CoordinateSequenceKind sequenceKind() {
        return sequenceKind;
    }

    @Override
    public GeometrySerializer<T> duplicate() {
        return new GeometrySerializer<>(geometryClass, sequenceKind, formatVersion);
    }

    /** The aligned format version this instance reads and writes. */
    int formatVersion() {
        return formatVersion;
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (formatVersion == 0) {
            formatVersion = 1;
        }
        records = newRecords();
    }

    // ------------------------------------------------------------------------------------------
    // Identity and snapshot
    // ------------------------------------------------------------------------------------------

    @Override
    public boolean equals(Object obj) {
        if (this == obj) {
            return true;
        }
        if (!(obj instanceof GeometrySerializer)) {
            return false;
        }
        GeometrySerializer<?> other = (GeometrySerializer<?>) obj;
        return geometryClass == other.geometryClass
                && sequenceKind == other.sequenceKind
                && formatVersion == other.formatVersion;
    }

    @Override
    public int hashCode() {
        return 31 * (31 * geometryClass.getName().hashCode() + sequenceKind.hashCode())
                + formatVersion;
    }

    @Override
    public String toString() {
        return "GeometrySerializer{"
                + geometryClass.getSimpleName()
                + ", format v"
                + formatVersion
                + ", "
                + sequenceKind
                + "}";
    }

    @Override
    public TypeSerializerSnapshot<T> snapshotConfiguration() {
        return new GeometrySerializerSnapshot<>(geometryClass, formatVersion, sequenceKind);
    }
}
