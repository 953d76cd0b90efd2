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
import java.lang.management.ManagementFactory;
import org.locationtech.jts.geom.Geometry;

/**
 * Runs one decode, keeps its outcome (a geometry or an {@code IOException}; anything else
 * propagates) and asserts that it allocated at most {@code BYTES_PER_INPUT_BYTE * length +
 * FIXED_BYTES + extra} bytes on the current thread.
 *
 * <p>Why 64 per input byte: the most expensive bytes a decoder can be given are empty polygons in a
 * multipolygon: 4 bytes of the aligned format (a ring count of 0) become a Polygon, a LinearRing, a
 * coordinate sequence and two empty arrays, about 150 bytes on a 64-bit JVM (37 per input byte);
 * WKB needs 9 bytes for the same. Real data stays far below (about 3 per byte for XY coordinates).
 * {@code FIXED_BYTES} pays for the exception of a rejected input (its stack trace and message).
 *
 * <p>The first run of a code path may also link call sites (string concatenation, lambdas) and
 * initialize classes, which allocates once per JVM and is not the decoder's doing. A run over
 * budget is therefore repeated, and only the repeated (warm) run must stay within it.
 */
public final class DecodeBudget {
    public static final long BYTES_PER_INPUT_BYTE = 64;
    public static final long FIXED_BYTES = 32 * 1024;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** A decode call: returns the geometry (possibly {@code null}) or throws. */
    @FunctionalInterface
    public interface Decode {
        Geometry run() throws IOException;
    }

    /** What one decode gave: exactly one of the two is set, except for a decoded {@code null}. */
    public record Outcome(Geometry geometry, IOException failure) {
        public boolean decoded() {
            return failure == null;
        }
    }

    private DecodeBudget() {}

    /** Decodes {@code length} input bytes within the budget. */
    public static Outcome decode(String what, int length, Decode decode) {
        return decode(what, length, 0, decode);
    }

    /**
     * Decodes {@code length} input bytes within the budget plus {@code extraBytes} (for a staging
     * buffer that the caller's path allocates on purpose).
     */
    public static Outcome decode(String what, int length, long extraBytes, Decode decode) {
        long budget = BYTES_PER_INPUT_BYTE * length + FIXED_BYTES + extraBytes;
        long before = THREADS.getCurrentThreadAllocatedBytes();
        Outcome outcome = run(decode);
        long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        if (allocated > budget) {
            before = THREADS.getCurrentThreadAllocatedBytes();
            run(decode);
            allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
            assertThat(allocated)
                    .as("bytes allocated by %s of %d input bytes (budget %d)", what, length, budget)
                    .isLessThanOrEqualTo(budget);
        }
        return outcome;
    }

    /** Bytes allocated by this thread so far, or -1 where the JVM cannot tell. */
    public static long allocatedBytes() {
        return THREADS.isThreadAllocatedMemorySupported()
                        && THREADS.isThreadAllocatedMemoryEnabled()
                ? THREADS.getCurrentThreadAllocatedBytes()
                : -1;
    }

    private static Outcome run(Decode decode) {
        try {
            return new Outcome(decode.run(), null);
        } catch (IOException e) {
            return new Outcome(null, e);
        }
    }
}
