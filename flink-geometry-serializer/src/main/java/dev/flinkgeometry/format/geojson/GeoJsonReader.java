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
package dev.flinkgeometry.format.geojson;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.MultiLineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * A GeoJSON geometry object (RFC 7946) to a geometry, as PostGIS 3.3's {@code ST_GeomFromGeoJSON}
 * reads it: the type name in any case; SRID 4326 unless a {@code crs} member names another ({@code
 * {"type":"name","properties":{"name":"EPSG:3857"}}}, also {@code urn:ogc:def:crs:EPSG::3857} and
 * {@code ESRI:102001}; a name without such a code gives SRID 0); Z if some position anywhere has a
 * third number (a position without one gets Z 0; numbers after the third are ignored); an empty
 * array is an empty geometry, and an empty member of a MultiPoint, MultiLineString or MultiPolygon
 * an empty member, except that a 2-D collection whose members are all empty is an empty collection
 * ({@code {"type":"MultiPoint","coordinates":[[]]}} is {@code MULTIPOINT EMPTY}); an empty interior
 * ring and an empty position in a line or ring are dropped; members other than {@code type}, {@code
 * crs}, {@code coordinates} and {@code geometries} are ignored.
 *
 * <p>Refused, with the reason and the character offset: text that is not JSON ({@link JsonParser}),
 * a {@code Feature} or {@code FeatureCollection} (PostGIS refuses them too), a position that is not
 * an array of at least two numbers, a ring or line JTS cannot build (a line of one point, a ring
 * that is not closed). Not thread-safe; cheap to create.
 */
public final class GeoJsonReader {
    /** The SRID of GeoJSON without a {@code crs} member (RFC 7946: WGS 84). */
    public static final int DEFAULT_SRID = 4326;

    private static final String URN_PREFIX = "urn:ogc:def:crs:";

    private final GeometryFactory factory = new GeometryFactory();
    private boolean hasZ;

    /** The geometry of {@code text}, with its SRID on every member. */
    public Geometry read(String text) throws GeoJsonFormatException {
        JsonValue root = JsonParser.parse(text);
        hasZ = false;
        findZ(root);
        Geometry geometry = geometry(root);
        if (!hasZ) {
            geometry = withEmptyCollectionsEmptied(geometry);
        }
        setSrid(geometry, srid(root));
        return geometry;
    }

    /**
     * A collection whose members are all empty, at any depth, as an empty collection of its type
     * ({@code MULTIPOINT(EMPTY)} as {@code MULTIPOINT EMPTY}): PostGIS's reader forces 2-D
     * geometries to 2-D, which does this (3-D ones keep their empty members).
     */
    private Geometry withEmptyCollectionsEmptied(Geometry geometry) {
        if (!(geometry instanceof GeometryCollection)) {
            return geometry;
        }
        if (geometry.isEmpty()) {
            if (geometry instanceof MultiPoint) {
                return factory.createMultiPoint();
            } else if (geometry instanceof MultiLineString) {
                return factory.createMultiLineString();
            } else if (geometry instanceof MultiPolygon) {
                return factory.createMultiPolygon();
            }
            return factory.createGeometryCollection();
        }
        if (geometry.getClass() == GeometryCollection.class) {
            Geometry[] members = new Geometry[geometry.getNumGeometries()];
            for (int i = 0; i < members.length; i++) {
                members[i] = withEmptyCollectionsEmptied(geometry.getGeometryN(i));
            }
            return factory.createGeometryCollection(members);
        }
        return geometry; // a Multi* with a member that is not empty keeps its empty ones
    }

    private Geometry geometry(JsonValue value) throws GeoJsonFormatException {
        if (value.kind != JsonValue.Kind.OBJECT) {
            throw new GeoJsonFormatException(
                    "expected a GeoJSON object but found " + value.describe(), value.offset);
        }
        Map<String, JsonValue> members = value.members();
        JsonValue type = members.get("type");
        if (type == null || type.kind != JsonValue.Kind.STRING) {
            throw new GeoJsonFormatException(
                    "expected a \"type\" member naming the geometry type", value.offset);
        }
        String name = type.text().toLowerCase(Locale.ROOT);
        if (name.equals("geometrycollection")) {
            JsonValue geometries = members.get("geometries");
            if (geometries == null || geometries.kind != JsonValue.Kind.ARRAY) {
                throw new GeoJsonFormatException(
                        "expected a \"geometries\" array in a GeometryCollection", value.offset);
            }
            List<Geometry> parts = new ArrayList<>();
            for (JsonValue member : geometries.elements()) {
                parts.add(geometry(member));
            }
            return factory.createGeometryCollection(parts.toArray(new Geometry[0]));
        }
        if (name.equals("feature") || name.equals("featurecollection")) {
            throw new GeoJsonFormatException(
                    "a " + type.text() + " is not a geometry; pass its geometry object",
                    type.offset);
        }
        JsonValue coordinates = members.get("coordinates");
        if (!isGeometryType(name)) {
            throw new GeoJsonFormatException(
                    "unknown GeoJSON geometry type '" + type.text() + "'", type.offset);
        }
        if (coordinates == null) {
            throw new GeoJsonFormatException(
                    "expected a \"coordinates\" member in a " + type.text(), value.offset);
        }
        try {
            return build(name, array(coordinates, "the coordinates"), coordinates.offset);
        } catch (IllegalArgumentException e) {
            // JTS refuses the shape (a line of one point, a ring that is not closed)
            throw new GeoJsonFormatException(e.getMessage(), coordinates.offset);
        }
    }

    private static boolean isGeometryType(String name) {
        switch (name) {
            case "point":
            case "linestring":
            case "polygon":
            case "multipoint":
            case "multilinestring":
            case "multipolygon":
                return true;
            default:
                return false;
        }
    }

    private Geometry build(String name, List<JsonValue> coordinates, int offset)
            throws GeoJsonFormatException {
        switch (name) {
            case "point":
                return point(coordinates, offset);
            case "linestring":
                return factory.createLineString(sequence(coordinates));
            case "polygon":
                return polygon(coordinates);
            case "multipoint":
                {
                    Point[] points = new Point[coordinates.size()];
                    for (int i = 0; i < points.length; i++) {
                        JsonValue member = coordinates.get(i);
                        points[i] = point(array(member, "a MultiPoint member"), member.offset);
                    }
                    return factory.createMultiPoint(points);
                }
            case "multilinestring":
                {
                    LineString[] lines = new LineString[coordinates.size()];
                    for (int i = 0; i < lines.length; i++) {
                        lines[i] =
                                factory.createLineString(
                                        sequence(array(coordinates.get(i), "a line")));
                    }
                    return factory.createMultiLineString(lines);
                }
            default:
                {
                    Polygon[] polygons = new Polygon[coordinates.size()];
                    for (int i = 0; i < polygons.length; i++) {
                        polygons[i] = polygon(array(coordinates.get(i), "a polygon"));
                    }
                    return factory.createMultiPolygon(polygons);
                }
        }
    }

    private Point point(List<JsonValue> position, int offset) throws GeoJsonFormatException {
        if (position.isEmpty()) {
            return factory.createPoint(
                    factory.getCoordinateSequenceFactory().create(0, dimension()));
        }
        CoordinateSequence sequence = factory.getCoordinateSequenceFactory().create(1, dimension());
        position(position, sequence, 0, offset);
        return factory.createPoint(sequence);
    }

    private Polygon polygon(List<JsonValue> rings) throws GeoJsonFormatException {
        List<LinearRing> built = new ArrayList<>();
        for (JsonValue ring : rings) {
            List<JsonValue> positions = array(ring, "a ring");
            if (positions.isEmpty() && !built.isEmpty()) {
                continue; // PostGIS drops an empty interior ring
            }
            built.add(factory.createLinearRing(sequence(positions)));
        }
        if (built.isEmpty() || built.get(0).isEmpty()) {
            return factory.createPolygon(
                    factory.createLinearRing(
                            factory.getCoordinateSequenceFactory().create(0, dimension())));
        }
        return factory.createPolygon(
                built.get(0), built.subList(1, built.size()).toArray(new LinearRing[0]));
    }

    /** The positions of a line or ring; an empty position is left out, as PostGIS does. */
    private CoordinateSequence sequence(List<JsonValue> positions) throws GeoJsonFormatException {
        int size = 0;
        for (JsonValue position : positions) {
            size += array(position, "a position").isEmpty() ? 0 : 1;
        }
        CoordinateSequence sequence =
                factory.getCoordinateSequenceFactory().create(size, dimension());
        int i = 0;
        for (JsonValue position : positions) {
            List<JsonValue> numbers = position.elements();
            if (!numbers.isEmpty()) {
                position(numbers, sequence, i++, position.offset);
            }
        }
        return sequence;
    }

    private void position(
            List<JsonValue> numbers, CoordinateSequence sequence, int index, int offset)
            throws GeoJsonFormatException {
        if (numbers.size() < 2) {
            throw new GeoJsonFormatException(
                    "a position needs at least two numbers, found " + numbers.size(), offset);
        }
        sequence.setOrdinate(index, 0, number(numbers.get(0)));
        sequence.setOrdinate(index, 1, number(numbers.get(1)));
        if (hasZ) {
            sequence.setOrdinate(index, 2, numbers.size() > 2 ? number(numbers.get(2)) : 0);
        }
    }

    private int dimension() {
        return hasZ ? 3 : 2;
    }

    private static double number(JsonValue value) throws GeoJsonFormatException {
        if (value.kind != JsonValue.Kind.NUMBER) {
            throw new GeoJsonFormatException(
                    "expected a number in a position but found " + value.describe(), value.offset);
        }
        return value.number();
    }

    private static List<JsonValue> array(JsonValue value, String what)
            throws GeoJsonFormatException {
        if (value.kind != JsonValue.Kind.ARRAY) {
            throw new GeoJsonFormatException(
                    "expected an array for " + what + " but found " + value.describe(),
                    value.offset);
        }
        return value.elements();
    }

    /** Z if some position (an array of numbers) anywhere under a coordinates member has three. */
    private void findZ(JsonValue value) {
        if (hasZ || value.kind != JsonValue.Kind.OBJECT) {
            return;
        }
        JsonValue coordinates = value.members().get("coordinates");
        if (coordinates != null) {
            findZInArrays(coordinates);
        }
        JsonValue geometries = value.members().get("geometries");
        if (geometries != null && geometries.kind == JsonValue.Kind.ARRAY) {
            for (JsonValue member : geometries.elements()) {
                findZ(member);
            }
        }
    }

    private void findZInArrays(JsonValue value) {
        if (hasZ || value.kind != JsonValue.Kind.ARRAY) {
            return;
        }
        List<JsonValue> elements = value.elements();
        if (!elements.isEmpty() && elements.get(0).kind == JsonValue.Kind.NUMBER) {
            hasZ = elements.size() > 2;
            return;
        }
        for (JsonValue element : elements) {
            findZInArrays(element);
        }
    }

    /**
     * The SRID of the top-level {@code crs} member, as PostGIS finds it: a {@code crs} object with
     * a {@code type} and a {@code properties.name}; without them {@link #DEFAULT_SRID}. The name's
     * code: the last number of {@code urn:ogc:def:crs:EPSG:...:3857}, else the first {@code
     * EPSG:3857} or {@code ESRI:102001} in it (authority in any case), else 0. PostGIS looks such
     * codes up in its {@code spatial_ref_sys} table (0 if absent); here every code is taken.
     */
    private static int srid(JsonValue root) throws GeoJsonFormatException {
        JsonValue crs = root.members().get("crs");
        if (crs == null || crs.kind != JsonValue.Kind.OBJECT || !present(crs, "type")) {
            return DEFAULT_SRID;
        }
        JsonValue properties = crs.members().get("properties");
        if (properties == null || properties.kind != JsonValue.Kind.OBJECT) {
            return DEFAULT_SRID;
        }
        JsonValue name = properties.members().get("name");
        if (name == null || name.kind == JsonValue.Kind.NULL) {
            return DEFAULT_SRID;
        }
        if (name.kind != JsonValue.Kind.STRING) {
            return 0;
        }
        String urnCode = urnCode(name.text());
        if (urnCode != null) {
            return code(urnCode, name);
        }
        String authorityCode = authorityCode(name.text());
        return authorityCode == null ? 0 : code(authorityCode, name);
    }

    /**
     * The code of {@code urn:ogc:def:crs:<authority>:...:<digits>} (prefix in any case), if the
     * whole text is one with an EPSG or ESRI authority, else {@code null}: the regular expression
     * {@code urn:ogc:def:crs:([a-z]+):.*:([0-9]+)}, case-insensitive, matched by hand in one pass.
     */
    static String urnCode(String text) {
        if (!text.regionMatches(true, 0, URN_PREFIX, 0, URN_PREFIX.length())) {
            return null;
        }
        int start = URN_PREFIX.length();
        int colon = start;
        while (colon < text.length() && isAsciiLetter(text.charAt(colon))) {
            colon++;
        }
        int last = text.lastIndexOf(':');
        if (colon == start
                || colon >= text.length()
                || text.charAt(colon) != ':'
                || last <= colon) {
            return null;
        }
        for (int i = colon + 1; i < last; i++) {
            if (isLineTerminator(text.charAt(i))) {
                return null; // '.' matches no line terminator
            }
        }
        if (last + 1 == text.length() || !allAsciiDigits(text, last + 1)) {
            return null;
        }
        return isAuthority(text.substring(start, colon)) ? text.substring(last + 1) : null;
    }

    /**
     * The digits of the first {@code <letters>:<digits>} in {@code text} whose letters are an EPSG
     * or ESRI authority, else {@code null}: what repeated {@code find()}s of {@code
     * ([A-Za-z]+):([0-9]+)} give, in one pass (the regular expression takes time quadratic in a
     * long run of letters).
     */
    static String authorityCode(String text) {
        int searchFrom = 0;
        for (int colon = text.indexOf(':'); colon >= 0; colon = text.indexOf(':', colon + 1)) {
            int start = colon;
            while (start > searchFrom && isAsciiLetter(text.charAt(start - 1))) {
                start--;
            }
            int end = colon + 1;
            while (end < text.length() && isAsciiDigit(text.charAt(end))) {
                end++;
            }
            if (start < colon && end > colon + 1) {
                if (isAuthority(text.substring(start, colon))) {
                    return text.substring(colon + 1, end);
                }
                searchFrom = end; // find() goes on after the match
            }
        }
        return null;
    }

    private static boolean allAsciiDigits(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            if (!isAsciiDigit(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isAsciiLetter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    private static boolean isAsciiDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isLineTerminator(char c) {
        return c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029';
    }

    private static boolean present(JsonValue object, String member) {
        JsonValue value = object.members().get(member);
        return value != null && value.kind != JsonValue.Kind.NULL;
    }

    private static boolean isAuthority(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        return upper.equals("EPSG") || upper.equals("ESRI");
    }

    private static int code(String digits, JsonValue name) throws GeoJsonFormatException {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            throw new GeoJsonFormatException(
                    "the crs name '" + name.text() + "' has a code beyond any SRID", name.offset);
        }
    }

    private static void setSrid(Geometry geometry, int srid) {
        geometry.setSRID(srid);
        for (int i = 0; i < geometry.getNumGeometries(); i++) {
            Geometry member = geometry.getGeometryN(i);
            if (member != geometry) {
                setSrid(member, srid);
            }
        }
    }
}
