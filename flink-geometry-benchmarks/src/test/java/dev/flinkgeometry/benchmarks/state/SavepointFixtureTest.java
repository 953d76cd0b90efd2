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
package dev.flinkgeometry.benchmarks.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.benchmarks.contenders.Contenders;
import dev.flinkgeometry.benchmarks.data.Workloads;
import java.io.File;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The state size benchmark's setup on small state: sizes that are there and in order. */
class SavepointFixtureTest {
    @TempDir Path savepoints;

    /** {savepoint bytes, state directory bytes}, savepoint twice to see it repeat. */
    private long[] sizes(String contender, String dataset) throws Exception {
        try (SavepointFixture fixture =
                new SavepointFixture(contender, StateSizeBenchmark.geometries(dataset, 1_000))) {
            File first = savepoints.resolve(contender + "-" + dataset + "-1").toFile();
            File second = savepoints.resolve(contender + "-" + dataset + "-2").toFile();
            long bytes = fixture.savepoint(first);
            assertThat(fixture.savepoint(second)).as("the same savepoint again").isEqualTo(bytes);
            return new long[] {bytes, fixture.stateDirBytes()};
        }
    }

    @Test
    void compactGpsPointsTakeLessRoomThanOurs() throws Exception {
        long[] ours = sizes(Contenders.OURS, Workloads.GPS_POINT);
        long[] compact = sizes(Contenders.COMPACT, Workloads.GPS_POINT);
        // 1,000 records of at least 25 bytes each (ours) leave at least 25 kB of SST files.
        assertThat(ours[0]).isGreaterThan(25_000);
        assertThat(ours[1]).isGreaterThanOrEqualTo(ours[0]);
        assertThat(compact[0]).isPositive().isLessThan(ours[0]);
        assertThat(compact[1]).isPositive().isLessThan(ours[1]);
        // The floor holds the same 1,000 keys and no value bytes: smaller than both, not empty.
        long[] keysOnly = sizes(Contenders.KEYS_ONLY, Workloads.GPS_POINT);
        assertThat(keysOnly[0]).isGreaterThan(1_000).isLessThan(compact[0]);
    }

    @Test
    void compact7NaturalEarthTakesLessRoomThanOurs() throws Exception {
        long[] ours = sizes(Contenders.OURS, Workloads.NATURAL_EARTH);
        long[] compact7 = sizes(Contenders.COMPACT_7, Workloads.NATURAL_EARTH);
        assertThat(compact7[0]).isPositive().isLessThan(ours[0]);
        assertThat(compact7[1]).isPositive().isLessThan(ours[1]);
    }
}
