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
package dev.flinkgeometry.format;

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
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;

/**
 * Encodes JTS geometries in the aligned format, in two passes: a size pass validates the geometry,
 * decides the coordinate layout and type code of every header and computes the exact size; a write
 * pass then writes the bytes with two cursors (coordinates, structure ints).
 *
 * <p>The output is a pure function of the geometry's type, structure, coordinate values and SRID.
 * The layout of a header is XYZ/XYM/XYZM only if some coordinate under it has a non-NaN Z / M; the
 * declared dimension of a sequence, the {@code Coordinate} subclass and the factory play no part.
 *
 * <p>{@link #prepare} + {@link #writeTo} apply that value rule in the size pass, which costs a scan
 * of every coordinate. {@link #encode(Geometry, byte[], int)}, the serializer's hot path, instead
 * guesses XY (the common case) and checks the Z and M values while it writes; only when the guess
 * was wrong does it measure again with the value rule and rewrite. Both give the same bytes.
 *
 * <p>An instance keeps the prepared state and is not thread-safe; it allocates nothing per record
 * once its small internal arrays have grown to the deepest geometry collection seen.
 */
public final class GeometryEncoder {
    private static final int FOUND_Z = 1;
    private static final int FOUND_M = 2;
    private static final int FOUND_ZM = FOUND_Z | FOUND_M;

    /** Per header, in pre-order: the layout, the header's numCoordinates field, the type code. */
    private CoordinateLayout[] layouts = new CoordinateLayout[1];

    private int[] counts = new int[1];
    private int[] types = new int[1];
    private int headers;
    private int cursor;
    private Geometry prepared;

    /**
     * True while writing on the XY guess of {@link #encode(Geometry, byte[], int)}: the writers
     * then record in {@link #found} whether a coordinate has a Z or M value.
     */
    private boolean guessing;

    private int found;

    /** The two write positions of the geometry with structure data being written. */
    private int coordinateCursor;

    private int intCursor;

    /**
     * Validates {@code geometry} and returns the number of bytes {@link #writeTo} will write.
     *
     * @throws GeometryFormatException if the geometry cannot be carried: an SRID outside {@code
     *     0..16777215}, collections nested deeper than {@link GeometryFormat#MAX_NESTING_DEPTH}, an
     *     encoding larger than {@link GeometryFormat#MAX_ENCODED_BYTES}, or an unknown geometry
     *     class
     */
    public int prepare(Geometry geometry) throws GeometryFormatException {
        return measureAll(geometry, true);
    }

    /**
     * Writes the geometry given to the last {@link #prepare} at {@code target[offset]}; the caller
     * guarantees room for the size that {@code prepare} returned.
     *
     * @return the offset after the last byte written
     */
    public int writeTo(byte[] target, int offset) {
        if (prepared == null) {
            throw new IllegalStateException("prepare(geometry) must succeed before writeTo");
        }
        guessing = false;
        cursor = 0;
        return write(prepared, target, offset);
    }

    /** Encodes {@code geometry} into a new array of exactly its encoded size. */
    public byte[] encode(Geometry geometry) throws GeometryFormatException {
        byte[] bytes = new byte[prepare(geometry)];
        writeTo(bytes, 0);
        return bytes;
    }

    /**
     * Encodes {@code geometry} at {@code target[offset]} with one pass over its coordinates in the
     * common case, for callers that own a growable buffer. Same bytes as {@link #prepare} + {@link
     * #writeTo}.
     *
     * @return the offset after the last byte written; or, if {@code target} has too little room,
     *     the negated number of bytes needed (the contents of {@code target} after {@code offset}
     *     are then undefined): grow it and call again
     * @throws GeometryFormatException as {@link #prepare}
     */
    public int encode(Geometry geometry, byte[] target, int offset) throws GeometryFormatException {
        if (geometry instanceof Point) {
            return encodePoint((Point) geometry, target, offset);
        }
        try {
            int size = measureAll(geometry, false);
            if (size > target.length - offset) {
                return -size;
            }
            guessing = true;
            found = 0;
            cursor = 0;
            int end = write(geometry, target, offset);
            guessing = false;
            if (found == 0) {
                return end;
            }
            // Some coordinate has a Z or M value (rare): measure again with the value rule.
            size = measureAll(geometry, true);
            if (size > target.length - offset) {
                return -size;
            }
            cursor = 0;
            return write(geometry, target, offset);
        } finally {
            guessing = false;
            prepared = null; // the layouts may be a guess: writeTo needs its own prepare
        }
    }

    /**
     * The most frequent record gets a direct path: one header and at most one coordinate, whose own
     * Z and M values decide the layout (the value rule for a single coordinate).
     */
    private int encodePoint(Point point, byte[] target, int offset) throws GeometryFormatException {
        prepared = null;
        checkSrid(point);
        CoordinateSequence sequence = point.getCoordinateSequence();
        if (sequence.size() == 0) {
            if (target.length - offset < GeometryFormat.HEADER_BYTES) {
                return -GeometryFormat.HEADER_BYTES;
            }
            writeHeader(
                    GeometryFormat.POINT, point.getSRID(), CoordinateLayout.XY, 0, target, offset);
            return offset + GeometryFormat.HEADER_BYTES;
        }
        double z = sequence.getZ(0); // NaN when the sequence declares no Z
        double m = sequence.getM(0);
        CoordinateLayout layout = CoordinateLayout.of(z == z, m == m);
        int size = GeometryFormat.HEADER_BYTES + layout.bytes();
        if (target.length - offset < size) {
            return -size;
        }
        writeHeader(GeometryFormat.POINT, point.getSRID(), layout, 1, target, offset);
        int o = offset + GeometryFormat.HEADER_BYTES;
        LittleEndian.putDouble(target, o, sequence.getX(0));
        LittleEndian.putDouble(target, o + 8, sequence.getY(0));
        o += 16;
        if (layout.hasZ()) {
            LittleEndian.putDouble(target, o, z);
            o += 8;
        }
        if (layout.hasM()) {
            LittleEndian.putDouble(target, o, m);
            o += 8;
        }
        return o;
    }

    // ---------------------------------------------------------------------------------------
    // Size pass
    // ---------------------------------------------------------------------------------------

    /**
     * The size pass; with {@code valueRule} every header gets its layout from the values, else
     * every header is guessed XY.
     */
    private int measureAll(Geometry geometry, boolean valueRule) throws GeometryFormatException {
        prepared = null;
        headers = 0;
        long size = measure(geometry, 0, valueRule);
        if (size > GeometryFormat.MAX_ENCODED_BYTES) {
            throw new GeometryFormatException(
                    geometry.getGeometryType()
                            + " needs "
                            + size
                            + " bytes, more than the largest record ("
                            + GeometryFormat.MAX_ENCODED_BYTES
                            + " bytes)");
        }
        prepared = geometry;
        return (int) size;
    }

    private long measure(Geometry geometry, int depth, boolean valueRule)
            throws GeometryFormatException {
        checkSrid(geometry);
        int index = headers++;
        ensureHeaderCapacity(headers);
        int type;
        long coordinates;
        long structureInts;
        if (geometry instanceof Point) {
            type = GeometryFormat.POINT;
            coordinates = ((Point) geometry).getCoordinateSequence().size();
            structureInts = 0;
        } else if (geometry instanceof LineString) {
            type = GeometryFormat.LINESTRING;
            coordinates = ((LineString) geometry).getCoordinateSequence().size();
            structureInts = 0;
        } else if (geometry instanceof Polygon) {
            type = GeometryFormat.POLYGON;
            Polygon polygon = (Polygon) geometry;
            if (polygon.getExteriorRing().isEmpty()) {
                coordinates = 0;
                structureInts = 0;
            } else {
                coordinates = pointsOf(polygon);
                structureInts = 2L + polygon.getNumInteriorRing();
            }
        } else if (geometry instanceof MultiPoint) {
            type = GeometryFormat.MULTIPOINT;
            coordinates = geometry.getNumGeometries();
            structureInts = 0;
        } else if (geometry instanceof MultiLineString) {
            type = GeometryFormat.MULTILINESTRING;
            coordinates = 0;
            for (int i = 0; i < geometry.getNumGeometries(); i++) {
                coordinates +=
                        ((LineString) geometry.getGeometryN(i)).getCoordinateSequence().size();
            }
            structureInts = 1L + geometry.getNumGeometries();
        } else if (geometry instanceof MultiPolygon) {
            type = GeometryFormat.MULTIPOLYGON;
            coordinates = 0;
            structureInts = 1;
            for (int i = 0; i < geometry.getNumGeometries(); i++) {
                Polygon polygon = (Polygon) geometry.getGeometryN(i);
                structureInts++;
                if (!polygon.getExteriorRing().isEmpty()) {
                    coordinates += pointsOf(polygon);
                    structureInts += 1L + polygon.getNumInteriorRing();
                }
            }
        } else if (geometry instanceof GeometryCollection) {
            types[index] = GeometryFormat.GEOMETRYCOLLECTION;
            return measureCollection((GeometryCollection) geometry, index, depth, valueRule);
        } else {
            throw new GeometryFormatException(
                    "unsupported geometry class " + geometry.getClass().getName());
        }
        if (coordinates > Integer.MAX_VALUE) {
            throw new GeometryFormatException(
                    geometry.getGeometryType() + " has too many coordinates: " + coordinates);
        }
        CoordinateLayout layout =
                valueRule && coordinates > 0 ? layoutOfSimple(geometry) : CoordinateLayout.XY;
        layouts[index] = layout;
        counts[index] = (int) coordinates;
        types[index] = type;
        return GeometryFormat.HEADER_BYTES + coordinates * layout.bytes() + 4 * structureInts;
    }

    private long measureCollection(
            GeometryCollection collection, int index, int depth, boolean valueRule)
            throws GeometryFormatException {
        if (depth >= GeometryFormat.MAX_NESTING_DEPTH) {
            throw new GeometryFormatException(
                    "geometry collections nested deeper than "
                            + GeometryFormat.MAX_NESTING_DEPTH
                            + " levels");
        }
        int members = collection.getNumGeometries();
        layouts[index] = CoordinateLayout.XY; // Sedona writes XY for every collection header
        counts[index] = members;
        long size = GeometryFormat.HEADER_BYTES;
        for (int i = 0; i < members; i++) {
            size += align8(measure(collection.getGeometryN(i), depth + 1, valueRule));
            if (size > GeometryFormat.MAX_ENCODED_BYTES) {
                return size; // measureAll() reports it; no need to visit the rest
            }
        }
        return size;
    }

    /**
     * The coordinates of a polygon's rings, summed as a {@code long}: JTS's {@code getNumPoints()}
     * sums in an {@code int}, which wraps for more than 2^31-1 coordinates (rings can be shared).
     */
    private static long pointsOf(Polygon polygon) {
        long points = polygon.getExteriorRing().getCoordinateSequence().size();
        for (int i = 0; i < polygon.getNumInteriorRing(); i++) {
            points += polygon.getInteriorRingN(i).getCoordinateSequence().size();
        }
        return points;
    }

    private static void checkSrid(Geometry geometry) throws GeometryFormatException {
        int srid = geometry.getSRID();
        if (srid < 0 || srid > GeometryFormat.MAX_SRID) {
            throw new GeometryFormatException(
                    "SRID "
                            + srid
                            + " of "
                            + geometry.getGeometryType()
                            + " does not fit the format's 24 bits (0.."
                            + GeometryFormat.MAX_SRID
                            + ")");
        }
    }

    private void ensureHeaderCapacity(int needed) {
        if (needed > layouts.length) {
            int capacity = Math.max(needed, 2 * layouts.length);
            layouts = java.util.Arrays.copyOf(layouts, capacity);
            counts = java.util.Arrays.copyOf(counts, capacity);
            types = java.util.Arrays.copyOf(types, capacity);
        }
    }

    /** A {@link GeometryCollection} that is not one of the Multi* types. */
    static boolean isCollectionProper(Geometry geometry) {
        return geometry instanceof GeometryCollection
                && !(geometry instanceof MultiPoint)
                && !(geometry instanceof MultiLineString)
                && !(geometry instanceof MultiPolygon);
    }

    static long align8(long size) {
        return (size + 7) & ~7L;
    }

    // ---------------------------------------------------------------------------------------
    // The value rule
    // ---------------------------------------------------------------------------------------

    /**
     * The layout of a geometry that is not a {@link GeometryCollection} proper (Multi* types
     * included): Z if some coordinate has a non-NaN Z, M if some has a non-NaN M.
     */
    static CoordinateLayout layoutOfSimple(Geometry geometry) {
        int found = 0;
        if (geometry instanceof Point) {
            found = scan(((Point) geometry).getCoordinateSequence(), found);
        } else if (geometry instanceof LineString) {
            found = scan(((LineString) geometry).getCoordinateSequence(), found);
        } else if (geometry instanceof Polygon) {
            found = scanPolygon((Polygon) geometry, found);
        } else {
            for (int i = 0; i < geometry.getNumGeometries() && found != FOUND_ZM; i++) {
                Geometry member = geometry.getGeometryN(i);
                if (member instanceof Polygon) {
                    found = scanPolygon((Polygon) member, found);
                } else if (member instanceof Point) {
                    found = scan(((Point) member).getCoordinateSequence(), found);
                } else {
                    found = scan(((LineString) member).getCoordinateSequence(), found);
                }
            }
        }
        return CoordinateLayout.of((found & FOUND_Z) != 0, (found & FOUND_M) != 0);
    }

    private static int scanPolygon(Polygon polygon, int found) {
        found = scan(polygon.getExteriorRing().getCoordinateSequence(), found);
        for (int i = 0; i < polygon.getNumInteriorRing() && found != FOUND_ZM; i++) {
            found = scan(polygon.getInteriorRingN(i).getCoordinateSequence(), found);
        }
        return found;
    }

    private static int scan(CoordinateSequence sequence, int found) {
        boolean needZ = (found & FOUND_Z) == 0 && sequence.hasZ();
        boolean needM = (found & FOUND_M) == 0 && sequence.hasM();
        int size = sequence.size();
        if (sequence instanceof CoordinateArraySequence) {
            // The common case (JTS's default sequence): read the coordinate objects directly.
            Coordinate[] coordinates = ((CoordinateArraySequence) sequence).toCoordinateArray();
            if (needZ && !needM) {
                return hasZ(coordinates, size) ? found | FOUND_Z : found;
            }
            for (int i = 0; i < size && (needZ || needM); i++) {
                Coordinate c = coordinates[i];
                if (needZ && !Double.isNaN(c.getZ())) {
                    found |= FOUND_Z;
                    needZ = false;
                }
                if (needM && !Double.isNaN(c.getM())) {
                    found |= FOUND_M;
                    needM = false;
                }
            }
            return found;
        }
        for (int i = 0; i < size && (needZ || needM); i++) {
            if (needZ && !Double.isNaN(sequence.getZ(i))) {
                found |= FOUND_Z;
                needZ = false;
            }
            if (needM && !Double.isNaN(sequence.getM(i))) {
                found |= FOUND_M;
                needM = false;
            }
        }
        return found;
    }

    /** The most common question, in a tight loop: {@code new Coordinate(x, y)} has a NaN Z. */
    private static boolean hasZ(Coordinate[] coordinates, int size) {
        for (int i = 0; i < size; i++) {
            if (coordinates[i].getZ() == coordinates[i].getZ()) {
                return true; // not NaN
            }
        }
        return false;
    }

    // ---------------------------------------------------------------------------------------
    // Write pass
    // ---------------------------------------------------------------------------------------

    private int write(Geometry geometry, byte[] target, int start) {
        int index = cursor++;
        CoordinateLayout layout = layouts[index];
        int count = counts[index];
        int type = types[index];
        writeHeader(type, geometry.getSRID(), layout, count, target, start);
        int body = start + GeometryFormat.HEADER_BYTES;
        switch (type) {
            case GeometryFormat.POINT:
                return writeSequence(
                        ((Point) geometry).getCoordinateSequence(), layout, target, body);
            case GeometryFormat.LINESTRING:
                return writeSequence(
                        ((LineString) geometry).getCoordinateSequence(), layout, target, body);
            case GeometryFormat.POLYGON:
                if (count == 0) {
                    return body;
                }
                coordinateCursor = body;
                intCursor = body + count * layout.bytes();
                writePolygon((Polygon) geometry, layout, target);
                return intCursor;
            case GeometryFormat.MULTIPOINT:
                return writeMultiPoint(geometry, layout, target, body);
            case GeometryFormat.MULTILINESTRING:
            case GeometryFormat.MULTIPOLYGON:
                coordinateCursor = body;
                intCursor = body + count * layout.bytes();
                int members = geometry.getNumGeometries();
                putInt(target, members);
                for (int i = 0; i < members; i++) {
                    Geometry member = geometry.getGeometryN(i);
                    if (type == GeometryFormat.MULTIPOLYGON) {
                        writePolygon((Polygon) member, layout, target);
                    } else {
                        writeLine(((LineString) member).getCoordinateSequence(), layout, target);
                    }
                }
                return intCursor;
            default:
                return writeCollection((GeometryCollection) geometry, count, target, start);
        }
    }

    private int writeCollection(
            GeometryCollection collection, int members, byte[] target, int start) {
        int offset = start + GeometryFormat.HEADER_BYTES;
        for (int i = 0; i < members; i++) {
            int memberStart = offset;
            int end = write(collection.getGeometryN(i), target, memberStart);
            offset = memberStart + (int) align8(end - memberStart);
            for (int pad = end; pad < offset; pad++) {
                target[pad] = 0;
            }
        }
        return offset;
    }

    private static void writeHeader(
            int type, int srid, CoordinateLayout layout, int count, byte[] target, int start) {
        int sridFlag = srid != 0 ? 1 : 0;
        target[start] = (byte) ((type << 4) | (layout.code() << 1) | sridFlag);
        target[start + 1] = (byte) (srid >>> 16);
        target[start + 2] = (byte) (srid >>> 8);
        target[start + 3] = (byte) srid;
        LittleEndian.putInt(target, start + 4, count);
    }

    private void putInt(byte[] target, int value) {
        LittleEndian.putInt(target, intCursor, value);
        intCursor += 4;
    }

    private void writeLine(CoordinateSequence sequence, CoordinateLayout layout, byte[] target) {
        putInt(target, sequence.size());
        coordinateCursor = writeSequence(sequence, layout, target, coordinateCursor);
    }

    private void writePolygon(Polygon polygon, CoordinateLayout layout, byte[] target) {
        if (polygon.getExteriorRing().isEmpty()) {
            putInt(target, 0);
            return;
        }
        int holes = polygon.getNumInteriorRing();
        putInt(target, holes + 1);
        writeLine(polygon.getExteriorRing().getCoordinateSequence(), layout, target);
        for (int i = 0; i < holes; i++) {
            writeLine(polygon.getInteriorRingN(i).getCoordinateSequence(), layout, target);
        }
    }

    private int writeMultiPoint(
            Geometry multiPoint, CoordinateLayout layout, byte[] target, int offset) {
        int members = multiPoint.getNumGeometries();
        for (int i = 0; i < members; i++) {
            CoordinateSequence sequence =
                    ((Point) multiPoint.getGeometryN(i)).getCoordinateSequence();
            if (sequence.size() == 0) {
                // An empty member is written as a coordinate of NaN ordinates, as Sedona does.
                for (int o = 0; o < layout.ordinates(); o++) {
                    LittleEndian.putDouble(target, offset + 8 * o, Double.NaN);
                }
                offset += layout.bytes();
            } else {
                offset = writeSequence(sequence, layout, target, offset);
            }
        }
        return offset;
    }

    /**
     * Writes the ordinates of {@code layout} for every coordinate; returns the offset after. The
     * loops index the bytes as {@code offset + k * i}, an affine function of the loop counter, so
     * that the JIT can hoist the bounds checks of the {@code VarHandle} accesses out of the loop.
     */
    private int writeSequence(
            CoordinateSequence sequence, CoordinateLayout layout, byte[] target, int offset) {
        int size = sequence.size();
        if (sequence instanceof CoordinateArraySequence) {
            Coordinate[] coordinates = ((CoordinateArraySequence) sequence).toCoordinateArray();
            if (layout == CoordinateLayout.XY) {
                return writeXY(
                        coordinates,
                        size,
                        guessing && sequence.hasZ(),
                        guessing && sequence.hasM(),
                        target,
                        offset);
            }
            return writeCoordinates(
                    coordinates, size, sequence.hasZ(), sequence.hasM(), layout, target, offset);
        }
        if (sequence instanceof PackedCoordinateSequence.Double
                && sequence.getDimension() == layout.ordinates()
                && sequence.getMeasures() == layout.measures()) {
            double[] raw = ((PackedCoordinateSequence.Double) sequence).getRawCoordinates();
            LittleEndian.putDoubles(raw, 0, target, offset, size * layout.ordinates());
            return offset + size * layout.bytes();
        }
        if (guessing && layout == CoordinateLayout.XY) {
            found = scan(sequence, found);
        }
        switch (layout) {
            case XY:
                for (int i = 0; i < size; i++) {
                    int o = offset + 16 * i;
                    LittleEndian.putDouble(target, o, sequence.getX(i));
                    LittleEndian.putDouble(target, o + 8, sequence.getY(i));
                }
                return offset + 16 * size;
            case XYZ:
                for (int i = 0; i < size; i++) {
                    int o = offset + 24 * i;
                    LittleEndian.putDouble(target, o, sequence.getX(i));
                    LittleEndian.putDouble(target, o + 8, sequence.getY(i));
                    LittleEndian.putDouble(target, o + 16, sequence.getZ(i));
                }
                return offset + 24 * size;
            case XYM:
                for (int i = 0; i < size; i++) {
                    int o = offset + 24 * i;
                    LittleEndian.putDouble(target, o, sequence.getX(i));
                    LittleEndian.putDouble(target, o + 8, sequence.getY(i));
                    LittleEndian.putDouble(target, o + 16, sequence.getM(i));
                }
                return offset + 24 * size;
            default:
                for (int i = 0; i < size; i++) {
                    int o = offset + 32 * i;
                    LittleEndian.putDouble(target, o, sequence.getX(i));
                    LittleEndian.putDouble(target, o + 8, sequence.getY(i));
                    LittleEndian.putDouble(target, o + 16, sequence.getZ(i));
                    LittleEndian.putDouble(target, o + 24, sequence.getM(i));
                }
                return offset + 32 * size;
        }
    }

    /**
     * The hot loop: XY from coordinate objects, raw bits, NaN canonicalised afterwards in the rare
     * case that there was one. On the XY guess it also notes Z and M values (the sequence declares
     * them), which costs one load per coordinate instead of a separate scan.
     */
    private int writeXY(
            Coordinate[] coordinates,
            int size,
            boolean checkZ,
            boolean checkM,
            byte[] target,
            int offset) {
        boolean nan = false;
        boolean z = false;
        boolean m = false;
        for (int i = 0; i < size; i++) {
            int o = offset + 16 * i;
            Coordinate c = coordinates[i];
            double x = c.x;
            double y = c.y;
            LittleEndian.putDoubleRaw(target, o, x);
            LittleEndian.putDoubleRaw(target, o + 8, y);
            nan |= x != x | y != y;
            if (checkZ) {
                double cz = c.getZ();
                z |= cz == cz;
            }
            if (checkM) {
                double cm = c.getM();
                m |= cm == cm;
            }
        }
        if (nan) {
            LittleEndian.canonicalizeNaNs(target, offset, 2 * size);
        }
        if (z) {
            found |= FOUND_Z;
        }
        if (m) {
            found |= FOUND_M;
        }
        return offset + 16 * size;
    }

    /**
     * The {@code CoordinateArraySequence} path of the wider layouts: reads the coordinate objects
     * directly. A sequence that declares no Z (or M) contributes NaN for it, as {@link
     * CoordinateSequence#getZ} does.
     */
    private static int writeCoordinates(
            Coordinate[] coordinates,
            int size,
            boolean sequenceHasZ,
            boolean sequenceHasM,
            CoordinateLayout layout,
            byte[] target,
            int offset) {
        switch (layout) {
            case XYZ:
                for (int i = 0; i < size; i++) {
                    int o = offset + 24 * i;
                    Coordinate c = coordinates[i];
                    LittleEndian.putDouble(target, o, c.x);
                    LittleEndian.putDouble(target, o + 8, c.y);
                    LittleEndian.putDouble(target, o + 16, sequenceHasZ ? c.getZ() : Double.NaN);
                }
                return offset + 24 * size;
            case XYM:
                for (int i = 0; i < size; i++) {
                    int o = offset + 24 * i;
                    Coordinate c = coordinates[i];
                    LittleEndian.putDouble(target, o, c.x);
                    LittleEndian.putDouble(target, o + 8, c.y);
                    LittleEndian.putDouble(target, o + 16, sequenceHasM ? c.getM() : Double.NaN);
                }
                return offset + 24 * size;
            default:
                for (int i = 0; i < size; i++) {
                    int o = offset + 32 * i;
                    Coordinate c = coordinates[i];
                    LittleEndian.putDouble(target, o, c.x);
                    LittleEndian.putDouble(target, o + 8, c.y);
                    LittleEndian.putDouble(target, o + 16, sequenceHasZ ? c.getZ() : Double.NaN);
                    LittleEndian.putDouble(target, o + 24, sequenceHasM ? c.getM() : Double.NaN);
                }
                return offset + 32 * size;
        }
    }
}
