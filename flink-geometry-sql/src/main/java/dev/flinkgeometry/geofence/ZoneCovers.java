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
import java.util.Arrays;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;

/**
 * Turns the changes of a zone (keyed by zone) into changes per cell of its cover: the new shape
 * into every cell of the new cover, a removal from every cell of the old cover that the new one
 * lacks. Keeps each zone's cover (a {@code long[]}) in keyed state.
 */
@Internal
final class ZoneCovers extends KeyedProcessFunction<String, ZoneChange, CellZone> {
    private static final long serialVersionUID = 1L;

    private final double cellSize;
    private final int maxCells;
    private transient ValueState<long[]> covers;

    ZoneCovers(double cellSize, int maxCells) {
        GridCells.cellOf(0, 0, cellSize); // refuses a bad size when the job is built
        this.cellSize = cellSize;
        this.maxCells = maxCells;
    }

    @Override
    public void open(OpenContext context) {
        covers =
                getRuntimeContext()
                        .getState(
                                new ValueStateDescriptor<>(
                                        "cover",
                                        PrimitiveArrayTypeInfo.LONG_PRIMITIVE_ARRAY_TYPE_INFO));
    }

    @Override
    public void processElement(ZoneChange change, Context ctx, Collector<CellZone> out)
            throws Exception {
        long[] old = covers.value();
        long[] cover =
                change.shape == null
                        ? new long[0]
                        : GridCells.cover(change.shape, cellSize, maxCells);
        Arrays.sort(cover);
        if (old != null) {
            for (long cell : old) {
                if (Arrays.binarySearch(cover, cell) < 0) {
                    out.collect(new CellZone(cell, change.zone, null));
                }
            }
        }
        for (long cell : cover) {
            out.collect(new CellZone(cell, change.zone, change.shape));
        }
        if (cover.length == 0) {
            covers.clear();
        } else {
            covers.update(cover);
        }
    }
}
