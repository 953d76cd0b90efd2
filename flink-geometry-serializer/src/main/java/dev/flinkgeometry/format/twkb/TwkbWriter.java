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

import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.format.GeometryLimits;
import dev.flinkgeometry.format.internal.DecimalPrecision;
import dev.flinkgeometry.format.internal.TwkbAppender;
import java.util.Arrays;
import org.locationtech.jts.geom.Geometry;

/**
 * Writes TWKB as PostGIS 3's {@code ST_AsTWKB(g, xy, z, m)} does (no bounding box, size or id
 * list), except that every point is kept (PostGIS drops a point whose rounded ordinates equal the
 * previous point's; {@link #asPostgis()} writes as PostGIS does) and that an empty member is
 * written as such (PostGIS writes a collection whose members are all empty as an empty collection).
 *
 * <p>Z and M are written if and only if some coordinate under the header has a non-NaN Z (M), as in
 * the aligned format; a geometry collection's header has the union of its members', each member its
 * own. The extended-dimensions byte, when present, holds the Z and M precisions given, as PostGIS
 * writes them. One precision (per ordinate kind) for the whole geometry, each header repeating it,
 * as PostGIS does.
 *
 * <p>The writer reuses its buffer between calls; not thread-safe.
 */
public final class TwkbWriter {
    private final TwkbAppender appender = new TwkbAppender();
    private final boolean postgis;

    /** A writer that keeps every point: the TWKB reads back with as many points as written. */
    public TwkbWriter() {
        this(false);
    }

    private TwkbWriter(boolean postgis) {
        this.postgis = postgis;
    }

    /**
     * A writer of PostGIS's very bytes: it leaves out what PostGIS's {@code ST_AsTWKB} leaves out,
     * a point of a line or ring whose rounded ordinates all equal those of the point written before
     * it (as long as a line keeps 2 points and a ring 4; a point, and each member of a MultiPoint,
     * is always written) and the empty members of a MultiPoint, and writes a collection whose
     * members are all empty as an empty collection. What it writes may read back with fewer points
     * or members.
     */
    public static TwkbWriter asPostgis() {
        return new TwkbWriter(true);
    }

    /**
     * The TWKB of {@code geometry} at the given decimal precisions, as {@code ST_AsTWKB(geometry,
     * xy, z, m)}.
     *
     * @throws GeometryFormatException if an ordinate cannot be quantized (NaN, infinite, or |v ·
     *     10^p| > 2^53), a MultiPoint has an empty member (which TWKB cannot hold; {@link
     *     #asPostgis()} leaves it out), or collections nest deeper than {@link
     *     GeometryLimits#MAX_NESTING_DEPTH}
     * @throws IllegalArgumentException if a precision is out of range (xy {@code -7..7}, z and m
     *     {@code 0..7})
     */
    public byte[] write(Geometry geometry, int xy, int z, int m) throws GeometryFormatException {
        checkPrecisions(xy, z, m);
        appender.reset();
        int result = appender.append(geometry, xy, z, m, false, postgis);
        if (result == TwkbAppender.CANNOT_HOLD) {
            throw new GeometryFormatException("TWKB cannot hold an empty member of a MultiPoint");
        }
        if (result != TwkbAppender.WRITTEN) {
            throw new GeometryFormatException(
                    "an ordinate ("
                            + (result == TwkbAppender.XY
                                    ? "X or Y"
                                    : result == TwkbAppender.Z ? "Z" : "M")
                            + ") is NaN, infinite or too large for its precision");
        }
        return Arrays.copyOf(appender.ownBuffer(), appender.size());
    }

    /** Throws unless xy is in {@code -7..7} and z and m in {@code 0..7}, PostGIS's ranges. */
    public static void checkPrecisions(int xy, int z, int m) {
        if (xy < -DecimalPrecision.MAX || xy > DecimalPrecision.MAX) {
            throw new IllegalArgumentException("XY precision " + xy + " is not in -7..7");
        }
        if (z < 0 || z > DecimalPrecision.MAX || m < 0 || m > DecimalPrecision.MAX) {
            throw new IllegalArgumentException(
                    "Z and M precisions must be in 0..7, not " + z + " and " + m);
        }
    }
}
