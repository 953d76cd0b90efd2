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
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.dataview.MapView;
import org.apache.flink.types.Row;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.index.strtree.STRtree;

/**
 * The zones of the partitions one task of {@link Geofence} has met, read from state and indexed:
 * per partition the zone rows, and an {@link STRtree} of their boxes when there are more than
 * {@value #TREE_FROM} of them; then the exact predicate. A cache, never the truth: a zone change
 * drops its partition's entry, a restore starts empty, and an entry is rebuilt from state on the
 * next fix. Bounded: at most {@value #MAX_CELLS} partitions and {@value #MAX_POINTS} points of held
 * zones, least recently used first out; a partition heavier than that is read from state for every
 * fix.
 */
@Internal
final class ZoneCells {
    static final int TREE_FROM = 16;
    static final int MAX_CELLS = 65_536;
    static final long MAX_POINTS = 2_000_000L;

    private final StPredicate predicate;
    private final int zoneColumn;
    private final LinkedHashMap<Object, Cell> cells = new LinkedHashMap<>(16, 0.75f, true);
    private final long maxPoints;
    private long points;

    ZoneCells(StPredicate.Predicate predicate, int zoneColumn) {
        this(predicate, zoneColumn, MAX_POINTS);
    }

    ZoneCells(StPredicate.Predicate predicate, int zoneColumn, long maxPoints) {
        this.predicate = new StPredicate(predicate);
        this.zoneColumn = zoneColumn;
        this.maxPoints = maxPoints;
    }

    /** Forgets what is held of partition {@code cell}, whose zones changed. */
    void changed(Object cell) {
        Cell held = cells.remove(cell);
        if (held != null) {
            points -= held.points;
        }
    }

    /** The zone rows of partition {@code cell} ({@code state}) for which the predicate holds. */
    List<Row> matches(Object cell, MapView<Object, Row> state, Geometry fix) throws Exception {
        Cell zones = cells.get(cell);
        if (zones == null) {
            zones = read(state);
            if (zones.rows.length == 0) {
                return Collections.emptyList();
            }
            if (zones.points <= maxPoints) {
                cells.put(cell, zones);
                points += zones.points;
                evict();
            }
        }
        return zones.matches(fix);
    }

    int size() {
        return cells.size();
    }

    long points() {
        return points;
    }

    private Cell read(MapView<Object, Row> state) throws Exception {
        List<Row> rows = new ArrayList<>();
        for (Row row : state.values()) {
            rows.add(row);
        }
        return new Cell(rows.toArray(new Row[0]));
    }

    private void evict() {
        Iterator<Map.Entry<Object, Cell>> eldest = cells.entrySet().iterator();
        while (cells.size() > MAX_CELLS || points > maxPoints) {
            points -= eldest.next().getValue().points;
            eldest.remove();
        }
    }

    /** The zones of one partition. */
    private final class Cell {
        final Row[] rows;
        final Geometry[] shapes;
        final STRtree tree;
        final long points;

        Cell(Row[] rows) {
            this.rows = rows;
            this.shapes = new Geometry[rows.length];
            long held = 0;
            for (int i = 0; i < rows.length; i++) {
                shapes[i] = (Geometry) rows[i].getField(zoneColumn);
                held += 1 + (shapes[i] == null ? 0 : shapes[i].getNumPoints());
            }
            this.points = held;
            if (rows.length > TREE_FROM) {
                tree = new STRtree();
                for (int i = 0; i < rows.length; i++) {
                    if (shapes[i] != null && !shapes[i].isEmpty()) {
                        tree.insert(shapes[i].getEnvelopeInternal(), i);
                    }
                }
                tree.build();
            } else {
                tree = null;
            }
        }

        List<Row> matches(Geometry fix) {
            List<Row> matches = new ArrayList<>(1);
            if (tree == null) {
                for (int i = 0; i < rows.length; i++) {
                    test(i, fix, matches);
                }
            } else if (!fix.isEmpty()) {
                // a candidate's box meets the fix's; the predicate decides, as PostGIS does,
                // after its own box test (PostGIS's boxes are wider than JTS's envelopes)
                for (Object i : tree.query(widened(fix))) {
                    test((Integer) i, fix, matches);
                }
            }
            return matches;
        }

        private void test(int i, Geometry fix, List<Row> matches) {
            if (shapes[i] != null && Boolean.TRUE.equals(predicate.eval(shapes[i], fix))) {
                matches.add(rows[i]);
            }
        }
    }

    /**
     * The fix's envelope grown by the float rounding of PostGIS's boxes: a zone whose JTS envelope
     * misses it by less than that can still pass PostGIS's box test.
     */
    private static Envelope widened(Geometry fix) {
        Envelope e = new Envelope(fix.getEnvelopeInternal());
        double slack =
                Math.max(
                        Math.max(Math.abs(e.getMinX()), Math.abs(e.getMaxX())),
                        Math.max(Math.abs(e.getMinY()), Math.abs(e.getMaxY())));
        // a float has 24 bits of mantissa: rounding to a float moves a value by at most 2^-24
        // of it
        e.expandBy(Math.ulp((float) slack) * 2.0 + Double.MIN_NORMAL);
        return e;
    }
}
