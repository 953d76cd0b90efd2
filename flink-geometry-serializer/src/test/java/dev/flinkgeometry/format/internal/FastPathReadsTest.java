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

import dev.flinkgeometry.testing.CountingSequences;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXYZM;

/**
 * Which path the coordinate loops take, told apart by how a sequence is read (the fast paths write
 * the plain path's bytes, {@link CoordinateWriterTest}): JTS's default sequences through their
 * coordinate array in one pass, packed sequences of the header's layout by one bulk copy of their
 * doubles, never a getter per value; and the value rule reads no sequence whose declaration already
 * answers it.
 */
class FastPathReadsTest {
    /** 40 coordinates: 80 to 160 doubles, above the bulk-copy threshold for every layout. */
    private static final int LONG = 40;

    @ParameterizedTest
    @ValueSource(ints = {0, CoordinateTypeRule.Z, CoordinateTypeRule.M, 3})
    void aDefaultSequenceIsWrittenFromItsCoordinateArray(int flags) {
        for (int size : new int[] {1, 5, LONG}) {
            CountingSequences.Array sequence = xyzm(size);
            byte[] fast = new byte[8 + 32 * size];
            byte[] plain = new byte[fast.length];

            int end = CoordinateWriter.write(sequence, flags, fast, 8, true);

            assertThat(sequence.getterCalls).isZero();
            assertThat(sequence.arrayCalls).isEqualTo(1);
            assertThat(end).isEqualTo(CoordinateWriter.write(sequence, flags, plain, 8, false));
            assertThat(fast).isEqualTo(plain);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, CoordinateTypeRule.Z, CoordinateTypeRule.M, 3})
    void aPackedSequenceOfTheHeaderLayoutIsBulkCopied(int flags) {
        int dimension = 2 + Integer.bitCount(flags);
        for (int size : new int[] {1, 5, LONG}) {
            CountingSequences.Packed sequence = packed(size, dimension, flags >>> 1);
            byte[] fast = new byte[8 + 32 * size];
            byte[] plain = new byte[fast.length];

            int end = CoordinateWriter.write(sequence, flags, fast, 8, true);

            assertThat(sequence.getterCalls).isZero();
            assertThat(sequence.rawCalls).isEqualTo(1);
            assertThat(end).isEqualTo(CoordinateWriter.write(sequence, flags, plain, 8, false));
            assertThat(fast).isEqualTo(plain);
        }
    }

    @Test
    void thePlainPathReadsOnlyThroughGetters() {
        CountingSequences.Array sequence = xyzm(5);
        CoordinateWriter.write(sequence, 3, new byte[8 + 32 * 5], 8, false);
        assertThat(sequence.arrayCalls).isZero();
        assertThat(sequence.getterCalls).isEqualTo(4 * 5);
    }

    @Test
    void theXyGuessReadsADefaultSequenceOnce() {
        for (int dimension : new int[] {2, 3, 4}) {
            Coordinate[] coordinates = new Coordinate[LONG];
            for (int i = 0; i < LONG; i++) {
                coordinates[i] = new Coordinate(i, -i); // Z NaN, M NaN
            }
            CountingSequences.Array sequence =
                    new CountingSequences.Array(coordinates, dimension, dimension == 4 ? 1 : 0);
            byte[] guessed = new byte[8 + 16 * LONG];

            int end = CoordinateWriter.writeXyUnlessValues(sequence, guessed, 8);

            assertThat(end).isEqualTo(8 + 16 * LONG);
            assertThat(sequence.arrayCalls).isEqualTo(1);
            assertThat(sequence.getterCalls).isZero();
        }
    }

    @Test
    void theXyGuessBulkCopiesAnXyPackedSequence() {
        CountingSequences.Packed sequence = packed(LONG, 2, 0);
        byte[] guessed = new byte[8 + 16 * LONG];
        byte[] plain = new byte[guessed.length];

        int end = CoordinateWriter.writeXyUnlessValues(sequence, guessed, 8);

        assertThat(sequence.getterCalls).isZero();
        assertThat(sequence.rawCalls).isEqualTo(1);
        assertThat(end).isEqualTo(CoordinateWriter.write(sequence, 0, plain, 8, false));
        assertThat(guessed).isEqualTo(plain);
    }

    @Test
    void theValueRuleReadsNoSequenceDeclaredXy() {
        Coordinate[] coordinates = {
            new CoordinateXYZM(1, 2, 3, 4)
        }; // values the XY declaration hides
        for (boolean fast : new boolean[] {true, false}) {
            CountingSequences.Array array = new CountingSequences.Array(coordinates, 2, 0);
            CountingSequences.Packed packed = packed(3, 2, 0);

            assertThat(CoordinateTypeRule.of(array, 0, fast)).isZero();
            assertThat(CoordinateTypeRule.of(packed, 0, fast)).isZero();

            assertThat(array.arrayCalls + array.getterCalls).isZero();
            assertThat(packed.rawCalls + packed.getterCalls).isZero();
        }
    }

    @Test
    void theValueRuleDoesNotLookAgainForAFlagAlreadyFound() {
        for (boolean fast : new boolean[] {true, false}) {
            CountingSequences.Array zOnly = xyzm(5, 3, 0);
            CountingSequences.Array both = xyzm(5);

            assertThat(CoordinateTypeRule.of(zOnly, CoordinateTypeRule.Z, fast))
                    .isEqualTo(CoordinateTypeRule.Z);
            assertThat(CoordinateTypeRule.of(both, 3, fast)).isEqualTo(3);

            assertThat(zOnly.arrayCalls + zOnly.getterCalls).isZero();
            assertThat(both.arrayCalls + both.getterCalls).isZero();
        }
    }

    @Test
    void theValueRuleReadsADefaultSequenceThroughItsArray() {
        for (int[] layout : new int[][] {{3, 0}, {3, 1}, {4, 1}}) {
            CountingSequences.Array sequence = xyzm(LONG, layout[0], layout[1]);
            int expected =
                    (sequence.hasZ() ? CoordinateTypeRule.Z : 0)
                            | (sequence.hasM() ? CoordinateTypeRule.M : 0);

            assertThat(CoordinateTypeRule.of(sequence, 0, true)).isEqualTo(expected);

            assertThat(sequence.getterCalls).isZero();
            assertThat(sequence.arrayCalls).isEqualTo(1);
        }
    }

    @Test
    void aDeclarationHidesTheValuesOfCoordinateObjects() {
        // XYZM objects under every narrower declaration: the getters answer NaN for what is not
        // declared, and so must the fast paths.
        for (int[] layout : new int[][] {{2, 0}, {3, 0}, {3, 1}}) {
            CountingSequences.Array sequence = xyzm(5, layout[0], layout[1]);
            int declared =
                    (sequence.hasZ() ? CoordinateTypeRule.Z : 0)
                            | (sequence.hasM() ? CoordinateTypeRule.M : 0);
            assertThat(CoordinateTypeRule.of(sequence, 0, true)).isEqualTo(declared);
            for (int flags = 0; flags < 4; flags++) {
                byte[] fast = new byte[8 + 32 * 5];
                byte[] plain = new byte[fast.length];
                CoordinateWriter.write(sequence, flags, fast, 8, true);
                CoordinateWriter.write(sequence, flags, plain, 8, false);
                assertThat(fast).as("flags %d", flags).isEqualTo(plain);
            }
            byte[] guessed = new byte[8 + 16 * 5];
            assertThat(CoordinateWriter.writeXyUnlessValues(sequence, guessed, 8))
                    .isEqualTo(declared == 0 ? 8 + 16 * 5 : -1);
        }
    }

    @Test
    void theValueRuleFindsZAndMWhicheverComesFirst() {
        Coordinate zFirst = new CoordinateXYZM(0, 0, 1, Double.NaN);
        Coordinate mFirst = new CoordinateXYZM(0, 0, Double.NaN, 1);
        Coordinate both = new CoordinateXYZM(0, 0, 1, 1);
        Coordinate[][] orders = {
            {zFirst, mFirst}, {mFirst, zFirst}, {zFirst, zFirst, both}, {mFirst, mFirst, both}
        };
        for (Coordinate[] order : orders) {
            for (boolean fast : new boolean[] {true, false}) {
                assertThat(CoordinateTypeRule.of(new CountingSequences.Array(order, 4, 1), 0, fast))
                        .isEqualTo(CoordinateTypeRule.Z | CoordinateTypeRule.M);
            }
        }
    }

    private static CountingSequences.Array xyzm(int size) {
        return xyzm(size, 4, 1);
    }

    /** XYZM coordinate objects (every ordinate a value) under the given declaration. */
    private static CountingSequences.Array xyzm(int size, int dimension, int measures) {
        Coordinate[] coordinates = new Coordinate[size];
        for (int i = 0; i < size; i++) {
            coordinates[i] = new CoordinateXYZM(i, -i, 0.5 * i, 100 + i);
        }
        return new CountingSequences.Array(coordinates, dimension, measures);
    }

    private static CountingSequences.Packed packed(int size, int dimension, int measures) {
        double[] raw = new double[size * dimension];
        for (int i = 0; i < raw.length; i++) {
            raw[i] = i % 7 == 3 ? Double.NaN : 0.25 * i;
        }
        return new CountingSequences.Packed(raw, dimension, measures);
    }
}
