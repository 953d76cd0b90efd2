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

import dev.flinkgeometry.table.GridCells;
import dev.flinkgeometry.table.ZonePredicate;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.typeutils.TupleTypeInfo;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.locationtech.jts.geom.Point;

/**
 * Geofences in the DataStream API: each fix matched against the zones as they are when it arrives
 * (zones from a changelog of {@link ZoneChange}s: later fixes see the changes), one output {@code
 * (fix, zone)} per matching zone, the predicate answered as PostGIS answers it. Fixes are never
 * kept; the zones are Flink state typed with {@code GeometrySerializer}, so they are exactly what a
 * checkpoint or savepoint holds, and restore also at another parallelism.
 *
 * <ul>
 *   <li>{@link #broadcast}: every task holds every zone (broadcast state and a {@code ZoneIndex}):
 *       when all zones fit in one task's memory (about 48 bytes a point, plus a copy in broadcast
 *       state on the heap backend). No shuffle of the fixes.
 *   <li>{@link #partitioned}: fixes hashed by grid cell, each cell holding the zones of whose cover
 *       it is ({@link GridCells}): when the zones do not fit in one task, or change often.
 * </ul>
 *
 * <p>The geofence operator has the uid {@code name}; the partitioned form adds {@code name-covers}
 * and {@code name-positioned}.
 */
@PublicEvolving
public final class Geofences {
    private Geofences() {}

    /** The zones broadcast to every task. */
    public static <F> SingleOutputStreamOperator<Tuple2<F, String>> broadcast(
            String name,
            DataStream<F> fixes,
            PositionOf<F> position,
            DataStream<ZoneChange> zones,
            ZonePredicate predicate) {
        BroadcastGeofence<F> geofence = new BroadcastGeofence<>(position, predicate);
        return fixes.connect(zones.broadcast(geofence.zonesDescriptor()))
                .process(geofence, matches(fixes))
                .name(name)
                .uid(name);
    }

    /** The zones partitioned by grid cells of {@code cellSize}, the fixes hashed by cell. */
    public static <F> SingleOutputStreamOperator<Tuple2<F, String>> partitioned(
            String name,
            DataStream<F> fixes,
            PositionOf<F> position,
            DataStream<ZoneChange> zones,
            double cellSize,
            ZonePredicate predicate) {
        DataStream<CellZone> cells =
                zones.keyBy(change -> change.zone, Types.STRING)
                        .process(
                                new ZoneCovers(cellSize, GridCells.DEFAULT_MAX_CELLS),
                                CellZone.typeInfo())
                        .name(name + " covers")
                        .uid(name + "-covers");
        DataStream<F> located =
                fixes.filter(fix -> hasPoint(position.apply(fix)))
                        .name(name + " positioned")
                        .uid(name + "-positioned");
        return located.keyBy(fix -> cellOf(position.apply(fix), cellSize), Types.LONG)
                .connect(cells.keyBy(change -> change.cell, Types.LONG))
                .process(new CellGeofence<>(position, predicate), matches(fixes))
                .name(name)
                .uid(name);
    }

    private static <F> TypeInformation<Tuple2<F, String>> matches(DataStream<F> fixes) {
        return new TupleTypeInfo<>(fixes.getType(), Types.STRING);
    }

    private static boolean hasPoint(Point point) {
        return point != null && !point.isEmpty();
    }

    private static long cellOf(Point point, double cellSize) {
        return GridCells.cellOf(point.getX(), point.getY(), cellSize);
    }
}
