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
package dev.flinkgeometry.format.twkb;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.testing.ReaderFuzzCheck;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzzes the TWKB reader, which reads what SQL users pass to {@code ST_GeomFromTWKB}: any bytes,
 * for every coordinate sequence kind, give a geometry or a {@code GeometryFormatException}, within
 * the memory and time budget ({@link ReaderFuzzCheck}); a huge declared count costs no allocation.
 *
 * <p>Without {@code JAZZER_FUZZ} the test replays its committed seed corpus ({@code
 * TwkbReaderFuzzTestInputs/}: PostGIS's vectors, huge counts, truncated records); {@code ci/fuzz.sh
 * twkb} fuzzes.
 */
class TwkbReaderFuzzTest {
    @FuzzTest
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void anyBytes(byte[] input) {
        for (CoordinateSequenceKind kind : CoordinateSequenceKind.values()) {
            ReaderFuzzCheck.check(
                    "TwkbReader " + kind, input.length, () -> TwkbReader.of(kind).read(input, 0));
        }
    }
}
