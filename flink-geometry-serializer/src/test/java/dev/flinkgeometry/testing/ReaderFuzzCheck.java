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

import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.testing.DecodeBudget.Outcome;

/**
 * The one property of a reader of untrusted SQL input under fuzzing: any input gives a geometry or
 * the reader's {@link GeometryFormatException} (anything else, an {@code IOException} of another
 * kind or a runtime exception, is a finding), within {@link DecodeBudget}'s memory per input byte;
 * the fuzz tests' {@code @Timeout} bounds the time.
 *
 * <p>Text is denser than bytes: {@code "1 1,"} in a WKT MultiPoint, four characters, becomes a JTS
 * point with its coordinate sequence, array and coordinate, about 390 bytes (98 per character). So
 * a text reader gets twice the binary budget per character ({@link #textBudget}).
 */
public final class ReaderFuzzCheck {
    private ReaderFuzzCheck() {}

    /** Reads {@code length} input bytes with {@code read}, within the binary budget. */
    public static Outcome check(String what, int length, DecodeBudget.Decode read) {
        return refusedAsFormat(what, DecodeBudget.decode(what, length, read));
    }

    /** Reads {@code length} characters with {@code read}, within {@link #textBudget}. */
    public static Outcome checkText(String what, int length, DecodeBudget.Decode read) {
        return refusedAsFormat(what, DecodeBudget.decode(what, length, textBudget(length), read));
    }

    /** What a text reader may allocate beyond the binary budget: as much again per character. */
    static long textBudget(int length) {
        return DecodeBudget.BYTES_PER_INPUT_BYTE * length;
    }

    private static Outcome refusedAsFormat(String what, Outcome outcome) {
        if (!outcome.decoded()) {
            assertThat(outcome.failure())
                    .as("what %s refuses input with", what)
                    .isInstanceOf(GeometryFormatException.class);
        }
        return outcome;
    }
}
