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
package dev.flinkgeometry.table;

import org.apache.flink.annotation.Internal;
import org.locationtech.jts.geom.CoordinateSequence;

/**
 * A ring indexed by horizontal bands of equal height: each segment is listed in every band its y
 * range touches, and a point visits only the segments of its own band. A segment whose y range does
 * not hold the point's y adds nothing to PostGIS's winding number ({@link PointInPolygon#step}),
 * and the band of a y is monotonic in y, so every segment that can count is visited: the answer is
 * exactly {@link PointInPolygon#inRing}'s.
 */
@Internal
final class BandedRing implements PointInPolygon.Ring {
    private static final int MAX_BANDS = 256;

    private final CoordinateSequence ring;
    private final double minY;
    private final double maxY;
    private final double bandHeight;
    private final int[][] bands;
    private final int size;

    BandedRing(CoordinateSequence ring) {
        this.ring = ring;
        int segments = Math.max(ring.size() - 1, 0);
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < ring.size(); i++) {
            min = Math.min(min, ring.getY(i));
            max = Math.max(max, ring.getY(i));
        }
        boolean finite = Double.isFinite(min) && Double.isFinite(max) && max > min;
        int count = finite ? Math.max(1, Math.min(MAX_BANDS, segments / 4)) : 1;
        this.minY = min;
        this.maxY = max;
        this.bandHeight = finite ? (max - min) / count : 1;
        int[] lengths = new int[count];
        int total = 0;
        for (int i = 0; i < segments; i++) {
            int from = band(Math.min(ring.getY(i), ring.getY(i + 1)), count);
            int to = band(Math.max(ring.getY(i), ring.getY(i + 1)), count);
            for (int b = from; b <= to; b++) {
                lengths[b]++;
            }
            total += to - from + 1;
        }
        this.bands = new int[count][];
        for (int b = 0; b < count; b++) {
            bands[b] = new int[lengths[b]];
            lengths[b] = 0;
        }
        for (int i = 0; i < segments; i++) {
            int from = band(Math.min(ring.getY(i), ring.getY(i + 1)), count);
            int to = band(Math.max(ring.getY(i), ring.getY(i + 1)), count);
            for (int b = from; b <= to; b++) {
                bands[b][lengths[b]++] = i;
            }
        }
        this.size = total + count;
    }

    /** The band of {@code y}: monotonic in {@code y}, clamped to the bands. */
    private int band(double y, int count) {
        double b = Math.floor((y - minY) / bandHeight);
        if (!(b > 0)) {
            return 0; // below, at the bottom, or NaN
        }
        return b >= count ? count - 1 : (int) b;
    }

    @Override
    public int locate(double x, double y) {
        if (y < minY || y > maxY) {
            return PointInPolygon.OUTSIDE; // no segment's y range holds y
        }
        int windings = 0;
        for (int i : bands[band(y, bands.length)]) {
            int step = PointInPolygon.step(ring, i, x, y);
            if (step == PointInPolygon.ON_SEGMENT) {
                return PointInPolygon.BOUNDARY;
            }
            windings += step;
        }
        return windings == 0 ? PointInPolygon.OUTSIDE : PointInPolygon.INSIDE;
    }

    @Override
    public int indexSize() {
        return size;
    }
}
