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
import dev.flinkgeometry.format.internal.PostgisNumberText;
import java.util.Locale;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * WKT as PostGIS 3.3 prints it: {@code ST_AsText(g, digits)} (ISO: {@code POINT Z (1 2 3)}, {@code
 * MULTIPOINT((1 2),(3 4))}) and {@code ST_AsEWKT(g, digits)} (extended: {@code SRID=4326;} unless
 * the SRID is 0, no Z tag, {@code POINTM(1 2 3)}, {@code MULTIPOINT(1 2,3 4)}); no space after a
 * comma; each ordinate rounded to {@code digits} decimals as PostGIS does ({@link
 * PostgisNumberText}: {@code -1.797693134862316e+308} at 15). The Z and M of a geometry are those
 * of its values, as in {@link WktWriter}; a collection's are the union of its members', written on
 * every member. Unlike {@link WktWriter}, the text need not read back to the same doubles.
 */
public final class PostgisWktWriter {
    /** PostGIS's default number of decimals for {@code ST_AsText} and {@code ST_AsEWKT}. */
    public static final int DEFAULT_DIGITS = 15;

    private PostgisWktWriter() {}

    /** {@code ST_AsText(geometry, digits)}. */
    public static String iso(Geometry geometry, int digits) {
        StringBuilder out = new StringBuilder();
        write(geometry, null, digits, false, out);
        return out.toString();
    }

    /** {@code ST_AsEWKT(geometry, digits)}. */
    public static String extended(Geometry geometry, int digits) {
        StringBuilder out = new StringBuilder();
        if (geometry.getSRID() != 0) {
            out.append("SRID=").append(geometry.getSRID()).append(';');
        }
        write(geometry, null, digits, true, out);
        return out.toString();
    }

    private static void write(
            Geometry geometry,
            CoordinateLayout layout,
            int digits,
            boolean extended,
            StringBuilder out) {
        boolean collection = CoordinateTypeRule.isCollectionProper(geometry);
        if (layout == null) {
            layout =
                    collection
                            ? layoutOfFlags(flagsOfCollection(geometry))
                            : AlignedFormat.layoutOf(geometry);
        }
        out.append(typeName(geometry));
        if (extended) {
            out.append(layout.hasM() && !layout.hasZ() ? "M" : "");
        } else {
            out.append(
                    layout.hasZ() ? (layout.hasM() ? " ZM " : " Z ") : layout.hasM() ? " M " : "");
        }
        boolean multi =
                geometry.getClass() != Point.class
                        && !(geometry instanceof LineString)
                        && !(geometry instanceof Polygon);
        if (multi ? geometry.getNumGeometries() == 0 : geometry.isEmpty()) {
            empty(out);
            return;
        }
        if (geometry instanceof Point) {
            sequence(((Point) geometry).getCoordinateSequence(), layout, digits, out);
        } else if (geometry instanceof LineString) {
            sequence(((LineString) geometry).getCoordinateSequence(), layout, digits, out);
        } else if (geometry instanceof Polygon) {
            polygon((Polygon) geometry, layout, digits, out);
        } else {
            out.append('(');
            for (int i = 0; i < geometry.getNumGeometries(); i++) {
                out.append(i == 0 ? "" : ",");
                Geometry member = geometry.getGeometryN(i);
                if (collection) {
                    write(member, layout, digits, extended, out);
                } else if (member instanceof Polygon) {
                    polygon((Polygon) member, layout, digits, out);
                } else {
                    CoordinateSequence sequence =
                            member instanceof Point
                                    ? ((Point) member).getCoordinateSequence()
                                    : ((LineString) member).getCoordinateSequence();
                    if (member instanceof Point && extended && sequence.size() > 0) {
                        coordinate(sequence, 0, layout, digits, out); // MULTIPOINT(1 2,3 4)
                    } else {
                        sequence(sequence, layout, digits, out);
                    }
                }
            }
            out.append(')');
        }
    }

    /** " EMPTY" after a type name with no tag, "EMPTY" after "POINT Z ". */
    private static void empty(StringBuilder out) {
        if (out.charAt(out.length() - 1) != ' ') {
            out.append(' ');
        }
        out.append("EMPTY");
    }

    private static void polygon(
            Polygon polygon, CoordinateLayout layout, int digits, StringBuilder out) {
        if (polygon.isEmpty()) {
            out.append("EMPTY");
            return;
        }
        out.append('(');
        sequence(polygon.getExteriorRing().getCoordinateSequence(), layout, digits, out);
        for (int i = 0; i < polygon.getNumInteriorRing(); i++) {
            out.append(',');
            sequence(polygon.getInteriorRingN(i).getCoordinateSequence(), layout, digits, out);
        }
        out.append(')');
    }

    private static void sequence(
            CoordinateSequence sequence, CoordinateLayout layout, int digits, StringBuilder out) {
        if (sequence.size() == 0) {
            out.append("EMPTY");
            return;
        }
        out.append('(');
        for (int i = 0; i < sequence.size(); i++) {
            out.append(i == 0 ? "" : ",");
            coordinate(sequence, i, layout, digits, out);
        }
        out.append(')');
    }

    private static void coordinate(
            CoordinateSequence sequence,
            int i,
            CoordinateLayout layout,
            int digits,
            StringBuilder out) {
        PostgisNumberText.ordinate(sequence.getX(i), digits, out);
        out.append(' ');
        PostgisNumberText.ordinate(sequence.getY(i), digits, out);
        if (layout.hasZ()) {
            out.append(' ');
            PostgisNumberText.ordinate(sequence.getZ(i), digits, out);
        }
        if (layout.hasM()) {
            out.append(' ');
            PostgisNumberText.ordinate(sequence.getM(i), digits, out);
        }
    }

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

    private static String typeName(Geometry geometry) {
        return geometry instanceof LineString
                ? "LINESTRING"
                : geometry.getGeometryType().toUpperCase(Locale.ROOT);
    }
}
