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
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.state.BroadcastState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ReadOnlyBroadcastState;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.functions.co.BroadcastProcessFunction;
import org.apache.flink.util.Collector;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;

/**
 * The broadcast geofence of {@link Geofences#broadcast}: every task holds every zone, in broadcast
 * state (zone to shape, typed with {@code GeometrySerializer}) and in a {@link ZoneIndex} rebuilt
 * from that state on the first fix after a start or restore.
 */
@Internal
final class BroadcastGeofence<F>
        extends BroadcastProcessFunction<F, ZoneChange, Tuple2<F, String>> {
    private static final long serialVersionUID = 1L;

    private final MapStateDescriptor<String, Geometry> zonesDescriptor =
            new MapStateDescriptor<>("zones", Types.STRING, GeometryTypeInfo.of(Geometry.class));
    private final PositionOf<F> position;
    private final ZonePredicate predicate;

    private transient ZoneIndex<String> index;

    BroadcastGeofence(PositionOf<F> position, ZonePredicate predicate) {
        this.position = position;
        this.predicate = predicate;
    }

    MapStateDescriptor<String, Geometry> zonesDescriptor() {
        return zonesDescriptor;
    }

    @Override
    public void processElement(F fix, ReadOnlyContext ctx, Collector<Tuple2<F, String>> out)
            throws Exception {
        Point point = position.apply(fix);
        if (point == null) {
            return;
        }
        for (String zone : index(ctx.getBroadcastState(zonesDescriptor)).matches(point)) {
            out.collect(Tuple2.of(fix, zone));
        }
    }

    @Override
    public void processBroadcastElement(
            ZoneChange change, Context ctx, Collector<Tuple2<F, String>> out) throws Exception {
        BroadcastState<String, Geometry> zones = ctx.getBroadcastState(zonesDescriptor);
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
    }

    private ZoneIndex<String> index(ReadOnlyBroadcastState<String, Geometry> zones)
            throws Exception {
        if (index == null) {
            index = new ZoneIndex<>(predicate);
            for (Map.Entry<String, Geometry> zone : zones.immutableEntries()) {
                index.put(zone.getKey(), zone.getValue());
            }
        }
        return index;
    }
}
