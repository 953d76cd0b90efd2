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

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Numbers as PostGIS 3.3 prints them in {@code ST_AsGeoJSON}, {@code ST_AsText} and {@code
 * ST_AsEWKT} (its {@code lwprint_double}). An ordinate: the shortest decimal that reads back to the
 * double, rounded half-even to at most {@code digits} decimals (in that decimal, not in the
 * double's exact value), trailing zeros dropped; in plain notation when {@code 1e-8 < |v| < 1e15},
 * otherwise as a mantissa rounded to {@code digits} decimals and an exponent ({@code 1e-9}, {@code
 * 1.5e+15}; a mantissa that rounds up to 10 stays {@code 10e+15}). A bounding box value: C's {@code
 * printf("%.*f")} of the exact double.
 */
public final class PostgisNumberText {
    private static final double PLAIN_MIN = 1e-8;
    private static final double PLAIN_MAX = 1e15;
    private static final int PRINTF_DEFAULT_PRECISION = 6;

    /** Decimals of up to this many significant digits are distinct doubles (C's DBL_DIG). */
    private static final int DISTINCT_DIGITS = 15;

    private PostgisNumberText() {}

    /** An ordinate at {@code digits} (negative counts as 0). */
    public static void ordinate(double value, int digits, StringBuilder out) {
        if (Double.isNaN(value)) {
            out.append("NaN");
            return;
        }
        if (Double.isInfinite(value)) {
            out.append(value > 0 ? "Infinity" : "-Infinity");
            return;
        }
        if (value == 0) {
            out.append('0');
            return;
        }
        int precision = Math.max(0, digits);
        BigDecimal shortest = shortest(value);
        double magnitude = Math.abs(value);
        if (magnitude > PLAIN_MIN && magnitude < PLAIN_MAX) {
            BigDecimal rounded =
                    shortest.scale() > precision
                            ? shortest.setScale(precision, RoundingMode.HALF_EVEN)
                            : shortest;
            rounded = rounded.stripTrailingZeros();
            out.append(rounded.signum() == 0 ? "0" : rounded.toPlainString());
            return;
        }
        String digitsOfValue = shortest.unscaledValue().abs().toString();
        int exponent = digitsOfValue.length() - 1 - shortest.scale();
        BigDecimal mantissa = new BigDecimal(shortest.unscaledValue(), digitsOfValue.length() - 1);
        if (mantissa.scale() > precision) {
            mantissa = mantissa.setScale(precision, RoundingMode.HALF_EVEN);
        }
        out.append(mantissa.stripTrailingZeros().toPlainString())
                .append('e')
                .append(exponent < 0 ? '-' : '+')
                .append(Math.abs(exponent));
    }

    /** A bounding box value: {@code printf("%.*f", digits, value)} (negative: 6 decimals). */
    public static void boxValue(double value, int digits, StringBuilder out) {
        if (Double.isNaN(value)) {
            out.append("nan");
            return;
        }
        if (Double.isInfinite(value)) {
            out.append(value > 0 ? "inf" : "-inf");
            return;
        }
        int precision = digits < 0 ? PRINTF_DEFAULT_PRECISION : digits;
        String text =
                new BigDecimal(value).setScale(precision, RoundingMode.HALF_EVEN).toPlainString();
        boolean negative = value < 0 || (value == 0 && 1 / value < 0);
        if (negative && text.charAt(0) != '-') {
            out.append('-');
        }
        out.append(text);
    }

    /**
     * The shortest decimal that reads back to {@code value} (finite, not zero), and of those the
     * nearest to it, without trailing zeros: what Ryu, PostGIS's printer, starts from. {@link
     * Double#toString} reads back but is not the shortest on every Java version. When it has at
     * most 15 significant digits it is the one: distinct decimals of up to 15 digits are distinct
     * doubles, so no shorter or other decimal of that length reads back to the same one. Longer, it
     * only bounds the search.
     */
    public static BigDecimal shortest(double value) {
        BigDecimal best = new BigDecimal(Double.toString(value)).stripTrailingZeros();
        if (best.precision() <= DISTINCT_DIGITS && Math.abs(value) >= Double.MIN_NORMAL) {
            return best;
        }
        BigDecimal exact = new BigDecimal(value);
        for (int n = best.precision() - 1; n >= 1; n--) {
            BigDecimal candidate = roundTripping(exact, n, value);
            if (candidate == null) {
                break;
            }
            best = candidate;
        }
        BigDecimal nearest = roundTripping(exact, best.precision(), value);
        return nearest != null ? nearest : best;
    }

    /** The nearest decimal of {@code n} significant digits if it reads back to {@code value}. */
    private static BigDecimal roundTripping(BigDecimal exact, int n, double value) {
        BigDecimal candidate = exact.round(new MathContext(n, RoundingMode.HALF_EVEN));
        return candidate.doubleValue() == value ? candidate.stripTrailingZeros() : null;
    }
}
