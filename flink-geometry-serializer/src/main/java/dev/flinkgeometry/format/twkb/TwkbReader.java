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

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.format.GeometryLimits;
import dev.flinkgeometry.format.GeometryTypeCode;
import dev.flinkgeometry.format.internal.DecimalPrecision;
import dev.flinkgeometry.format.internal.RawBytes;
import dev.flinkgeometry.format.internal.TwkbCodes;
import dev.flinkgeometry.format.internal.WordVarint;
import java.util.Arrays;
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
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;

/**
 * Reads TWKB as PostGIS 3's {@code ST_GeomFromTWKB} does: any precision, Z and M, bounding boxes,
 * sizes and id lists (skipped), empties. Each ordinate is {@code q / 10^p} in double arithmetic.
 *
 * <p>Bounded for any input: every count is checked against the bytes that remain before anything is
 * allocated (each coordinate takes at least one byte per ordinate), varints are at most 10 bytes,
 * collections nest at most {@link GeometryLimits#MAX_NESTING_DEPTH} levels, and the geometry must
 * end exactly at the end of the region. Errors are {@link GeometryFormatException}s naming what is
 * wrong and the offset. Decoded sequences have the layout of their header (dimension 2, 3 or 4;
 * measures 0 or 1; {@link CoordinateSequenceKind#ARRAY_MUTABLE_Z} gives XY dimension 3) and the
 * chosen {@link CoordinateSequenceKind}; every geometry, members included, gets the SRID given. An
 * instance is immutable and thread-safe.
 */
public final class TwkbReader {
    private final CoordinateSequenceKind kind;

    private TwkbReader(CoordinateSequenceKind kind) {
        this.kind = kind;
    }

    /** A reader building sequences of {@code kind}. */
    public static TwkbReader of(CoordinateSequenceKind kind) {
        return new TwkbReader(kind);
    }

    /** Reads a whole array holding one TWKB geometry. */
    public Geometry read(byte[] bytes, int srid) throws GeometryFormatException {
        return read(bytes, 0, bytes.length, srid);
    }

    /**
     * Reads the one TWKB geometry of {@code bytes[offset, offset + length)}; offsets in errors are
     * relative to {@code offset}.
     */
    public Geometry read(byte[] bytes, int offset, int length, int srid)
            throws GeometryFormatException {
        if (offset < 0 || length < 0 || offset > bytes.length - length) {
            throw new IndexOutOfBoundsException(
                    "region [" + offset + ", " + offset + "+" + length + ") of " + bytes.length);
        }
        Geometry point = xyPoint(bytes, offset, length, srid);
        if (point != null) {
            return point;
        }
        Reader reader = new Reader(bytes, offset, offset + length, srid);
        Geometry geometry = reader.geometry(0);
        if (reader.position != reader.limit) {
            throw reader.error(
                    (reader.limit - reader.position) + " trailing bytes after the TWKB geometry",
                    reader.position);
        }
        return geometry;
    }

    /**
     * The most common record of a stream, an XY point with no optional part, read in one step with
     * a word per varint: what the reader below builds for it. Null for any other geometry, or where
     * the words would pass the array's end, or if the point does not end the region exactly: the
     * reader below then reads it, and reports what is wrong.
     */
    private Geometry xyPoint(byte[] bytes, int offset, int length, int srid) {
        int at = offset + 2;
        if (length < 4
                || bytes.length - at < 2 * Long.BYTES
                || (bytes[offset] & 0x0F) != GeometryTypeCode.POINT
                || bytes[offset + 1] != 0) {
            return null;
        }
        long xWord = RawBytes.getLongLE(bytes, at);
        int xLength = WordVarint.length(xWord);
        long yWord = RawBytes.getLongLE(bytes, at + xLength);
        int yLength = WordVarint.length(yWord);
        if (xLength == 0 || yLength == 0 || 2 + xLength + yLength != length) {
            return null;
        }
        double factor =
                DecimalPrecision.factor(TwkbCodes.unzigzagPrecision((bytes[offset] >>> 4) & 0x0F));
        double x = TwkbCodes.unzigzag(WordVarint.decode(xWord, xLength)) / factor;
        double y = TwkbCodes.unzigzag(WordVarint.decode(yWord, yLength)) / factor;
        CoordinateSequence sequence =
                kind == CoordinateSequenceKind.PACKED_DOUBLE
                        ? new PackedCoordinateSequence.Double(new double[] {x, y}, 2, 0)
                        : kind == CoordinateSequenceKind.ARRAY_MUTABLE_Z
                                ? new CoordinateArraySequence(
                                        new Coordinate[] {new Coordinate(x, y)}, 3, 0)
                                : new CoordinateArraySequence(
                                        new Coordinate[] {new CoordinateXY(x, y)}, 2, 0);
        return kind.geometryFactory(srid).createPoint(sequence);
    }

    /** The state of one read. */
    private final class Reader {
        final byte[] bytes;
        final int base;
        final int limit;
        final int srid;
        final GeometryFactory factory;
        int position;

        int dimensions;
        boolean hasZ;
        boolean hasM;
        final double[] factors = new double[4];
        final long[] previous = new long[4];

        Reader(byte[] bytes, int base, int limit, int srid) {
            this.bytes = bytes;
            this.base = base;
            this.limit = limit;
            this.srid = srid;
            this.factory = kind.geometryFactory(srid);
            this.position = base;
        }

        GeometryFormatException error(String message, int at) {
            return new GeometryFormatException(message, at - base);
        }

        int readByte(String what) throws GeometryFormatException {
            if (position >= limit) {
                throw error("truncated TWKB: missing the " + what, position);
            }
            return bytes[position++] & 0xFF;
        }

        long varint(String what) throws GeometryFormatException {
            int at = position;
            if (limit - at < 10) {
                return varintNearEnd(what);
            }
            // At least 10 bytes remain: no bounds test per byte. (A byte loop: in long records
            // the lengths of coordinate deltas repeat enough to be predicted, and a word's
            // length-to-position dependency measured slower there; see docs/profiling.md.)
            byte[] bytes = this.bytes;
            long value = 0;
            for (int shift = 0; shift < 63; shift += 7) {
                int b = bytes[at++];
                value |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    position = at;
                    return value;
                }
            }
            int last = bytes[at] & 0xFF;
            if (last > 1) {
                throw error("varint of the " + what + " exceeds 64 bits", position);
            }
            position = at + 1;
            return value | (long) last << 63;
        }

        /**
         * A varint in the last 10 bytes of the region, where a small record's varints all are: one
         * 8-byte load while the array (not the region: bytes after it are read, never used) has 8
         * bytes left, else byte by byte with a bounds test each.
         */
        long varintNearEnd(String what) throws GeometryFormatException {
            int start = position;
            if (bytes.length - start >= Long.BYTES) {
                long word = RawBytes.getLongLE(bytes, start);
                int length = WordVarint.length(word);
                if (length != 0 && length <= limit - start) {
                    position = start + length;
                    return WordVarint.decode(word, length);
                }
            }
            long value = 0;
            for (int i = 0; i < 10; i++) {
                if (position >= limit) {
                    throw error("truncated TWKB: the varint of the " + what + " is cut off", start);
                }
                int b = bytes[position++] & 0xFF;
                if (i == 9 && b > 1) {
                    throw error("varint of the " + what + " exceeds 64 bits", start);
                }
                value |= (long) (b & 0x7F) << (7 * i);
                if ((b & 0x80) == 0) {
                    return value;
                }
            }
            throw error("varint of the " + what + " exceeds 64 bits", start);
        }

        /**
         * The varint of a coordinate delta. Most take one or two bytes, in no order a branch
         * predicts: those are decoded with the second byte masked in or out; longer ones by {@link
         * #varint}.
         */
        long coordinateVarint() throws GeometryFormatException {
            int at = position;
            if (limit - at >= 2) {
                int b0 = bytes[at];
                int b1 = bytes[at + 1];
                if ((b0 & b1) >= 0) { // not both continued: at most two bytes
                    int more = b0 >>> 31;
                    position = at + 1 + more;
                    return (b0 & 0x7F) | (b1 & 0x7F & -more) << 7;
                }
            }
            return varint("coordinate");
        }

        /**
         * A count of things that each take at least {@code minBytes} bytes, checked against the
         * bytes that remain.
         */
        int count(String what, int minBytes) throws GeometryFormatException {
            int at = position;
            long value = varint("number of " + what);
            if (value < 0 || value > (limit - position) / minBytes) {
                throw error(
                        "number of "
                                + what
                                + " "
                                + Long.toUnsignedString(value)
                                + " does not fit in the "
                                + (limit - position)
                                + " bytes that remain",
                        at);
            }
            return (int) value;
        }

        Geometry geometry(int depth) throws GeometryFormatException {
            int start = position;
            int typeAndPrecision = readByte("type and precision byte");
            int type = typeAndPrecision & 0x0F;
            int xy = TwkbCodes.unzigzagPrecision(typeAndPrecision >>> 4);
            int metadata = readByte("metadata byte");
            if ((metadata & 0xE0) != 0) {
                throw error(
                        "unknown TWKB metadata flags 0x" + Integer.toHexString(metadata),
                        start + 1);
            }
            hasZ = false;
            hasM = false;
            int z = 0;
            int m = 0;
            if ((metadata & TwkbCodes.EXTENDED) != 0) {
                int extended = readByte("extended dimensions byte");
                hasZ = (extended & TwkbCodes.HAS_Z) != 0;
                hasM = (extended & TwkbCodes.HAS_M) != 0;
                z = (extended >>> 2) & 0x07;
                m = (extended >>> 5) & 0x07;
            }
            dimensions = 2 + (hasZ ? 1 : 0) + (hasM ? 1 : 0);
            factors[0] = DecimalPrecision.factor(xy);
            factors[1] = factors[0];
            factors[2] = DecimalPrecision.factor(hasZ ? z : m);
            factors[3] = DecimalPrecision.factor(m);
            boolean empty = (metadata & TwkbCodes.EMPTY) != 0;
            if ((metadata & TwkbCodes.SIZE) != 0) {
                int at = position;
                long size = varint("size");
                if (Long.compareUnsigned(size, limit - position) > 0) {
                    throw error("size " + Long.toUnsignedString(size) + " overruns the input", at);
                }
            }
            if ((metadata & TwkbCodes.BBOX) != 0 && !empty) {
                for (int i = 0; i < 2 * dimensions; i++) {
                    varint("bounding box");
                }
            }
            if (type < GeometryTypeCode.POINT || type > GeometryTypeCode.GEOMETRYCOLLECTION) {
                throw error("unknown TWKB geometry type " + type, start);
            }
            if (depth > GeometryLimits.MAX_NESTING_DEPTH) {
                throw error(
                        "geometry collections nested deeper than "
                                + GeometryLimits.MAX_NESTING_DEPTH
                                + " levels",
                        start);
            }
            Geometry geometry = empty ? empty(type) : body(type, metadata, depth);
            geometry.setSRID(srid);
            return geometry;
        }

        Geometry empty(int type) {
            switch (type) {
                case GeometryTypeCode.POINT:
                    return factory.createPoint(sequence(new double[0], 0));
                case GeometryTypeCode.LINESTRING:
                    return factory.createLineString(sequence(new double[0], 0));
                case GeometryTypeCode.POLYGON:
                    return factory.createPolygon(emptyRing());
                case GeometryTypeCode.MULTIPOINT:
                    return factory.createMultiPoint(new Point[0]);
                case GeometryTypeCode.MULTILINESTRING:
                    return factory.createMultiLineString(new LineString[0]);
                case GeometryTypeCode.MULTIPOLYGON:
                    return factory.createMultiPolygon(new Polygon[0]);
                default:
                    return factory.createGeometryCollection(new Geometry[0]);
            }
        }

        Geometry body(int type, int metadata, int depth) throws GeometryFormatException {
            Arrays.fill(previous, 0);
            boolean ids = (metadata & TwkbCodes.IDLIST) != 0;
            switch (type) {
                case GeometryTypeCode.POINT:
                    return factory.createPoint(coordinates(1));
                case GeometryTypeCode.LINESTRING:
                    return lineString();
                case GeometryTypeCode.POLYGON:
                    return polygon();
                case GeometryTypeCode.MULTIPOINT:
                    {
                        int count = count("points", dimensions);
                        skipIds(ids, count);
                        Point[] points = new Point[count];
                        for (int i = 0; i < count; i++) {
                            points[i] = factory.createPoint(coordinates(1));
                            points[i].setSRID(srid);
                        }
                        return factory.createMultiPoint(points);
                    }
                case GeometryTypeCode.MULTILINESTRING:
                    {
                        int count = count("line strings", 1);
                        skipIds(ids, count);
                        LineString[] lines = new LineString[count];
                        for (int i = 0; i < count; i++) {
                            lines[i] = lineString();
                            lines[i].setSRID(srid);
                        }
                        return factory.createMultiLineString(lines);
                    }
                case GeometryTypeCode.MULTIPOLYGON:
                    {
                        int count = count("polygons", 1);
                        skipIds(ids, count);
                        Polygon[] polygons = new Polygon[count];
                        for (int i = 0; i < count; i++) {
                            polygons[i] = polygon();
                            polygons[i].setSRID(srid);
                        }
                        return factory.createMultiPolygon(polygons);
                    }
                default:
                    {
                        int count = count("collection members", 2);
                        skipIds(ids, count);
                        Geometry[] members = new Geometry[count];
                        for (int i = 0; i < count; i++) {
                            members[i] = geometry(depth + 1);
                        }
                        return factory.createGeometryCollection(members);
                    }
            }
        }

        void skipIds(boolean ids, int count) throws GeometryFormatException {
            if (ids) {
                for (int i = 0; i < count; i++) {
                    varint("id list");
                }
            }
        }

        LineString lineString() throws GeometryFormatException {
            int at = position;
            CoordinateSequence sequence = coordinates(count("points", dimensions));
            try {
                return factory.createLineString(sequence);
            } catch (IllegalArgumentException e) {
                throw error("invalid line string: " + e.getMessage(), at);
            }
        }

        Polygon polygon() throws GeometryFormatException {
            int rings = count("rings", 1);
            if (rings == 0) {
                return factory.createPolygon(emptyRing());
            }
            int at = position;
            try {
                LinearRing shell =
                        factory.createLinearRing(coordinates(count("points", dimensions)));
                LinearRing[] holes = new LinearRing[rings - 1];
                for (int i = 0; i < holes.length; i++) {
                    at = position;
                    holes[i] = factory.createLinearRing(coordinates(count("points", dimensions)));
                }
                return factory.createPolygon(shell, holes);
            } catch (IllegalArgumentException e) {
                throw error("invalid polygon ring: " + e.getMessage(), at);
            }
        }

        LinearRing emptyRing() {
            return factory.createLinearRing(sequence(new double[0], 0));
        }

        /** Reads {@code count} coordinates (their count already checked against the input). */
        CoordinateSequence coordinates(int count) throws GeometryFormatException {
            if (dimensions == 2 && kind == CoordinateSequenceKind.ARRAY) {
                return xyCoordinates(count);
            }
            double[] values = new double[count * dimensions];
            int o = 0;
            for (int i = 0; i < count; i++) {
                for (int slot = 0; slot < dimensions; slot++, o++) {
                    long q = previous[slot] + TwkbCodes.unzigzag(coordinateVarint());
                    previous[slot] = q;
                    values[o] = q / factors[slot];
                }
            }
            return sequence(values, count);
        }

        /** The common case, XY into {@code CoordinateXY}s, without staging the values. */
        CoordinateSequence xyCoordinates(int count) throws GeometryFormatException {
            double factor = factors[0];
            long x = previous[0];
            long y = previous[1];
            Coordinate[] coordinates = new Coordinate[count];
            for (int i = 0; i < count; i++) {
                x += TwkbCodes.unzigzag(coordinateVarint());
                y += TwkbCodes.unzigzag(coordinateVarint());
                coordinates[i] = new CoordinateXY(x / factor, y / factor);
            }
            previous[0] = x;
            previous[1] = y;
            return new CoordinateArraySequence(coordinates, 2, 0);
        }

        CoordinateSequence sequence(double[] values, int count) {
            int measures = hasM ? 1 : 0;
            if (kind == CoordinateSequenceKind.PACKED_DOUBLE) {
                return new PackedCoordinateSequence.Double(values, dimensions, measures);
            }
            Coordinate[] coordinates = new Coordinate[count];
            for (int i = 0; i < count; i++) {
                int o = i * dimensions;
                if (hasZ && hasM) {
                    coordinates[i] =
                            new CoordinateXYZM(
                                    values[o], values[o + 1], values[o + 2], values[o + 3]);
                } else if (hasZ) {
                    coordinates[i] = new Coordinate(values[o], values[o + 1], values[o + 2]);
                } else if (hasM) {
                    coordinates[i] = new CoordinateXYM(values[o], values[o + 1], values[o + 2]);
                } else if (kind == CoordinateSequenceKind.ARRAY_MUTABLE_Z) {
                    coordinates[i] = new Coordinate(values[o], values[o + 1]);
                } else {
                    coordinates[i] = new CoordinateXY(values[o], values[o + 1]);
                }
            }
            if (dimensions == 2 && kind == CoordinateSequenceKind.ARRAY_MUTABLE_Z) {
                // dimension 3, as JTS builds a sequence of new Coordinate(x, y)s
                return new CoordinateArraySequence(coordinates, 3, 0);
            }
            return new CoordinateArraySequence(coordinates, dimensions, measures);
        }
    }
}
