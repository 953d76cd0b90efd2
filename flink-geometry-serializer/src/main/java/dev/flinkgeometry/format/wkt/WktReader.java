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
import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.format.GeometryLimits;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.CoordinateXYZM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;

/**
 * A strict reader of OGC WKT and PostGIS EWKT: every form that PostGIS's {@code ST_AsText} and
 * {@code ST_AsEWKT} write, and nothing that PostGIS refuses but what is listed below. The whole
 * text must be one geometry; whatever is wrong is a {@link WktFormatException} naming it and its
 * character offset.
 *
 * <ul>
 *   <li>An optional EWKT prefix {@code SRID=n;} (case-insensitive, whitespace allowed before the
 *       {@code ;}); {@code n} must be in 0..{@value GeometryLimits#MAX_SRID} (PostGIS maps -1 to 0
 *       and larger values below 999999 with a notice; this reader refuses them instead).
 *   <li>Keywords in any case; a dimension tag {@code Z}, {@code M} or {@code ZM} apart ({@code
 *       POINT Z (1 2 3)}) or attached ({@code POINTM(1 2 3)}, as EWKT writes it). Without a tag,
 *       the number of ordinates decides: 2 is XY, 3 XYZ, 4 XYZM; with {@code M}, 3 is XYM. Every
 *       coordinate of a geometry has the same number of ordinates, and every member of a collection
 *       the same dimension: an untagged member takes the collection's tag, a tagged one must repeat
 *       it.
 *   <li>Numbers as PostGIS reads them: {@code -?digits[.digits][e[+-]digits]} with either part
 *       optional around the point ({@code 1.}, {@code .5}), and {@code NaN} in any case; no {@code
 *       +}, hexadecimal, {@code Infinity} or Java suffixes. A validated token is converted by
 *       {@link Double#parseDouble}, which rounds correctly; a number beyond the double range
 *       becomes an infinity, as with PostGIS's {@code strtod}.
 *   <li>{@code MULTIPOINT} members with or without parentheses, and {@code EMPTY} members of Multi*
 *       geometries ({@code MULTIPOINT(10 20,EMPTY)}); {@code EMPTY} with a tag ({@code POLYGON Z
 *       EMPTY}); collections nested up to {@value
 *       dev.flinkgeometry.format.GeometryLimits#MAX_NESTING_DEPTH} levels.
 *   <li>Differences from PostGIS, on purpose: {@code LINEARRING} is read (as a JTS {@code
 *       LinearRing}: what this library's {@code ST_AsText} wrote for a top-level ring before), and
 *       a closed ring of 3 points is accepted (JTS's minimum; PostGIS requires 4); curves,
 *       triangles, TINs and polyhedral surfaces are refused (JTS has no such types).
 * </ul>
 *
 * <p>Coordinates are JTS's default {@code CoordinateArraySequence}s whose dimension and measures
 * are exactly the declared layout (empty ones too). The SRID is that of the geometries' factory, so
 * the geometry, every member and every derived geometry carry it, as with the WKB reader. An
 * instance is not thread-safe.
 */
public final class WktReader {

    private static final String[] TYPES = {
        "GEOMETRYCOLLECTION",
        "MULTILINESTRING",
        "MULTIPOLYGON",
        "MULTIPOINT",
        "LINESTRING",
        "LINEARRING",
        "POLYGON",
        "POINT"
    };

    /** The factory of the text's SRID, so that geometries derived from the result keep it. */
    private GeometryFactory factory;

    private String text;
    private int pos;

    /** The layout of the geometry that {@link #geometry} read last. */
    private CoordinateLayout lastLayout;

    /**
     * Reads {@code text}, WKT or EWKT, which must hold exactly one geometry (whitespace around it
     * is allowed). The SRID is the EWKT one, else 0.
     */
    public Geometry read(String text) throws WktFormatException {
        this.text = text;
        this.pos = 0;
        try {
            skipSpace();
            int srid = 0;
            if (text.regionMatches(true, pos, "SRID=", 0, 5)) {
                pos += 5;
                srid = srid();
                skipSpace();
                expect(';', "';' after the SRID");
                skipSpace();
            }
            factory = CoordinateSequenceKind.ARRAY.geometryFactory(srid);
            Geometry geometry = geometry(0, null);
            skipSpace();
            if (pos < text.length()) {
                throw error("expected the end of the text but found " + found());
            }
            return geometry;
        } finally {
            this.text = null;
        }
    }

    // ---------------------------------------------------------------------------------------
    // Tokens
    // ---------------------------------------------------------------------------------------

    private WktFormatException error(String message) {
        return error(message, pos);
    }

    private static WktFormatException error(String message, int at) {
        return new WktFormatException(message, at);
    }

    /** What is at {@link #pos}, for an error message. */
    private String found() {
        if (pos >= text.length()) {
            return "the end of the text";
        }
        int end = pos + 1;
        if (isLetter(text.charAt(pos)) || isNumberChar(text.charAt(pos))) {
            while (end < text.length()
                    && end < pos + 20
                    && (isLetter(text.charAt(end)) || isNumberChar(text.charAt(end)))) {
                end++;
            }
        }
        return "'" + text.substring(pos, end) + "'";
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    private static boolean isLetter(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isNumberChar(char c) {
        return isDigit(c) || c == '.' || c == '-' || c == '+';
    }

    private void skipSpace() {
        while (pos < text.length() && isSpace(text.charAt(pos))) {
            pos++;
        }
    }

    private boolean at(char c) {
        return pos < text.length() && text.charAt(pos) == c;
    }

    private void expect(char c, String what) throws WktFormatException {
        if (!at(c)) {
            throw error("expected " + what + " but found " + found());
        }
        pos++;
    }

    /** The letters at {@link #pos}, upper-cased, without consuming them. */
    private String peekWord() {
        int end = pos;
        while (end < text.length() && isLetter(text.charAt(end))) {
            end++;
        }
        return text.substring(pos, end).toUpperCase(Locale.ROOT);
    }

    private int srid() throws WktFormatException {
        int start = pos;
        boolean negative = at('-');
        if (negative) {
            pos++;
        }
        long value = 0;
        int digits = 0;
        while (pos < text.length() && isDigit(text.charAt(pos))) {
            if (value <= GeometryLimits.MAX_SRID) {
                value = 10 * value + (text.charAt(pos) - '0');
            }
            pos++;
            digits++;
        }
        if (digits == 0) {
            throw error("expected the SRID (an integer) after 'SRID=' but found " + found());
        }
        if (negative || value > GeometryLimits.MAX_SRID) {
            throw error(
                    "SRID "
                            + text.substring(start, pos)
                            + " is outside 0.."
                            + GeometryLimits.MAX_SRID
                            + ", which a geometry column holds",
                    start);
        }
        return (int) value;
    }

    /**
     * A number as PostGIS's WKT lexer accepts it, followed by a space, a comma or a closing
     * parenthesis.
     */
    private double number() throws WktFormatException {
        int start = pos;
        if (text.regionMatches(true, pos, "NAN", 0, 3)) {
            pos += 3;
            endOfNumber(start);
            return Double.NaN;
        }
        if (at('-')) {
            pos++;
        }
        int digits = digits();
        if (at('.')) {
            pos++;
            digits += digits();
        }
        if (digits == 0) {
            pos = start;
            throw error("expected a number but found " + found());
        }
        if (at('e') || at('E')) {
            pos++;
            if (at('+') || at('-')) {
                pos++;
            }
            if (digits() == 0) {
                throw error("expected the digits of an exponent but found " + found());
            }
        }
        endOfNumber(start);
        return Double.parseDouble(text.substring(start, pos));
    }

    private int digits() {
        int start = pos;
        while (pos < text.length() && isDigit(text.charAt(pos))) {
            pos++;
        }
        return pos - start;
    }

    private void endOfNumber(int start) throws WktFormatException {
        if (pos < text.length() && !isSpace(text.charAt(pos)) && !at(',') && !at(')')) {
            int end = pos;
            while (end < text.length()
                    && !isSpace(text.charAt(end))
                    && text.charAt(end) != ','
                    && text.charAt(end) != ')') {
                end++;
            }
            throw error("invalid number '" + text.substring(start, end) + "'", start);
        }
    }

    // ---------------------------------------------------------------------------------------
    // Geometries
    // ---------------------------------------------------------------------------------------

    /**
     * The coordinate layout of one geometry being read: declared by a tag, inherited from the
     * enclosing collection, or decided by the first coordinate (null until then).
     */
    private static final class Dimension {
        CoordinateLayout layout;

        /** Declared by a tag or inherited: an untagged {@code EMPTY} member takes it. */
        final boolean declared;

        Dimension(CoordinateLayout layout) {
            this.layout = layout;
            this.declared = layout != null;
        }

        CoordinateLayout orXy() {
            return layout == null ? CoordinateLayout.XY : layout;
        }
    }

    /**
     * Reads a geometry with its keyword.
     *
     * @param inherited the layout of the enclosing collection, or null (top level, or an untagged
     *     collection whose members have not decided it yet)
     */
    private Geometry geometry(int depth, CoordinateLayout inherited) throws WktFormatException {
        int start = pos;
        String word = peekWord();
        String type = null;
        String attached = "";
        for (String candidate : TYPES) {
            if (word.startsWith(candidate)) {
                type = candidate;
                attached = word.substring(candidate.length());
                break;
            }
        }
        if (word.isEmpty()) {
            throw error("expected a geometry type but found " + found());
        }
        if (type == null || !(attached.isEmpty() || isTag(attached))) {
            throw error(
                    "unsupported geometry type '" + text.substring(pos, pos + word.length()) + "'");
        }
        pos += word.length();
        CoordinateLayout tag = attached.isEmpty() ? null : layoutOfTag(attached);
        if (tag == null) {
            int before = pos;
            skipSpace();
            String next = peekWord();
            if (isTag(next)) {
                tag = layoutOfTag(next);
                pos += next.length();
            } else {
                pos = before;
            }
        }
        if (tag != null && inherited != null && tag != inherited) {
            throw error(
                    "can not mix dimensionality: an "
                            + tag
                            + " geometry in an "
                            + inherited
                            + " collection",
                    start);
        }
        Dimension dimension = new Dimension(tag != null ? tag : inherited);
        skipSpace();
        boolean empty = "EMPTY".equals(peekWord());
        if (empty) {
            pos += 5;
        } else {
            expect('(', "'(' or EMPTY");
        }
        Geometry geometry = body(type, empty, dimension, depth, start);
        lastLayout = dimension.orXy();
        return geometry;
    }

    private Geometry body(String type, boolean empty, Dimension dimension, int depth, int start)
            throws WktFormatException {
        switch (type) {
            case "POINT":
                return empty ? factory.createPoint(emptySequence(dimension)) : point(dimension);
            case "LINESTRING":
                return empty
                        ? factory.createLineString(emptySequence(dimension))
                        : lineString(dimension, start);
            case "LINEARRING":
                return empty
                        ? factory.createLinearRing(emptySequence(dimension))
                        : linearRing(dimension, start);
            case "POLYGON":
                return empty ? emptyPolygon(dimension) : polygon(dimension, start);
            case "MULTIPOINT":
                return empty
                        ? factory.createMultiPoint()
                        : factory.createMultiPoint(multiPoint(dimension));
            case "MULTILINESTRING":
                return empty
                        ? factory.createMultiLineString()
                        : factory.createMultiLineString(multiLineString(dimension));
            case "MULTIPOLYGON":
                return empty
                        ? factory.createMultiPolygon()
                        : factory.createMultiPolygon(multiPolygon(dimension));
            default:
                if (depth >= GeometryLimits.MAX_NESTING_DEPTH) {
                    throw error(
                            "geometry collections nested deeper than "
                                    + GeometryLimits.MAX_NESTING_DEPTH
                                    + " levels",
                            start);
                }
                return empty
                        ? factory.createGeometryCollection()
                        : factory.createGeometryCollection(collection(depth, dimension));
        }
    }

    private static boolean isTag(String word) {
        return word.equals("Z") || word.equals("M") || word.equals("ZM");
    }

    private static CoordinateLayout layoutOfTag(String tag) {
        return CoordinateLayout.of(tag.contains("Z"), tag.contains("M"));
    }

    /** After a member: {@code true} at a comma (consumed), {@code false} at ')' (consumed). */
    private boolean nextMember() throws WktFormatException {
        skipSpace();
        if (at(',')) {
            pos++;
            skipSpace();
            return true;
        }
        expect(')', "',' or ')'");
        return false;
    }

    /** A coordinate: 2 to 4 numbers, checked against and deciding {@code dimension}. */
    private Coordinate coordinate(Dimension dimension) throws WktFormatException {
        int start = pos;
        double[] values = new double[4];
        int count = 0;
        values[count++] = number();
        while (true) {
            int before = pos;
            skipSpace();
            if (pos == before || at(',') || at(')') || pos >= text.length()) {
                pos = before;
                break;
            }
            if (count == 4) {
                throw error("more than 4 ordinates in a coordinate");
            }
            values[count++] = number();
        }
        if (count < 2) {
            throw error("expected a second ordinate but found " + found());
        }
        CoordinateLayout layout = dimension.layout;
        if (layout == null) {
            layout =
                    count == 2
                            ? CoordinateLayout.XY
                            : count == 3 ? CoordinateLayout.XYZ : CoordinateLayout.XYZM;
            dimension.layout = layout;
        } else if (count != layout.ordinates()) {
            throw error(
                    "can not mix dimensionality: "
                            + count
                            + " ordinates in an "
                            + layout
                            + " geometry, which has "
                            + layout.ordinates(),
                    start);
        }
        switch (layout) {
            case XY:
                return new CoordinateXY(values[0], values[1]);
            case XYZ:
                return new Coordinate(values[0], values[1], values[2]);
            case XYM:
                return new CoordinateXYM(values[0], values[1], values[2]);
            default:
                return new CoordinateXYZM(values[0], values[1], values[2], values[3]);
        }
    }

    /** Coordinates up to and including the closing parenthesis. */
    private CoordinateSequence coordinates(Dimension dimension) throws WktFormatException {
        skipSpace();
        List<Coordinate> coordinates = new ArrayList<>();
        do {
            coordinates.add(coordinate(dimension));
        } while (nextMember());
        return sequence(dimension.orXy(), coordinates.toArray(new Coordinate[0]));
    }

    private static CoordinateSequence sequence(CoordinateLayout layout, Coordinate[] coordinates) {
        return new CoordinateArraySequence(coordinates, layout.ordinates(), layout.measures());
    }

    private static CoordinateSequence emptySequence(Dimension dimension) {
        return sequence(dimension.orXy(), new Coordinate[0]);
    }

    private Point point(Dimension dimension) throws WktFormatException {
        skipSpace();
        Coordinate coordinate = coordinate(dimension);
        skipSpace();
        if (!at(')')) {
            throw error("expected ')' after the coordinate of a point but found " + found());
        }
        pos++;
        return factory.createPoint(sequence(dimension.orXy(), new Coordinate[] {coordinate}));
    }

    private LineString lineString(Dimension dimension, int start) throws WktFormatException {
        CoordinateSequence sequence = coordinates(dimension);
        try {
            return factory.createLineString(sequence);
        } catch (IllegalArgumentException e) {
            throw error(e.getMessage(), start);
        }
    }

    private LinearRing linearRing(Dimension dimension, int start) throws WktFormatException {
        CoordinateSequence sequence = coordinates(dimension);
        try {
            return factory.createLinearRing(sequence);
        } catch (IllegalArgumentException e) {
            throw error(e.getMessage(), start);
        }
    }

    private Polygon emptyPolygon(Dimension dimension) {
        return factory.createPolygon(factory.createLinearRing(emptySequence(dimension)));
    }

    /** The rings of a polygon, after its opening parenthesis. */
    private Polygon polygon(Dimension dimension, int start) throws WktFormatException {
        skipSpace();
        List<LinearRing> rings = new ArrayList<>();
        do {
            int ringStart = pos;
            expect('(', "'(' of a ring");
            rings.add(linearRing(dimension, ringStart));
        } while (nextMember());
        LinearRing shell = rings.get(0);
        LinearRing[] holes = rings.subList(1, rings.size()).toArray(new LinearRing[0]);
        try {
            return factory.createPolygon(shell, holes);
        } catch (IllegalArgumentException e) {
            throw error(e.getMessage(), start);
        }
    }

    /**
     * An {@code EMPTY} member of a Multi* geometry without a declared dimension is XY, as in
     * PostGIS: the other members must be XY too.
     */
    private void emptyMember(Dimension dimension) throws WktFormatException {
        if (!dimension.declared) {
            if (dimension.layout == null) {
                dimension.layout = CoordinateLayout.XY;
            } else if (dimension.layout != CoordinateLayout.XY) {
                throw error(
                        "can not mix dimensionality: an EMPTY member, XY without a tag, in an "
                                + dimension.layout
                                + " geometry");
            }
        }
        pos += 5;
    }

    private Point[] multiPoint(Dimension dimension) throws WktFormatException {
        skipSpace();
        List<Point> points = new ArrayList<>();
        do {
            if ("EMPTY".equals(peekWord())) {
                emptyMember(dimension);
                points.add(factory.createPoint(emptySequence(dimension)));
            } else if (at('(')) {
                pos++;
                points.add(point(dimension));
            } else {
                Coordinate coordinate = coordinate(dimension);
                points.add(
                        factory.createPoint(
                                sequence(dimension.orXy(), new Coordinate[] {coordinate})));
            }
        } while (nextMember());
        return points.toArray(new Point[0]);
    }

    private LineString[] multiLineString(Dimension dimension) throws WktFormatException {
        skipSpace();
        List<LineString> lines = new ArrayList<>();
        do {
            int memberStart = pos;
            if ("EMPTY".equals(peekWord())) {
                emptyMember(dimension);
                lines.add(factory.createLineString(emptySequence(dimension)));
            } else {
                expect('(', "'(' or EMPTY");
                lines.add(lineString(dimension, memberStart));
            }
        } while (nextMember());
        return lines.toArray(new LineString[0]);
    }

    private Polygon[] multiPolygon(Dimension dimension) throws WktFormatException {
        skipSpace();
        List<Polygon> polygons = new ArrayList<>();
        do {
            int memberStart = pos;
            if ("EMPTY".equals(peekWord())) {
                emptyMember(dimension);
                polygons.add(emptyPolygon(dimension));
            } else {
                expect('(', "'(' or EMPTY");
                polygons.add(polygon(dimension, memberStart));
            }
        } while (nextMember());
        return polygons.toArray(new Polygon[0]);
    }

    /**
     * The members of a collection: each in the collection's layout; in an untagged collection, the
     * first member decides it.
     */
    private Geometry[] collection(int depth, Dimension dimension) throws WktFormatException {
        skipSpace();
        List<Geometry> members = new ArrayList<>();
        do {
            int memberStart = pos;
            // Members of an untagged collection are read on their own (PostGIS): the first decides.
            Geometry member = geometry(depth + 1, dimension.declared ? dimension.layout : null);
            CoordinateLayout memberLayout = lastLayout;
            if (dimension.layout == null) {
                dimension.layout = memberLayout;
            } else if (memberLayout != dimension.layout) {
                throw error(
                        "can not mix dimensionality: an "
                                + memberLayout
                                + " member in an "
                                + dimension.layout
                                + " collection",
                        memberStart);
            }
            members.add(member);
        } while (nextMember());
        return members.toArray(new Geometry[0]);
    }
}
