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
package dev.flinkgeometry.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.java.tuple.Tuple2;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;

/**
 * Runs {@link LastPositionsJob} on an embedded cluster (RocksDB) and checks every record it emits,
 * bit for bit, against values computed here from the feed's text: the last position exactly as the
 * text says (lossless compact state), the track rounded to 5 decimals as the format specifies
 * ({@code q = round(v × 10^5)} halves away from zero, read back as {@code q / 10^5}).
 */
class LastPositionsJobITCase {
    private static final int FIXES = 400;

    @Test
    void everyRecordHoldsExactlyWhatTheCompactStateShouldHold() throws Exception {
        List<VehiclePosition> results = LastPositionsJob.run(FIXES);

        Map<String, List<double[]>> expectedHistory = new HashMap<>();
        Map<String, List<String>> expected = new HashMap<>();
        for (long n = 0; n < FIXES; n++) {
            Tuple2<String, String> fix = LastPositionsJob.fix(n);
            String[] text = fix.f1.split(" ");
            double[] xy = {
                new BigDecimal(text[0]).doubleValue(), new BigDecimal(text[1]).doubleValue()
            };
            List<double[]> history =
                    expectedHistory.computeIfAbsent(fix.f0, v -> new ArrayList<>());
            if (history.isEmpty()) {
                history.add(xy);
            }
            history.add(xy);
            List<double[]> track =
                    history.subList(
                            Math.max(0, history.size() - LastPositionsJob.TRACK_POINTS),
                            history.size());
            StringBuilder line = new StringBuilder("LineString 0 XY");
            for (double[] p : track) {
                line.append(' ')
                        .append(bits(rounded(p[0])))
                        .append(' ')
                        .append(bits(rounded(p[1])));
            }
            expected.computeIfAbsent(fix.f0, v -> new ArrayList<>())
                    .add(
                            fix.f0
                                    + " "
                                    + (history.size() - 1)
                                    + " | Point 0 XY "
                                    + bits(xy[0])
                                    + " "
                                    + bits(xy[1])
                                    + " | "
                                    + line);
        }

        Map<String, List<String>> actual = new HashMap<>();
        for (VehiclePosition p : results) {
            actual.computeIfAbsent(p.vehicle, v -> new ArrayList<>())
                    .add(
                            p.vehicle
                                    + " "
                                    + p.fixes
                                    + " | "
                                    + describe(p.last)
                                    + " | "
                                    + describe(p.track));
        }
        assertThat(actual).hasSize(LastPositionsJob.VEHICLES).isEqualTo(expected);
        // The track is rounded indeed: most last positions differ from the track's last point.
        long rounded =
                results.stream()
                        .filter(
                                p ->
                                        p.track.getCoordinateN(p.track.getNumPoints() - 1).x
                                                != p.last.getX())
                        .count();
        assertThat(rounded).isGreaterThan(FIXES / 2);
    }

    /** {@code v} at 5 decimals: halves away from zero, on the double product, as FORMAT.md says. */
    private static double rounded(double v) {
        double scaled = v * 1e5;
        return Math.copySign(Math.floor(Math.abs(scaled) + 0.5), scaled) / 1e5;
    }

    private static String bits(double v) {
        return Long.toHexString(Double.doubleToLongBits(v));
    }

    /** Class, SRID, coordinate dimensions by value (Z, M not NaN), and X/Y bits. */
    private static String describe(Geometry g) {
        CoordinateSequence s =
                g instanceof Point
                        ? ((Point) g).getCoordinateSequence()
                        : ((LineString) g).getCoordinateSequence();
        StringBuilder out = new StringBuilder(g.getClass().getSimpleName());
        out.append(' ').append(g.getSRID()).append(' ');
        boolean z = false;
        boolean m = false;
        for (int i = 0; i < s.size(); i++) {
            z |= !Double.isNaN(s.getZ(i));
            m |= !Double.isNaN(s.getM(i));
        }
        out.append("XY").append(z ? "Z" : "").append(m ? "M" : "");
        for (int i = 0; i < s.size(); i++) {
            out.append(' ').append(bits(s.getX(i))).append(' ').append(bits(s.getY(i)));
        }
        return out.toString();
    }
}
