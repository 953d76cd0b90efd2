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
package dev.flinkgeometry.benchmarks.data;

import java.util.Locale;
import java.util.Random;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;

/**
 * The GPS-feed workload: positions whose ordinates are parsed from text with 6 decimals, as a JSON
 * or CSV feed delivers them (such doubles are exactly {@code q / 10^6}), reproducibly random:
 * single points, and tracks of {@value #TRACK_POINTS} fixes 10 to 50 m apart.
 */
final class GpsFeed {
    static final int TRACK_POINTS = 17;
    private static final int RECORDS = 1_000;
    private static final GeometryFactory FACTORY = new GeometryFactory();

    private GpsFeed() {}

    static Geometry[] points() {
        return points(RECORDS);
    }

    /** The first {@code count} points of the feed: {@link #points()} is the first 1,000. */
    static Geometry[] points(int count) {
        Random random = new Random(42);
        Geometry[] points = new Geometry[count];
        for (int i = 0; i < count; i++) {
            points[i] =
                    FACTORY.createPoint(
                            new Coordinate(
                                    parsed(-180 + 360 * random.nextDouble()),
                                    parsed(-90 + 180 * random.nextDouble())));
        }
        return points;
    }

    static Geometry[] tracks() {
        return tracks(RECORDS);
    }

    /** The first {@code count} tracks of the feed: {@link #tracks()} is the first 1,000. */
    static Geometry[] tracks(int count) {
        Random random = new Random(7);
        Geometry[] tracks = new Geometry[count];
        for (int t = 0; t < count; t++) {
            double lon = parsed(-180 + 360 * random.nextDouble());
            double lat = parsed(-80 + 160 * random.nextDouble());
            Coordinate[] fixes = new Coordinate[TRACK_POINTS];
            for (int i = 0; i < TRACK_POINTS; i++) {
                lon = parsed(lon + (random.nextInt(801) - 400) / 1e6);
                lat = parsed(lat + (random.nextInt(801) - 400) / 1e6);
                fixes[i] = new Coordinate(lon, lat);
            }
            tracks[t] = FACTORY.createLineString(fixes);
        }
        return tracks;
    }

    /** {@code v} written with 6 decimals and read back, as a feed's text is. */
    private static double parsed(double v) {
        return Double.parseDouble(String.format(Locale.ROOT, "%.6f", v));
    }
}
