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
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The walk-through end to end: WKB state, savepoint, restore with {@code GeometrySerializer}; each
 * country's visits and hull after the restore must cover the positions of both runs.
 */
class WkbMigrationWalkthroughITCase {
    private static final int POSITIONS = 1_500;

    @Test
    void everyCountrysStateSurvivesTheMigration(@TempDir Path savepoints) throws Exception {
        List<CountryVisits> results = WkbMigrationWalkthrough.run(POSITIONS, savepoints);

        ExpectedVisits expected = new ExpectedVisits(2 * POSITIONS);
        assertThat(results).hasSize(expected.visits().size());
        for (CountryVisits result : results) {
            expected.assertExact(result, false);
        }
    }
}
