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

import dev.flinkgeometry.format.internal.CoordinateTypeRule;
import dev.flinkgeometry.format.internal.DecimalPrecision;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * The lossless precisions of a geometry: per ordinate group (X and Y; Z; M), the smallest {@code p}
 * in {@code 0..7} at which every ordinate of the group that TWKB would write {@link
 * DecimalPrecision#fits}.
 *
 * <p>One pass, one division per ordinate. For {@code |v · 10^7| < 2^50} (every ordinate on Earth in
 * degrees or metres) the answer is exact: {@code v} fits at some {@code p <= 7} if and only if it
 * fits at 7, and then its smallest precision is 7 less the trailing decimal zeros of {@code q7 =
 * round(v · 10^7)}, and it fits at every precision above that. (If {@code v} is the double nearest
 * {@code q / 10^p}, then {@code v · 10^7} is within {@code |q7| · 2^-52 < 0.5} of {@code q · 10^(7
 * - p)}, so rounding gives exactly that integer; and {@code q7 / 10^7}, {@code q / 10^p} are the
 * same real number, so they round to the same double.) Larger ordinates take the slow path, {@link
 * DecimalPrecision#raise}, whose answer is only a lower bound near 2^53: the writer then confirms
 * it.
 */
final class LosslessPrecision {
    /** The value when some group has no precision in {@code 0..7}. */
    static final int NONE = -1;

    /** Set in a result when every ordinate took the exact path: no confirmation needed. */
    static final int EXACT = 1 << 12;

    private static final double FACTOR_7 = 1e7;

    private int xy;
    private int z;
    private int m;
    private boolean exact = true;

    private LosslessPrecision() {}

    /**
     * The precisions, packed as {@code xy | z << 4 | m << 8}, with {@link #EXACT} if they are known
     * to be the smallest at which everything fits (else a lower bound); or {@link #NONE}.
     */
    static int of(Geometry geometry) {
        LosslessPrecision scan = new LosslessPrecision();
        if (!scan.geometry(geometry)) {
            return NONE;
        }
        return scan.xy | scan.z << 4 | scan.m << 8 | (scan.exact ? EXACT : 0);
    }

    /** Raises the precisions for {@code geometry}'s ordinates; false as soon as one exceeds 7. */
    private boolean geometry(Geometry geometry) {
        if (CoordinateTypeRule.isCollectionProper(geometry)) {
            for (int i = 0; i < geometry.getNumGeometries(); i++) {
                if (!geometry(geometry.getGeometryN(i))) {
                    return false;
                }
            }
            return true;
        }
        int flags = CoordinateTypeRule.of(geometry, true);
        boolean hasZ = (flags & CoordinateTypeRule.Z) != 0;
        boolean hasM = (flags & CoordinateTypeRule.M) != 0;
        for (int i = 0; i < geometry.getNumGeometries(); i++) {
            Geometry part = geometry.getGeometryN(i);
            if (part instanceof Polygon) {
                Polygon polygon = (Polygon) part;
                if (!sequence(polygon.getExteriorRing().getCoordinateSequence(), hasZ, hasM)) {
                    return false;
                }
                for (int r = 0; r < polygon.getNumInteriorRing(); r++) {
                    if (!sequence(
                            polygon.getInteriorRingN(r).getCoordinateSequence(), hasZ, hasM)) {
                        return false;
                    }
                }
            } else if (part instanceof Point) {
                if (!sequence(((Point) part).getCoordinateSequence(), hasZ, hasM)) {
                    return false;
                }
            } else if (!sequence(((LineString) part).getCoordinateSequence(), hasZ, hasM)) {
                return false;
            }
        }
        return true;
    }

    private boolean sequence(CoordinateSequence sequence, boolean hasZ, boolean hasM) {
        int size = sequence.size();
        int xy = this.xy;
        for (int i = 0; i < size; i++) {
            xy = raise(sequence.getX(i), xy);
            xy = raise(sequence.getY(i), xy);
            if (xy > DecimalPrecision.MAX) {
                return false;
            }
        }
        this.xy = xy;
        if (hasZ) {
            for (int i = 0; i < size && z <= DecimalPrecision.MAX; i++) {
                z = raise(sequence.getZ(i), z);
            }
        }
        if (hasM) {
            for (int i = 0; i < size && m <= DecimalPrecision.MAX; i++) {
                m = raise(sequence.getM(i), m);
            }
        }
        return (z | m) <= DecimalPrecision.MAX;
    }

    /**
     * Whether {@link #smallest} is exact for {@code v}: then {@code v} fits at every precision from
     * the answer up. The range is {@code |v · 10^7| <} {@link DecimalPrecision#NO_HALF_FITS}, where
     * an ordinate that fits is never a half.
     */
    static boolean inExactRange(double v) {
        return Math.abs(v * FACTOR_7) < DecimalPrecision.NO_HALF_FITS;
    }

    /** {@link #smallest}, noting when {@code v} is outside the range where the answer is exact. */
    private int raise(double v, int precision) {
        if (!inExactRange(v) && precision <= DecimalPrecision.MAX) {
            exact = false; // NaN, infinite or large: fitting is not monotonic near 2^53
        }
        return smallest(v, precision);
    }

    /** 7 less the trailing decimal zeros of {@code q7}, at least {@code from}. */
    private static int trailingDigits(long q7, int from) {
        int p = DecimalPrecision.MAX;
        while (p > from && q7 % 10 == 0) {
            q7 /= 10;
            p--;
        }
        return Math.max(p, from);
    }

    /**
     * The smallest precision, from {@code from} up, at which {@code v} {@link
     * DecimalPrecision#fits}; beyond 7 if none. One division for {@code |v · 10^7| < 2^50}.
     */
    static int smallest(double v, int from) {
        if (!inExactRange(v)) {
            return DecimalPrecision.raise(v, from);
        }
        long q = (long) Math.rint(v * FACTOR_7); // no half fits in the exact range
        if (Double.doubleToRawLongBits(q / FACTOR_7) != Double.doubleToRawLongBits(v)) {
            return DecimalPrecision.MAX + 1; // -0.0, or more than 7 digits
        }
        return trailingDigits(q, from);
    }
}
