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

/**
 * Decimal precisions of TWKB: the factor {@code 10^p} of each precision, PostGIS's rounding, and
 * the lossless test. An ordinate {@code v} is written at precision {@code p} as {@code q = round(v
 * * 10^p)} (half away from zero, as C's {@code lround}) and read back as {@code q / 10^p}, both in
 * IEEE double arithmetic, as PostGIS computes them.
 */
public final class DecimalPrecision {
    /** The smallest precision of X and Y that TWKB's 4-bit zigzag field holds. */
    public static final int MIN_XY = -8;

    /** The largest precision of every ordinate (the 3-bit Z and M fields; PostGIS's limit). */
    public static final int MAX = 7;

    /** The largest |q| accepted: every integer up to it is a double, so q / 10^p is exact math. */
    public static final double MAX_QUANTUM = 9007199254740992.0; // 2^53

    /**
     * Below this {@code |v · 10^p|}, an ordinate {@code v} that fits at {@code p} lies within
     * {@code |q| · 2^-52 < 0.5} of its {@code q}: never a half. So {@code rint} gives its {@code
     * q}, and a half fails the lossless check whichever way it is rounded.
     */
    public static final double NO_HALF_FITS = 0x1p50;

    /** 10^p for p = -8..7, as the literals (correctly rounded) that C's pow(10, p) also gives. */
    private static final double[] FACTORS = {
        1e-8, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7
    };

    private DecimalPrecision() {}

    /** {@code 10^precision}, for {@code precision} in {@code -8..7}. */
    public static double factor(int precision) {
        return FACTORS[precision - MIN_XY];
    }

    /**
     * {@code s} rounded to the nearest integer, halves away from zero (C's {@code lround}), for
     * {@code |s| <= 2^53}. Exact: the fraction {@code |s| - floor(|s|)} of such a double is exact.
     */
    public static long roundHalfAwayFromZero(double s) {
        // rint rounds halves to even; s - rint(s) is exact, so a half is seen exactly and moved
        // away from zero (s + 0.5 is exact there: a half has |s| < 2^52). One rarely taken branch
        // instead of one per value that depends on the fraction.
        double t = Math.rint(s);
        if (Math.abs(s - t) == 0.5) {
            t = s + Math.copySign(0.5, s);
        }
        return (long) t;
    }

    /**
     * Whether {@code v} is exactly {@code q / 10^p}, bit for bit, for {@code q = round(v * 10^p)}
     * with {@code |q| <= 2^53}. False for NaN, infinities and {@code -0.0} (which reads back as
     * {@code 0.0}).
     */
    public static boolean fits(double v, int precision) {
        double f = FACTORS[precision - MIN_XY];
        double s = v * f;
        if (!(Math.abs(s) <= MAX_QUANTUM)) {
            return false;
        }
        return Double.doubleToRawLongBits(roundHalfAwayFromZero(s) / f)
                == Double.doubleToRawLongBits(v);
    }

    /**
     * The smallest precision from {@code from} to {@link #MAX} at which {@code v} {@link #fits}, or
     * {@code MAX + 1} if none.
     */
    public static int raise(double v, int from) {
        int p = from;
        while (p <= MAX && !fits(v, p)) {
            p++;
        }
        return p;
    }
}
