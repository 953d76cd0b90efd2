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
package dev.flinkgeometry.format.aligned;

import dev.flinkgeometry.format.GeometryEncoder;
import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.format.GeometryLimits;
import dev.flinkgeometry.format.GeometryTypeCode;
import dev.flinkgeometry.format.internal.CoordinateTypeRule;
import dev.flinkgeometry.format.internal.CoordinateWriter;
import dev.flinkgeometry.format.internal.PointCount;
import dev.flinkgeometry.format.internal.RawBytes;
import java.util.Arrays;
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
 * Encodes JTS geometries in the aligned format: {@link #encode(Geometry, byte[], int)} writes into
 * the caller's buffer and returns the end, or the room needed.
 *
 * <p>The output is a pure function of the geometry's type, structure, coordinate values and SRID:
 * the layout of each header follows {@link CoordinateTypeRule}. An instance reuses one {@link
 * Writer}, which holds the state of one encode; it is not thread-safe and allocates nothing per
 * record once the writer's tables have grown to the most headers seen.
 */
public final class AlignedWriter implements GeometryEncoder {
    private static final byte[] NO_ROOM = new byte[0];

    private final Writer writer;

    /** An encoder with every fast path. */
    public AlignedWriter() {
        this(true);
    }

    private AlignedWriter(boolean fast) {
        this.writer = new Writer(fast);
    }

    /**
     * An encoder without fast paths: sequences are read only through {@link CoordinateSequence}
     * getters and points take the general path. Same bytes; tests hold the fast paths to it.
     */
    static AlignedWriter plain() {
        return new AlignedWriter(false);
    }

    /**
     * Encodes {@code geometry} at {@code target[offset]}.
     *
     * @return the offset after the last byte written; or, if {@code target} has too little room
     *     after {@code offset}, the negated size of the encoding (the bytes of {@code target} after
     *     {@code offset} are then undefined): grow the buffer and call again
     * @throws GeometryFormatException if the geometry cannot be carried: an SRID outside {@code
     *     0..16777215}, collections nested deeper than {@link GeometryLimits#MAX_NESTING_DEPTH}, an
     *     encoding larger than {@link GeometryLimits#MAX_ENCODED_BYTES}, or an unknown geometry
     *     class
     */
    @Override
    public int encode(Geometry geometry, byte[] target, int offset) throws GeometryFormatException {
        if (offset < 0 || offset > target.length) {
            throw new IndexOutOfBoundsException("offset " + offset + " of " + target.length);
        }
        return writer.encode(geometry, target, offset);
    }

    /** Encodes {@code geometry} into a new array of exactly its size. */
    public byte[] encode(Geometry geometry) throws GeometryFormatException {
        byte[] bytes = new byte[-encode(geometry, NO_ROOM, 0)]; // every encoding has a header
        encode(geometry, bytes, 0);
        return bytes;
    }

    static long align8(long size) {
        return (size + 7) & ~7L;
    }

    /**
     * The state of one encode: a size pass records each header's type, count and coordinate flags
     * in pre-order, then the write pass consumes them with {@link #next}. Cursors within a geometry
     * are locals of the write methods.
     *
     * <p>A point, line string, polygon or Multi* geometry is first encoded on a guess, XY (the
     * common case), and its Z and M values are checked while its coordinates are written: one pass
     * over them instead of a scan and a write. A wrong guess (rare) encodes again with the value
     * rule. Geometry collections always take the value rule.
     */
    private static final class Writer {
        private final boolean fast;
        private int[] types = new int[4];
        private int[] counts = new int[4];
        private int[] flags = new int[4];
        private int headers;
        private int next;

        /** This encode writes on the XY guess; {@link #wrongGuess} once a Z or M value is seen. */
        private boolean guessXy;

        private boolean wrongGuess;

        Writer(boolean fast) {
            this.fast = fast;
        }

        int encode(Geometry geometry, byte[] target, int offset) throws GeometryFormatException {
            if (fast && geometry instanceof Point) {
                return point((Point) geometry, target, offset);
            }
            if (fast && !CoordinateTypeRule.isCollectionProper(geometry)) {
                guessXy = true;
                wrongGuess = false;
                int end;
                try {
                    end = encodeOnce(geometry, target, offset);
                } finally {
                    guessXy = false; // also after an invalid geometry: the next encode starts clean
                }
                if (end >= 0 && !wrongGuess) {
                    return end;
                }
                // A Z or M value, or too little room: the exact size needs the value rule.
            }
            return encodeOnce(geometry, target, offset);
        }

        private int encodeOnce(Geometry geometry, byte[] target, int offset)
                throws GeometryFormatException {
            headers = 0;
            long size = measure(geometry, 0);
            if (size > GeometryLimits.MAX_ENCODED_BYTES) {
                throw new GeometryFormatException(
                        geometry.getGeometryType()
                                + " needs "
                                + size
                                + " bytes, more than the largest record ("
                                + GeometryLimits.MAX_ENCODED_BYTES
                                + " bytes)");
            }
            if (size > target.length - offset) {
                return (int) -size;
            }
            next = 0;
            return write(geometry, target, offset);
        }

        /**
         * The most frequent record, without tables: one header and at most one coordinate, whose
         * own Z and M values decide the layout (the value rule for a single coordinate). A point of
         * JTS's default sequence is read as its one coordinate object, and the XY case (nearly
         * every point) written directly.
         */
        private int point(Point point, byte[] target, int offset) throws GeometryFormatException {
            GeometryLimits.requireValidSrid(point);
            CoordinateSequence sequence = point.getCoordinateSequence();
            int count = sequence.size();
            int found;
            if (count == 1 && sequence instanceof CoordinateArraySequence) {
                Coordinate c = sequence.getCoordinate(0);
                double z = sequence.hasZ() ? c.getZ() : Double.NaN;
                double m = sequence.hasM() ? c.getM() : Double.NaN;
                if (z != z && m != m) {
                    return xyPoint(point.getSRID(), c, target, offset);
                }
                found = (z == z ? CoordinateTypeRule.Z : 0) | (m == m ? CoordinateTypeRule.M : 0);
            } else {
                found = count == 0 ? 0 : CoordinateTypeRule.of(sequence, 0, true);
            }
            int size = AlignedFormat.HEADER_BYTES + count * CoordinateWriter.bytes(found);
            if (size > target.length - offset) {
                return -size;
            }
            header(GeometryTypeCode.POINT, point.getSRID(), found, count, target, offset);
            return CoordinateWriter.write(
                    sequence, found, target, offset + AlignedFormat.HEADER_BYTES, true);
        }

        private static int xyPoint(int srid, Coordinate c, byte[] target, int offset) {
            int size = AlignedFormat.HEADER_BYTES + 16;
            if (size > target.length - offset) {
                return -size;
            }
            header(GeometryTypeCode.POINT, srid, 0, 1, target, offset);
            RawBytes.putDoubleLE(target, offset + 8, c.x);
            RawBytes.putDoubleLE(target, offset + 16, c.y);
            return offset + size;
        }

        // ------------------------------------------------------------------------------------
        // Size pass
        // ------------------------------------------------------------------------------------

        private long measure(Geometry geometry, int depth) throws GeometryFormatException {
            GeometryLimits.requireValidSrid(geometry);
            int index = headers++;
            if (index == types.length) {
                types = Arrays.copyOf(types, 2 * index);
                counts = Arrays.copyOf(counts, 2 * index);
                flags = Arrays.copyOf(flags, 2 * index);
            }
            int type;
            long coordinates = 0;
            long structureInts = 0;
            if (geometry instanceof Point) {
                type = GeometryTypeCode.POINT;
                coordinates = ((Point) geometry).getCoordinateSequence().size();
            } else if (geometry instanceof LineString) {
                type = GeometryTypeCode.LINESTRING;
                coordinates = ((LineString) geometry).getCoordinateSequence().size();
            } else if (geometry instanceof Polygon) {
                type = GeometryTypeCode.POLYGON;
                Polygon polygon = (Polygon) geometry;
                if (!polygon.getExteriorRing().isEmpty()) {
                    requireClosedRings(polygon);
                    coordinates = PointCount.ofPolygon(polygon);
                    structureInts = 2L + polygon.getNumInteriorRing();
                }
            } else if (geometry instanceof MultiPoint) {
                type = GeometryTypeCode.MULTIPOINT;
                coordinates = geometry.getNumGeometries();
            } else if (geometry instanceof MultiLineString) {
                type = GeometryTypeCode.MULTILINESTRING;
                coordinates = PointCount.ofLines(geometry);
                structureInts = 1L + geometry.getNumGeometries();
            } else if (geometry instanceof MultiPolygon) {
                type = GeometryTypeCode.MULTIPOLYGON;
                structureInts = 1;
                for (int i = 0; i < geometry.getNumGeometries(); i++) {
                    Polygon polygon = (Polygon) geometry.getGeometryN(i);
                    structureInts++;
                    if (!polygon.getExteriorRing().isEmpty()) {
                        requireClosedRings(polygon);
                        coordinates += PointCount.ofPolygon(polygon);
                        structureInts += 1L + polygon.getNumInteriorRing();
                    }
                }
            } else if (geometry instanceof GeometryCollection) {
                return measureCollection((GeometryCollection) geometry, index, depth);
            } else {
                throw new GeometryFormatException(
                        "unsupported geometry class " + geometry.getClass().getName());
            }
            if (coordinates > Integer.MAX_VALUE) {
                throw new GeometryFormatException(
                        geometry.getGeometryType() + " has too many coordinates: " + coordinates);
            }
            int found = coordinates > 0 && !guessXy ? CoordinateTypeRule.of(geometry, fast) : 0;
            types[index] = type;
            counts[index] = (int) coordinates;
            flags[index] = found;
            return AlignedFormat.HEADER_BYTES
                    + coordinates * CoordinateWriter.bytes(found)
                    + 4 * structureInts;
        }

        private long measureCollection(GeometryCollection collection, int index, int depth)
                throws GeometryFormatException {
            if (depth >= GeometryLimits.MAX_NESTING_DEPTH) {
                throw new GeometryFormatException(
                        "geometry collections nested deeper than "
                                + GeometryLimits.MAX_NESTING_DEPTH
                                + " levels");
            }
            int members = collection.getNumGeometries();
            types[index] = GeometryTypeCode.GEOMETRYCOLLECTION;
            counts[index] = members;
            flags[index] = 0; // Sedona writes XY for every collection header
            long size = AlignedFormat.HEADER_BYTES;
            for (int i = 0; i < members; i++) {
                size += align8(measure(collection.getGeometryN(i), depth + 1));
                if (size > GeometryLimits.MAX_ENCODED_BYTES) {
                    return size; // encode() reports it; no need to visit the rest
                }
            }
            return size;
        }

        /**
         * Fails if a ring of {@code polygon} is no longer closed, which the decoder would refuse:
         * JTS checks closure when it builds a ring, but its sequences stay mutable.
         */
        private static void requireClosedRings(Polygon polygon) throws GeometryFormatException {
            for (int ring = -1; ring < polygon.getNumInteriorRing(); ring++) {
                CoordinateSequence sequence =
                        (ring < 0 ? polygon.getExteriorRing() : polygon.getInteriorRingN(ring))
                                .getCoordinateSequence();
                int last = sequence.size() - 1;
                // The decoder's test: X and Y compared with ==, so a NaN there is never closed.
                if (last >= 0
                        && !(sequence.getX(0) == sequence.getX(last)
                                && sequence.getY(0) == sequence.getY(last))) {
                    throw new GeometryFormatException(
                            (ring < 0 ? "shell" : "hole " + ring)
                                    + " of a polygon is not closed: its first coordinate ("
                                    + sequence.getX(0)
                                    + " "
                                    + sequence.getY(0)
                                    + ") differs from its last ("
                                    + sequence.getX(last)
                                    + " "
                                    + sequence.getY(last)
                                    + "); was it changed after the polygon was built?");
                }
            }
        }

        // ------------------------------------------------------------------------------------
        // Write pass
        // ------------------------------------------------------------------------------------

        private int write(Geometry geometry, byte[] target, int start) {
            int index = next++;
            int type = types[index];
            int count = counts[index];
            int found = flags[index];
            header(type, geometry.getSRID(), found, count, target, start);
            int body = start + AlignedFormat.HEADER_BYTES;
            switch (type) {
                case GeometryTypeCode.POINT:
                    return coordinates(
                            ((Point) geometry).getCoordinateSequence(), found, target, body);
                case GeometryTypeCode.LINESTRING:
                    return coordinates(
                            ((LineString) geometry).getCoordinateSequence(), found, target, body);
                case GeometryTypeCode.POLYGON:
                    return count == 0
                            ? body // an empty polygon is a bare header
                            : polygons(geometry, false, found, count, target, body);
                case GeometryTypeCode.MULTIPOINT:
                    return multiPoint(geometry, found, target, body);
                case GeometryTypeCode.MULTILINESTRING:
                    return lines(geometry, found, count, target, body);
                case GeometryTypeCode.MULTIPOLYGON:
                    return polygons(geometry, true, found, count, target, body);
                default:
                    return collection((GeometryCollection) geometry, count, target, body);
            }
        }

        private int coordinates(CoordinateSequence sequence, int found, byte[] target, int at) {
            if (guessXy) {
                int end = CoordinateWriter.writeXyUnlessValues(sequence, target, at);
                if (end == -1) {
                    wrongGuess = true; // the output is discarded; stay within the guessed size
                    return at;
                }
                return end;
            }
            return CoordinateWriter.write(sequence, found, target, at, fast);
        }

        /** Coordinates from {@code body}, then the structure ints: member count, part sizes. */
        private int lines(Geometry lines, int found, int count, byte[] target, int body) {
            int at = body;
            int ints = body + count * CoordinateWriter.bytes(found);
            int members = lines.getNumGeometries();
            ints = putInt(target, ints, members);
            for (int i = 0; i < members; i++) {
                CoordinateSequence line =
                        ((LineString) lines.getGeometryN(i)).getCoordinateSequence();
                ints = putInt(target, ints, line.size());
                at = coordinates(line, found, target, at);
            }
            return ints;
        }

        /**
         * A polygon ({@code multi} false) or a multi-polygon: coordinates from {@code body}, then
         * the structure ints (number of polygons for a multi-polygon; per polygon its number of
         * rings, then each ring's size).
         */
        private int polygons(
                Geometry geometry, boolean multi, int found, int count, byte[] target, int body) {
            int at = body;
            int ints = body + count * CoordinateWriter.bytes(found);
            int members = multi ? geometry.getNumGeometries() : 1;
            if (multi) {
                ints = putInt(target, ints, members);
            }
            for (int p = 0; p < members; p++) {
                Polygon polygon = (Polygon) (multi ? geometry.getGeometryN(p) : geometry);
                if (polygon.getExteriorRing().isEmpty()) {
                    ints = putInt(target, ints, 0);
                    continue;
                }
                int holes = polygon.getNumInteriorRing();
                ints = putInt(target, ints, holes + 1);
                for (int r = 0; r <= holes; r++) {
                    LineString ring =
                            r == 0 ? polygon.getExteriorRing() : polygon.getInteriorRingN(r - 1);
                    CoordinateSequence sequence = ring.getCoordinateSequence();
                    ints = putInt(target, ints, sequence.size());
                    at = coordinates(sequence, found, target, at);
                }
            }
            return ints;
        }

        /** One coordinate per member; an empty member as NaN ordinates, as Sedona writes it. */
        private int multiPoint(Geometry multiPoint, int found, byte[] target, int at) {
            int members = multiPoint.getNumGeometries();
            for (int i = 0; i < members; i++) {
                CoordinateSequence point =
                        ((Point) multiPoint.getGeometryN(i)).getCoordinateSequence();
                at =
                        point.size() == 0
                                ? CoordinateWriter.nan(found, target, at)
                                : coordinates(point, found, target, at);
            }
            return at;
        }

        /**
         * Each member with its own header, from a multiple of 8 after the collection's start (its
         * 8-byte header ends at {@code body}, so a multiple of 8 after {@code body} too).
         */
        private int collection(
                GeometryCollection collection, int members, byte[] target, int body) {
            int at = body;
            for (int i = 0; i < members; i++) {
                int end = write(collection.getGeometryN(i), target, at);
                at = body + (int) align8(end - body);
                Arrays.fill(target, end, at, (byte) 0);
            }
            return at;
        }

        private static int putInt(byte[] target, int at, int value) {
            RawBytes.putIntLE(target, at, value);
            return at + 4;
        }

        private static void header(
                int type, int srid, int found, int count, byte[] target, int start) {
            int code = AlignedFormat.codeOf(found);
            target[start] = (byte) ((type << 4) | (code << 1) | (srid != 0 ? 1 : 0));
            target[start + 1] = (byte) (srid >>> 16);
            target[start + 2] = (byte) (srid >>> 8);
            target[start + 3] = (byte) srid;
            RawBytes.putIntLE(target, start + 4, count);
        }
    }
}
