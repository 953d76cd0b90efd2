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
import dev.flinkgeometry.format.GeometryEncoder;
import dev.flinkgeometry.format.aligned.AlignedFormat;
import dev.flinkgeometry.format.compact.CompactFormat;
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
 * A Flink {@link TypeSerializer} for JTS geometries, in the aligned format or, as chosen by its
 * {@link GeometryEncoding}, the compact record ({@code docs/FORMAT.md}).
 *
 * <p>A record is a varint length (0 for {@code null}) followed by the payload. {@link #serialize}
 * encodes it straight into the array of a {@code DataOutputSerializer} that has room (the view of
 * Flink's network writer and of RocksDB state), or else stages it in a reusable buffer and hands it
 * to the output in one {@code write}; {@link #deserialize} reads it with one {@code readFully}. In
 * a lossless encoding (aligned, the default, or compact lossless) the bytes depend only on the
 * geometry's content, so geometries are safe as keys in RocksDB and in sorted BATCH execution.
 *
 * <pre>{@code
 * GeometrySerializer.of(Point.class);                                  // aligned
 * GeometrySerializer.of(Point.class, GeometryEncoding.compact());      // compact, lossless
 * GeometrySerializer.of(LineString.class, GeometryEncoding.compact(6, 0, 0).withDeclaredSrid(4326));
 * }</pre>
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
    public static final int FORMAT_VERSION = AlignedFormat.VERSION;

    /** A buffer grown beyond this by one large geometry is dropped after the record. */
    @VisibleForTesting static final int RETAINED_BUFFER_BYTES = RecordBuffer.RETAINED_BYTES;

    private final Class<T> geometryClass;
    private final CoordinateSequenceKind sequenceKind;

    /**
     * The version of the encoding's format this instance reads and writes: the current one, or the
     * version recorded in the snapshot it was restored from. (0 in an instance Java-serialized
     * before the field existed: read as aligned version 1, the only version then.)
     */
    private int formatVersion;

    /** Aligned or compact; {@code null} in an instance Java-serialized before the field existed. */
    private GeometryEncoding encoding;

    // Per-instance working state: not serialized, rebuilt by readObject.
    private transient FramedRecords records;

    /** An aligned serializer whose decoded geometries use JTS's default coordinate sequences. */
    public GeometrySerializer(Class<T> geometryClass) {
        this(geometryClass, GeometryEncoding.ALIGNED, CoordinateSequenceKind.ARRAY);
    }

    /** An aligned serializer whose decoded geometries use sequences of {@code sequenceKind}. */
    public GeometrySerializer(Class<T> geometryClass, CoordinateSequenceKind sequenceKind) {
        this(geometryClass, GeometryEncoding.ALIGNED, sequenceKind);
    }

    /** A serializer of {@code encoding}, decoding into JTS's default coordinate sequences. */
    public GeometrySerializer(Class<T> geometryClass, GeometryEncoding encoding) {
        this(geometryClass, encoding, CoordinateSequenceKind.ARRAY);
    }

    /** A serializer of {@code encoding}, decoding into sequences of {@code sequenceKind}. */
    public GeometrySerializer(
            Class<T> geometryClass,
            GeometryEncoding encoding,
            CoordinateSequenceKind sequenceKind) {
        this(geometryClass, encoding, sequenceKind, currentFormatVersion(encoding));
    }

    /**
     * A serializer of format {@code formatVersion} of {@code encoding}: the one a snapshot of that
     * version restores, which reads (and writes) the bytes the old state holds.
     *
     * @throws IllegalArgumentException if this release does not know {@code formatVersion}
     */
    GeometrySerializer(
            Class<T> geometryClass,
            GeometryEncoding encoding,
            CoordinateSequenceKind sequenceKind,
            int formatVersion) {
        this.geometryClass = Objects.requireNonNull(geometryClass, "geometryClass");
        this.encoding = Objects.requireNonNull(encoding, "encoding");
        this.sequenceKind = Objects.requireNonNull(sequenceKind, "sequenceKind");
        this.formatVersion = formatVersion;
        this.records = newRecords();
    }

    /** An aligned serializer for {@code geometryClass}, decoding into JTS's default sequences. */
    public static <T extends Geometry> GeometrySerializer<T> of(Class<T> geometryClass) {
        return new GeometrySerializer<>(geometryClass);
    }

    /** An aligned serializer for {@code geometryClass}, decoding into sequences of the kind. */
    public static <T extends Geometry> GeometrySerializer<T> of(
            Class<T> geometryClass, CoordinateSequenceKind sequenceKind) {
        return new GeometrySerializer<>(geometryClass, sequenceKind);
    }

    /** A serializer of {@code encoding} for {@code geometryClass}. */
    public static <T extends Geometry> GeometrySerializer<T> of(
            Class<T> geometryClass, GeometryEncoding encoding) {
        return new GeometrySerializer<>(geometryClass, encoding);
    }

    /** A serializer of {@code encoding}, decoding into sequences of {@code sequenceKind}. */
    public static <T extends Geometry> GeometrySerializer<T> of(
            Class<T> geometryClass,
            GeometryEncoding encoding,
            CoordinateSequenceKind sequenceKind) {
        return new GeometrySerializer<>(geometryClass, encoding, sequenceKind);
    }

    /** The format version this release writes for {@code encoding}. */
    static int currentFormatVersion(GeometryEncoding encoding) {
        return encoding.isAligned() ? AlignedFormat.VERSION : CompactFormat.VERSION;
    }

    private FramedRecords newRecords() {
        if (encoding.isAligned()) {
            return new FramedRecords(
                    AlignedFormat.encoder(formatVersion),
                    AlignedFormat.decoder(formatVersion, sequenceKind));
        }
        int declaredSrid = encoding.declaredSrid();
        GeometryEncoder encoder =
                encoding.isLossless()
                        ? CompactFormat.losslessEncoder(formatVersion, declaredSrid)
                        : CompactFormat.encoderWithPrecision(
                                formatVersion,
                                encoding.xyDigits(),
                                encoding.zDigits(),
                                encoding.mDigits(),
                                declaredSrid);
        return new FramedRecords(
                encoder, CompactFormat.decoder(formatVersion, sequenceKind, declaredSrid));
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

    /** How this serializer writes: aligned, or compact. */
    public GeometryEncoding encoding() {
        return encoding;
    }

    @Override
    public GeometrySerializer<T> duplicate() {
        return new GeometrySerializer<>(geometryClass, encoding, sequenceKind, formatVersion);
    }

    /** The version of the encoding's format this instance reads and writes. */
    int formatVersion() {
        return formatVersion;
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (encoding == null) {
            encoding = GeometryEncoding.ALIGNED;
        }
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
                && encoding.equals(other.encoding)
                && sequenceKind == other.sequenceKind
                && formatVersion == other.formatVersion;
    }

    @Override
    public int hashCode() {
        return Objects.hash(geometryClass.getName(), encoding, sequenceKind, formatVersion);
    }

    @Override
    public String toString() {
        return "GeometrySerializer{"
                + geometryClass.getSimpleName()
                + ", "
                + encoding
                + " v"
                + formatVersion
                + ", "
                + sequenceKind
                + "}";
    }

    @Override
    public TypeSerializerSnapshot<T> snapshotConfiguration() {
        return new GeometrySerializerSnapshot<>(
                geometryClass, encoding, formatVersion, sequenceKind);
    }
}
