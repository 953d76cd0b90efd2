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
package dev.flinkgeometry.testing;

import static org.assertj.core.api.Assertions.assertThat;

import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.MultiLineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * Exact geometry equality as the serializer promises it, written independently of the codec.
 *
 * <p>JTS's own {@code equals} compares only X and Y, ignores the SRID and never equals a NaN
 * coordinate. Here two geometries are equal when their canonical descriptions are: the class, the
 * SRID (of the top level and of each collection member; Multi* members take their parent's), the
 * structure, and every ordinate of the value-decided layout bit for bit (NaN canonical). A
 * MultiPoint member whose ordinates are all NaN is described as empty, as the format stores it.
 */
public final class ExactGeometry {
    private ExactGeometry() {}

    public static boolean equal(Geometry a, Geometry b) {
        return describe(a).equals(describe(b));
    }

    /** AssertJ check with both descriptions in the failure message. */
    public static void assertExactlyEqual(Geometry actual, Geometry expected) {
        assertThat(describe(actual))
                .as("exact description of %s", actual)
                .isEqualTo(describe(expected));
    }

    /**
     * Asserts that every sequence in a decoded geometry has exactly the dimension and measures of
     * the layout its header must have (decided by values, per collection member).
     */
    public static void assertSequencesHaveValueLayout(Geometry decoded) {
        if (isCollectionProper(decoded)) {
            for (int i = 0; i < decoded.getNumGeometries(); i++) {
                assertSequencesHaveValueLayout(decoded.getGeometryN(i));
            }
            return;
        }
        boolean[] zm = valueLayout(decoded);
        int dimension = 2 + (zm[0] ? 1 : 0) + (zm[1] ? 1 : 0);
        int measures = zm[1] ? 1 : 0;
        forEachSequence(
                decoded,
                s -> {
                    assertThat(s.getDimension())
                            .as("dimension of a sequence of %s", decoded)
                            .isEqualTo(dimension);
                    assertThat(s.getMeasures())
                            .as("measures of a sequence of %s", decoded)
                            .isEqualTo(measures);
                });
    }

    /**
     * What the format gives back for {@code geometry}, as far as {@link #equal} can tell: the same
     * geometry, except that a {@code LinearRing} that is not part of a polygon (at the top level or
     * a GeometryCollection member) becomes a {@code LineString} with the same coordinates and SRID.
     * Returns {@code geometry} itself when it has no such ring.
     */
    public static Geometry asDecoded(Geometry geometry) {
        if (geometry instanceof LinearRing) {
            LineString line =
                    geometry.getFactory()
                            .createLineString(((LinearRing) geometry).getCoordinateSequence());
            line.setSRID(geometry.getSRID());
            return line;
        }
        if (!isCollectionProper(geometry)) {
            return geometry;
        }
        Geometry[] members = new Geometry[geometry.getNumGeometries()];
        boolean changed = false;
        for (int i = 0; i < members.length; i++) {
            members[i] = asDecoded(geometry.getGeometryN(i));
            changed |= members[i] != geometry.getGeometryN(i);
        }
        if (!changed) {
            return geometry;
        }
        Geometry collection = geometry.getFactory().createGeometryCollection(members);
        collection.setSRID(geometry.getSRID());
        return collection;
    }

    /**
     * What the legacy {@code WkbGeometrySerializer} gives back for {@code geometry}, by the rules
     * its documentation states, as far as {@link #equal} can tell: what {@link #asDecoded} gives,
     * and besides
     *
     * <ul>
     *   <li>a point whose every ordinate is NaN is {@code POINT EMPTY}, at the top level and as a
     *       collection member (in a MultiPoint it already is, to {@link #equal});
     *   <li>every member of a collection, at any depth, has the top level's SRID (members' own
     *       SRIDs are not carried).
     * </ul>
     *
     * Written from the documentation, independently of the WKB codec. Returns a new geometry; the
     * argument is not changed.
     */
    public static Geometry asReadFromLegacyWkb(Geometry geometry) {
        return asReadFromLegacyWkb(geometry, geometry.getSRID());
    }

    private static Geometry asReadFromLegacyWkb(Geometry g, int srid) {
        Geometry read;
        if (g instanceof Point && isAllNaN((Point) g)) {
            read = g.getFactory().createPoint();
        } else if (g instanceof LinearRing) {
            read = g.getFactory().createLineString(((LinearRing) g).getCoordinateSequence().copy());
        } else if (isCollectionProper(g)) {
            Geometry[] members = new Geometry[g.getNumGeometries()];
            for (int i = 0; i < members.length; i++) {
                members[i] = asReadFromLegacyWkb(g.getGeometryN(i), srid);
            }
            read = g.getFactory().createGeometryCollection(members);
        } else {
            read = g.copy();
        }
        setSridEverywhere(read, srid);
        return read;
    }

    private static boolean isAllNaN(Point point) {
        CoordinateSequence s = point.getCoordinateSequence();
        return s.size() == 1
                && Double.isNaN(s.getX(0))
                && Double.isNaN(s.getY(0))
                && Double.isNaN(s.getZ(0))
                && Double.isNaN(s.getM(0));
    }

    private static void setSridEverywhere(Geometry g, int srid) {
        g.setSRID(srid);
        if (g instanceof GeometryCollection) {
            for (int i = 0; i < g.getNumGeometries(); i++) {
                setSridEverywhere(g.getGeometryN(i), srid);
            }
        }
    }

    /** The canonical description. */
    public static String describe(Geometry geometry) {
        StringBuilder out = new StringBuilder();
        describe(geometry, true, out);
        return out.toString();
    }

    /** {hasZ, hasM} by the value rule over every coordinate of a non-collection geometry. */
    public static boolean[] valueLayout(Geometry geometry) {
        boolean[] zm = new boolean[2];
        forEachSequence(
                geometry,
                s -> {
                    for (int i = 0; i < s.size(); i++) {
                        zm[0] |= !Double.isNaN(s.getZ(i));
                        zm[1] |= !Double.isNaN(s.getM(i));
                    }
                });
        return zm;
    }

    private static void describe(Geometry g, boolean withSrid, StringBuilder out) {
        out.append(g.getClass().getSimpleName());
        if (withSrid) {
            out.append(";srid=").append(g.getSRID());
        }
        if (isCollectionProper(g)) {
            out.append('[');
            for (int i = 0; i < g.getNumGeometries(); i++) {
                describe(g.getGeometryN(i), true, out);
                out.append(',');
            }
            out.append(']');
            return;
        }
        boolean[] zm = valueLayout(g);
        out.append(zm[0] ? "Z" : "").append(zm[1] ? "M" : "");
        parts(g, zm, out);
    }

    private static void parts(Geometry g, boolean[] zm, StringBuilder out) {
        if (g instanceof Point) {
            sequence(((Point) g).getCoordinateSequence(), zm, out);
        } else if (g instanceof LineString) {
            sequence(((LineString) g).getCoordinateSequence(), zm, out);
        } else if (g instanceof Polygon) {
            Polygon p = (Polygon) g;
            out.append('(');
            if (!p.getExteriorRing().isEmpty()) {
                sequence(p.getExteriorRing().getCoordinateSequence(), zm, out);
                for (int i = 0; i < p.getNumInteriorRing(); i++) {
                    sequence(p.getInteriorRingN(i).getCoordinateSequence(), zm, out);
                }
            }
            out.append(')');
        } else if (g instanceof MultiPoint) {
            out.append('(');
            for (int i = 0; i < g.getNumGeometries(); i++) {
                CoordinateSequence s = ((Point) g.getGeometryN(i)).getCoordinateSequence();
                if (s.size() == 0 || allNaN(s, zm)) {
                    out.append("EMPTY;");
                } else {
                    sequence(s, zm, out);
                }
            }
            out.append(')');
        } else if (g instanceof MultiLineString || g instanceof MultiPolygon) {
            out.append('(');
            for (int i = 0; i < g.getNumGeometries(); i++) {
                parts(g.getGeometryN(i), zm, out);
            }
            out.append(')');
        } else {
            throw new IllegalArgumentException("unexpected geometry " + g.getClass());
        }
    }

    private static boolean allNaN(CoordinateSequence s, boolean[] zm) {
        return Double.isNaN(s.getX(0))
                && Double.isNaN(s.getY(0))
                && (!zm[0] || Double.isNaN(s.getZ(0)))
                && (!zm[1] || Double.isNaN(s.getM(0)));
    }

    private static void sequence(CoordinateSequence s, boolean[] zm, StringBuilder out) {
        out.append('<');
        for (int i = 0; i < s.size(); i++) {
            bits(s.getX(i), out);
            bits(s.getY(i), out);
            if (zm[0]) {
                bits(s.getZ(i), out);
            }
            if (zm[1]) {
                bits(s.getM(i), out);
            }
            out.append('|');
        }
        out.append('>');
    }

    private static void bits(double value, StringBuilder out) {
        out.append(Long.toHexString(Double.doubleToLongBits(value))).append(' ');
    }

    /**
     * {@code actual} is exactly {@code expected}, of its class, with sequences of the value layout
     * (as decoding gives them), every one a {@code sequenceClass}.
     */
    public static void assertDecodedAs(
            String what, Geometry actual, Geometry expected, Class<?> sequenceClass) {
        assertThat(actual).as(what).isNotNull();
        assertThat(describe(actual)).as("%s: %s", what, actual).isEqualTo(describe(expected));
        assertThat(actual.getClass()).as(what).isEqualTo(expected.getClass());
        assertSequencesHaveValueLayout(actual);
        forEachSequence(
                actual,
                sequence ->
                        assertThat(sequence)
                                .as("%s: a sequence", what)
                                .isInstanceOf(sequenceClass));
    }

    /** A {@code GeometryCollection} that is not one of the Multi* types. */
    public static boolean isCollectionProper(Geometry g) {
        return g instanceof GeometryCollection
                && !(g instanceof MultiPoint)
                && !(g instanceof MultiLineString)
                && !(g instanceof MultiPolygon);
    }

    /** Every coordinate sequence of {@code g}, collection members included. */
    public static java.util.List<CoordinateSequence> sequences(Geometry g) {
        java.util.List<CoordinateSequence> sequences = new java.util.ArrayList<>();
        forEachSequence(g, sequences::add);
        return sequences;
    }

    /** Visits every coordinate sequence of {@code g}, collection members included. */
    public static void forEachSequence(
            Geometry g, java.util.function.Consumer<CoordinateSequence> action) {
        if (g instanceof Point) {
            action.accept(((Point) g).getCoordinateSequence());
        } else if (g instanceof LineString) {
            action.accept(((LineString) g).getCoordinateSequence());
        } else if (g instanceof Polygon) {
            Polygon p = (Polygon) g;
            action.accept(p.getExteriorRing().getCoordinateSequence());
            for (int i = 0; i < p.getNumInteriorRing(); i++) {
                action.accept(p.getInteriorRingN(i).getCoordinateSequence());
            }
        } else {
            for (int i = 0; i < g.getNumGeometries(); i++) {
                forEachSequence(g.getGeometryN(i), action);
            }
        }
    }
}
