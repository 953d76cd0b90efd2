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
package dev.flinkgeometry.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The fuzz tests replay their seed directories in every build, and would silently replay nothing if
 * a directory were moved or emptied: every generated seed must be on the class path with the bytes
 * {@link FuzzSeedCorpus} gives it.
 */
class FuzzSeedCorpusTest {
    @Test
    void everyGeneratedSeedIsCommitted() throws IOException {
        for (Map.Entry<String, Map<String, byte[]>> dir : FuzzSeedCorpus.all().entrySet()) {
            assertThat(dir.getValue()).as(dir.getKey()).hasSizeGreaterThan(20);
            for (Map.Entry<String, byte[]> seed : dir.getValue().entrySet()) {
                String name = "/" + dir.getKey() + "/" + seed.getKey();
                try (InputStream in = FuzzSeedCorpusTest.class.getResourceAsStream(name)) {
                    assertThat(in).as("seed %s", name).isNotNull();
                    assertThat(in.readAllBytes()).as("seed %s", name).isEqualTo(seed.getValue());
                }
            }
        }
    }
}
