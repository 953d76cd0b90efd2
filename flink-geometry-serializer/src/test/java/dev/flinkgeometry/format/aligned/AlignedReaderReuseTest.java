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
package dev.flinkgeometry.format.aligned;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.GeometryArbitraries;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.locationtech.jts.geom.Geometry;

/**
 * A {@link AlignedReader#reusing} decoder, which keeps its per-decode state between calls, decodes
 * every record as a shared decoder does, also after a corrupt one, and reports the same errors.
 */
class AlignedReaderReuseTest {
    @Provide
    Arbitrary<Geometry> geometries() {
        return GeometryArbitraries.geometries();
    }

    @Property(tries = 200)
    void aReusingDecoderDecodesAsASharedOneAfterAnyRecord(
            @ForAll @Size(min = 1, max = 6) List<@From("geometries") Geometry> geometries,
            @ForAll @IntRange(max = 40) int cut)
            throws Exception {
        for (CoordinateSequenceKind kind : CoordinateSequenceKind.values()) {
            AlignedReader shared = AlignedReader.of(kind);
            AlignedReader reusing = AlignedReader.reusing(kind);
            for (Geometry geometry : geometries) {
                byte[] bytes = AlignedFormat.encode(geometry);
                byte[] padded = new byte[bytes.length + 3];
                System.arraycopy(bytes, 0, padded, 3, bytes.length);

                ExactGeometry.assertExactlyEqual(
                        reusing.decode(padded, 3, bytes.length),
                        shared.decode(bytes, 0, bytes.length));

                byte[] truncated = Arrays.copyOf(bytes, Math.max(0, bytes.length - 1 - cut));
                Throwable expected =
                        catchThrowable(() -> shared.decode(truncated, 0, truncated.length));
                Throwable actual =
                        catchThrowable(() -> reusing.decode(truncated, 0, truncated.length));
                assertThat(expected).isInstanceOf(GeometryFormatException.class);
                assertThat(actual)
                        .isInstanceOf(GeometryFormatException.class)
                        .hasMessage(expected.getMessage());
            }
        }
    }
}
