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
package dev.flinkgeometry.serializer.legacy;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.format.GeometryLimits;
import dev.flinkgeometry.format.internal.RawBytes;
import dev.flinkgeometry.format.wkb.WkbReader;
import dev.flinkgeometry.format.wkb.WkbWriter;
import dev.flinkgeometry.serializer.internal.DeclaredGeometryClass;
import dev.flinkgeometry.serializer.internal.RecordBuffer;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.annotation.VisibleForTesting;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.locationtech.jts.geom.Geometry;

/**
 * The legacy Flink {@link TypeSerializer} for JTS geometries: length-prefixed WKB. It is kept
 * forever so that savepoints written with it restore; {@code GeometrySerializer} migrates its state
 * to the aligned format.
 *
 * <h2>Record</h2>
 *
 * A record is a 4-byte big-endian int length ({@link DataOutputView#writeInt}), {@code -1} for
 * {@code null}, followed by that many bytes of WKB. {@link #serialize} stages the record in a
 * reusable buffer and hands it to the output in one {@code write}; {@link #deserialize} reads the
 * WKB with one {@code readFully} (records above 1 MiB in steps, so a corrupt length cannot allocate
 * more than the bytes present); {@link #copy(DataInputView, DataOutputView)} copies the record
 * without decoding it.
 *
 * <h2>What is written</h2>
 *
 * Extended (PostGIS EWKB) little-endian WKB: the type word carries the flags {@code 0x80000000}
 * (Z), {@code 0x40000000} (M) and, on the top level only and only for a non-zero SRID, {@code
 * 0x20000000} (SRID) followed by the SRID. The output depends only on the geometry's content:
 *
 * <ul>
 *   <li>Z (M) is written if and only if some coordinate has a non-NaN Z (M), over the whole
 *       geometry, exactly as the aligned format decides its coordinate type; a declared dimension
 *       without values is not written ({@code POINT Z (1 2 NaN)} is written as {@code POINT (1
 *       2)}). Members of a Multi* geometry share its flags. A geometry collection member is decided
 *       on its own values, and the collection's header carries the union of its members' flags (as
 *       GEOS writes it).
 *   <li>An empty point is written as a point of NaN ordinates; an empty polygon with 0 rings; a
 *       {@code LinearRing} as a line string. NaN is written in one canonical bit pattern; {@code
 *       -0.0} keeps its sign.
 *   <li>Not carried: the SRIDs of collection members (they read back as the top level's), JTS
 *       {@code userData} and the factory's {@code PrecisionModel}.
 * </ul>
 *
 * <h2>What is read, and the rules for ambiguous input</h2>
 *
 * ISO WKB (type code + 1000 Z, 2000 M, 3000 ZM) and extended WKB, both byte orders, each nested
 * geometry in its own byte order, Z, M and ZM, and the SRID. Where WKB is ambiguous:
 *
 * <ol>
 *   <li><b>Points of NaN.</b> A point whose ordinates are all NaN (X, Y and every Z/M its header
 *       declares, whatever the NaN bit patterns) is {@code POINT EMPTY}, at the top level, in a
 *       MultiPoint and in a collection. A point with any non-NaN ordinate is not empty: {@code
 *       POINT (1 NaN)} and {@code POINT Z (NaN NaN 3)} keep their values (JTS 1.20's {@code
 *       WKBReader} makes any point with a NaN X or Y empty; PostGIS and GEOS look at X and Y only,
 *       so they read {@code POINT Z (NaN NaN 3)} as {@code POINT Z EMPTY}). So {@code POINT (NaN
 *       NaN)} is written as, and reads back as, {@code POINT EMPTY}.
 *   <li><b>ISO codes with EWKB flags.</b> A type word may carry both; the dimensions are their
 *       union ({@code 1001 | 0x40000000} is a ZM point), as PostGIS and GEOS read it. Any other bit
 *       ({@code 0x10000000}) or a code above 3999 is rejected.
 *   <li><b>SRIDs.</b> The top level's SRID (0 without the flag) is also set on every member. A
 *       nested header with the SRID flag (never written here) gives that member, and its members,
 *       its own SRID, as JTS's {@code WKBReader} reads it (GEOS ignores nested SRIDs).
 *   <li><b>Dimensions.</b> Each header decides the dimensions of its own coordinates; a parent's
 *       flags are not checked against its members'. Decoded coordinate sequences have exactly the
 *       declared dimension and measures, also when empty ({@code POINT M EMPTY} and {@code POLYGON
 *       ZM EMPTY} keep them, unlike JTS 1.20's {@code WKBReader}). The flags of a collection or
 *       empty Multi* geometry have no JTS representation and are dropped.
 *   <li><b>Invalid structure</b> is an {@link IOException}, never repaired: an unknown byte-order
 *       byte or type, a Multi* member of the wrong type, a line string of 1 point, a ring that is
 *       not closed or too short for a JTS {@code LinearRing} (JTS's non-strict reader extends or
 *       closes them silently), holes in an empty shell, collections nested deeper than 64 levels,
 *       counts beyond the bytes present, truncated input and trailing bytes in a record. The
 *       message names the problem and its offset in the WKB.
 * </ol>
 *
 * Decoded geometries use JTS's default {@code CoordinateArraySequence} and a floating-precision
 * factory with SRID 0. A record of another class than the declared one fails with an {@link
 * IOException} naming both (a closed line string is rebuilt as a {@code LinearRing} when that is
 * the declared class).
 *
 * <p>An instance owns its buffers and must not be shared between threads; {@link #duplicate()}
 * returns an independent instance.
 *
 * @param <T> the declared geometry class: {@code Geometry} or any JTS subclass
 */
@PublicEvolving
public final class WkbGeometrySerializer<T extends Geometry> extends TypeSerializer<T> {
    private static final long serialVersionUID = 1L;

    /** The length prefix of a {@code null} record. */
    static final int NULL_LENGTH = -1;

    /** A buffer grown beyond this by one large geometry is dropped after the record. */
    @VisibleForTesting static final int RETAINED_BUFFER_BYTES = RecordBuffer.RETAINED_BYTES;

    private final Class<T> geometryClass;

    // Per-instance working state: not serialized, rebuilt by readObject.
    private transient WkbWriter writer = new WkbWriter();
    private transient WkbReader reader = new WkbReader();
    private transient RecordBuffer buffer = new RecordBuffer();

    /** A serializer for {@code geometryClass}, as length-prefixed WKB. */
    public WkbGeometrySerializer(Class<T> geometryClass) {
        this.geometryClass = Objects.requireNonNull(geometryClass, "geometryClass");
    }

    /** A serializer for {@code geometryClass}, as length-prefixed WKB. */
    public static <T extends Geometry> WkbGeometrySerializer<T> of(Class<T> geometryClass) {
        return new WkbGeometrySerializer<>(geometryClass);
    }

    /** The declared geometry class: what this serializer reads and writes. */
    public Class<T> geometryClass() {
        return geometryClass;
    }

    // ------------------------------------------------------------------------------------------
    // Type properties
    // ------------------------------------------------------------------------------------------

    @Override
    public boolean isImmutableType() {
        return false; // JTS geometries and their coordinates are mutable
    }

    @Override
    public WkbGeometrySerializer<T> duplicate() {
        return new WkbGeometrySerializer<>(geometryClass);
    }

    /** An empty geometry of the declared class, or {@code null} for a class JTS cannot build. */
    @Override
    public T createInstance() {
        return DeclaredGeometryClass.emptyInstance(
                geometryClass, CoordinateSequenceKind.ARRAY.geometryFactory());
    }

    @Override
    public int getLength() {
        return -1;
    }

    // ------------------------------------------------------------------------------------------
    // Copies
    // ------------------------------------------------------------------------------------------

    /** A deep copy (JTS {@link Geometry#copy()}: new coordinates, same SRID and user data). */
    @Override
    public T copy(T from) {
        return from == null ? null : geometryClass.cast(from.copy());
    }

    @Override
    public T copy(T from, T reuse) {
        return copy(from);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        int length = checkLength(source.readInt());
        if (length == NULL_LENGTH) {
            target.writeInt(NULL_LENGTH);
            return;
        }
        RawBytes.putIntBE(buffer.ensureCapacity(4), 0, length);
        try {
            target.write(buffer.readFully(source, 4, length), 0, 4 + length);
        } finally {
            buffer.releaseIfLarge();
        }
    }

    // ------------------------------------------------------------------------------------------
    // Serialization
    // ------------------------------------------------------------------------------------------

    @Override
    public void serialize(T record, DataOutputView target) throws IOException {
        if (record == null) {
            target.writeInt(NULL_LENGTH);
            return;
        }
        DeclaredGeometryClass.requireInstance(geometryClass, record);
        DeclaredGeometryClass.requireJtsClass(record);
        int size = writer.prepare(record);
        byte[] bytes = buffer.ensureCapacity(4 + size);
        RawBytes.putIntBE(bytes, 0, size);
        writer.writeTo(bytes, 4);
        target.write(bytes, 0, 4 + size);
        buffer.releaseIfLarge();
    }

    @Override
    public T deserialize(DataInputView source) throws IOException {
        int length = checkLength(source.readInt());
        if (length == NULL_LENGTH) {
            return null;
        }
        try {
            byte[] bytes = buffer.readFully(source, 0, length);
            return DeclaredGeometryClass.cast(geometryClass, reader.read(bytes, 0, length));
        } finally {
            buffer.releaseIfLarge();
        }
    }

    @Override
    public T deserialize(T reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    /** Returns {@code length} if a record can have it ({@code -1} for null). */
    private static int checkLength(int length) throws IOException {
        if (length < NULL_LENGTH || length > GeometryLimits.MAX_ENCODED_BYTES) {
            throw new IOException(
                    "corrupt record: WKB length "
                            + length
                            + " (expected -1 for null or 0.."
                            + GeometryLimits.MAX_ENCODED_BYTES
                            + ")");
        }
        return length;
    }

    /** The current buffer capacity (0 before first use); for tests of the release policy. */
    @VisibleForTesting
    int bufferCapacity() {
        return buffer.capacity();
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        writer = new WkbWriter();
        reader = new WkbReader();
        buffer = new RecordBuffer();
    }

    // ------------------------------------------------------------------------------------------
    // Identity and snapshot
    // ------------------------------------------------------------------------------------------

    @Override
    public boolean equals(Object obj) {
        return obj == this
                || (obj instanceof WkbGeometrySerializer
                        && geometryClass == ((WkbGeometrySerializer<?>) obj).geometryClass);
    }

    @Override
    public int hashCode() {
        return geometryClass.getName().hashCode();
    }

    @Override
    public String toString() {
        return "WkbGeometrySerializer{" + geometryClass.getSimpleName() + "}";
    }

    @Override
    public TypeSerializerSnapshot<T> snapshotConfiguration() {
        return new WkbGeometrySerializerSnapshot<>(geometryClass);
    }
}
