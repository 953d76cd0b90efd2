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
package dev.flinkgeometry.format.wkb;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.flinkgeometry.testing.ReaderFuzzCheck;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzzes the WKB/EWKB reader, which reads what SQL users pass to {@code ST_GeomFromWKB} and {@code
 * ST_GeomFromEWKB}: any bytes give a geometry or a {@link WkbFormatException}, within the memory
 * and time budget ({@link ReaderFuzzCheck}); a huge declared count costs no allocation.
 *
 * <p>Without {@code JAZZER_FUZZ} the test replays its committed seed corpus ({@code
 * WkbReaderFuzzTestInputs/}: PostGIS's vectors in both byte orders, ISO and extended, huge counts,
 * truncated records); {@code ci/fuzz.sh ewkb} fuzzes.
 */
class WkbReaderFuzzTest {
    @FuzzTest
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void anyBytes(byte[] input) {
        ReaderFuzzCheck.check(
                "WkbReader", input.length, () -> new WkbReader().read(input, 0, input.length));
    }
}
