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

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.annotation.PublicEvolving;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.index.strtree.STRtree;

/**
 * Zones in memory, indexed: which zones a fix lies in, as PostGIS decides it. Candidates come from
 * an {@link STRtree} of the zones' boxes (from 16 zones on; fewer are scanned), then the exact
 * {@link ZonePredicate}, whose rings are indexed too ({@code PolygonIndexCache}). A change marks
 * the index stale; the next query rebuilds it. Not thread-safe: one per task.
 *
 * <p>Memory: the zones themselves (about 48 bytes a point in JTS's default sequences), the tree
 * (about 100 bytes a zone), and the ring indexes of at most 256 zones and 16 MB.
 *
 * @param <K> the zone key
 */
@PublicEvolving
public final class ZoneIndex<K> {
    static final int TREE_FROM = 16;

    private final StPredicate predicate;
    private final Map<K, Geometry> zones = new LinkedHashMap<>();
    private long points;

    private boolean stale = true;
    private List<K> keys;
    private Geometry[] shapes;
    private STRtree tree;

    /** An empty index answering {@code predicate}. */
    public ZoneIndex(ZonePredicate predicate) {
        this.predicate = predicate.newFunction();
    }

    /** Puts zone {@code key} with {@code shape}, replacing any zone of that key. */
    public void put(K key, Geometry shape) {
        Geometry old = zones.put(key, shape);
        points += weight(shape) - (old == null ? 0 : weight(old));
        stale = true;
    }

    /** Removes zone {@code key}, if there is one. */
    public void remove(K key) {
        Geometry old = zones.remove(key);
        if (old != null) {
            points -= weight(old);
            stale = true;
        }
    }

    /** The number of zones. */
    public int size() {
        return zones.size();
    }

    /** The points of all zones, and one more per zone: what the index holds in memory. */
    public long points() {
        return points;
    }

    /**
     * The keys of the zones for which the predicate of {@code (zone, fix)} is true, in the order
     * the zones were put. Fails, as PostGIS does, when it compares the fix with a zone of another
     * SRID (a candidate of the tree, or any zone of a small index).
     */
    public List<K> matches(Geometry fix) {
        if (fix == null || zones.isEmpty()) {
            return Collections.emptyList();
        }
        if (stale) {
            rebuild();
        }
        List<K> matches = new ArrayList<>(1);
        if (tree == null) {
            for (int i = 0; i < shapes.length; i++) {
                test(i, fix, matches);
            }
            return matches;
        }
        if (fix.isEmpty()) {
            return matches;
        }
        @SuppressWarnings("unchecked")
        List<Integer> candidates = tree.query(widened(fix));
        Collections.sort(candidates);
        for (int i : candidates) {
            test(i, fix, matches);
        }
        return matches;
    }

    private void test(int i, Geometry fix, List<K> matches) {
        if (Boolean.TRUE.equals(predicate.eval(shapes[i], fix))) {
            matches.add(keys.get(i));
        }
    }

    private void rebuild() {
        keys = new ArrayList<>(zones.size());
        List<Geometry> held = new ArrayList<>(zones.size());
        for (Map.Entry<K, Geometry> zone : zones.entrySet()) {
            if (zone.getValue() != null) {
                keys.add(zone.getKey());
                held.add(zone.getValue());
            }
        }
        shapes = held.toArray(new Geometry[0]);
        tree = null;
        if (shapes.length >= TREE_FROM) {
            tree = new STRtree();
            for (int i = 0; i < shapes.length; i++) {
                if (!shapes[i].isEmpty()) {
                    tree.insert(shapes[i].getEnvelopeInternal(), i);
                }
            }
            tree.build();
        }
        stale = false;
    }

    private static long weight(Geometry shape) {
        return 1 + (shape == null ? 0 : shape.getNumPoints());
    }

    /**
     * The fix's envelope grown by the float rounding of PostGIS's boxes: a zone whose JTS envelope
     * misses the fix by less than that can still pass PostGIS's box test, and the predicate makes
     * that test itself.
     */
    private static Envelope widened(Geometry fix) {
        Envelope e = new Envelope(fix.getEnvelopeInternal());
        double largest =
                Math.max(
                        Math.max(Math.abs(e.getMinX()), Math.abs(e.getMaxX())),
                        Math.max(Math.abs(e.getMinY()), Math.abs(e.getMaxY())));
        // rounding to a float moves a value by less than one float ulp of it
        e.expandBy(2.0 * Math.ulp((float) largest) + Double.MIN_NORMAL);
        return e;
    }
}
