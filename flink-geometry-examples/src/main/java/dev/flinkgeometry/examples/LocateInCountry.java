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

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.BroadcastState;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ReadOnlyBroadcastState;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.util.Collector;
import org.locationtech.jts.geom.Point;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Matches positions (keyed by themselves: geometry keys) to the broadcast countries.
 *
 * <p>The countries arrive as broadcast state; each parallel instance builds its {@link
 * CountryIndex} from that state once it holds every country, also after a restore. A position that
 * arrives before then waits in keyed list state and is located when the last country arrives, so
 * the result does not depend on which stream Flink happens to read first.
 */
public final class LocateInCountry
        extends KeyedBroadcastProcessFunction<Point, Point, Country, Visit> {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(LocateInCountry.class);

    // Descriptors are built on the client, where GeometryTypes registered the types, and travel
    // with the function. Not in static fields: a TaskManager would run their initializers again,
    // without the registration, and get Kryo for Geometry (see CountryVisitsClusterITCase).
    private final MapStateDescriptor<Integer, Country> countriesDescriptor =
            new MapStateDescriptor<>("countries", Types.INT, TypeInformation.of(Country.class));
    private final ListStateDescriptor<Point> waitingDescriptor =
            new ListStateDescriptor<>("waiting", Point.class);

    private transient ListState<Point> waiting;
    private transient CountryIndex index;
    private transient long located;

    /** The broadcast state: country id to country (a POJO with a geometry field). */
    public MapStateDescriptor<Integer, Country> countriesDescriptor() {
        return countriesDescriptor;
    }

    @Override
    public void open(OpenContext context) {
        waiting = getRuntimeContext().getListState(waitingDescriptor);
    }

    @Override
    public void processElement(Point position, ReadOnlyContext ctx, Collector<Visit> out)
            throws Exception {
        CountryIndex countries = index(ctx.getBroadcastState(countriesDescriptor));
        if (countries == null) {
            waiting.add(position);
            return;
        }
        locate(countries, position, out);
    }

    @Override
    public void processBroadcastElement(Country country, Context ctx, Collector<Visit> out)
            throws Exception {
        BroadcastState<Integer, Country> countries = ctx.getBroadcastState(countriesDescriptor);
        countries.put(country.id, country);
        if (index == null && index(countries) != null) {
            List<Point> released = new ArrayList<>();
            ctx.applyToKeyedState(
                    waitingDescriptor,
                    (key, state) -> {
                        state.get().forEach(released::add);
                        state.clear();
                    });
            LOG.info(
                    "subtask {}: index of {} countries built, {} positions were waiting",
                    subtask(),
                    country.total,
                    released.size());
            for (Point position : released) {
                locate(index, position, out);
            }
        }
    }

    /** The index, built from the broadcast state once that holds every country; else null. */
    private CountryIndex index(ReadOnlyBroadcastState<Integer, Country> state) throws Exception {
        if (index == null) {
            List<Country> countries = new ArrayList<>();
            for (Map.Entry<Integer, Country> entry : state.immutableEntries()) {
                countries.add(entry.getValue());
            }
            if (!countries.isEmpty() && countries.size() == countries.get(0).total) {
                index = new CountryIndex(countries);
            }
        }
        return index;
    }

    private void locate(CountryIndex countries, Point position, Collector<Visit> out) {
        countries.locate(position).ifPresent(out::collect);
        if (++located % 50_000 == 0) {
            LOG.info("subtask {}: {} positions located", subtask(), located);
        }
    }

    private int subtask() {
        return getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
    }
}
