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
package dev.flinkgeometry.benchmarks.contenders;

import dev.flinkgeometry.format.aligned.AlignedFormat;
import java.io.IOException;
import java.util.Arrays;
import org.locationtech.jts.geom.Geometry;

/** The check every contender's output must pass before a benchmark may measure it. */
public final class ExactGeometry {
    private ExactGeometry() {}

    /**
     * Throws unless {@code actual} is {@code expected}: same class, same structure and X/Y values
     * (JTS {@code equalsExact}), same SRID, and the same canonical aligned-format bytes (which also
     * compare every Z and M value bit for bit).
     */
    public static void require(String contender, Geometry expected, Object actual) {
        if (!(actual instanceof Geometry)) {
            throw new IllegalStateException(contender + " returned " + actual + " for " + expected);
        }
        Geometry geometry = (Geometry) actual;
        if (geometry.getClass() != expected.getClass()
                || !geometry.equalsExact(expected)
                || geometry.getSRID() != expected.getSRID()
                || !Arrays.equals(encode(geometry), encode(expected))) {
            throw new IllegalStateException(
                    contender
                            + " does not round-trip "
                            + describe(expected)
                            + ": got "
                            + describe(geometry));
        }
    }

    private static byte[] encode(Geometry geometry) {
        try {
            return AlignedFormat.encode(geometry);
        } catch (IOException e) {
            throw new IllegalStateException("cannot encode " + describe(geometry), e);
        }
    }

    private static String describe(Geometry geometry) {
        String text = geometry.toText();
        return geometry.getClass().getSimpleName()
                + " "
                + (text.length() > 120 ? text.substring(0, 120) + "..." : text);
    }
}
