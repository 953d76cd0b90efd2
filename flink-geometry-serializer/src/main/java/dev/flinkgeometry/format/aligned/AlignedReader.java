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

import dev.flinkgeometry.format.CoordinateLayout;
import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.format.GeometryDecoder;
import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.format.GeometryLimits;
import dev.flinkgeometry.format.GeometryTypeCode;
import dev.flinkgeometry.format.internal.CoordinateReader;
import dev.flinkgeometry.format.internal.RawBytes;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;

/**
 * Decodes aligned-format bytes into JTS geometries, with bounded work and memory for any input.
 *
 * <p>Every count is checked against the bytes that remain before anything is allocated, collection
 * nesting is capped at {@link GeometryLimits#MAX_NESTING_DEPTH}, the parts must account for every
 * coordinate and byte of the record, and whatever is wrong is reported as a {@link
 * GeometryFormatException} naming the problem and its offset.
 *
 * <p>Decoded sequences have exactly the encoded layout (dimension 2, 3 or 4; measures 0 or 1;
 * {@link CoordinateSequenceKind#ARRAY_MUTABLE_Z} gives XY dimension 3) and the chosen {@link
 * CoordinateSequenceKind}. The instances of {@link #of} are immutable and thread-safe; one of
 * {@link #reusing} belongs to one thread.
 */
public final class AlignedReader implements GeometryDecoder {
    private static final AlignedReader ARRAY =
            new AlignedReader(CoordinateSequenceKind.ARRAY, false);
    private static final AlignedReader PACKED =
            new AlignedReader(CoordinateSequenceKind.PACKED_DOUBLE, false);
    private static final AlignedReader MUTABLE_Z =
            new AlignedReader(CoordinateSequenceKind.ARRAY_MUTABLE_Z, false);

    private final CoordinateSequenceKind kind;

    /** The state of one decode, reused by a {@link #reusing} decoder; {@code null} if shared. */
    private final Reader reusable;

    private AlignedReader(CoordinateSequenceKind kind, boolean reuse) {
        this.kind = kind;
        this.reusable = reuse ? new Reader() : null;
    }

    /**
     * A decoder for one thread that reuses its per-decode state, so that a decode allocates nothing
     * but the geometry (the shared decoders allocate a small reader per call, which the JIT cannot
     * always elide).
     */
    public static AlignedReader reusing(CoordinateSequenceKind kind) {
        return new AlignedReader(kind, true);
    }

    /** The (shared, thread-safe) decoder producing sequences of {@code kind}. */
    public static AlignedReader of(CoordinateSequenceKind kind) {
        switch (kind) {
            case PACKED_DOUBLE:
                return PACKED;
            case ARRAY_MUTABLE_Z:
                return MUTABLE_Z;
            default:
                return ARRAY;
        }
    }

    /** The kind of coordinate sequences this decoder builds. */
    public CoordinateSequenceKind sequenceKind() {
        return kind;
    }

    /**
     * Decodes the record {@code bytes[offset, offset + length)}, which must hold exactly one
     * geometry. Offsets in error messages are relative to {@code offset}.
     */
    @Override
    public Geometry decode(byte[] bytes, int offset, int length) throws GeometryFormatException {
        if (offset < 0 || length < 0 || offset > bytes.length - length) {
            throw new IndexOutOfBoundsException(
                    "region [" + offset + ", " + offset + "+" + length + ") of " + bytes.length);
        }
        Reader reader = reusable != null ? reusable : new Reader();
        reader.start(bytes, offset, offset + length);
        try {
            Geometry geometry = reader.geometry(offset, 0);
            if (reader.end != offset + length) {
                throw reader.error(
                        (offset + length - reader.end) + " trailing bytes after the geometry",
                        reader.end);
            }
            return geometry;
        } finally {
            reader.bytes = null; // keep no caller's buffer
        }
    }

    /**
     * The state of one decode call: the record's bytes and bounds, and where the last part ended.
     */
    private final class Reader {
        byte[] bytes;
        int base;
        int limit;

        /** Where the geometry read last ended (before any collection padding). */
        int end;

        /** The factory of the geometry being read: its SRID is the header's. */
        GeometryFactory factory;

        void start(byte[] bytes, int base, int limit) {
            this.bytes = bytes;
            this.base = base;
            this.limit = limit;
            this.end = base;
        }

        GeometryFormatException error(String message, int at) {
            return new GeometryFormatException(message, at - base);
        }

        Geometry geometry(int start, int depth) throws GeometryFormatException {
            if (limit - start < AlignedFormat.HEADER_BYTES) {
                throw error(
                        "truncated header: need 8 bytes, " + (limit - start) + " remain", start);
            }
            int preamble = bytes[start] & 0xFF;
            int type = preamble >>> 4;
            CoordinateLayout layout = CoordinateLayout.ofCode((preamble >>> 1) & 0x07);
            if (layout == null) {
                throw error("unknown coordinate type " + ((preamble >>> 1) & 0x07), start);
            }
            int srid = 0;
            if ((preamble & 1) != 0) {
                srid =
                        (bytes[start + 1] & 0xFF) << 16
                                | (bytes[start + 2] & 0xFF) << 8
                                | (bytes[start + 3] & 0xFF);
            }
            int count = RawBytes.getIntLE(bytes, start + 4);
            if (count < 0) {
                throw error("negative count " + count, start + 4);
            }
            factory = kind.geometryFactory(srid);
            int body = start + AlignedFormat.HEADER_BYTES;
            Geometry geometry;
            switch (type) {
                case GeometryTypeCode.POINT:
                    geometry = point(layout, count, body);
                    break;
                case GeometryTypeCode.LINESTRING:
                    geometry = lineString(layout, count, body);
                    break;
                case GeometryTypeCode.POLYGON:
                    geometry = polygon(layout, count, body);
                    break;
                case GeometryTypeCode.MULTIPOINT:
                    geometry = multiPoint(layout, count, body, srid);
                    break;
                case GeometryTypeCode.MULTILINESTRING:
                    geometry = multiLineString(layout, count, body, srid);
                    break;
                case GeometryTypeCode.MULTIPOLYGON:
                    geometry = multiPolygon(layout, count, body, srid);
                    break;
                case GeometryTypeCode.GEOMETRYCOLLECTION:
                    geometry = collection(count, body, depth);
                    break;
                default:
                    throw error("unknown geometry type " + type, start);
            }
            geometry.setSRID(srid);
            return geometry;
        }

        /** Checks that {@code count} coordinates fit before the limit; returns their byte size. */
        int coordinateBytes(CoordinateLayout layout, int count, int at)
                throws GeometryFormatException {
            long size = (long) count * layout.bytes();
            if (size > limit - at) {
                throw error(
                        count
                                + " "
                                + layout
                                + " coordinates need "
                                + size
                                + " bytes, "
                                + (limit - at)
                                + " remain",
                        at);
            }
            return (int) size;
        }

        Point point(CoordinateLayout layout, int count, int at) throws GeometryFormatException {
            if (count > 1) {
                throw error("a point has 0 or 1 coordinates, not " + count, at - 4);
            }
            end = at + coordinateBytes(layout, count, at);
            if (count == 1
                    && layout == CoordinateLayout.XY
                    && kind == CoordinateSequenceKind.ARRAY) {
                // The most frequent record, without the sequence loops.
                Coordinate[] coordinate = {
                    new CoordinateXY(
                            RawBytes.getDoubleLE(bytes, at), RawBytes.getDoubleLE(bytes, at + 8))
                };
                return factory.createPoint(new CoordinateArraySequence(coordinate, 2, 0));
            }
            return factory.createPoint(sequence(layout, at, count));
        }

        LineString lineString(CoordinateLayout layout, int count, int at)
                throws GeometryFormatException {
            end = at + coordinateBytes(layout, count, at);
            CoordinateSequence sequence = sequence(layout, at, count);
            try {
                return factory.createLineString(sequence);
            } catch (IllegalArgumentException e) {
                throw error("invalid line string: " + e.getMessage(), at);
            }
        }

        Polygon polygon(CoordinateLayout layout, int count, int at) throws GeometryFormatException {
            if (count == 0) {
                end = at; // an empty polygon is a bare header
                return factory.createPolygon(emptyRing(layout));
            }
            Parts parts = new Parts(layout, at, count);
            Polygon polygon = parts.polygon();
            if (polygon.isEmpty()) {
                throw error("a polygon with " + count + " coordinates has no rings", at);
            }
            parts.finish();
            return polygon;
        }

        Geometry multiPoint(CoordinateLayout layout, int count, int at, int srid)
                throws GeometryFormatException {
            int size = coordinateBytes(layout, count, at);
            Point[] points = new Point[count];
            for (int i = 0; i < count; i++) {
                int offset = at + i * layout.bytes();
                CoordinateSequence sequence =
                        allNaN(offset, layout)
                                ? sequence(layout, offset, 0)
                                : sequence(layout, offset, 1);
                points[i] = factory.createPoint(sequence);
                points[i].setSRID(srid);
            }
            end = at + size;
            return factory.createMultiPoint(points);
        }

        Geometry multiLineString(CoordinateLayout layout, int count, int at, int srid)
                throws GeometryFormatException {
            Parts parts = new Parts(layout, at, count);
            int members = parts.count("line strings", 1);
            LineString[] lines = new LineString[members];
            for (int i = 0; i < members; i++) {
                lines[i] = parts.lineString();
                lines[i].setSRID(srid);
            }
            parts.finish();
            return factory.createMultiLineString(lines);
        }

        Geometry multiPolygon(CoordinateLayout layout, int count, int at, int srid)
                throws GeometryFormatException {
            Parts parts = new Parts(layout, at, count);
            int members = parts.count("polygons", 1);
            Polygon[] polygons = new Polygon[members];
            for (int i = 0; i < members; i++) {
                polygons[i] = parts.polygon();
                polygons[i].setSRID(srid);
            }
            parts.finish();
            return factory.createMultiPolygon(polygons);
        }

        Geometry collection(int count, int at, int depth) throws GeometryFormatException {
            if (depth >= GeometryLimits.MAX_NESTING_DEPTH) {
                throw error(
                        "geometry collections nested deeper than "
                                + GeometryLimits.MAX_NESTING_DEPTH
                                + " levels",
                        at - AlignedFormat.HEADER_BYTES);
            }
            if (count > (limit - at) / AlignedFormat.HEADER_BYTES) {
                throw error(
                        count + " collection members cannot fit in " + (limit - at) + " bytes",
                        at - 4);
            }
            GeometryFactory own = factory; // each member sets the factory of its own SRID
            Geometry[] members = new Geometry[count];
            int offset = at;
            for (int i = 0; i < count; i++) {
                members[i] = geometry(offset, depth + 1);
                int padded = offset + (int) AlignedWriter.align8(end - offset);
                if (padded > limit) {
                    throw error("collection member is missing its padding", end);
                }
                offset = padded;
            }
            end = offset;
            factory = own;
            return own.createGeometryCollection(members);
        }

        boolean allNaN(int offset, CoordinateLayout layout) {
            for (int o = 0; o < layout.ordinates(); o++) {
                if (!Double.isNaN(RawBytes.getDoubleLE(bytes, offset + 8 * o))) {
                    return false;
                }
            }
            return true;
        }

        LinearRing emptyRing(CoordinateLayout layout) {
            return factory.createLinearRing(sequence(layout, 0, 0));
        }

        CoordinateSequence sequence(CoordinateLayout layout, int offset, int count) {
            if (kind != CoordinateSequenceKind.ARRAY) {
                return otherKindSequence(layout, offset, count);
            }
            Coordinate[] coordinates =
                    CoordinateReader.read(bytes, offset, count, layout.hasZ(), layout.hasM(), true);
            return new CoordinateArraySequence(coordinates, layout.ordinates(), layout.measures());
        }

        /** A sequence of a kind other than {@link CoordinateSequenceKind#ARRAY}. */
        CoordinateSequence otherKindSequence(CoordinateLayout layout, int offset, int count) {
            if (kind == CoordinateSequenceKind.PACKED_DOUBLE) {
                double[] raw = new double[count * layout.ordinates()];
                RawBytes.getDoublesLE(bytes, offset, raw, 0, raw.length);
                return new PackedCoordinateSequence.Double(
                        raw, layout.ordinates(), layout.measures());
            }
            if (layout == CoordinateLayout.XY) {
                // ARRAY_MUTABLE_Z: dimension 3, as JTS builds a sequence of new Coordinate(x, y)s
                return new CoordinateArraySequence(
                        CoordinateReader.readXYWithNaNZ(bytes, offset, count), 3, 0);
            }
            Coordinate[] coordinates =
                    CoordinateReader.read(bytes, offset, count, layout.hasZ(), layout.hasM(), true);
            return new CoordinateArraySequence(coordinates, layout.ordinates(), layout.measures());
        }

        /**
         * Reads the parts of a geometry with structure data: coordinates from the front, counts
         * from the int section after them, each checked before use.
         */
        final class Parts {
            final CoordinateLayout layout;
            final int coordinatesEnd;
            int coordinates;
            int ints;

            Parts(CoordinateLayout layout, int at, int count) throws GeometryFormatException {
                this.layout = layout;
                this.coordinates = at;
                this.coordinatesEnd = at + coordinateBytes(layout, count, at);
                this.ints = coordinatesEnd;
            }

            /**
             * Reads a count of things that each take at least {@code intsEach} more structure ints,
             * so that a huge count fails here instead of allocating.
             */
            int count(String what, int intsEach) throws GeometryFormatException {
                if (limit - ints < 4) {
                    throw error("truncated structure: missing the number of " + what, ints);
                }
                int value = RawBytes.getIntLE(bytes, ints);
                if (value < 0 || (long) value * 4 * intsEach > limit - ints - 4) {
                    throw error(
                            "number of "
                                    + what
                                    + " "
                                    + value
                                    + " does not fit in the "
                                    + (limit - ints - 4)
                                    + " bytes that remain",
                            ints);
                }
                ints += 4;
                return value;
            }

            CoordinateSequence nextSequence() throws GeometryFormatException {
                int at = ints;
                int count = count("coordinates", 0);
                long size = (long) count * layout.bytes();
                if (size > coordinatesEnd - coordinates) {
                    throw error(
                            "part of "
                                    + count
                                    + " coordinates overruns the header's coordinate count",
                            at);
                }
                CoordinateSequence sequence = sequence(layout, coordinates, count);
                coordinates += (int) size;
                return sequence;
            }

            LineString lineString() throws GeometryFormatException {
                int at = ints;
                try {
                    return factory.createLineString(nextSequence());
                } catch (IllegalArgumentException e) {
                    throw error("invalid line string: " + e.getMessage(), at);
                }
            }

            Polygon polygon() throws GeometryFormatException {
                int rings = count("rings", 1);
                if (rings == 0) {
                    return factory.createPolygon(emptyRing(layout));
                }
                int at = ints;
                try {
                    LinearRing shell = factory.createLinearRing(nextSequence());
                    LinearRing[] holes = new LinearRing[rings - 1];
                    for (int i = 0; i < holes.length; i++) {
                        at = ints;
                        holes[i] = factory.createLinearRing(nextSequence());
                    }
                    return factory.createPolygon(shell, holes);
                } catch (IllegalArgumentException e) {
                    throw error("invalid polygon ring: " + e.getMessage(), at);
                }
            }

            void finish() throws GeometryFormatException {
                if (coordinates != coordinatesEnd) {
                    throw error(
                            (coordinatesEnd - coordinates) / layout.bytes()
                                    + " coordinates declared in the header belong to no part",
                            coordinates);
                }
                end = ints;
            }
        }
    }
}
