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

import dev.flinkgeometry.format.internal.CoordinateTypeRule;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * The lossless precisions of a geometry: per ordinate group (X and Y; Z; M), the smallest {@code p}
 * in {@code 0..7} at which every ordinate of the group that TWKB would write {@link
 * DecimalPrecision#fits}. A lower bound found in one pass (each ordinate raises its group's
 * precision until it fits); the writer then confirms it, since fitting at {@code p} does not always
 * imply fitting at {@code p + 1} near 2^53.
 */
final class LosslessPrecision {
    /** The value when some group has no precision in {@code 0..7}. */
    static final int NONE = -1;

    private int xy;
    private int z;
    private int m;

    private LosslessPrecision() {}

    /** The lower bound, packed as {@code xy | z << 4 | m << 8}, or {@link #NONE}. */
    static int lowerBound(Geometry geometry) {
        LosslessPrecision scan = new LosslessPrecision();
        return scan.geometry(geometry) ? scan.xy | scan.z << 4 | scan.m << 8 : NONE;
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
        for (int i = 0; i < size; i++) {
            xy = raise(sequence.getX(i), xy);
            xy = raise(sequence.getY(i), xy);
            if (hasZ) {
                z = raise(sequence.getZ(i), z);
            }
            if (hasM) {
                m = raise(sequence.getM(i), m);
            }
            if ((xy | z | m) > DecimalPrecision.MAX) {
                return false;
            }
        }
        return true;
    }

    /** {@code precision}, or the next one that {@code v} fits; beyond 7 stays beyond. */
    private static int raise(double v, int precision) {
        return precision > DecimalPrecision.MAX || DecimalPrecision.fits(v, precision)
                ? precision
                : DecimalPrecision.raise(v, precision + 1);
    }
}
