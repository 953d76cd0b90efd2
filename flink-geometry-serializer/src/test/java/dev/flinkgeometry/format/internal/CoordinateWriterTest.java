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
package dev.flinkgeometry.format.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.testing.GeometryArbitraries;
import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.CoordinateXYZM;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;

/**
 * The coordinate loops both formats share: for every sequence kind, declared dimension and layout,
 * long sequences included (the bulk copy of packed sequences starts at 64 doubles), the fast paths
 * write exactly the bytes of the plain getter loop, and the value rule answers the same.
 */
class CoordinateWriterTest {
    @Provide
    Arbitrary<Double> ordinates() {
        Double[] special =
                Arrays.stream(GeometryArbitraries.NON_CANONICAL_NANS)
                        .boxed()
                        .toArray(Double[]::new);
        return Arbitraries.oneOf(
                Arbitraries.doubles(),
                Arbitraries.of(0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY),
                Arbitraries.of(special));
    }

    @Property(tries = 400)
    void fastLoopsWriteThePlainBytes(
            @ForAll @IntRange(max = 100) int size,
            @ForAll @IntRange(min = 0, max = 7) int kind,
            @ForAll @IntRange(min = 0, max = 3) int flags,
            @ForAll("ordinates") double a,
            @ForAll("ordinates") double b,
            @ForAll long seed) {
        CoordinateSequence sequence = sequence(kind, size, a, b, new java.util.Random(seed));
        byte[] fast = new byte[8 + 32 * size];
        byte[] plain = new byte[fast.length];

        int fastEnd = CoordinateWriter.write(sequence, flags, fast, 8, true);
        int plainEnd = CoordinateWriter.write(sequence, flags, plain, 8, false);

        assertThat(fastEnd).isEqualTo(plainEnd).isEqualTo(8 + CoordinateWriter.bytes(flags) * size);
        assertThat(fast).isEqualTo(plain);
        assertThat(CoordinateTypeRule.of(sequence, 0, true))
                .isEqualTo(CoordinateTypeRule.of(sequence, 0, false));
        if (flags == 0) {
            byte[] guessed = new byte[fast.length];
            int end = CoordinateWriter.writeXyUnlessValues(sequence, guessed, 8);
            if (CoordinateTypeRule.of(sequence, 0, false) == 0) {
                assertThat(end).isEqualTo(plainEnd);
                assertThat(guessed).isEqualTo(plain);
            } else {
                assertThat(end).isEqualTo(-1);
            }
        }
    }

    /** Kinds 0-3: default sequences of XY, XYZ, XYM, XYZM objects; 4-7: packed, same layouts. */
    private static CoordinateSequence sequence(
            int kind, int size, double a, double b, java.util.Random random) {
        int layout = kind % 4;
        int dimension = layout == 0 ? 2 : layout == 3 ? 4 : 3;
        int measures = layout >= 2 ? 1 : 0;
        double[] raw = new double[size * dimension];
        for (int i = 0; i < raw.length; i++) {
            int pick = random.nextInt(4);
            raw[i] = pick == 0 ? a : pick == 1 ? b : random.nextDouble() * 1000;
        }
        if (kind >= 4) {
            return new PackedCoordinateSequence.Double(raw, dimension, measures);
        }
        Coordinate[] coordinates = new Coordinate[size];
        for (int i = 0; i < size; i++) {
            int o = i * dimension;
            switch (layout) {
                case 0:
                    coordinates[i] = new CoordinateXY(raw[o], raw[o + 1]);
                    break;
                case 1:
                    coordinates[i] = new Coordinate(raw[o], raw[o + 1], raw[o + 2]);
                    break;
                case 2:
                    coordinates[i] = new CoordinateXYM(raw[o], raw[o + 1], raw[o + 2]);
                    break;
                default:
                    coordinates[i] = new CoordinateXYZM(raw[o], raw[o + 1], raw[o + 2], raw[o + 3]);
            }
        }
        return new CoordinateArraySequence(coordinates, dimension, measures);
    }
}
