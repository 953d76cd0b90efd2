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
package dev.flinkgeometry.examples;

import dev.flinkgeometry.serializer.GeometrySerializer;
import java.io.IOException;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;

/**
 * Per country: visit count, last position and convex hull of all positions, as keyed state; emits
 * each country's {@link CountryVisits} when the input ends.
 *
 * @param <K> the key: the country's shape in the main job, its id in the migration walk-through
 */
public final class TrackCountry<K> extends KeyedProcessFunction<K, Visit, CountryVisits> {
    private static final long serialVersionUID = 1L;

    // Descriptors are built here, on the client, where GeometryTypes registered the types (or the
    // caller chose them); they travel with the function, type information included.
    private final ValueStateDescriptor<Long> visitsDescriptor =
            new ValueStateDescriptor<>("visits", Long.class);
    private final ValueStateDescriptor<Integer> idDescriptor =
            new ValueStateDescriptor<>("id", Integer.class);
    private final ValueStateDescriptor<Point> lastDescriptor;
    private final ValueStateDescriptor<Geometry> hullDescriptor;

    private transient ValueState<Long> visits;
    private transient ValueState<Integer> countryId;
    private transient ValueState<Point> last;
    private transient ValueState<Geometry> hull;

    /** Geometry state with the types registered through {@code GeometryTypes}. */
    public TrackCountry() {
        this(TypeInformation.of(Point.class), TypeInformation.of(Geometry.class));
    }

    /** Geometry state with the given types (the migration walk-through's legacy WKB job). */
    public TrackCountry(TypeInformation<Point> pointType, TypeInformation<Geometry> geometryType) {
        lastDescriptor = new ValueStateDescriptor<>("last", pointType);
        hullDescriptor = new ValueStateDescriptor<>("hull", geometryType);
    }

    @Override
    public void open(OpenContext context) {
        visits = getRuntimeContext().getState(visitsDescriptor);
        countryId = getRuntimeContext().getState(idDescriptor);
        last = getRuntimeContext().getState(lastDescriptor);
        hull = getRuntimeContext().getState(hullDescriptor);
    }

    @Override
    public void processElement(Visit visit, Context ctx, Collector<CountryVisits> out)
            throws IOException {
        Long count = visits.value();
        if (count == null) {
            countryId.update(visit.countryId);
            ctx.timerService().registerEventTimeTimer(Long.MAX_VALUE); // fires at end of input
            count = 0L;
        }
        visits.update(count + 1);
        last.update(visit.position);
        Geometry current = hull.value();
        hull.update(current == null ? visit.position : current.union(visit.position).convexHull());
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<CountryVisits> out)
            throws IOException {
        CountryVisits result = new CountryVisits();
        result.countryId = countryId.value();
        result.visits = visits.value();
        result.last = last.value();
        result.hull = hull.value();
        Object key = ctx.getCurrentKey();
        result.stateBytes =
                serializedSize(result.last)
                        + serializedSize(result.hull)
                        + (key instanceof Geometry ? serializedSize((Geometry) key) : 0);
        out.collect(result);
    }

    private static long serializedSize(Geometry geometry) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(256);
        GeometrySerializer.of(Geometry.class).serialize(geometry, out);
        return out.length();
    }
}
