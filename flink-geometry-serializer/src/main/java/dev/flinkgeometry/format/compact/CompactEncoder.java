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
package dev.flinkgeometry.format.compact;

import dev.flinkgeometry.format.GeometryEncoder;
import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.format.GeometryLimits;
import dev.flinkgeometry.format.aligned.AlignedWriter;
import dev.flinkgeometry.format.internal.CoordinateTypeRule;
import dev.flinkgeometry.format.internal.DecimalPrecision;
import dev.flinkgeometry.format.internal.TwkbAppender;
import dev.flinkgeometry.format.twkb.TwkbWriter;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;

/**
 * Encodes geometries as compact records ({@link CompactFormat}): TWKB where it carries the geometry
 * (losslessly, or at a fixed precision), else the aligned payload.
 *
 * <ul>
 *   <li>{@link #lossless()}: per geometry the smallest precisions (X and Y; Z; M) in {@code 0..7}
 *       at which every ordinate reads back bit for bit ({@code DecimalPrecision.fits}); if there is
 *       none, or TWKB cannot hold the geometry, the aligned payload. Nothing is lost.
 *   <li>{@link #withPrecision}: every ordinate rounded at the given precisions (lossy); the aligned
 *       payload where an ordinate cannot be quantized (NaN, infinite, |v · 10^p| > 2^53) or TWKB
 *       cannot hold the geometry.
 * </ul>
 *
 * TWKB cannot hold an empty member of a MultiPoint, nor a member of a geometry collection whose
 * SRID differs from the top level's (TWKB has no SRID; the record has one). The bytes depend on the
 * geometry's values only. An instance reuses its buffers: one per thread.
 */
public final class CompactEncoder implements GeometryEncoder {
    private static final byte[] NO_ROOM = new byte[0];

    /** {@link #twkb} result: the geometry takes the aligned payload. */
    private static final int ALIGNED_PAYLOAD = Integer.MIN_VALUE;

    private final boolean lossless;
    private final int xy;
    private final int z;
    private final int m;
    private final int declaredSrid;
    private final TwkbAppender appender = new TwkbAppender();
    private final AlignedWriter aligned = new AlignedWriter();

    private CompactEncoder(boolean lossless, int xy, int z, int m, int declaredSrid) {
        this.lossless = lossless;
        this.xy = xy;
        this.z = z;
        this.m = m;
        this.declaredSrid = declaredSrid;
    }

    /** The lossless encoder. */
    public static CompactEncoder lossless() {
        return new CompactEncoder(true, 0, 0, 0, 0);
    }

    /**
     * The fixed-precision encoder: X and Y rounded to {@code xy} decimal digits, Z to {@code z}, M
     * to {@code m} (PostGIS's ranges: xy {@code -7..7}, z and m {@code 0..7}).
     */
    public static CompactEncoder withPrecision(int xy, int z, int m) {
        TwkbWriter.checkPrecisions(xy, z, m);
        return new CompactEncoder(false, xy, z, m, 0);
    }

    /**
     * This encoder with {@code srid} declared: a TWKB record of a geometry with that SRID stores
     * none ({@link CompactFormat}, "declared SRID"); 0, the default, writes the records of SRID 0
     * as before.
     *
     * @throws IllegalArgumentException if {@code srid} is not in {@code 0..16777215}
     */
    public CompactEncoder withDeclaredSrid(int srid) {
        CompactFormat.checkDeclaredSrid(srid);
        return new CompactEncoder(lossless, xy, z, m, srid);
    }

    /** Encodes {@code geometry} into a new array. */
    public byte[] encode(Geometry geometry) throws GeometryFormatException {
        byte[] bytes = new byte[-encode(geometry, NO_ROOM, 0)];
        encode(geometry, bytes, 0);
        return bytes;
    }

    /**
     * Encodes {@code geometry} at {@code target[offset]}.
     *
     * @return the offset after the last byte written; or, if {@code target} has too little room,
     *     the negated size of the record. Bytes of {@code target} after the record may change.
     * @throws GeometryFormatException as the aligned encoder: an SRID outside {@code 0..16777215},
     *     nesting deeper than 64 levels, an unknown geometry class
     */
    @Override
    public int encode(Geometry geometry, byte[] target, int offset) throws GeometryFormatException {
        if (offset < 0 || offset > target.length) {
            throw new IndexOutOfBoundsException("offset " + offset + " of " + target.length);
        }
        try {
            int end = twkb(geometry, target, offset);
            if (end != ALIGNED_PAYLOAD) {
                return end;
            }
        } finally {
            appender.releaseIfLarge();
        }
        if (offset == target.length) {
            return aligned.encode(geometry, NO_ROOM, 0) - 1;
        }
        int end = aligned.encode(geometry, target, offset + 1);
        if (end < 0) {
            return end - 1;
        }
        target[offset] = CompactFormat.ALIGNED;
        return end;
    }

    /** The capacity of the TWKB staging buffer; for tests of the release policy. */
    int bufferCapacity() {
        return appender.capacity();
    }

    /**
     * Writes the TWKB record at {@code target[offset]}: the offset after it, its negated size if
     * {@code target} has too little room, or {@link #ALIGNED_PAYLOAD}.
     */
    private int twkb(Geometry geometry, byte[] target, int offset) throws GeometryFormatException {
        GeometryLimits.requireValidSrid(geometry);
        int srid = geometry.getSRID();
        if (!membersHaveSrid(geometry, srid, 0)) {
            return ALIGNED_PAYLOAD;
        }
        // Lossless: X and Y at least at the precision of the first coordinate, which is written.
        int seed = lossless ? seedPrecision(geometry) : xy;
        if (seed > DecimalPrecision.MAX) {
            return ALIGNED_PAYLOAD; // not a decimal of 0..7 digits; nothing written
        }
        appender.start(target, offset);
        // With a declared SRID other than 0, its records start with the TWKB itself.
        boolean bare = srid == declaredSrid && srid != 0;
        if (!bare) {
            if (srid == 0) {
                appender.appendByte(CompactFormat.TWKB);
            } else {
                appender.appendByte(CompactFormat.TWKB_WITH_SRID);
                appender.appendVarint(srid);
            }
        }
        boolean written =
                lossless
                        ? writeSeededPoint(geometry, seed) || writeLossless(geometry, seed)
                        : appender.append(geometry, xy, z, m, false) == TwkbAppender.WRITTEN;
        if (!written) {
            return ALIGNED_PAYLOAD;
        }
        if (bare) {
            return escapedIfNeeded(target, offset);
        }
        if (appender.inTarget()) {
            return appender.end();
        }
        // The appender left the target when fewer bytes than its word stores need remained: the
        // record itself may still fit.
        int size = appender.size();
        if (target.length - offset < size) {
            return -size;
        }
        System.arraycopy(appender.ownBuffer(), 0, target, offset, size);
        return offset + size;
    }

    /**
     * Ends a record of the declared SRID, whose TWKB was written at {@code target[offset]} or in
     * the appender's own buffer: behind {@link CompactFormat#TWKB_DECLARED_SRID} if its first byte
     * would read as a kind byte. The offset after the record, or its negated size if {@code target}
     * has too little room.
     */
    private int escapedIfNeeded(byte[] target, int offset) {
        byte[] bytes = appender.inTarget() ? target : appender.ownBuffer();
        int start = appender.inTarget() ? offset : 0;
        int escape = CompactFormat.isKindByte(bytes[start]) ? 1 : 0;
        int size = appender.size();
        if (appender.inTarget() && escape == 0) {
            return appender.end();
        }
        if (target.length - offset < size + escape) {
            return -(size + escape);
        }
        System.arraycopy(bytes, start, target, offset + escape, size);
        if (escape != 0) {
            target[offset] = CompactFormat.TWKB_DECLARED_SRID;
        }
        return offset + escape + size;
    }

    /**
     * Writes an XY point whose precision the seed decided: its two ordinates are the seed's, and in
     * the range where {@link LosslessPrecision#smallest} is exact both fit at the larger answer.
     * The most common record of a stream, written without the checks of {@link #writeLossless}.
     * False, with nothing written, for any other geometry.
     */
    private boolean writeSeededPoint(Geometry geometry, int seed) {
        if (!(geometry instanceof Point)
                || geometry.isEmpty()
                || CoordinateTypeRule.of(geometry, true) != 0) {
            return false;
        }
        CoordinateSequence sequence = ((Point) geometry).getCoordinateSequence();
        double x = sequence.getX(0);
        double y = sequence.getY(0);
        if (!LosslessPrecision.inExactRange(x) || !LosslessPrecision.inExactRange(y)) {
            return false;
        }
        appender.appendXYPoint(seed, x, y);
        return true;
    }

    /** Writes the lossless TWKB after the header; false if no precision holds the geometry. */
    private boolean writeLossless(Geometry geometry, int seed) throws GeometryFormatException {
        int header = appender.size();
        // One pass in the common case: every ordinate checked at the seed (Z and M at 0).
        int result = appender.append(geometry, seed, 0, 0, true);
        if (result == TwkbAppender.WRITTEN) {
            return true;
        }
        if (result == TwkbAppender.CANNOT_HOLD
                || LosslessPrecision.smallest(appender.failedValue(), 0) > DecimalPrecision.MAX) {
            return false; // an ordinate that no precision holds: no scan needed
        }
        return losslessByScan(geometry, header);
    }

    /**
     * Writes the lossless TWKB after the header when some ordinate needs more digits than the first
     * coordinate: the precisions of every ordinate ({@link LosslessPrecision}), then the write.
     * False if no precision holds the geometry.
     */
    private boolean losslessByScan(Geometry geometry, int header) throws GeometryFormatException {
        int found = LosslessPrecision.of(geometry);
        if (found == LosslessPrecision.NONE) {
            return false;
        }
        int[] precisions = {found & 0x0F, (found >>> 4) & 0x0F, (found >>> 8) & 0x0F};
        // Precisions found exactly need no check per ordinate; a lower bound is confirmed (and
        // raised where an ordinate does not read back) by the appender.
        boolean check = (found & LosslessPrecision.EXACT) == 0;
        while (true) {
            appender.truncate(header);
            int result =
                    appender.append(geometry, precisions[0], precisions[1], precisions[2], check);
            if (result == TwkbAppender.WRITTEN) {
                return true;
            }
            if (result == TwkbAppender.CANNOT_HOLD || ++precisions[result] > DecimalPrecision.MAX) {
                return false;
            }
        }
    }

    /**
     * A lower bound of the lossless XY precision: the smallest at which the X and Y of {@code
     * geometry}'s first coordinate, which are written, both fit ({@link
     * LosslessPrecision#smallest}); above {@link DecimalPrecision#MAX} if none, and then no
     * precision holds the geometry. 0 when empty.
     */
    private static int seedPrecision(Geometry geometry) {
        Coordinate first = geometry.getCoordinate();
        if (first == null) {
            return 0;
        }
        int x = LosslessPrecision.smallest(first.getX(), 0);
        return x > DecimalPrecision.MAX ? x : LosslessPrecision.smallest(first.getY(), x);
    }

    /**
     * Whether every member of every geometry collection in {@code geometry} has {@code srid}
     * (members of Multi* geometries take the parent's, in both formats).
     */
    private static boolean membersHaveSrid(Geometry geometry, int srid, int depth) {
        if (!CoordinateTypeRule.isCollectionProper(geometry)
                || depth > GeometryLimits.MAX_NESTING_DEPTH) {
            return true; // too deep: the appender reports it
        }
        for (int i = 0; i < geometry.getNumGeometries(); i++) {
            Geometry member = geometry.getGeometryN(i);
            if (member.getSRID() != srid || !membersHaveSrid(member, srid, depth + 1)) {
                return false;
            }
        }
        return true;
    }
}
