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

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Point;

/**
 * The walk-through end to end: WKB state, savepoint, restore with {@code GeometrySerializer}; each
 * country's visits and hull after the restore must cover the positions of both runs.
 */
class WkbMigrationWalkthroughTest {
    private static final int POSITIONS = 1_500;

    @Test
    void everyCountrysStateSurvivesTheMigration(@TempDir Path savepoints) throws Exception {
        List<CountryVisits> results = WkbMigrationWalkthrough.run(POSITIONS, savepoints);

        Map<Integer, List<Point>> expected = positionsPerCountry(2 * POSITIONS);
        assertThat(results).hasSize(expected.size());
        for (CountryVisits result : results) {
            List<Point> positions = expected.get(result.countryId);
            Geometry hull =
                    new GeometryFactory()
                            .createMultiPoint(positions.toArray(new Point[0]))
                            .convexHull();
            assertThat(result.visits)
                    .as("visits of #%d", result.countryId)
                    .isEqualTo(positions.size());
            assertThat(result.hull.equalsTopo(hull)).as("hull of #%d", result.countryId).isTrue();
            assertThat(positions).as("last of #%d", result.countryId).contains(result.last);
        }
    }

    /** Positions {@code 0..count-1} by first covering country, without Flink. */
    private static Map<Integer, List<Point>> positionsPerCountry(long count) {
        List<Country> countries = Countries.load();
        Map<Integer, List<Point>> positions = new HashMap<>();
        for (long n = 0; n < count; n++) {
            Point position = Countries.position(n);
            countries.stream()
                    .filter(country -> country.shape.covers(position))
                    .findFirst()
                    .ifPresent(
                            country ->
                                    positions
                                            .computeIfAbsent(country.id, id -> new ArrayList<>())
                                            .add(position));
        }
        return positions;
    }
}
