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

import java.util.Random;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;

/**
 * Generated geofence zones, reproducibly: one circle of {@value #SEGMENTS} segments per cell of a
 * square grid over the world (longitude -180..180, latitude -90..90), its centre moved by up to a
 * quarter cell and its radius 0.2 to 0.4 of the cell's height, so that neighbours may overlap.
 */
public final class Zones {
    public static final int SEGMENTS = 32;
    private static final GeometryFactory FACTORY = new GeometryFactory();

    private Zones() {}

    /** {@code side × side} circles, row by row from the south-west. */
    public static Geometry[] circles(int side) {
        Random random = new Random(29);
        double width = 360.0 / side;
        double height = 180.0 / side;
        Geometry[] zones = new Geometry[side * side];
        for (int row = 0; row < side; row++) {
            for (int column = 0; column < side; column++) {
                double x = -180 + (column + 0.5 + (random.nextDouble() - 0.5) / 2) * width;
                double y = -90 + (row + 0.5 + (random.nextDouble() - 0.5) / 2) * height;
                double radius = (0.2 + 0.2 * random.nextDouble()) * height;
                zones[row * side + column] = circle(x, y, radius);
            }
        }
        return zones;
    }

    private static Geometry circle(double x, double y, double radius) {
        Coordinate[] ring = new Coordinate[SEGMENTS + 1];
        for (int i = 0; i < SEGMENTS; i++) {
            double angle = 2 * Math.PI * i / SEGMENTS;
            ring[i] = new Coordinate(x + radius * Math.cos(angle), y + radius * Math.sin(angle));
        }
        ring[SEGMENTS] = ring[0].copy();
        return FACTORY.createPolygon(ring);
    }
}
