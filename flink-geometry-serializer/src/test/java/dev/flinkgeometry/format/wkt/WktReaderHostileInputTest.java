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
package dev.flinkgeometry.format.wkt;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Mangled WKT gives a geometry or a {@link WktFormatException}, never another exception: the SQL
 * function reports only that type with the input (seeded, so a failure reproduces).
 */
class WktReaderHostileInputTest {
    private static final String[] SEEDS = {
        "SRID=4326;GEOMETRYCOLLECTION M (POINT M (1 2 3), GEOMETRYCOLLECTION M EMPTY)",
        "MULTIPOLYGON (((0 0, 10 0, 10 10, 0 10, 0 0), (2 2, 2 4, 4 4, 4 2, 2 2)), EMPTY)",
        "MULTIPOINT Z ((1 2 3), EMPTY, 4 5 6)",
        "LINESTRING ZM (0 0 0 0, 1 1 1 1)",
        "POLYGON Z EMPTY",
        "LINEARRING (0 0, 1 1, 1 0, 0 0)",
        "MULTILINESTRING ((0 0, 1 1), EMPTY)",
        "POINT (-.5e-3 NaN)",
    };

    private static final String ALPHABET = "()0123456789.,-+eEzZmMnNaA \tSRID=;POINTEMPYLGC";

    @Test
    void mangledTextIsReadOrRefusedWithAWktFormatException() {
        SplittableRandom random = new SplittableRandom(19);
        WktReader reader = new WktReader();
        List<String> escaped = new ArrayList<>();
        int read = 0;
        int refused = 0;
        for (int i = 0; i < 50_000; i++) {
            StringBuilder text = new StringBuilder(SEEDS[random.nextInt(SEEDS.length)]);
            int edits = 1 + random.nextInt(4);
            for (int e = 0; e < edits; e++) {
                int at = random.nextInt(text.length() + 1);
                switch (random.nextInt(3)) {
                    case 0:
                        text.insert(at, ALPHABET.charAt(random.nextInt(ALPHABET.length())));
                        break;
                    case 1:
                        if (at < text.length()) {
                            text.deleteCharAt(at);
                        }
                        break;
                    default:
                        if (at < text.length()) {
                            text.setCharAt(at, ALPHABET.charAt(random.nextInt(ALPHABET.length())));
                        }
                }
            }
            try {
                reader.read(text.toString());
                read++;
            } catch (WktFormatException e) {
                assertThat(e.offset()).isBetween(0, text.length());
                refused++;
            } catch (RuntimeException e) {
                escaped.add(text + " -> " + e);
            }
        }
        assertThat(escaped).isEmpty();
        assertThat(read).isPositive();
        assertThat(refused).isPositive();
    }
}
