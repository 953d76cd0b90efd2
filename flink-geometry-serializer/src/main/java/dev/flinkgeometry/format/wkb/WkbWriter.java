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

import dev.flinkgeometry.format.GeometryLimits;
import dev.flinkgeometry.format.GeometryTypeCode;
import dev.flinkgeometry.format.internal.CoordinateTypeRule;
import dev.flinkgeometry.format.internal.CoordinateWriter;
import dev.flinkgeometry.format.internal.PointCount;
import dev.flinkgeometry.format.internal.RawBytes;
import java.util.Arrays;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.MultiLineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * Writes JTS geometries as extended (PostGIS EWKB) little-endian WKB, in two passes: {@link
 * #prepare} validates the geometry, decides the Z/M flags of every header and returns the exact
 * size; {@link #writeTo} then writes the bytes in one pass.
 *
 * <p>The output is a pure function of the geometry's type, structure, coordinate values and
 * top-level SRID. The Z (M) flag of a header is set if and only if some coordinate under it has a
 * non-NaN Z (M), by the same rule as the aligned format ({@link CoordinateTypeRule}); a geometry
 * collection's header carries the union of its members' flags, each member being decided on its own
 * values. The SRID is written, with the SRID flag, on the top level only and only when it is not 0.
 *
 * <p>A writer made with {@code oneDimension} (what PostGIS reads, and the SQL module writes) gives
 * every header of a geometry collection the collection's flags instead: members, nested collections
 * and empty members alike are written in the dimension of the whole geometry, their missing
 * ordinates as NaN. PostGIS refuses a collection whose members differ in dimension ("Dimensions
 * mismatch in lwcollection"). The legacy serializer's writer keeps each member's own flags.
 *
 * <p>An instance keeps the prepared state and is not thread-safe; it allocates nothing per record
 * once its small internal array has grown to the largest number of headers seen.
 */
public final class WkbWriter {
    /** ISO WKB instead of EWKB: Z and M as 1000/2000/3000 added to the type code, no SRID. */
    private final boolean iso;

    /** Every header of a collection in the flags of the whole geometry (PostGIS's rule). */
    private final boolean oneDimension;

    /** While measuring with {@link #oneDimension}: the flags every header gets, else -1. */
    private int forcedFlags = -1;

    /** Per header, in pre-order: its {@link CoordinateTypeRule} flags. */
    private int[] headerFlags = new int[1];

    private int headers;
    private int cursor;
    private Geometry prepared;

    /** An extended (PostGIS EWKB) writer: what the legacy {@code WkbGeometrySerializer} writes. */
    public WkbWriter() {
        this(false);
    }

    /** An ISO WKB writer if {@code iso}, else an EWKB one. */
    public WkbWriter(boolean iso) {
        this(iso, false);
    }

    /**
     * An ISO WKB writer if {@code iso}, else an EWKB one; with {@code oneDimension}, the members of
     * a geometry collection are written in the collection's dimension (see the class comment).
     */
    public WkbWriter(boolean iso, boolean oneDimension) {
        this.iso = iso;
        this.oneDimension = oneDimension;
    }

    /**
     * Validates {@code geometry} and returns the number of bytes {@link #writeTo} will write.
     *
     * @throws WkbFormatException if the geometry cannot be written: collections nested deeper than
     *     {@link GeometryLimits#MAX_NESTING_DEPTH}, more than {@link
     *     GeometryLimits#MAX_ENCODED_BYTES} bytes, or an unknown geometry class
     */
    public int prepare(Geometry geometry) throws WkbFormatException {
        prepared = null;
        headers = 0;
        forcedFlags = -1;
        long size = measure(geometry, 0);
        if (oneDimension
                && size <= GeometryLimits.MAX_ENCODED_BYTES
                && CoordinateTypeRule.isCollectionProper(geometry)) {
            // The first pass found the union of every member's flags: measure again with it.
            forcedFlags = headerFlags[0];
            headers = 0;
            try {
                size = measure(geometry, 0);
            } finally {
                forcedFlags = -1;
            }
        }
        if (!iso && geometry.getSRID() != 0) {
            size += 4;
        }
        if (size > GeometryLimits.MAX_ENCODED_BYTES) {
            throw new WkbFormatException(
                    geometry.getGeometryType()
                            + " needs "
                            + size
                            + " bytes of WKB, more than the largest record ("
                            + GeometryLimits.MAX_ENCODED_BYTES
                            + " bytes)");
        }
        prepared = geometry;
        return (int) size;
    }

    /**
     * Writes the geometry given to the last successful {@link #prepare} at {@code target[offset]};
     * the caller guarantees room for the size that {@code prepare} returned.
     *
     * @return the offset after the last byte written
     */
    public int writeTo(byte[] target, int offset) {
        if (prepared == null) {
            throw new IllegalStateException("prepare(geometry) must succeed before writeTo");
        }
        cursor = 0;
        return write(prepared, target, offset, true);
    }

    /** Writes {@code geometry} into a new array of exactly its size. */
    public byte[] write(Geometry geometry) throws WkbFormatException {
        byte[] bytes = new byte[prepare(geometry)];
        writeTo(bytes, 0);
        return bytes;
    }

    // ---------------------------------------------------------------------------------------
    // Size pass
    // ---------------------------------------------------------------------------------------

    /** The size without the top-level SRID; records the headerFlags of the headers. */
    private long measure(Geometry geometry, int depth) throws WkbFormatException {
        int index = headers++;
        if (index == headerFlags.length) {
            headerFlags = Arrays.copyOf(headerFlags, 2 * headerFlags.length);
        }
        if (CoordinateTypeRule.isCollectionProper(geometry)) {
            return measureCollection((GeometryCollection) geometry, index, depth);
        }
        int flags = forcedFlags >= 0 ? forcedFlags : CoordinateTypeRule.of(geometry, true);
        headerFlags[index] = flags;
        long coordinateBytes = CoordinateWriter.bytes(flags);
        long size = Wkb.HEADER_BYTES;
        if (geometry instanceof Point) {
            return size + coordinateBytes; // an empty point is written as NaN ordinates
        } else if (geometry instanceof LineString) {
            return size + 4 + coordinateBytes * ((LineString) geometry).getNumPoints();
        } else if (geometry instanceof Polygon) {
            return size + polygonBody((Polygon) geometry, coordinateBytes);
        } else if (geometry instanceof MultiPoint) {
            return size + 4 + (Wkb.HEADER_BYTES + coordinateBytes) * geometry.getNumGeometries();
        } else if (geometry instanceof MultiLineString) {
            int members = geometry.getNumGeometries();
            return size
                    + 4
                    + (Wkb.HEADER_BYTES + 4L) * members
                    + coordinateBytes * PointCount.ofLines(geometry);
        } else if (geometry instanceof MultiPolygon) {
            size += 4;
            for (int i = 0; i < geometry.getNumGeometries(); i++) {
                size +=
                        Wkb.HEADER_BYTES
                                + polygonBody((Polygon) geometry.getGeometryN(i), coordinateBytes);
            }
            return size;
        }
        throw new WkbFormatException("unsupported geometry class " + geometry.getClass().getName());
    }

    private static long polygonBody(Polygon polygon, long coordinateBytes) {
        if (polygon.getExteriorRing().isEmpty()) {
            return 4; // no rings
        }
        return 4
                + 4L * (1 + polygon.getNumInteriorRing())
                + coordinateBytes * PointCount.ofPolygon(polygon);
    }

    private long measureCollection(GeometryCollection collection, int index, int depth)
            throws WkbFormatException {
        if (depth >= GeometryLimits.MAX_NESTING_DEPTH) {
            throw new WkbFormatException(
                    "geometry collections nested deeper than "
                            + GeometryLimits.MAX_NESTING_DEPTH
                            + " levels");
        }
        int flags = 0;
        long size = Wkb.HEADER_BYTES + 4;
        for (int i = 0; i < collection.getNumGeometries(); i++) {
            int memberIndex = headers;
            size += measure(collection.getGeometryN(i), depth + 1);
            if (size > GeometryLimits.MAX_ENCODED_BYTES) {
                return size; // prepare() reports it; no need to visit the rest
            }
            flags |= headerFlags[memberIndex];
        }
        headerFlags[index] = forcedFlags >= 0 ? forcedFlags : flags;
        return size;
    }

    // ---------------------------------------------------------------------------------------
    // Write pass
    // ---------------------------------------------------------------------------------------

    private int write(Geometry geometry, byte[] target, int at, boolean top) {
        int flags = headerFlags[cursor++];
        int srid = top ? geometry.getSRID() : 0;
        if (CoordinateTypeRule.isCollectionProper(geometry)) {
            int members = geometry.getNumGeometries();
            at = header(GeometryTypeCode.GEOMETRYCOLLECTION, flags, srid, target, at);
            at = putInt(target, at, members);
            for (int i = 0; i < members; i++) {
                at = write(geometry.getGeometryN(i), target, at, false);
            }
            return at;
        }
        if (geometry instanceof Point) {
            at = header(GeometryTypeCode.POINT, flags, srid, target, at);
            return point((Point) geometry, flags, target, at);
        } else if (geometry instanceof LineString) {
            at = header(GeometryTypeCode.LINESTRING, flags, srid, target, at);
            return line(((LineString) geometry).getCoordinateSequence(), flags, target, at);
        } else if (geometry instanceof Polygon) {
            at = header(GeometryTypeCode.POLYGON, flags, srid, target, at);
            return polygonBody((Polygon) geometry, flags, target, at);
        }
        int members = geometry.getNumGeometries();
        if (geometry instanceof MultiPoint) {
            at = header(GeometryTypeCode.MULTIPOINT, flags, srid, target, at);
            at = putInt(target, at, members);
            for (int i = 0; i < members; i++) {
                at = header(GeometryTypeCode.POINT, flags, 0, target, at);
                at = point((Point) geometry.getGeometryN(i), flags, target, at);
            }
        } else if (geometry instanceof MultiLineString) {
            at = header(GeometryTypeCode.MULTILINESTRING, flags, srid, target, at);
            at = putInt(target, at, members);
            for (int i = 0; i < members; i++) {
                at = header(GeometryTypeCode.LINESTRING, flags, 0, target, at);
                LineString line = (LineString) geometry.getGeometryN(i);
                at = line(line.getCoordinateSequence(), flags, target, at);
            }
        } else {
            at = header(GeometryTypeCode.MULTIPOLYGON, flags, srid, target, at);
            at = putInt(target, at, members);
            for (int i = 0; i < members; i++) {
                at = header(GeometryTypeCode.POLYGON, flags, 0, target, at);
                at = polygonBody((Polygon) geometry.getGeometryN(i), flags, target, at);
            }
        }
        return at;
    }

    private int header(int type, int flags, int srid, byte[] target, int at) {
        if (iso) {
            int isoType =
                    type
                            + ((flags & CoordinateTypeRule.Z) != 0 ? 1000 : 0)
                            + ((flags & CoordinateTypeRule.M) != 0 ? 2000 : 0);
            target[at] = Wkb.LITTLE_ENDIAN;
            RawBytes.putIntLE(target, at + 1, isoType);
            return at + Wkb.HEADER_BYTES;
        }
        int typeWord = type;
        if ((flags & CoordinateTypeRule.Z) != 0) {
            typeWord |= Wkb.Z_FLAG;
        }
        if ((flags & CoordinateTypeRule.M) != 0) {
            typeWord |= Wkb.M_FLAG;
        }
        if (srid != 0) {
            typeWord |= Wkb.SRID_FLAG;
        }
        target[at] = Wkb.LITTLE_ENDIAN;
        RawBytes.putIntLE(target, at + 1, typeWord);
        if (srid == 0) {
            return at + Wkb.HEADER_BYTES;
        }
        RawBytes.putIntLE(target, at + Wkb.HEADER_BYTES, srid);
        return at + Wkb.HEADER_BYTES + 4;
    }

    private static int putInt(byte[] target, int at, int value) {
        RawBytes.putIntLE(target, at, value);
        return at + 4;
    }

    /** An empty point is written as NaN ordinates. */
    private static int point(Point point, int flags, byte[] target, int at) {
        CoordinateSequence sequence = point.getCoordinateSequence();
        if (sequence.size() == 0) {
            return CoordinateWriter.nan(flags, target, at);
        }
        return CoordinateWriter.write(sequence, flags, target, at, true);
    }

    private static int line(CoordinateSequence sequence, int flags, byte[] target, int at) {
        at = putInt(target, at, sequence.size());
        return CoordinateWriter.write(sequence, flags, target, at, true);
    }

    private static int polygonBody(Polygon polygon, int flags, byte[] target, int at) {
        if (polygon.getExteriorRing().isEmpty()) {
            return putInt(target, at, 0);
        }
        int holes = polygon.getNumInteriorRing();
        at = putInt(target, at, holes + 1);
        at = line(polygon.getExteriorRing().getCoordinateSequence(), flags, target, at);
        for (int i = 0; i < holes; i++) {
            at = line(polygon.getInteriorRingN(i).getCoordinateSequence(), flags, target, at);
        }
        return at;
    }
}
