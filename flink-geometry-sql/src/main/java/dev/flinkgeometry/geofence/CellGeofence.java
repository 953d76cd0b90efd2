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
package dev.flinkgeometry.geofence;

import dev.flinkgeometry.serializer.GeometryTypeInfo;
import dev.flinkgeometry.table.ZoneIndex;
import dev.flinkgeometry.table.ZonePredicate;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.functions.co.KeyedCoProcessFunction;
import org.apache.flink.util.Collector;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;

/**
 * The partitioned geofence of {@link Geofences#partitioned}, keyed by cell: per cell the zones of
 * whose cover it is, in {@code MapState} (zone to shape, typed with {@code GeometrySerializer});
 * per task a {@link ZoneIndex} of each cell met lately, built from that state on first use, kept up
 * to date with the cell's changes, and bounded ({@value #MAX_CELLS} cells, {@value #MAX_POINTS}
 * points, least recently used first out).
 */
@Internal
final class CellGeofence<F> extends KeyedCoProcessFunction<Long, F, CellZone, Tuple2<F, String>> {
    private static final long serialVersionUID = 1L;

    static final int MAX_CELLS = 65_536;
    static final long MAX_POINTS = 2_000_000L;

    private final PositionOf<F> position;
    private final ZonePredicate predicate;

    private transient MapState<String, Geometry> zones;
    private transient LinkedHashMap<Long, ZoneIndex<String>> indexes;
    private transient long points;

    CellGeofence(PositionOf<F> position, ZonePredicate predicate) {
        this.position = position;
        this.predicate = predicate;
    }

    @Override
    public void open(OpenContext context) {
        zones =
                getRuntimeContext()
                        .getMapState(
                                new MapStateDescriptor<>(
                                        "zones",
                                        Types.STRING,
                                        GeometryTypeInfo.of(Geometry.class)));
        indexes = new LinkedHashMap<>(16, 0.75f, true);
    }

    @Override
    public void processElement1(F fix, Context ctx, Collector<Tuple2<F, String>> out)
            throws Exception {
        Point point = position.apply(fix);
        ZoneIndex<String> index = index(ctx.getCurrentKey());
        for (String zone : index.matches(point)) {
            out.collect(Tuple2.of(fix, zone));
        }
    }

    @Override
    public void processElement2(CellZone change, Context ctx, Collector<Tuple2<F, String>> out)
            throws Exception {
        ZoneIndex<String> index = indexes.get(change.cell);
        if (index != null) {
            points -= index.points();
        }
        if (change.shape == null) {
            zones.remove(change.zone);
            if (index != null) {
                index.remove(change.zone);
            }
        } else {
            zones.put(change.zone, change.shape);
            if (index != null) {
                index.put(change.zone, change.shape);
            }
        }
        if (index != null) {
            points += index.points();
            evict();
        }
    }

    private ZoneIndex<String> index(long cell) throws Exception {
        ZoneIndex<String> index = indexes.get(cell);
        if (index == null) {
            index = new ZoneIndex<>(predicate);
            for (Map.Entry<String, Geometry> zone : zones.entries()) {
                index.put(zone.getKey(), zone.getValue());
            }
            indexes.put(cell, index);
            points += index.points();
            evict();
        }
        return index;
    }

    private void evict() {
        Iterator<Map.Entry<Long, ZoneIndex<String>>> eldest = indexes.entrySet().iterator();
        // the newest entry stays: the fix at hand uses it
        while (indexes.size() > 1 && (indexes.size() > MAX_CELLS || points > MAX_POINTS)) {
            points -= eldest.next().getValue().points();
            eldest.remove();
        }
    }
}
