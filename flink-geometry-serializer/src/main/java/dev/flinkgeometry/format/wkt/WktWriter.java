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
package dev.flinkgeometry.format.wkt;

import dev.flinkgeometry.format.CoordinateLayout;
import dev.flinkgeometry.format.aligned.AlignedFormat;
import dev.flinkgeometry.format.internal.CoordinateTypeRule;
import java.util.Locale;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * WKT that reads back to exactly the same doubles (JTS's {@code WKTWriter} writes at most 16
 * significant digits, so {@code 0.30000000000000004} would come back as {@code 0.3}), and that
 * PostGIS reads. Ordinates are written as Java's {@link Double#toString(double)} (exact round
 * trip), integers without a fraction. The {@code Z}/{@code M}/{@code ZM} tag follows the values, as
 * in the aligned format: Z if some coordinate has a non-NaN Z, M likewise. A geometry collection
 * has the tag of all its values, and every member, nested collections and empty members included,
 * is written in that dimension (missing ordinates as {@code NaN}): PostGIS refuses a collection
 * whose members differ in dimension. A top-level {@code LinearRing} is written as {@code
 * LINESTRING} (OGC WKT has no {@code LINEARRING}).
 */
public final class WktWriter {
    private WktWriter() {}

    public static String write(Geometry geometry) {
        StringBuilder out = new StringBuilder();
        write(geometry, null, out);
        return out.toString();
    }

    /** Writes {@code geometry} in {@code layout}, or in the layout of its own values if null. */
    private static void write(Geometry geometry, CoordinateLayout layout, StringBuilder out) {
        if (CoordinateTypeRule.isCollectionProper(geometry)) {
            if (layout == null) {
                layout = layoutOfFlags(flagsOfCollection(geometry));
            }
            out.append("GEOMETRYCOLLECTION").append(tag(layout));
            if (geometry.getNumGeometries() == 0) {
                out.append(" EMPTY");
                return;
            }
            out.append(" (");
            for (int i = 0; i < geometry.getNumGeometries(); i++) {
                out.append(i == 0 ? "" : ", ");
                write(geometry.getGeometryN(i), layout, out);
            }
            out.append(')');
            return;
        }
        if (layout == null) {
            layout = AlignedFormat.layoutOf(geometry);
        }
        out.append(typeName(geometry)).append(tag(layout));
        if (geometry instanceof Point) {
            sequence(((Point) geometry).getCoordinateSequence(), layout, out);
        } else if (geometry instanceof LineString) {
            sequence(((LineString) geometry).getCoordinateSequence(), layout, out);
        } else if (geometry instanceof Polygon) {
            polygon((Polygon) geometry, layout, out);
        } else {
            members(geometry, layout, out);
        }
    }

    /** The union of the value flags of every member, at every depth. */
    private static int flagsOfCollection(Geometry collection) {
        int flags = 0;
        for (int i = 0; i < collection.getNumGeometries(); i++) {
            Geometry member = collection.getGeometryN(i);
            flags |=
                    CoordinateTypeRule.isCollectionProper(member)
                            ? flagsOfCollection(member)
                            : CoordinateTypeRule.of(member, true);
        }
        return flags;
    }

    private static CoordinateLayout layoutOfFlags(int flags) {
        return CoordinateLayout.of(
                (flags & CoordinateTypeRule.Z) != 0, (flags & CoordinateTypeRule.M) != 0);
    }

    private static String tag(CoordinateLayout layout) {
        return layout.hasZ() ? (layout.hasM() ? " ZM" : " Z") : (layout.hasM() ? " M" : "");
    }

    /** The OGC WKT keyword: a {@code LinearRing} is a {@code LINESTRING} there. */
    private static String typeName(Geometry geometry) {
        if (geometry instanceof LineString) {
            return "LINESTRING";
        }
        return geometry.getGeometryType().toUpperCase(Locale.ROOT);
    }

    private static void members(Geometry multi, CoordinateLayout layout, StringBuilder out) {
        if (multi.getNumGeometries() == 0) {
            out.append(" EMPTY");
            return;
        }
        out.append(" (");
        for (int i = 0; i < multi.getNumGeometries(); i++) {
            out.append(i == 0 ? "" : ", ");
            Geometry member = multi.getGeometryN(i);
            StringBuilder part = new StringBuilder();
            if (member instanceof Polygon) {
                polygon((Polygon) member, layout, part);
            } else if (member instanceof Point) {
                sequence(((Point) member).getCoordinateSequence(), layout, part);
            } else {
                sequence(((LineString) member).getCoordinateSequence(), layout, part);
            }
            out.append(part.toString().trim());
        }
        out.append(')');
    }

    private static void polygon(Polygon polygon, CoordinateLayout layout, StringBuilder out) {
        if (polygon.isEmpty()) {
            out.append(" EMPTY");
            return;
        }
        out.append(" (");
        LinearRing shell = polygon.getExteriorRing();
        sequence(shell.getCoordinateSequence(), layout, out, false);
        for (int i = 0; i < polygon.getNumInteriorRing(); i++) {
            out.append(", ");
            sequence(polygon.getInteriorRingN(i).getCoordinateSequence(), layout, out, false);
        }
        out.append(')');
    }

    private static void sequence(
            CoordinateSequence sequence, CoordinateLayout layout, StringBuilder out) {
        sequence(sequence, layout, out, true);
    }

    private static void sequence(
            CoordinateSequence sequence,
            CoordinateLayout layout,
            StringBuilder out,
            boolean space) {
        if (space) {
            out.append(' ');
        }
        if (sequence.size() == 0) {
            out.append("EMPTY");
            return;
        }
        out.append('(');
        for (int i = 0; i < sequence.size(); i++) {
            out.append(i == 0 ? "" : ", ");
            ordinate(sequence.getX(i), out);
            out.append(' ');
            ordinate(sequence.getY(i), out);
            if (layout.hasZ()) {
                out.append(' ');
                ordinate(sequence.getZ(i), out);
            }
            if (layout.hasM()) {
                out.append(' ');
                ordinate(sequence.getM(i), out);
            }
        }
        out.append(')');
    }

    private static void ordinate(double value, StringBuilder out) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15 && !isNegativeZero(value)) {
            out.append((long) value);
        } else {
            out.append(Double.toString(value));
        }
    }

    private static boolean isNegativeZero(double value) {
        return Double.doubleToRawLongBits(value) == Long.MIN_VALUE;
    }
}
