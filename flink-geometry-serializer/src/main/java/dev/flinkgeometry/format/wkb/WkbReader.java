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
package dev.flinkgeometry.format.wkb;

import dev.flinkgeometry.format.CoordinateLayout;
import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.format.GeometryTypeCode;
import dev.flinkgeometry.format.internal.CoordinateReader;
import dev.flinkgeometry.format.internal.RawBytes;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;

/**
 * Reads ISO and extended (PostGIS) WKB into JTS geometries, with bounded work and memory for any
 * input. The rules for ambiguous input are those of the legacy {@code WkbGeometrySerializer}.
 *
 * <p>Every count is checked against the bytes that remain before anything is allocated, nesting of
 * geometry collections is capped at {@link Wkb#MAX_NESTING_DEPTH}, the geometry must fill the given
 * region exactly, and whatever is wrong is reported as a {@link WkbFormatException} naming the
 * problem and its offset. Decoded geometries use JTS's default {@code CoordinateArraySequence} with
 * exactly the dimension and measures that their WKB header declares.
 *
 * <p>An instance holds the state of the current call and is not thread-safe.
 */
public final class WkbReader {
    /** The smallest WKB of a geometry that is not a point: header and a zero count. */
    private static final int MIN_NON_POINT_BYTES = Wkb.HEADER_BYTES + 4;

    /** The smallest WKB of a point: header and two doubles. */
    private static final int MIN_POINT_BYTES = Wkb.HEADER_BYTES + 16;

    /** The factory of the geometry being read: its SRID is the geometry's. */
    private GeometryFactory factory;

    private byte[] bytes;
    private int base;
    private int limit;
    private int pos;

    /**
     * Reads the WKB {@code bytes[offset, offset + length)}, which must hold exactly one geometry.
     * Offsets in error messages are relative to {@code offset}.
     */
    public Geometry read(byte[] bytes, int offset, int length) throws WkbFormatException {
        if (offset < 0 || length < 0 || offset > bytes.length - length) {
            throw new IndexOutOfBoundsException(
                    "region [" + offset + ", " + offset + "+" + length + ") of " + bytes.length);
        }
        this.bytes = bytes;
        this.base = offset;
        this.limit = offset + length;
        this.pos = offset;
        try {
            Geometry geometry = geometry(0, 0, 0);
            if (pos != limit) {
                throw error((limit - pos) + " trailing bytes after the geometry", pos);
            }
            return geometry;
        } finally {
            this.bytes = null;
        }
    }

    private WkbFormatException error(String message, int at) {
        return new WkbFormatException(message, at - base);
    }

    private void need(int count, String what) throws WkbFormatException {
        if (limit - pos < count) {
            throw error(
                    "truncated "
                            + what
                            + ": need "
                            + count
                            + " bytes, "
                            + (limit - pos)
                            + " remain",
                    pos);
        }
    }

    /** Reads an int in the byte order of the header it belongs to. */
    private int readInt(boolean little) {
        int value = little ? RawBytes.getIntLE(bytes, pos) : RawBytes.getIntBE(bytes, pos);
        pos += 4;
        return value;
    }

    /**
     * Reads a count of things that take at least {@code minBytesEach} bytes each, and checks that
     * they fit in what remains, so that a huge count fails here instead of allocating.
     */
    private int readCount(String what, int minBytesEach, boolean little) throws WkbFormatException {
        need(4, "number of " + what);
        int at = pos;
        int count = readInt(little);
        if (count < 0 || (long) count * minBytesEach > limit - pos) {
            throw error(
                    "number of "
                            + what
                            + " "
                            + Integer.toUnsignedString(count)
                            + " does not fit in the "
                            + (limit - pos)
                            + " bytes that remain",
                    at);
        }
        return count;
    }

    /**
     * Reads one geometry with its header.
     *
     * @param depth the number of geometry collections around it
     * @param inheritedSrid the SRID of the enclosing geometry (0 at the top level)
     * @param requiredType the type a Multi* member must have, or 0 for any
     */
    private Geometry geometry(int depth, int inheritedSrid, int requiredType)
            throws WkbFormatException {
        int start = pos;
        need(Wkb.HEADER_BYTES, "geometry header");
        // Each header declares the byte order of its own type word, SRID, counts and coordinates;
        // a member's header may declare another one than its parent's.
        byte order = bytes[pos];
        if (order != Wkb.LITTLE_ENDIAN && order != Wkb.BIG_ENDIAN) {
            throw error("unknown byte order " + order + " (expected 0 or 1)", pos);
        }
        boolean little = order == Wkb.LITTLE_ENDIAN;
        pos++;
        int typeWord = readInt(little);
        int code = typeWord & Wkb.TYPE_MASK;
        int type = code % 1000;
        int iso = code / 1000;
        if (type < GeometryTypeCode.POINT
                || type > GeometryTypeCode.GEOMETRYCOLLECTION
                || iso > 3) {
            throw error(
                    "unsupported geometry type word 0x" + Integer.toHexString(typeWord), start + 1);
        }
        if (requiredType != 0 && type != requiredType) {
            throw error(
                    "a member of type "
                            + type
                            + " in a collection whose members must have type "
                            + requiredType,
                    start + 1);
        }
        boolean hasZ = (typeWord & Wkb.Z_FLAG) != 0 || iso == 1 || iso == 3;
        boolean hasM = (typeWord & Wkb.M_FLAG) != 0 || iso == 2 || iso == 3;
        CoordinateLayout layout = CoordinateLayout.of(hasZ, hasM);
        int srid = inheritedSrid;
        if ((typeWord & Wkb.SRID_FLAG) != 0) {
            need(4, "SRID");
            srid = readInt(little);
        }
        factory = factoryOf(srid);
        Geometry geometry;
        switch (type) {
            case GeometryTypeCode.POINT:
                geometry = point(layout, little);
                break;
            case GeometryTypeCode.LINESTRING:
                geometry = lineString(layout, little);
                break;
            case GeometryTypeCode.POLYGON:
                geometry = polygon(layout, little);
                break;
            case GeometryTypeCode.MULTIPOINT:
                geometry = multiPoint(depth, srid, little);
                break;
            case GeometryTypeCode.MULTILINESTRING:
                geometry = multiLineString(depth, srid, little);
                break;
            case GeometryTypeCode.MULTIPOLYGON:
                geometry = multiPolygon(depth, srid, little);
                break;
            default:
                geometry = collection(depth, srid, start, little);
                break;
        }
        geometry.setSRID(srid);
        return geometry;
    }

    private Point point(CoordinateLayout layout, boolean little) throws WkbFormatException {
        need(layout.bytes(), layout + " point");
        Coordinate[] coordinates = coordinates(layout, 1, little);
        Coordinate c = coordinates[0];
        boolean empty =
                Double.isNaN(c.x)
                        && Double.isNaN(c.y)
                        && Double.isNaN(c.getZ())
                        && Double.isNaN(c.getM());
        return factory.createPoint(sequence(layout, empty ? new Coordinate[0] : coordinates));
    }

    private LineString lineString(CoordinateLayout layout, boolean little)
            throws WkbFormatException {
        int at = pos;
        int count = readCount("points", layout.bytes(), little);
        try {
            return factory.createLineString(sequence(layout, coordinates(layout, count, little)));
        } catch (IllegalArgumentException e) {
            throw error("invalid line string: " + e.getMessage(), at);
        }
    }

    private Polygon polygon(CoordinateLayout layout, boolean little) throws WkbFormatException {
        int rings = readCount("rings", 4, little);
        if (rings == 0) {
            return factory.createPolygon(ring(layout, new Coordinate[0]));
        }
        int at = pos;
        try {
            LinearRing shell = ring(layout, little);
            LinearRing[] holes = new LinearRing[rings - 1];
            for (int i = 0; i < holes.length; i++) {
                at = pos;
                holes[i] = ring(layout, little);
            }
            return factory.createPolygon(shell, holes);
        } catch (IllegalArgumentException e) {
            throw error("invalid polygon ring: " + e.getMessage(), at);
        }
    }

    private LinearRing ring(CoordinateLayout layout, boolean little) throws WkbFormatException {
        int count = readCount("ring points", layout.bytes(), little);
        return ring(layout, coordinates(layout, count, little));
    }

    private LinearRing ring(CoordinateLayout layout, Coordinate[] coordinates) {
        return factory.createLinearRing(sequence(layout, coordinates));
    }

    private Geometry multiPoint(int depth, int srid, boolean little) throws WkbFormatException {
        Point[] points = new Point[readCount("points", MIN_POINT_BYTES, little)];
        for (int i = 0; i < points.length; i++) {
            points[i] = (Point) geometry(depth + 1, srid, GeometryTypeCode.POINT);
        }
        return factoryOf(srid).createMultiPoint(points);
    }

    private Geometry multiLineString(int depth, int srid, boolean little)
            throws WkbFormatException {
        LineString[] lines = new LineString[readCount("line strings", MIN_NON_POINT_BYTES, little)];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = (LineString) geometry(depth + 1, srid, GeometryTypeCode.LINESTRING);
        }
        return factoryOf(srid).createMultiLineString(lines);
    }

    private Geometry multiPolygon(int depth, int srid, boolean little) throws WkbFormatException {
        Polygon[] polygons = new Polygon[readCount("polygons", MIN_NON_POINT_BYTES, little)];
        for (int i = 0; i < polygons.length; i++) {
            polygons[i] = (Polygon) geometry(depth + 1, srid, GeometryTypeCode.POLYGON);
        }
        return factoryOf(srid).createMultiPolygon(polygons);
    }

    private Geometry collection(int depth, int srid, int start, boolean little)
            throws WkbFormatException {
        if (depth >= Wkb.MAX_NESTING_DEPTH) {
            throw error(
                    "geometry collections nested deeper than " + Wkb.MAX_NESTING_DEPTH + " levels",
                    start);
        }
        Geometry[] members = new Geometry[readCount("geometries", MIN_NON_POINT_BYTES, little)];
        for (int i = 0; i < members.length; i++) {
            members[i] = geometry(depth + 1, srid, 0);
        }
        return factoryOf(srid).createGeometryCollection(members);
    }

    private static GeometryFactory factoryOf(int srid) {
        return CoordinateSequenceKind.ARRAY.geometryFactory(srid);
    }

    private static CoordinateSequence sequence(CoordinateLayout layout, Coordinate[] coordinates) {
        return new CoordinateArraySequence(coordinates, layout.ordinates(), layout.measures());
    }

    /**
     * Reads {@code count} coordinates of {@code layout} in the given byte order; the caller has
     * checked that they are there.
     */
    private Coordinate[] coordinates(CoordinateLayout layout, int count, boolean little) {
        Coordinate[] coordinates =
                CoordinateReader.read(bytes, pos, count, layout.hasZ(), layout.hasM(), little);
        pos += count * layout.bytes();
        return coordinates;
    }
}
