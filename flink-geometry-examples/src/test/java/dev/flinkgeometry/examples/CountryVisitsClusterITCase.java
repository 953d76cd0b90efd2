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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locationtech.jts.io.WKTReader;

/**
 * The shaded job jar on a real standalone cluster (separate JobManager and TaskManager processes),
 * submitted over REST; its result files are checked against plain JTS.
 *
 * <p>Kryo is switched off in the job: a geometry type resolved on a TaskManager instead of the
 * client (for example a state descriptor in a static field or in {@code open()}) fails the job.
 */
class CountryVisitsClusterITCase {
    private static final int POSITIONS = 3_000;

    @Test
    void theJobJarRunsOnAStandaloneCluster(@TempDir Path work) throws Exception {
        List<String> lines =
                StandaloneFlinkCluster.runExampleJob(
                        work, null, List.of(String.valueOf(POSITIONS)));
        // What the README tells users: the job ran with Kryo switched off, so every geometry went
        // through GeometrySerializer, because its types were resolved on the client. A TaskManager
        // does not see the client's registration: type extraction there gives Kryo's generic type.
        assertThat(lines.get(0))
                .as("type extraction on a TaskManager (documented in the README)")
                .isEqualTo(ResultFiles.TYPE_LINE + "GenericType<org.locationtech.jts.geom.Point>");
        ExpectedVisits expected = new ExpectedVisits(POSITIONS);
        Map<Integer, Long> visits = new HashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] fields = line.split(" ", 4);
            int id = Integer.parseInt(fields[0]);
            visits.put(id, Long.parseLong(fields[1]));
            assertThat(Long.parseLong(fields[2]))
                    .as("state bytes in %s", line)
                    .isEqualTo(expected.stateBytes(id, true));
            assertThat(ExpectedVisits.exact(new WKTReader().read(fields[3])))
                    .as("hull in %s", line)
                    .isEqualTo(ExpectedVisits.exact(expected.hull(id)));
        }
        assertThat(visits).isEqualTo(expected.visits());
    }
}
