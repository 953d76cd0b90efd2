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
package dev.flinkgeometry.format.geojson;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.flinkgeometry.testing.ReaderFuzzCheck;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzzes the GeoJSON reader (its hand-written JSON parser included), which reads what SQL users
 * pass to {@code ST_GeomFromGeoJSON}: any text gives a geometry or a {@link
 * GeoJsonFormatException}, within the memory and time budget ({@link ReaderFuzzCheck}).
 *
 * <p>Without {@code JAZZER_FUZZ} (as in {@code mvn verify}) the test replays its committed seed
 * corpus ({@code GeoJsonReaderFuzzTestInputs/}: PostGIS's vectors, deep nesting, long numbers,
 * truncated text); {@code ci/fuzz.sh geojson} fuzzes.
 */
class GeoJsonReaderFuzzTest {
    @FuzzTest
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void anyText(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        ReaderFuzzCheck.checkText(
                "GeoJsonReader", text.length(), () -> new GeoJsonReader().read(text));
    }
}
