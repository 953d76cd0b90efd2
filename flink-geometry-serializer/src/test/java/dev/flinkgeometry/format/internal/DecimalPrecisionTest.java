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

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The decimal arithmetic of TWKB, against values worked out by hand. */
class DecimalPrecisionTest {

    @Test
    void roundingIsHalfAwayFromZeroAsCsLround() {
        assertThat(DecimalPrecision.roundHalfAwayFromZero(2.5)).isEqualTo(3);
        assertThat(DecimalPrecision.roundHalfAwayFromZero(-2.5)).isEqualTo(-3);
        assertThat(DecimalPrecision.roundHalfAwayFromZero(-2.4999)).isEqualTo(-2);
        assertThat(DecimalPrecision.roundHalfAwayFromZero(0.49999999999999994)).isZero();
        assertThat(DecimalPrecision.roundHalfAwayFromZero(-0.5)).isEqualTo(-1);
        assertThat(DecimalPrecision.roundHalfAwayFromZero(9007199254740991.0))
                .isEqualTo(9007199254740991L);
        assertThat(DecimalPrecision.roundHalfAwayFromZero(4503599627370495.5))
                .isEqualTo(4503599627370496L);
    }

    @Test
    void roundingAgreesWithBigDecimalHalfUpOnRandomValuesAndHalves() {
        Random random = new Random(11);
        for (int i = 0; i < 200_000; i++) {
            double s;
            switch (i % 4) {
                case 0:
                    s = (random.nextDouble() - 0.5) * 1e6;
                    break;
                case 1: // a half at every magnitude below 2^52
                    s = (random.nextLong() >> random.nextInt(64)) / 2 * 2 + 0.5;
                    s = random.nextBoolean() ? s : -s;
                    break;
                case 2: // anything up to 2^53
                    s = (random.nextDouble() * 2 - 1) * Math.scalb(1.0, random.nextInt(54));
                    break;
                default: // next to a half
                    s = Math.nextAfter(random.nextInt(1000) + 0.5, random.nextBoolean() ? 0 : 2e3);
            }
            if (Math.abs(s) > DecimalPrecision.MAX_QUANTUM) {
                continue;
            }
            long expected = new BigDecimal(s).setScale(0, RoundingMode.HALF_UP).longValueExact();
            assertThat(DecimalPrecision.roundHalfAwayFromZero(s)).as("%s", s).isEqualTo(expected);
        }
    }

    @Test
    void aDecimalFitsFromItsNumberOfDigitsOn() {
        assertThat(DecimalPrecision.fits(2.3522, 3)).isFalse();
        assertThat(DecimalPrecision.fits(2.3522, 4)).isTrue();
        assertThat(DecimalPrecision.raise(2.3522, 0)).isEqualTo(4);
        assertThat(DecimalPrecision.raise(48.8566, 0)).isEqualTo(4);
        assertThat(DecimalPrecision.raise(-122.419416, 0)).isEqualTo(6);
        assertThat(DecimalPrecision.raise(0.1, 0)).isEqualTo(1);
        assertThat(DecimalPrecision.raise(1e15, 0)).isZero();
        assertThat(DecimalPrecision.raise(0.0, 0)).isZero();
    }

    @Test
    void valuesThatNoPrecisionHolds() {
        for (double v :
                new double[] {
                    Math.PI,
                    -0.0,
                    Double.NaN,
                    Double.POSITIVE_INFINITY,
                    Double.NEGATIVE_INFINITY,
                    1e-300,
                    1e308,
                    0.12345678, // 8 digits
                    9007199254740994.0 // 2^53 + 2: q too large
                }) {
            assertThat(DecimalPrecision.raise(v, 0)).as("%s", v).isEqualTo(8);
        }
        assertThat(DecimalPrecision.fits(9007199254740992.0, 0)).isTrue(); // 2^53 itself
    }

    @Test
    void factorsAreThePowersOfTen() {
        assertThat(DecimalPrecision.factor(0)).isEqualTo(1.0);
        assertThat(DecimalPrecision.factor(7)).isEqualTo(10_000_000.0);
        assertThat(DecimalPrecision.factor(-2)).isEqualTo(0.01);
        assertThat(DecimalPrecision.factor(-8)).isEqualTo(0.00000001);
    }
}
