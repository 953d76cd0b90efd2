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
package dev.flinkgeometry.testing;

import java.util.ArrayList;
import java.util.List;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * A visit as a user's job might keep it: a POJO with JTS fields (public, for Flink's POJO rules).
 */
public class Visit {
    public long id;
    public Point position;
    public Polygon area;

    public Visit() {}

    public Visit(long id, Point position, Polygon area) {
        this.id = id;
        this.position = position;
        this.area = area;
    }

    /**
     * Points and polygons of every layout from {@link KeyedGeometryStates#geometries()}, with SRIDs
     * and empties, each held, and a {@code null} field of each kind.
     */
    public static List<Visit> samples() {
        List<Point> points = new ArrayList<>();
        List<Polygon> polygons = new ArrayList<>();
        for (Geometry geometry : KeyedGeometryStates.geometries()) {
            if (geometry instanceof Point) {
                points.add((Point) geometry);
            } else if (geometry instanceof Polygon) {
                polygons.add((Polygon) geometry);
            }
        }
        List<Visit> visits = new ArrayList<>();
        int n = Math.max(points.size(), polygons.size());
        for (int i = 0; i < n; i++) {
            visits.add(
                    new Visit(i, points.get(i % points.size()), polygons.get(i % polygons.size())));
        }
        // The nulls in records of their own, so that every point and polygon is also held.
        visits.add(new Visit(n, null, polygons.get(0)));
        visits.add(new Visit(n + 1, points.get(0), null));
        return visits;
    }

    @Override
    public String toString() {
        return "Visit(" + id + ", " + position + ", " + area + ")";
    }
}
