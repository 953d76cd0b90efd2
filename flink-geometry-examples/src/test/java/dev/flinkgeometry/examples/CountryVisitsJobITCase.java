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

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Runs the quick-start example on an embedded cluster and checks its result against plain JTS. */
class CountryVisitsJobITCase {
    private static final int POSITIONS = 3_000;

    @Test
    void countsEveryPositionInTheCountryThatCoversIt() throws Exception {
        List<CountryVisits> results = CountryVisitsJob.run(POSITIONS);

        ExpectedVisits expected = new ExpectedVisits(POSITIONS);
        Map<Integer, Long> actual = new HashMap<>();
        for (CountryVisits result : results) {
            actual.put(result.countryId, result.visits);
            expected.assertExact(result, true);
        }
        assertThat(actual).isEqualTo(expected.visits());
    }
}
