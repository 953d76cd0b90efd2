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
import dev.flinkgeometry.format.twkb.CompactFormat;
import dev.flinkgeometry.serializer.internal.CompactPayload;
import dev.flinkgeometry.serializer.internal.FramedGeometrySerializer;
import dev.flinkgeometry.serializer.internal.FramedRecords;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.locationtech.jts.geom.Geometry;

/**
 * An opt-in Flink {@link TypeSerializer} for JTS geometries in the compact format: TWKB (as PostGIS
 * writes it) with the SRID beside it, or the aligned payload where TWKB cannot carry a geometry
 * ({@code docs/FORMAT.md}, "Compact record"). For large geometry state: a GPS point of 6 decimals
 * takes 12 bytes instead of 25.
 *
 * <ul>
 *   <li>{@link #CompactGeometrySerializer(Class) lossless} (the default): nothing is lost; every
 *       geometry is written at the smallest decimal precision that keeps each ordinate bit for bit,
 *       or in the aligned format if none does; the bytes depend on the values only, so geometries
 *       are safe as keys.
 *   <li>{@link #withPrecision fixed precision}: ordinates rounded to the given decimal digits
 *       (lossy; values only, not keys).
 * </ul>
 *
 * <p>Records are framed as {@link GeometrySerializer}'s: a varint length (0 for {@code null}) and
 * the payload, written in place into a {@code DataOutputSerializer} or in one {@code write}. An
 * instance owns its buffers; {@link #duplicate()} returns an independent instance.
 *
 * @param <T> the declared geometry class: {@code Geometry} or any JTS subclass
 */
@PublicEvolving
public final class CompactGeometrySerializer<T extends Geometry>
        extends FramedGeometrySerializer<T> {
    private static final long serialVersionUID = 1L;

    /** The compact format version this serializer writes; recorded in its snapshot. */
    public static final int FORMAT_VERSION = CompactFormat.VERSION;

    private final Class<T> geometryClass;
    private final CompactPrecision precision;
    private final CoordinateSequenceKind sequenceKind;
    private final int formatVersion;

    private transient FramedRecords records;

    /** A lossless serializer decoding into JTS's default coordinate sequences. */
    public CompactGeometrySerializer(Class<T> geometryClass) {
        this(geometryClass, CompactPrecision.LOSSLESS, CoordinateSequenceKind.ARRAY);
    }

    /** A serializer of the given precision decoding into sequences of {@code sequenceKind}. */
    public CompactGeometrySerializer(
            Class<T> geometryClass,
            CompactPrecision precision,
            CoordinateSequenceKind sequenceKind) {
        this(geometryClass, precision, sequenceKind, FORMAT_VERSION);
    }

    /**
     * A serializer of compact format {@code formatVersion}: the one a snapshot of that version
     * restores.
     */
    CompactGeometrySerializer(
            Class<T> geometryClass,
            CompactPrecision precision,
            CoordinateSequenceKind sequenceKind,
            int formatVersion) {
        this.geometryClass = Objects.requireNonNull(geometryClass, "geometryClass");
        this.precision = Objects.requireNonNull(precision, "precision");
        this.sequenceKind = Objects.requireNonNull(sequenceKind, "sequenceKind");
        this.formatVersion = formatVersion;
        this.records = newRecords();
    }

    /**
     * A fixed-precision (lossy) serializer: X and Y rounded to {@code xyDigits} decimal digits
     * ({@code -7..7}), Z to {@code zDigits}, M to {@code mDigits} ({@code 0..7}), halves away from
     * zero. A geometry that cannot be rounded (NaN, infinite or too large ordinates) is written
     * exactly, in the aligned format.
     *
     * <p>For values only. Nothing refuses it as a key: Flink's {@code keyBy(KeySelector,
     * TypeInformation)} never asks {@code isKeyType()}, and the state backend takes it as its key
     * serializer without a check; on RocksDB, geometries that round alike (in one key group) then
     * share one state. Key by the lossless serializer or {@link GeometrySerializer} instead
     * (README, "Compact state").
     */
    public static <T extends Geometry> CompactGeometrySerializer<T> withPrecision(
            Class<T> geometryClass, int xyDigits, int zDigits, int mDigits) {
        return new CompactGeometrySerializer<>(
                geometryClass,
                CompactPrecision.of(xyDigits, zDigits, mDigits),
                CoordinateSequenceKind.ARRAY);
    }

    private FramedRecords newRecords() {
        return new FramedRecords(
                CompactPayload.of(
                        formatVersion,
                        precision.isLossless(),
                        precision.xyDigits(),
                        precision.zDigits(),
                        precision.mDigits(),
                        sequenceKind));
    }

    @Override
    protected FramedRecords records() {
        return records;
    }

    /** The declared geometry class. */
    @Override
    public Class<T> geometryClass() {
        return geometryClass;
    }

    /** Lossless, or the fixed digits. */
    public CompactPrecision precision() {
        return precision;
    }

    /** The kind of coordinate sequences that deserialized geometries get. */
    @Override
    public CoordinateSequenceKind sequenceKind() {
        return sequenceKind;
    }

    /** The compact format version this instance reads and writes. */
    int formatVersion() {
        return formatVersion;
    }

    @Override
    public CompactGeometrySerializer<T> duplicate() {
        return new CompactGeometrySerializer<>(
                geometryClass, precision, sequenceKind, formatVersion);
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        records = newRecords();
    }

    @Override
    public boolean equals(Object obj) {
        if (this == obj) {
            return true;
        }
        if (!(obj instanceof CompactGeometrySerializer)) {
            return false;
        }
        CompactGeometrySerializer<?> other = (CompactGeometrySerializer<?>) obj;
        return geometryClass == other.geometryClass
                && precision.equals(other.precision)
                && sequenceKind == other.sequenceKind
                && formatVersion == other.formatVersion;
    }

    @Override
    public int hashCode() {
        return Objects.hash(geometryClass.getName(), precision, sequenceKind, formatVersion);
    }

    @Override
    public String toString() {
        return "CompactGeometrySerializer{"
                + geometryClass.getSimpleName()
                + ", "
                + precision
                + ", format v"
                + formatVersion
                + ", "
                + sequenceKind
                + "}";
    }

    @Override
    public TypeSerializerSnapshot<T> snapshotConfiguration() {
        return new CompactGeometrySerializerSnapshot<>(
                geometryClass, formatVersion, precision, sequenceKind);
    }
}
