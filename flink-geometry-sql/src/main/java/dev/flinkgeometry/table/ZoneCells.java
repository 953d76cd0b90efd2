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
import org.locationtech.jts.geom.Geometry;

/**
 * The zones of the partitions one task of {@link Geofence} has met, read from state and indexed:
 * per partition the zone rows in a {@link ZoneIndex}. A cache, never the truth: a zone change drops
 * its partition's entry, a restore starts empty, and an entry is rebuilt from state on the next
 * fix. Bounded: at most {@value #MAX_CELLS} partitions and {@value #MAX_POINTS} points of held
 * zones, least recently used first out; a partition heavier than that is read from state for every
 * fix.
 */
@Internal
final class ZoneCells {
    static final int MAX_CELLS = 65_536;
    static final long MAX_POINTS = 2_000_000L;

    private final ZonePredicate predicate;
    private final int zoneColumn;
    private final LinkedHashMap<Object, Cell> cells = new LinkedHashMap<>(16, 0.75f, true);
    private final long maxPoints;
    private long points;

    ZoneCells(ZonePredicate predicate, int zoneColumn) {
        this(predicate, zoneColumn, MAX_POINTS);
    }

    ZoneCells(ZonePredicate predicate, int zoneColumn, long maxPoints) {
        this.predicate = predicate;
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
        final ZoneIndex<Integer> index;
        final long points;

        Cell(Row[] rows) {
            this.rows = rows;
            this.index = new ZoneIndex<>(predicate);
            for (int i = 0; i < rows.length; i++) {
                index.put(i, (Geometry) rows[i].getField(zoneColumn));
            }
            this.points = index.points();
        }

        List<Row> matches(Geometry fix) {
            List<Row> matches = new ArrayList<>(1);
            for (int i : index.matches(fix)) {
                matches.add(rows[i]);
            }
            return matches;
        }
    }
}
