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
package dev.flinkgeometry.format.compact;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXYZM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;

/**
 * The one-pass precision search against the definition, tried precision by precision: the smallest
 * {@code p} at which {@code round(v * 10^p) / 10^p} is {@code v} bit for bit, for every ordinate of
 * the group.
 */
class LosslessPrecisionTest {
    private static final GeometryFactory FACTORY = new GeometryFactory();

    @Provide
    Arbitrary<Double> ordinates() {
        Arbitrary<Double> decimal =
                Arbitraries.longs()
                        .between(-99_999_999_999_999L, 99_999_999_999_999L)
                        .flatMap(
                                unscaled ->
                                        Arbitraries.integers()
                                                .between(0, 9)
                                                .map(
                                                        scale ->
                                                                new BigDecimal(unscaled)
                                                                        .movePointLeft(scale)
                                                                        .doubleValue()));
        Arbitrary<Double> raw =
                Arbitraries.longs().map(Double::longBitsToDouble).filter(v -> !Double.isNaN(v));
        Arbitrary<Double> special =
                Arbitraries.of(
                        0.0,
                        -0.0,
                        Double.NaN,
                        Double.POSITIVE_INFINITY,
                        1e-300,
                        1e308,
                        0x1p50 / 1e7,
                        0x1p53 / 1e7,
                        0x1p53,
                        900719925.4740992,
                        112589990.6842624,
                        112589990.684262,
                        1e-7,
                        5e-8,
                        0.1,
                        0.3);
        return Arbitraries.frequencyOf(
                Tuple.of(6, decimal), Tuple.of(2, raw), Tuple.of(2, special));
    }

    @Property(tries = 3000)
    void findsTheSmallestPrecisionOfEachGroup(
            @ForAll @Size(min = 1, max = 6) List<@From("ordinates") Double> xs,
            @ForAll @Size(min = 1, max = 6) List<@From("ordinates") Double> ys,
            @ForAll @Size(min = 1, max = 6) List<@From("ordinates") Double> zs,
            @ForAll @Size(min = 1, max = 6) List<@From("ordinates") Double> ms) {
        int n = Math.min(Math.min(xs.size(), ys.size()), Math.min(zs.size(), ms.size()));
        Coordinate[] coordinates = new Coordinate[n];
        double[] xy = new double[2 * n];
        double[] z = new double[n];
        double[] m = new double[n];
        for (int i = 0; i < n; i++) {
            coordinates[i] = new CoordinateXYZM(xs.get(i), ys.get(i), zs.get(i), ms.get(i));
            xy[2 * i] = xs.get(i);
            xy[2 * i + 1] = ys.get(i);
            z[i] = zs.get(i);
            m[i] = ms.get(i);
        }
        Geometry geometry = FACTORY.createMultiPointFromCoords(coordinates);
        int found = LosslessPrecision.of(geometry);
        int pxy = smallest(xy);
        int pz = smallest(z);
        int pm = smallest(m);
        boolean zAny = false;
        boolean mAny = false;
        for (int i = 0; i < n; i++) {
            zAny |= !Double.isNaN(z[i]);
            mAny |= !Double.isNaN(m[i]);
        }
        if (!zAny) {
            pz = 0; // a group TWKB does not write needs no precision
        }
        if (!mAny) {
            pm = 0;
        }
        if (pxy < 0 || pz < 0 || pm < 0) {
            // None, or a lower bound off the exact path that the writer will fail to confirm.
            assertThat(found == LosslessPrecision.NONE || (found & LosslessPrecision.EXACT) == 0)
                    .as("found %s", Integer.toHexString(found))
                    .isTrue();
            return;
        }
        assertThat(found).isNotEqualTo(LosslessPrecision.NONE);
        if ((found & LosslessPrecision.EXACT) != 0) {
            assertThat(found & 0xFFF).isEqualTo(pxy | pz << 4 | pm << 8);
        } else {
            // The slow path's lower bound, which the writer then confirms.
            assertThat(found & 0x0F).isLessThanOrEqualTo(pxy);
            assertThat((found >>> 4) & 0x0F).isLessThanOrEqualTo(pz);
            assertThat((found >>> 8) & 0x0F).isLessThanOrEqualTo(pm);
        }
    }

    @Test
    void decimalTextBelowTwoToTheFiftyIsExact() {
        Geometry point = FACTORY.createPoint(new Coordinate(13.404954, 52.520008));
        assertThat(LosslessPrecision.of(point)).isEqualTo(6 | LosslessPrecision.EXACT);
        Geometry integral = FACTORY.createPoint(new Coordinate(-120, 4e7));
        assertThat(LosslessPrecision.of(integral)).isEqualTo(LosslessPrecision.EXACT);
        Geometry negativeZero = FACTORY.createPoint(new Coordinate(-0.0, 1));
        assertThat(LosslessPrecision.of(negativeZero)).isEqualTo(LosslessPrecision.NONE);
    }

    /** The smallest p in 0..7 at which every value survives the round trip, or -1. */
    private static int smallest(double[] values) {
        for (int p = 0; p <= 7; p++) {
            boolean all = true;
            for (double v : values) {
                all &= roundTrips(v, p);
            }
            if (all) {
                return p;
            }
        }
        return -1;
    }

    private static boolean roundTrips(double v, int p) {
        double factor = Math.pow(10, p);
        double s = v * factor;
        if (Double.isNaN(s) || Math.abs(s) > 0x1p53) {
            return false;
        }
        double magnitude = Math.floor(Math.abs(s) + 0.5);
        if (magnitude - Math.abs(s) > 0.5) {
            magnitude -= 1; // floor(x + 0.5) rounded up a value just below a half
        }
        long q = (long) Math.copySign(magnitude, s);
        return Double.doubleToRawLongBits(q / factor) == Double.doubleToRawLongBits(v);
    }
}
