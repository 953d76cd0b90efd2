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

import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.MultiLineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;

/**
 * The coordinate-type value rule of both formats, in one place: a header has Z if and only if some
 * coordinate under it has a non-NaN Z, and M likewise. The declared dimension of a sequence, the
 * {@code Coordinate} subclass and the factory play no part, so equal geometries encode equally.
 *
 * <p>The answer is a set of flags ({@link #Z}, {@link #M}); the formats map it to their own codes.
 * A sequence that declares no Z (M) has none, as {@link CoordinateSequence#getZ} answers NaN then.
 */
public final class CoordinateTypeRule {
    /** Some coordinate has a non-NaN Z. */
    public static final int Z = 1;

    /** Some coordinate has a non-NaN M. */
    public static final int M = 2;

    private static final int ZM = Z | M;

    private CoordinateTypeRule() {}

    /** A {@link GeometryCollection} that is not one of the Multi* types. */
    public static boolean isCollectionProper(Geometry geometry) {
        return geometry instanceof GeometryCollection
                && !(geometry instanceof MultiPoint)
                && !(geometry instanceof MultiLineString)
                && !(geometry instanceof MultiPolygon);
    }

    /**
     * The flags of a point, line string, polygon or Multi* geometry (not a collection proper: its
     * members are decided on their own). With {@code fast}, JTS's default sequences are read
     * through their coordinate objects; without, only through {@link CoordinateSequence}: the plain
     * path that tests hold the fast one to.
     */
    public static int of(Geometry geometry, boolean fast) {
        if (geometry instanceof GeometryCollection) {
            int found = 0;
            for (int i = 0; i < geometry.getNumGeometries() && found != ZM; i++) {
                found = ofPart(geometry.getGeometryN(i), found, fast);
            }
            return found;
        }
        return ofPart(geometry, 0, fast);
    }

    /** {@code found} plus the flags of a point, line string or polygon. */
    private static int ofPart(Geometry part, int found, boolean fast) {
        if (part instanceof Point) {
            return of(((Point) part).getCoordinateSequence(), found, fast);
        } else if (part instanceof Polygon) {
            return ofPolygon((Polygon) part, found, fast);
        }
        return of(((LineString) part).getCoordinateSequence(), found, fast);
    }

    private static int ofPolygon(Polygon polygon, int found, boolean fast) {
        found = of(polygon.getExteriorRing().getCoordinateSequence(), found, fast);
        for (int i = 0; i < polygon.getNumInteriorRing() && found != ZM; i++) {
            found = of(polygon.getInteriorRingN(i).getCoordinateSequence(), found, fast);
        }
        return found;
    }

    /** {@code found} plus the flags of {@code sequence}'s values. */
    public static int of(CoordinateSequence sequence, int found, boolean fast) {
        boolean needZ = (found & Z) == 0 && sequence.hasZ();
        boolean needM = (found & M) == 0 && sequence.hasM();
        if (!needZ && !needM) {
            return found;
        }
        int size = sequence.size();
        if (fast && sequence instanceof CoordinateArraySequence) {
            // JTS's default sequence: read the coordinate objects directly.
            Coordinate[] coordinates = ((CoordinateArraySequence) sequence).toCoordinateArray();
            if (needM) {
                for (int i = 0; i < size && (needZ || needM); i++) {
                    Coordinate c = coordinates[i];
                    if (needZ && !Double.isNaN(c.getZ())) {
                        found |= Z;
                        needZ = false;
                    }
                    if (needM && !Double.isNaN(c.getM())) {
                        found |= M;
                        needM = false;
                    }
                }
                return found;
            }
            // Only Z is wanted (needZ, as the early exit above returned otherwise).
            return hasZ(coordinates, size) ? found | Z : found;
        }
        for (int i = 0; i < size && (needZ || needM); i++) {
            if (needZ && !Double.isNaN(sequence.getZ(i))) {
                found |= Z;
                needZ = false;
            }
            if (needM && !Double.isNaN(sequence.getM(i))) {
                found |= M;
                needM = false;
            }
        }
        return found;
    }

    /** The most common question, in a tight loop: {@code new Coordinate(x, y)} has a NaN Z. */
    private static boolean hasZ(Coordinate[] coordinates, int size) {
        for (int i = 0; i < size; i++) {
            double z = coordinates[i].getZ();
            if (z == z) {
                return true; // not NaN
            }
        }
        return false;
    }
}
