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

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Polygon;

/**
 * The indexed rings ({@link PointInPolygon#indexed}) of the polygons a predicate met lately, so
 * that a geofence testing many fixes against the same zones builds each zone's index once. Owned
 * by one function instance (one task thread); nothing is shared.
 *
 * <p>Keyed by content: the exact bits of every x and y and the ring structure, hashed on each
 * lookup and compared exactly on a hit. A zone whose geometry changed (an update in a changelog, or
 * the same object changed in place) has other content and so never meets the entry of its old
 * shape; the entry holds a copy of the polygon it indexed, never the caller's object. Works the
 * same whether the state backend hands out the same object each time (hashmap) or a new one
 * (RocksDB). Bounded: at most {@code maxEntries} entries and {@code maxWeight} coordinates plus
 * index ints, least recently used first out; a polygon heavier than the whole bound is indexed for
 * the call and not kept. Polygons of fewer than {@link #MIN_POINTS} points are not indexed: their
 * rings are read directly, which is as fast.
 */
@Internal
final class PolygonIndexCache {
    static final int MIN_POINTS = 16;
    static final int DEFAULT_MAX_ENTRIES = 256;
    static final long DEFAULT_MAX_WEIGHT = 4_000_000L;

    private final int maxEntries;
    private final long maxWeight;
    private final LinkedHashMap<Content, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
    private long weight;

    PolygonIndexCache() {
        this(DEFAULT_MAX_ENTRIES, DEFAULT_MAX_WEIGHT);
    }

    PolygonIndexCache(int maxEntries, long maxWeight) {
        this.maxEntries = maxEntries;
        this.maxWeight = maxWeight;
    }

    /** Where points lie against {@code polygonal}, a non-empty polygon or multipolygon. */
    PointInPolygon get(Geometry polygonal) {
        if (polygonal.getNumPoints() < MIN_POINTS) {
            return PointInPolygon.of(polygonal);
        }
        Content key = new Content(polygonal);
        Entry entry = entries.get(key);
        if (entry != null) {
            return entry.index;
        }
        Geometry copy = polygonal.copy();
        PointInPolygon index = PointInPolygon.indexed(copy);
        long entryWeight = 2L * copy.getNumPoints() + index.indexSize();
        if (entryWeight > maxWeight) {
            return index;
        }
        entries.put(new Content(copy), new Entry(index, entryWeight));
        weight += entryWeight;
        Iterator<Map.Entry<Content, Entry>> eldest = entries.entrySet().iterator();
        while (entries.size() > maxEntries || weight > maxWeight) {
            weight -= eldest.next().getValue().weight;
            eldest.remove();
        }
        return index;
    }

    int size() {
        return entries.size();
    }

    long weight() {
        return weight;
    }

    private static final class Entry {
        final PointInPolygon index;
        final long weight;

        Entry(PointInPolygon index, long weight) {
            this.index = index;
            this.weight = weight;
        }
    }

    /** A polygonal geometry as its ring structure and the bits of its x and y. */
    private static final class Content {
        final Geometry polygonal;
        final int hash;

        Content(Geometry polygonal) {
            this.polygonal = polygonal;
            int h = polygonal.getNumGeometries();
            for (int i = 0; i < polygonal.getNumGeometries(); i++) {
                Polygon polygon = (Polygon) polygonal.getGeometryN(i);
                h = 31 * h + polygon.getNumInteriorRing();
                for (int r = 0; !polygon.isEmpty() && r <= polygon.getNumInteriorRing(); r++) {
                    CoordinateSequence ring = ring(polygon, r);
                    h = 31 * h + ring.size();
                    for (int c = 0; c < ring.size(); c++) {
                        h = 31 * h + Long.hashCode(Double.doubleToRawLongBits(ring.getX(c)));
                        h = 31 * h + Long.hashCode(Double.doubleToRawLongBits(ring.getY(c)));
                    }
                }
            }
            this.hash = h;
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object other) {
            if (!(other instanceof Content)) {
                return false;
            }
            Content that = (Content) other;
            if (that.hash != hash) {
                return false;
            }
            Geometry a = polygonal;
            Geometry b = that.polygonal;
            if ((a instanceof Polygon) != (b instanceof Polygon)
                    || a.getNumGeometries() != b.getNumGeometries()) {
                return false;
            }
            for (int i = 0; i < a.getNumGeometries(); i++) {
                Polygon pa = (Polygon) a.getGeometryN(i);
                Polygon pb = (Polygon) b.getGeometryN(i);
                if (pa.isEmpty() != pb.isEmpty()
                        || pa.getNumInteriorRing() != pb.getNumInteriorRing()) {
                    return false;
                }
                for (int r = 0; !pa.isEmpty() && r <= pa.getNumInteriorRing(); r++) {
                    if (!sameXy(ring(pa, r), ring(pb, r))) {
                        return false;
                    }
                }
            }
            return true;
        }

        private static CoordinateSequence ring(Polygon polygon, int r) {
            return (r == 0 ? polygon.getExteriorRing() : polygon.getInteriorRingN(r - 1))
                    .getCoordinateSequence();
        }

        private static boolean sameXy(CoordinateSequence a, CoordinateSequence b) {
            if (a.size() != b.size()) {
                return false;
            }
            for (int c = 0; c < a.size(); c++) {
                if (Double.doubleToRawLongBits(a.getX(c)) != Double.doubleToRawLongBits(b.getX(c))
                        || Double.doubleToRawLongBits(a.getY(c))
                                != Double.doubleToRawLongBits(b.getY(c))) {
                    return false;
                }
            }
            return true;
        }
    }
}
