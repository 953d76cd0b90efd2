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

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.flinkgeometry.testing.ReaderFuzzCheck;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzzes the WKT/EWKT reader, which reads what SQL users pass to {@code ST_GeomFromText}: any text
 * gives a geometry or a {@link WktFormatException}, within the memory and time budget ({@link
 * ReaderFuzzCheck}).
 *
 * <p>Without {@code JAZZER_FUZZ} the test replays its committed seed corpus ({@code
 * WktReaderFuzzTestInputs/}: PostGIS's vectors, deep nesting, long numbers, truncated text); {@code
 * ci/fuzz.sh wkt} fuzzes.
 */
class WktReaderFuzzTest {
    @FuzzTest
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void anyText(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        ReaderFuzzCheck.checkText("WktReader", text.length(), () -> new WktReader().read(text));
    }
}
