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
package dev.flinkgeometry.format.internal;

import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.format.GeometryLimits;
import dev.flinkgeometry.format.GeometryTypeCode;
import java.util.Arrays;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.MultiLineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * Appends TWKB geometries, header and delta-coded varint coordinates, as PostGIS 3's {@code
 * ST_AsTWKB(g, xy, z, m)} writes them (no bounding box, size or id list), except that every point
 * is kept unless asked otherwise (PostGIS drops a point whose rounded ordinates equal the previous
 * point's: {@code format.twkb.TwkbWriter#asPostgis}) and that an empty member is written as such
 * (PostGIS writes a collection whose members are all empty as an empty collection). The one TWKB
 * byte writer: {@code format.twkb.TwkbWriter} writes a TWKB geometry with it, {@code
 * format.compact.CompactEncoder} a compact record (its kind byte and SRID, then the TWKB, lossless
 * or at fixed precisions).
 *
 * <p>Z and M are written if and only if some coordinate under the header has a non-NaN Z (M), as in
 * the aligned format ({@link CoordinateTypeRule}); a geometry collection's header has the union of
 * its members', each member its own. The extended-dimensions byte, when present, holds the Z and M
 * precisions given, as PostGIS writes them. One precision (per ordinate kind) for the whole
 * geometry, each header repeating it, as PostGIS does.
 *
 * <p>Appends to a caller's array ({@link #start}) while it has room, else to a buffer of its own,
 * reused between calls; not thread-safe.
 */
public final class TwkbAppender {
    /** {@link #append} result: written. */
    public static final int WRITTEN = -1;

    /** {@link #append} result: TWKB cannot hold the geometry (an empty member of a MultiPoint). */
    public static final int CANNOT_HOLD = 3;

    /** Ordinate groups: X and Y share a precision, Z and M have theirs. */
    public static final int XY = 0, Z = 1, M = 2;

    private byte[] own = new byte[64];

    /** Where the bytes go: the caller's array from {@link #start}, or {@link #own}. */
    private byte[] buffer = own;

    private int base;
    private int position;

    private final double[] factors = new double[3];
    private final int[] precisions = new int[3];
    private final long[] previous = new long[4];
    private boolean exact;
    private boolean postgis;
    private double failedValue;

    /** The quantized ordinates of one line when repeated points are dropped; reused. */
    private long[] quantized = new long[64];

    /** Starts a record in the appender's own buffer. */
    public void reset() {
        buffer = own;
        base = 0;
        position = 0;
    }

    /**
     * Starts a record at {@code target[offset]}; it moves to the appender's own buffer if {@code
     * target} runs out of room ({@link #inTarget}). Bytes of {@code target} after the record may be
     * overwritten (a varint is stored as an 8-byte word).
     */
    public void start(byte[] target, int offset) {
        buffer = target;
        base = offset;
        position = offset;
    }

    /** Whether the record is in the array given to {@link #start}, ending at {@link #end}. */
    public boolean inTarget() {
        return buffer != own;
    }

    /**
     * The appender's own buffer: the record is its first {@link #size} bytes unless {@link
     * #inTarget}.
     */
    public byte[] ownBuffer() {
        return own;
    }

    /** The offset after the record's last byte in the array it is in. */
    public int end() {
        return position;
    }

    /** Buffers grown beyond this by one large geometry are dropped by {@link #releaseIfLarge}. */
    public static final int RETAINED_BYTES = 128 * 1024;

    /** Drops a buffer that one large geometry grew beyond {@link #RETAINED_BYTES}. */
    public void releaseIfLarge() {
        if (own.length > RETAINED_BYTES) {
            own = new byte[64];
            reset();
        }
    }

    /** The capacity of the appender's own buffer. */
    public int capacity() {
        return own.length;
    }

    /** Drops the bytes after the first {@code size}. */
    public void truncate(int size) {
        position = base + size;
    }

    /** The number of bytes of the record so far. */
    public int size() {
        return position - base;
    }

    /** Appends one byte. */
    public void appendByte(int value) {
        ensure(1);
        buffer[position++] = (byte) value;
    }

    /** Appends an unsigned varint. */
    public void appendVarint(long value) {
        ensure(10);
        while ((value & ~0x7FL) != 0) {
            buffer[position++] = (byte) ((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        buffer[position++] = (byte) value;
    }

    /**
     * Appends what {@link #append} writes for an XY point whose ordinates are known to fit at
     * {@code xy} (0..7): no check, no dispatch on the type.
     */
    public void appendXYPoint(int xy, double x, double y) {
        precisions[XY] = xy;
        appendHeader(GeometryTypeCode.POINT, 0, false);
        double f = DecimalPrecision.factor(xy);
        ensure(2 * Long.BYTES);
        position += WordVarint.store(buffer, position, TwkbCodes.zigzag((long) Math.rint(x * f)));
        position += WordVarint.store(buffer, position, TwkbCodes.zigzag((long) Math.rint(y * f)));
    }

    /**
     * Appends the TWKB of {@code geometry}. With {@code exact}, every ordinate must read back as
     * itself (lossless mode). Returns {@link #WRITTEN}; or the group ({@link #XY}, {@link #Z},
     * {@link #M}) of the first ordinate that cannot be written at its precision, or {@link
     * #CANNOT_HOLD}: the appended bytes are then garbage. The precisions must be in PostGIS's
     * ranges (xy {@code -7..7}, z and m {@code 0..7}); they are not checked here.
     */
    public int append(Geometry geometry, int xy, int z, int m, boolean exact)
            throws GeometryFormatException {
        return append(geometry, xy, z, m, exact, false);
    }

    /**
     * As {@link #append(Geometry, int, int, int, boolean)}; with {@code postgis} (and not {@code
     * exact}) the bytes are those of PostGIS's {@code ST_AsTWKB}: a point of a line or ring whose
     * quantized ordinates all equal those of the point written before it is left out as long as a
     * line keeps 2 points and a ring 4 (a point, and each member of a MultiPoint, is kept); the
     * empty members of a MultiPoint are left out; a collection whose members are all empty is
     * written as an empty one.
     */
    public int append(Geometry geometry, int xy, int z, int m, boolean exact, boolean postgis)
            throws GeometryFormatException {
        this.postgis = postgis && !exact;
        precisions[XY] = xy;
        precisions[Z] = z;
        precisions[M] = m;
        factors[XY] = DecimalPrecision.factor(xy);
        factors[Z] = DecimalPrecision.factor(z);
        factors[M] = DecimalPrecision.factor(m);
        this.exact = exact;
        return geometry(geometry, 0);
    }

    private int geometry(Geometry geometry, int depth) throws GeometryFormatException {
        if (depth > GeometryLimits.MAX_NESTING_DEPTH) {
            throw new GeometryFormatException(
                    "geometry collections nested deeper than "
                            + GeometryLimits.MAX_NESTING_DEPTH
                            + " levels");
        }
        boolean proper = CoordinateTypeRule.isCollectionProper(geometry);
        int flags =
                proper ? collectionFlags(geometry, depth) : CoordinateTypeRule.of(geometry, true);
        boolean empty = postgis ? geometry.isEmpty() : isEmpty(geometry);
        appendHeader(typeOf(geometry), flags, empty);
        if (empty) {
            return WRITTEN;
        }
        boolean hasZ = (flags & CoordinateTypeRule.Z) != 0;
        boolean hasM = (flags & CoordinateTypeRule.M) != 0;
        Arrays.fill(previous, 0);
        if (geometry instanceof Point) {
            return coordinates(((Point) geometry).getCoordinateSequence(), hasZ, hasM);
        } else if (geometry instanceof LineString) {
            return line((LineString) geometry, hasZ, hasM, LINE_MIN_POINTS);
        } else if (geometry instanceof Polygon) {
            return polygon((Polygon) geometry, hasZ, hasM);
        }
        int members = geometry.getNumGeometries();
        boolean skipEmptyPoints = postgis && geometry instanceof MultiPoint;
        appendVarint(skipEmptyPoints ? nonEmptyMembers(geometry) : members);
        for (int i = 0; i < members; i++) {
            Geometry member = geometry.getGeometryN(i);
            if (skipEmptyPoints && member.isEmpty()) {
                continue;
            }
            int result;
            if (proper) {
                result = geometry(member, depth + 1);
            } else if (geometry instanceof MultiPoint) {
                CoordinateSequence point = ((Point) member).getCoordinateSequence();
                result = point.size() == 0 ? CANNOT_HOLD : coordinates(point, hasZ, hasM);
            } else if (geometry instanceof MultiLineString) {
                result = line((LineString) member, hasZ, hasM, LINE_MIN_POINTS);
            } else {
                result = polygon((Polygon) member, hasZ, hasM);
            }
            if (result != WRITTEN) {
                return result;
            }
        }
        return WRITTEN;
    }

    private static int nonEmptyMembers(Geometry collection) {
        int count = 0;
        for (int i = 0; i < collection.getNumGeometries(); i++) {
            count += collection.getGeometryN(i).isEmpty() ? 0 : 1;
        }
        return count;
    }

    /** The type and precision byte, the metadata byte and, with Z or M, the extended byte. */
    private void appendHeader(int type, int flags, boolean empty) {
        ensure(3);
        buffer[position++] = (byte) (TwkbCodes.zigzagPrecision(precisions[XY]) << 4 | type);
        buffer[position++] =
                (byte) ((flags != 0 ? TwkbCodes.EXTENDED : 0) | (empty ? TwkbCodes.EMPTY : 0));
        if (flags != 0) {
            buffer[position++] =
                    (byte)
                            (((flags & CoordinateTypeRule.Z) != 0 ? TwkbCodes.HAS_Z : 0)
                                    | ((flags & CoordinateTypeRule.M) != 0 ? TwkbCodes.HAS_M : 0)
                                    | precisions[Z] << 2
                                    | precisions[M] << 5);
        }
    }

    /** The fewest points PostGIS keeps of a line, and of a ring, when it drops repeated ones. */
    private static final int LINE_MIN_POINTS = 2, RING_MIN_POINTS = 4;

    private int line(LineString line, boolean hasZ, boolean hasM, int minPoints) {
        CoordinateSequence sequence = line.getCoordinateSequence();
        if (postgis) {
            return withoutRepeatedPoints(sequence, hasZ, hasM, minPoints);
        }
        appendVarint(sequence.size());
        return coordinates(sequence, hasZ, hasM);
    }

    /**
     * The point count and points of a line, leaving out each point whose quantized ordinates equal
     * those of the point last written while more than {@code minPoints} points are left (PostGIS's
     * rule): the ordinates are quantized first, as the count comes before them.
     */
    private int withoutRepeatedPoints(
            CoordinateSequence sequence, boolean hasZ, boolean hasM, int minPoints) {
        int size = sequence.size();
        int dims = 2 + (hasZ ? 1 : 0) + (hasM ? 1 : 0);
        if (quantized.length < size * dims) {
            quantized = new long[size * dims];
        }
        for (int i = 0, k = 0; i < size; i++) {
            if (!quantize(sequence.getX(i), XY, k++) || !quantize(sequence.getY(i), XY, k++)) {
                return XY;
            }
            if (hasZ && !quantize(sequence.getZ(i), Z, k++)) {
                return Z;
            }
            if (hasM && !quantize(sequence.getM(i), M, k++)) {
                return M;
            }
        }
        long[] last = previous.clone();
        int kept = 0;
        int left = size;
        for (int i = 0; i < size; i++) {
            if (i > 0 && sameAs(last, i * dims, dims) && left > minPoints) {
                left--;
                quantized[i * dims] = Long.MIN_VALUE; // marks a dropped point; no quantum is this
                continue;
            }
            kept++;
            System.arraycopy(quantized, i * dims, last, 0, dims);
        }
        appendVarint(kept);
        for (int i = 0; i < size; i++) {
            if (quantized[i * dims] == Long.MIN_VALUE) {
                continue;
            }
            ensure(dims * Long.BYTES);
            for (int slot = 0; slot < dims; slot++) {
                long q = quantized[i * dims + slot];
                position +=
                        WordVarint.store(buffer, position, TwkbCodes.zigzag(q - previous[slot]));
                previous[slot] = q;
            }
        }
        return WRITTEN;
    }

    private boolean sameAs(long[] last, int offset, int dims) {
        for (int slot = 0; slot < dims; slot++) {
            if (quantized[offset + slot] != last[slot]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Rounds one ordinate as {@link #ordinate} does, into {@link #quantized}; false if it cannot.
     */
    private boolean quantize(double v, int group, int index) {
        double s = v * factors[group];
        if (!(Math.abs(s) <= DecimalPrecision.MAX_QUANTUM)) {
            failedValue = v;
            return false; // NaN, infinite or too large
        }
        quantized[index] = DecimalPrecision.roundHalfAwayFromZero(s);
        return true;
    }

    /** The ring count (0 for an empty polygon), then each ring's point count and points. */
    private int polygon(Polygon polygon, boolean hasZ, boolean hasM) {
        if (polygon.isEmpty()) {
            appendVarint(0);
            return WRITTEN;
        }
        int holes = polygon.getNumInteriorRing();
        appendVarint(1 + holes);
        int result = line(polygon.getExteriorRing(), hasZ, hasM, RING_MIN_POINTS);
        for (int i = 0; i < holes && result == WRITTEN; i++) {
            result = line(polygon.getInteriorRingN(i), hasZ, hasM, RING_MIN_POINTS);
        }
        return result;
    }

    private int coordinates(CoordinateSequence sequence, boolean hasZ, boolean hasM) {
        int size = sequence.size();
        for (int i = 0; i < size; i++) {
            ensure(40);
            if (!ordinate(sequence.getX(i), 0, XY) || !ordinate(sequence.getY(i), 1, XY)) {
                return XY;
            }
            if (hasZ && !ordinate(sequence.getZ(i), 2, Z)) {
                return Z;
            }
            if (hasM && !ordinate(sequence.getM(i), hasZ ? 3 : 2, M)) {
                return M;
            }
        }
        return WRITTEN;
    }

    /**
     * Writes the delta of one quantized ordinate; false, with {@link #failedValue} set, if it
     * cannot be written. Needs 8 bytes of room (a delta of |q| <= 2^53 is at most 2^55 in zigzag
     * form: a varint of at most 8 bytes, stored as one word).
     */
    private boolean ordinate(double v, int slot, int group) {
        double f = factors[group];
        double s = v * f;
        long q;
        if (exact && Math.abs(s) < DecimalPrecision.NO_HALF_FITS) {
            q = (long) Math.rint(s); // no half fits here
        } else if (Math.abs(s) <= DecimalPrecision.MAX_QUANTUM) {
            q = DecimalPrecision.roundHalfAwayFromZero(s);
        } else {
            failedValue = v;
            return false; // NaN, infinite or too large
        }
        if (exact && Double.doubleToRawLongBits(q / f) != Double.doubleToRawLongBits(v)) {
            failedValue = v;
            return false;
        }
        long value = TwkbCodes.zigzag(q - previous[slot]);
        previous[slot] = q;
        position += WordVarint.store(buffer, position, value);
        return true;
    }

    /** The ordinate that made the last {@link #append} fail. */
    public double failedValue() {
        return failedValue;
    }

    /** The union of the members' flags, by values; members are decided on their own. */
    private static int collectionFlags(Geometry collection, int depth)
            throws GeometryFormatException {
        if (depth > GeometryLimits.MAX_NESTING_DEPTH) {
            throw new GeometryFormatException(
                    "geometry collections nested deeper than "
                            + GeometryLimits.MAX_NESTING_DEPTH
                            + " levels");
        }
        int flags = 0;
        for (int i = 0; i < collection.getNumGeometries(); i++) {
            Geometry member = collection.getGeometryN(i);
            flags |=
                    CoordinateTypeRule.isCollectionProper(member)
                            ? collectionFlags(member, depth + 1)
                            : CoordinateTypeRule.of(member, true);
        }
        return flags;
    }

    /**
     * Empty as a TWKB header says: no coordinates at all (a point, line, polygon) or no members.
     */
    private static boolean isEmpty(Geometry geometry) {
        if (geometry instanceof Point) {
            return ((Point) geometry).getCoordinateSequence().size() == 0;
        } else if (geometry instanceof LineString) {
            return ((LineString) geometry).getCoordinateSequence().size() == 0;
        } else if (geometry instanceof Polygon) {
            return geometry.isEmpty();
        }
        return geometry.getNumGeometries() == 0;
    }

    private static int typeOf(Geometry geometry) throws GeometryFormatException {
        if (geometry instanceof Point) {
            return GeometryTypeCode.POINT;
        } else if (geometry instanceof LineString) {
            return GeometryTypeCode.LINESTRING;
        } else if (geometry instanceof Polygon) {
            return GeometryTypeCode.POLYGON;
        } else if (geometry instanceof MultiPoint) {
            return GeometryTypeCode.MULTIPOINT;
        } else if (geometry instanceof MultiLineString) {
            return GeometryTypeCode.MULTILINESTRING;
        } else if (geometry instanceof MultiPolygon) {
            return GeometryTypeCode.MULTIPOLYGON;
        } else if (geometry instanceof GeometryCollection) {
            return GeometryTypeCode.GEOMETRYCOLLECTION;
        }
        throw new GeometryFormatException(
                "unknown geometry class " + geometry.getClass().getName());
    }

    private void ensure(int bytes) {
        if (buffer.length - position < bytes) {
            moveToOwn(bytes);
        }
    }

    /**
     * Continues the record in the appender's own buffer, grown if it has not {@code bytes} more
     * than the record so far: the caller's array or the own buffer is full.
     */
    private void moveToOwn(int bytes) {
        int size = position - base;
        byte[] next =
                own.length - size >= bytes && buffer != own
                        ? own
                        : new byte[Math.max(2 * own.length, size + bytes)];
        System.arraycopy(buffer, base, next, 0, size);
        own = next;
        buffer = next;
        base = 0;
        position = size;
    }
}
