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
package dev.flinkgeometry.format.twkb;

import dev.flinkgeometry.format.GeometryEncoder;
import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.format.internal.CoordinateTypeRule;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;

/**
 * Encodes geometries as compact records ({@link CompactFormat}): TWKB where it carries the geometry
 * (losslessly, or at a fixed precision), else the aligned payload.
 *
 * <ul>
 *   <li>{@link #lossless()}: per geometry the smallest precisions (X and Y; Z; M) in {@code 0..7}
 *       at which every ordinate reads back bit for bit ({@link DecimalPrecision#fits}); if there is
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
public final class CompactEncoder {
    private static final byte[] NO_ROOM = new byte[0];

    private final boolean lossless;
    private final int xy;
    private final int z;
    private final int m;
    private final TwkbWriter writer = new TwkbWriter();
    private final GeometryEncoder aligned = new GeometryEncoder();

    private CompactEncoder(boolean lossless, int xy, int z, int m) {
        this.lossless = lossless;
        this.xy = xy;
        this.z = z;
        this.m = m;
    }

    /** The lossless encoder. */
    public static CompactEncoder lossless() {
        return new CompactEncoder(true, 0, 0, 0);
    }

    /**
     * The fixed-precision encoder: X and Y rounded to {@code xy} decimal digits, Z to {@code z}, M
     * to {@code m} (PostGIS's ranges: xy {@code -7..7}, z and m {@code 0..7}).
     */
    public static CompactEncoder withPrecision(int xy, int z, int m) {
        TwkbWriter.checkPrecisions(xy, z, m);
        return new CompactEncoder(false, xy, z, m);
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
     *     the negated size of the record
     * @throws GeometryFormatException as the aligned encoder: an SRID outside {@code 0..16777215},
     *     nesting deeper than 64 levels, an unknown geometry class
     */
    public int encode(Geometry geometry, byte[] target, int offset) throws GeometryFormatException {
        if (offset < 0 || offset > target.length) {
            throw new IndexOutOfBoundsException("offset " + offset + " of " + target.length);
        }
        int size;
        try {
            size = twkb(geometry);
            if (size >= 0) {
                if (target.length - offset < size) {
                    return -size;
                }
                System.arraycopy(writer.buffer(), 0, target, offset, size);
                return offset + size;
            }
        } finally {
            writer.releaseIfLarge();
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
        return writer.capacity();
    }

    /** Writes the TWKB record into the writer's buffer; its size, or -1 for the fallback. */
    private int twkb(Geometry geometry) throws GeometryFormatException {
        int srid = geometry.getSRID();
        if (srid < 0 || srid > CompactFormat.MAX_SRID) {
            throw new GeometryFormatException(
                    "SRID "
                            + srid
                            + " of "
                            + geometry.getGeometryType()
                            + " does not fit the format's 24 bits (0.."
                            + CompactFormat.MAX_SRID
                            + ")");
        }
        if (!membersHaveSrid(geometry, srid, 0)) {
            return -1;
        }
        // Lossless: X and Y at least at the precision of the first coordinate, which is written.
        int seed = lossless ? seedPrecision(geometry) : xy;
        if (seed > DecimalPrecision.MAX) {
            return -1; // not a decimal of 0..7 digits: the aligned payload, nothing written
        }
        writer.reset();
        if (srid == 0) {
            writer.appendByte(CompactFormat.TWKB);
        } else {
            writer.appendByte(CompactFormat.TWKB_WITH_SRID);
            writer.appendVarint(srid);
        }
        if (!lossless) {
            return writer.append(geometry, xy, z, m, false) == TwkbWriter.WRITTEN
                    ? writer.size()
                    : -1;
        }
        int header = writer.size();
        // One pass in the common case: every ordinate checked at the seed (and Z and M at 0).
        int result = writer.append(geometry, seed, 0, 0, true);
        if (result == TwkbWriter.WRITTEN) {
            return writer.size();
        }
        return result == TwkbWriter.CANNOT_HOLD ? -1 : losslessByScan(geometry, header);
    }

    /**
     * The lossless TWKB after the header when some ordinate needs more digits than the first
     * coordinate: the precisions of every ordinate ({@link LosslessPrecision}), then the write.
     */
    private int losslessByScan(Geometry geometry, int header) throws GeometryFormatException {
        int found = LosslessPrecision.of(geometry);
        if (found == LosslessPrecision.NONE) {
            return -1;
        }
        int[] precisions = {found & 0x0F, (found >>> 4) & 0x0F, (found >>> 8) & 0x0F};
        // Precisions found exactly need no check per ordinate; a lower bound is confirmed (and
        // raised where an ordinate does not read back) by the writer.
        boolean check = (found & LosslessPrecision.EXACT) == 0;
        while (true) {
            writer.truncate(header);
            int result =
                    writer.append(geometry, precisions[0], precisions[1], precisions[2], check);
            if (result == TwkbWriter.WRITTEN) {
                return writer.size();
            }
            if (result == TwkbWriter.CANNOT_HOLD || ++precisions[result] > DecimalPrecision.MAX) {
                return -1;
            }
        }
    }

    /**
     * The smallest precision at which the X and Y of {@code geometry}'s first coordinate fit (0 for
     * an empty geometry; above {@link DecimalPrecision#MAX} if none).
     */
    private static int seedPrecision(Geometry geometry) {
        Coordinate first = geometry.getCoordinate();
        if (first == null) {
            return 0;
        }
        return DecimalPrecision.raise(first.getY(), DecimalPrecision.raise(first.getX(), 0));
    }

    /**
     * Whether every member of every geometry collection in {@code geometry} has {@code srid}
     * (members of Multi* geometries take the parent's, in both formats).
     */
    private static boolean membersHaveSrid(Geometry geometry, int srid, int depth) {
        if (!CoordinateTypeRule.isCollectionProper(geometry) || depth > Twkb.MAX_NESTING_DEPTH) {
            return true; // too deep: the writer reports it
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
