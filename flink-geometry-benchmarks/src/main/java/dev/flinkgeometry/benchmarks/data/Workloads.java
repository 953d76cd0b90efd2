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

import java.util.List;
import org.locationtech.jts.geom.Geometry;

/**
 * The workloads by the names the benchmarks take as {@code @Param}: a synthetic shape with its
 * segment count ({@code polygon-16}), {@code point}, {@code natural-earth}, the whole corpus, or
 * the GPS feed ({@code gps-point}, {@code gps-track-17}: {@link GpsFeed}); a benchmark cycles
 * through a multi-record workload record by record.
 */
public final class Workloads {
    public static final String POINT = "point";
    public static final String NATURAL_EARTH = "natural-earth";

    /**
     * GPS-feed points: ordinates parsed from text with 6 decimals, as a JSON feed delivers them.
     */
    public static final String GPS_POINT = "gps-point";

    /** GPS-feed tracks of 17 such points. */
    public static final String GPS_TRACK = "gps-track-17";

    /** Every workload, in report order. */
    public static final List<String> ALL =
            List.of(
                    POINT,
                    "linestring-16",
                    "linestring-256",
                    "polygon-16",
                    "polygon-256",
                    "polygon-with-holes-16",
                    "polygon-with-holes-256",
                    "multipolygon-16",
                    "multipolygon-256",
                    "geometrycollection-16",
                    "geometrycollection-256",
                    GPS_POINT,
                    GPS_TRACK,
                    NATURAL_EARTH);

    private Workloads() {}

    public static Geometry[] load(String workload) {
        if (workload.equals(POINT)) {
            return new Geometry[] {Shapes.point()};
        }
        if (workload.equals(NATURAL_EARTH)) {
            return NaturalEarth.all().toArray(new Geometry[0]);
        }
        if (workload.equals(GPS_POINT)) {
            return GpsFeed.points();
        }
        if (workload.equals(GPS_TRACK)) {
            return GpsFeed.tracks();
        }
        int dash = workload.lastIndexOf('-');
        String shape = dash < 0 ? workload : workload.substring(0, dash);
        int segments = segments(workload);
        switch (shape) {
            case "linestring":
                return new Geometry[] {Shapes.lineString(segments)};
            case "polygon":
                return new Geometry[] {Shapes.polygon(segments)};
            case "polygon-with-holes":
                return new Geometry[] {Shapes.polygonWithHoles(segments)};
            case "multipolygon":
                return new Geometry[] {Shapes.multiPolygon(segments)};
            case "geometrycollection":
                return new Geometry[] {Shapes.geometryCollection(segments)};
            default:
                throw new IllegalArgumentException("unknown workload " + workload);
        }
    }

    /** The first {@code count} points of the GPS feed ({@code gps-point} is the first 1,000). */
    public static Geometry[] gpsPoints(int count) {
        return GpsFeed.points(count);
    }

    /** The segment count of a synthetic shape; 0 for a point and the Natural Earth mix. */
    public static int segments(String workload) {
        if (workload.equals(POINT)
                || workload.equals(NATURAL_EARTH)
                || workload.equals(GPS_POINT)) {
            return 0;
        }
        if (workload.equals(GPS_TRACK)) {
            return GpsFeed.TRACK_POINTS - 1;
        }
        int dash = workload.lastIndexOf('-');
        try {
            return Integer.parseInt(workload.substring(dash + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("unknown workload " + workload, e);
        }
    }
}
