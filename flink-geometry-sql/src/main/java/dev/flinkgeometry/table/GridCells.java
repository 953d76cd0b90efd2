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
package dev.flinkgeometry.table;

import org.apache.flink.annotation.PublicEvolving;
import org.locationtech.jts.geom.Geometry;

/**
 * The square grid that partitions a spatial join ({@code ST_GridCell}, {@code ST_GridCover}, the
 * {@code GEOFENCE} function, {@code ZoneIndex}): cell {@code (i, j)} of size {@code s} holds the
 * points with {@code floor(x / s) == i} and {@code floor(y / s) == j}; its id is {@code i} in the
 * high 32 bits and {@code j} in the low 32 bits of a {@code long}. The cover of a geometry is every
 * cell meeting the box PostGIS keeps for it (rounded outward to floats). A point for which
 * PostGIS's {@code ST_Contains}, {@code ST_Covers} or {@code ST_Intersects} with a polygon can be
 * true lies in that box, and {@code floor(x / s)} is monotonic in {@code x}, so the point's cell is
 * in the polygon's cover: partitioning by these cells never loses a match, and a point, having one
 * cell, meets each polygon in one partition at most.
 */
@PublicEvolving
public final class GridCells {
    /** The most cells {@link #cover} gives unless told otherwise. */
    public static final int DEFAULT_MAX_CELLS = 65_536;

    private GridCells() {}

    /** The cell of the point {@code (x, y)}; fails on a size or coordinate no cell id can hold. */
    public static long cellOf(double x, double y, double size) {
        checkSize(size);
        return id(index(x, size, "x"), index(y, size, "y"));
    }

    /**
     * The cells meeting the PostGIS box of {@code geometry}, by column then row; none for an empty
     * geometry. Fails, before allocating, when there would be more than {@code maxCells}.
     */
    public static long[] cover(Geometry geometry, double size, int maxCells) {
        checkSize(size);
        if (geometry.isEmpty()) {
            return new long[0];
        }
        PostgisBox box = PostgisBox.of(geometry);
        long minI = index(box.minX(), size, "x");
        long maxI = index(box.maxX(), size, "x");
        long minJ = index(box.minY(), size, "y");
        long maxJ = index(box.maxY(), size, "y");
        long count = (maxI - minI + 1) * (maxJ - minJ + 1);
        if (count > maxCells) {
            throw new IllegalArgumentException(
                    "the cover of a "
                            + geometry.getGeometryType()
                            + " with box ("
                            + box.minX()
                            + " "
                            + box.minY()
                            + ", "
                            + box.maxX()
                            + " "
                            + box.maxY()
                            + ") by cells of size "
                            + size
                            + " has "
                            + count
                            + " cells, more than the "
                            + maxCells
                            + " allowed: choose a larger cell size, or allow more cells");
        }
        long[] cells = new long[(int) count];
        int n = 0;
        for (long i = minI; i <= maxI; i++) {
            for (long j = minJ; j <= maxJ; j++) {
                cells[n++] = id(i, j);
            }
        }
        return cells;
    }

    /** The column of a cell id. */
    public static int column(long cell) {
        return (int) (cell >> 32);
    }

    /** The row of a cell id. */
    public static int row(long cell) {
        return (int) cell;
    }

    private static long id(long i, long j) {
        return (i << 32) | (j & 0xFFFF_FFFFL);
    }

    private static long index(double coordinate, double size, String axis) {
        double index = Math.floor(coordinate / size);
        if (!(index >= Integer.MIN_VALUE && index <= Integer.MAX_VALUE)) {
            throw new IllegalArgumentException(
                    axis
                            + " = "
                            + coordinate
                            + " is in no cell of size "
                            + size
                            + ": a cell index holds 32 bits (choose a larger size)");
        }
        return (long) index;
    }

    private static void checkSize(double size) {
        if (!(size > 0 && size < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException(
                    "a cell size must be a positive finite number, got " + size);
        }
    }
}
