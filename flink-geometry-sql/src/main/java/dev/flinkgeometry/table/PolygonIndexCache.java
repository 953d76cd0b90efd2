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
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;

/**
 * The indexed rings ({@link PointInPolygon#indexed}) of the polygons a predicate met lately, so
 * that a geofence testing many fixes against the same zone objects (a join's state on the hashmap
 * backend) indexes each zone once. Owned by one function instance (one task thread); nothing is
 * shared.
 *
 * <p>Keyed by the zone object's identity: an updated zone is a new row and a new object, so it
 * never meets the entry of its old shape. Objects Flink hands out from state must not be changed in
 * place (Flink's contract; the heap backend would see the change too); as a guard, an entry serves
 * only while the object's envelope equals the one it had when indexed, which catches a change in
 * place that moves the box (after {@code geometryChanged()}, as JTS requires), not one that keeps
 * it. A zone is indexed the second time it is met: where every access gives a new object (RocksDB
 * deserializes state on each access) no index is built in vain, and the rings are read directly, as
 * without the cache. Bounded: at most {@code maxEntries} entries and {@code maxWeight} 4-byte
 * words, least recently used first out. An entry weighs its index's ints and {@value #POINT_WEIGHT}
 * words per point of the polygon it holds (the index reads the polygon's own sequences, and the key
 * keeps the object alive; on RocksDB every entry holds a deserialized copy that state no longer
 * does), so the bound covers the polygons held too. A polygon heavier than the whole bound is read
 * directly and never held. Polygons of fewer than {@link #MIN_POINTS} points are read directly.
 */
@Internal
final class PolygonIndexCache {
    static final int MIN_POINTS = 16;
    static final int DEFAULT_MAX_ENTRIES = 256;
    static final long DEFAULT_MAX_WEIGHT = 4_000_000L;

    /**
     * The words a held point weighs: in JTS's default sequences a {@code Coordinate} object and its
     * reference, about 48 bytes.
     */
    static final int POINT_WEIGHT = 12;

    private final int maxEntries;
    private final long maxWeight;
    private final LinkedHashMap<Identity, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
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
        int points = polygonal.getNumPoints();
        long held = (long) points * POINT_WEIGHT;
        // an index has at least one int per segment
        if (points < MIN_POINTS || held + points > maxWeight) {
            return PointInPolygon.of(polygonal);
        }
        Identity key = new Identity(polygonal);
        Envelope envelope = polygonal.getEnvelopeInternal();
        Entry entry = entries.get(key);
        if (entry == null || !entry.envelope.equals(envelope)) {
            if (entry != null) {
                weight -= entry.weight;
            }
            entries.put(key, new Entry(envelope, null, held));
            weight += held;
            evict();
            return PointInPolygon.of(polygonal);
        }
        if (entry.index == null) {
            PointInPolygon index = PointInPolygon.indexed(polygonal);
            long indexWeight = held + index.indexSize();
            if (indexWeight > maxWeight) {
                entries.remove(key);
                weight -= entry.weight;
                return index;
            }
            entries.put(key, new Entry(envelope, index, indexWeight));
            weight += indexWeight - entry.weight;
            evict();
            return index;
        }
        return entry.index;
    }

    private void evict() {
        Iterator<Map.Entry<Identity, Entry>> eldest = entries.entrySet().iterator();
        while (entries.size() > maxEntries || weight > maxWeight) {
            weight -= eldest.next().getValue().weight;
            eldest.remove();
        }
    }

    int size() {
        return entries.size();
    }

    long weight() {
        return weight;
    }

    private static final class Entry {
        final Envelope envelope;
        final PointInPolygon index;
        final long weight;

        Entry(Envelope envelope, PointInPolygon index, long weight) {
            this.envelope = envelope;
            this.index = index;
            this.weight = weight;
        }
    }

    /** A geometry object by identity. */
    private static final class Identity {
        final Geometry geometry;

        Identity(Geometry geometry) {
            this.geometry = geometry;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(geometry);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Identity && ((Identity) other).geometry == geometry;
        }
    }
}
