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

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.serializer.GeometryTypeInfo;
import dev.flinkgeometry.serializer.GeometryTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.operators.co.CoBroadcastWithKeyedOperator;
import org.apache.flink.streaming.util.KeyedBroadcastOperatorTestHarness;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Point;

/**
 * {@link LocateInCountry} on one subtask, with the arrival order fixed: positions before the
 * countries, and a restore whose countries come only from the broadcast state.
 */
class LocateInCountryTest {
    private static final int POSITIONS = 400;

    @BeforeAll
    static void registerGeometryTypes() {
        GeometryTypes.registerWith(StreamExecutionEnvironment.getExecutionEnvironment());
    }

    @Test
    void positionsBeforeTheLastCountryWaitAndAreLocatedWhenItArrives() throws Exception {
        LocateInCountry function = new LocateInCountry();
        try (KeyedBroadcastOperatorTestHarness<Point, Point, Country, Visit> harness =
                harness(function, null)) {
            List<Country> countries = Countries.load();
            for (Country country : countries.subList(0, countries.size() - 1)) {
                harness.processBroadcastElement(country, 0);
            }
            for (long n = 0; n < POSITIONS / 2; n++) {
                harness.processElement(Countries.position(n), 0);
            }
            assertThat(harness.extractOutputValues())
                    .as("nothing before the last country")
                    .isEmpty();

            harness.processBroadcastElement(countries.get(countries.size() - 1), 0);
            for (long n = POSITIONS / 2; n < POSITIONS; n++) {
                harness.processElement(Countries.position(n), 0);
            }

            assertThat(located(harness.extractOutputValues())).isEqualTo(expected());
        }
    }

    @Test
    void aRestoredSubtaskBuildsItsIndexFromTheBroadcastState() throws Exception {
        OperatorSubtaskState snapshot;
        LocateInCountry before = new LocateInCountry();
        try (KeyedBroadcastOperatorTestHarness<Point, Point, Country, Visit> harness =
                harness(before, null)) {
            for (Country country : Countries.load()) {
                harness.processBroadcastElement(country, 0);
            }
            snapshot = harness.snapshot(1, 1);
        }

        try (KeyedBroadcastOperatorTestHarness<Point, Point, Country, Visit> harness =
                harness(new LocateInCountry(), snapshot)) {
            for (long n = 0; n < POSITIONS; n++) {
                harness.processElement(Countries.position(n), 0);
            }
            assertThat(located(harness.extractOutputValues())).isEqualTo(expected());
        }
    }

    private static KeyedBroadcastOperatorTestHarness<Point, Point, Country, Visit> harness(
            LocateInCountry function, OperatorSubtaskState restoreFrom) throws Exception {
        KeyedBroadcastOperatorTestHarness<Point, Point, Country, Visit> harness =
                new KeyedBroadcastOperatorTestHarness<>(
                        new CoBroadcastWithKeyedOperator<>(
                                function, List.of(function.countriesDescriptor())),
                        point -> point,
                        GeometryTypeInfo.of(Point.class),
                        128,
                        1,
                        0);
        harness.setup();
        if (restoreFrom != null) {
            harness.initializeState(restoreFrom);
        }
        harness.open();
        return harness;
    }

    /** Position text to country id, in position order. */
    private static Map<String, Integer> located(List<Visit> visits) {
        Map<String, Integer> located = new TreeMap<>();
        for (Visit visit : visits) {
            located.put(ExpectedVisits.exact(visit.position), visit.countryId);
        }
        assertThat(located).as("each position once").hasSize(visits.size());
        return located;
    }

    /** The first covering country of each position, without Flink. */
    private static Map<String, Integer> expected() {
        List<Country> countries = Countries.load();
        List<Visit> visits = new ArrayList<>();
        for (long n = 0; n < POSITIONS; n++) {
            Point position = Countries.position(n);
            countries.stream()
                    .filter(country -> country.shape.covers(position))
                    .findFirst()
                    .ifPresent(
                            country -> visits.add(new Visit(country.id, country.shape, position)));
        }
        return located(visits);
    }
}
