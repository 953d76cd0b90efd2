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
package dev.flinkgeometry.serializer.legacy;

import dev.flinkgeometry.format.CoordinateLayout;
import dev.flinkgeometry.format.GeometryFormat;
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
 * Writes JTS geometries as extended (PostGIS EWKB) little-endian WKB, in two passes: {@link
 * #prepare} validates the geometry, decides the Z/M flags of every header and returns the exact
 * size; {@link #writeTo} then writes the bytes in one pass.
 *
 * <p>The output is a pure function of the geometry's type, structure, coordinate values and
 * top-level SRID. The Z (M) flag of a header is set if and only if some coordinate under it has a
 * non-NaN Z (M), by the same rule as the aligned format ({@link GeometryFormat#layoutOf}); a
 * geometry collection's header carries the union of its members' flags, each member being decided
 * on its own values. The SRID is written, with the SRID flag, on the top level only and only when
 * it is not 0.
 *
 * <p>An instance keeps the prepared state and is not thread-safe; it allocates nothing per record
 * once its small internal array has grown to the largest number of headers seen.
 */
final class WkbWriter {
    /** ISO WKB instead of EWKB: Z and M as 1000/2000/3000 added to the type code, no SRID. */
    private final boolean iso;

    /** Per decided header, in pre-order: its layout (simple geometries and collections only). */
    private CoordinateLayout[] layouts = new CoordinateLayout[1];

    private int headers;
    private int cursor;
    private Geometry prepared;

    /** An extended (PostGIS EWKB) writer: what {@link WkbGeometrySerializer} writes. */
    WkbWriter() {
        this(false);
    }

    /** An ISO WKB writer if {@code iso}, else an EWKB one. */
    WkbWriter(boolean iso) {
        this.iso = iso;
    }

    /**
     * Validates {@code geometry} and returns the number of bytes {@link #writeTo} will write.
     *
     * @throws WkbFormatException if the geometry cannot be written: collections nested deeper than
     *     {@link Wkb#MAX_NESTING_DEPTH}, more than {@link Wkb#MAX_BYTES} bytes, or an unknown
     *     geometry class
     */
    int prepare(Geometry geometry) throws WkbFormatException {
        prepared = null;
        headers = 0;
        long size = measure(geometry, 0);
        if (!iso && geometry.getSRID() != 0) {
            size += 4;
        }
        if (size > Wkb.MAX_BYTES) {
            throw new WkbFormatException(
                    geometry.getGeometryType()
                            + " needs "
                            + size
                            + " bytes of WKB, more than the largest record ("
                            + Wkb.MAX_BYTES
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
    int writeTo(byte[] target, int offset) {
        if (prepared == null) {
            throw new IllegalStateException("prepare(geometry) must succeed before writeTo");
        }
        cursor = 0;
        return write(prepared, target, offset, true);
    }

    /** Writes {@code geometry} into a new array of exactly its size. */
    byte[] write(Geometry geometry) throws WkbFormatException {
        byte[] bytes = new byte[prepare(geometry)];
        writeTo(bytes, 0);
        return bytes;
    }

    // ---------------------------------------------------------------------------------------
    // Size pass
    // ---------------------------------------------------------------------------------------

    /** The size without the top-level SRID; records the layouts of the headers. */
    private long measure(Geometry geometry, int depth) throws WkbFormatException {
        int index = headers++;
        if (index == layouts.length) {
            layouts = Arrays.copyOf(layouts, 2 * layouts.length);
        }
        if (isCollectionProper(geometry)) {
            return measureCollection((GeometryCollection) geometry, index, depth);
        }
        CoordinateLayout layout = GeometryFormat.layoutOf(geometry);
        layouts[index] = layout;
        long coordinateBytes = layout.bytes();
        long size = Wkb.HEADER_BYTES;
        if (geometry instanceof Point) {
            return size + coordinateBytes; // an empty point is written as NaN ordinates
        } else if (geometry instanceof LineString) {
            return size + 4 + coordinateBytes * geometry.getNumPoints();
        } else if (geometry instanceof Polygon) {
            return size + polygonBody((Polygon) geometry, coordinateBytes);
        } else if (geometry instanceof MultiPoint) {
            return size + 4 + (Wkb.HEADER_BYTES + coordinateBytes) * geometry.getNumGeometries();
        } else if (geometry instanceof MultiLineString) {
            int members = geometry.getNumGeometries();
            return size
                    + 4
                    + (Wkb.HEADER_BYTES + 4L) * members
                    + coordinateBytes * geometry.getNumPoints();
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
                + coordinateBytes * polygon.getNumPoints();
    }

    private long measureCollection(GeometryCollection collection, int index, int depth)
            throws WkbFormatException {
        if (depth >= Wkb.MAX_NESTING_DEPTH) {
            throw new WkbFormatException(
                    "geometry collections nested deeper than " + Wkb.MAX_NESTING_DEPTH + " levels");
        }
        boolean hasZ = false;
        boolean hasM = false;
        long size = Wkb.HEADER_BYTES + 4;
        for (int i = 0; i < collection.getNumGeometries(); i++) {
            int memberIndex = headers;
            size += measure(collection.getGeometryN(i), depth + 1);
            if (size > Wkb.MAX_BYTES) {
                return size; // prepare() reports it; no need to visit the rest
            }
            hasZ |= layouts[memberIndex].hasZ();
            hasM |= layouts[memberIndex].hasM();
        }
        layouts[index] = CoordinateLayout.of(hasZ, hasM);
        return size;
    }

    private static boolean isCollectionProper(Geometry geometry) {
        return geometry instanceof GeometryCollection
                && !(geometry instanceof MultiPoint)
                && !(geometry instanceof MultiLineString)
                && !(geometry instanceof MultiPolygon);
    }

    // ---------------------------------------------------------------------------------------
    // Write pass
    // ---------------------------------------------------------------------------------------

    private int write(Geometry geometry, byte[] target, int at, boolean top) {
        CoordinateLayout layout = layouts[cursor++];
        int srid = top ? geometry.getSRID() : 0;
        if (isCollectionProper(geometry)) {
            int members = geometry.getNumGeometries();
            at = header(Wkb.GEOMETRYCOLLECTION, layout, srid, target, at);
            at = putInt(target, at, members);
            for (int i = 0; i < members; i++) {
                at = write(geometry.getGeometryN(i), target, at, false);
            }
            return at;
        }
        if (geometry instanceof Point) {
            at = header(Wkb.POINT, layout, srid, target, at);
            return point((Point) geometry, layout, target, at);
        } else if (geometry instanceof LineString) {
            at = header(Wkb.LINESTRING, layout, srid, target, at);
            return line(((LineString) geometry).getCoordinateSequence(), layout, target, at);
        } else if (geometry instanceof Polygon) {
            at = header(Wkb.POLYGON, layout, srid, target, at);
            return polygonBody((Polygon) geometry, layout, target, at);
        }
        int members = geometry.getNumGeometries();
        if (geometry instanceof MultiPoint) {
            at = header(Wkb.MULTIPOINT, layout, srid, target, at);
            at = putInt(target, at, members);
            for (int i = 0; i < members; i++) {
                at = header(Wkb.POINT, layout, 0, target, at);
                at = point((Point) geometry.getGeometryN(i), layout, target, at);
            }
        } else if (geometry instanceof MultiLineString) {
            at = header(Wkb.MULTILINESTRING, layout, srid, target, at);
            at = putInt(target, at, members);
            for (int i = 0; i < members; i++) {
                at = header(Wkb.LINESTRING, layout, 0, target, at);
                LineString line = (LineString) geometry.getGeometryN(i);
                at = line(line.getCoordinateSequence(), layout, target, at);
            }
        } else {
            at = header(Wkb.MULTIPOLYGON, layout, srid, target, at);
            at = putInt(target, at, members);
            for (int i = 0; i < members; i++) {
                at = header(Wkb.POLYGON, layout, 0, target, at);
                at = polygonBody((Polygon) geometry.getGeometryN(i), layout, target, at);
            }
        }
        return at;
    }

    private int header(int type, CoordinateLayout layout, int srid, byte[] target, int at) {
        if (iso) {
            int isoType = type + (layout.hasZ() ? 1000 : 0) + (layout.hasM() ? 2000 : 0);
            target[at] = Wkb.LITTLE_ENDIAN;
            WkbBytes.putIntLE(target, at + 1, isoType);
            return at + Wkb.HEADER_BYTES;
        }
        int typeWord = type;
        if (layout.hasZ()) {
            typeWord |= Wkb.Z_FLAG;
        }
        if (layout.hasM()) {
            typeWord |= Wkb.M_FLAG;
        }
        if (srid != 0) {
            typeWord |= Wkb.SRID_FLAG;
        }
        target[at] = Wkb.LITTLE_ENDIAN;
        WkbBytes.putIntLE(target, at + 1, typeWord);
        if (srid == 0) {
            return at + Wkb.HEADER_BYTES;
        }
        WkbBytes.putIntLE(target, at + Wkb.HEADER_BYTES, srid);
        return at + Wkb.HEADER_BYTES + 4;
    }

    private static int putInt(byte[] target, int at, int value) {
        WkbBytes.putIntLE(target, at, value);
        return at + 4;
    }

    private static int point(Point point, CoordinateLayout layout, byte[] target, int at) {
        CoordinateSequence sequence = point.getCoordinateSequence();
        if (sequence.size() == 0) {
            for (int o = 0; o < layout.ordinates(); o++, at += 8) {
                WkbBytes.putDoubleLE(target, at, Double.NaN);
            }
            return at;
        }
        return coordinates(sequence, 1, layout, target, at);
    }

    private static int line(
            CoordinateSequence sequence, CoordinateLayout layout, byte[] target, int at) {
        int size = sequence.size();
        at = putInt(target, at, size);
        return coordinates(sequence, size, layout, target, at);
    }

    private static int polygonBody(
            Polygon polygon, CoordinateLayout layout, byte[] target, int at) {
        if (polygon.getExteriorRing().isEmpty()) {
            return putInt(target, at, 0);
        }
        int holes = polygon.getNumInteriorRing();
        at = putInt(target, at, holes + 1);
        at = line(polygon.getExteriorRing().getCoordinateSequence(), layout, target, at);
        for (int i = 0; i < holes; i++) {
            at = line(polygon.getInteriorRingN(i).getCoordinateSequence(), layout, target, at);
        }
        return at;
    }

    /**
     * Writes the ordinates of {@code layout} for the first {@code count} coordinates; a sequence
     * without Z (M) contributes NaN for it, as {@link CoordinateSequence#getZ} does. One loop per
     * layout: no branch per ordinate.
     */
    private static int coordinates(
            CoordinateSequence sequence,
            int count,
            CoordinateLayout layout,
            byte[] target,
            int at) {
        if (sequence instanceof CoordinateArraySequence) {
            return coordinates(
                    ((CoordinateArraySequence) sequence).toCoordinateArray(),
                    count,
                    sequence.hasZ(),
                    sequence.hasM(),
                    layout,
                    target,
                    at);
        }
        switch (layout) {
            case XY:
                for (int i = 0; i < count; i++, at += 16) {
                    WkbBytes.putDoubleLE(target, at, sequence.getX(i));
                    WkbBytes.putDoubleLE(target, at + 8, sequence.getY(i));
                }
                return at;
            case XYZ:
                for (int i = 0; i < count; i++, at += 24) {
                    WkbBytes.putDoubleLE(target, at, sequence.getX(i));
                    WkbBytes.putDoubleLE(target, at + 8, sequence.getY(i));
                    WkbBytes.putDoubleLE(target, at + 16, sequence.getZ(i));
                }
                return at;
            case XYM:
                for (int i = 0; i < count; i++, at += 24) {
                    WkbBytes.putDoubleLE(target, at, sequence.getX(i));
                    WkbBytes.putDoubleLE(target, at + 8, sequence.getY(i));
                    WkbBytes.putDoubleLE(target, at + 16, sequence.getM(i));
                }
                return at;
            default:
                for (int i = 0; i < count; i++, at += 32) {
                    WkbBytes.putDoubleLE(target, at, sequence.getX(i));
                    WkbBytes.putDoubleLE(target, at + 8, sequence.getY(i));
                    WkbBytes.putDoubleLE(target, at + 16, sequence.getZ(i));
                    WkbBytes.putDoubleLE(target, at + 24, sequence.getM(i));
                }
                return at;
        }
    }

    /** The {@code CoordinateArraySequence} path: reads the coordinate objects directly. */
    private static int coordinates(
            Coordinate[] coordinates,
            int count,
            boolean sequenceHasZ,
            boolean sequenceHasM,
            CoordinateLayout layout,
            byte[] target,
            int at) {
        switch (layout) {
            case XY:
                for (int i = 0; i < count; i++, at += 16) {
                    Coordinate c = coordinates[i];
                    WkbBytes.putDoubleLE(target, at, c.x);
                    WkbBytes.putDoubleLE(target, at + 8, c.y);
                }
                return at;
            case XYZ:
                for (int i = 0; i < count; i++, at += 24) {
                    Coordinate c = coordinates[i];
                    WkbBytes.putDoubleLE(target, at, c.x);
                    WkbBytes.putDoubleLE(target, at + 8, c.y);
                    WkbBytes.putDoubleLE(target, at + 16, sequenceHasZ ? c.getZ() : Double.NaN);
                }
                return at;
            case XYM:
                for (int i = 0; i < count; i++, at += 24) {
                    Coordinate c = coordinates[i];
                    WkbBytes.putDoubleLE(target, at, c.x);
                    WkbBytes.putDoubleLE(target, at + 8, c.y);
                    WkbBytes.putDoubleLE(target, at + 16, sequenceHasM ? c.getM() : Double.NaN);
                }
                return at;
            default:
                for (int i = 0; i < count; i++, at += 32) {
                    Coordinate c = coordinates[i];
                    WkbBytes.putDoubleLE(target, at, c.x);
                    WkbBytes.putDoubleLE(target, at + 8, c.y);
                    WkbBytes.putDoubleLE(target, at + 16, sequenceHasZ ? c.getZ() : Double.NaN);
                    WkbBytes.putDoubleLE(target, at + 24, sequenceHasM ? c.getM() : Double.NaN);
                }
                return at;
        }
    }
}
