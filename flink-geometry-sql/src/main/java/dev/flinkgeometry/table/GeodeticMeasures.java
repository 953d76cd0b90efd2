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

import dev.flinkgeometry.table.SphericalEdges.LonLat;
import net.sf.geographiclib.PolygonArea;
import org.apache.flink.annotation.Internal;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Polygon;

/**
 * Lengths and areas of lon/lat geometries on a sphere or a spheroid, as PostGIS 3.3 computes them
 * for {@code geography}: segment by segment ({@code lwgeom_length_spheroid}, 3D where the geometry
 * has Z), the area of rings by spherical excess on the sphere ({@code ptarray_area_sphere}) and by
 * GeographicLib's geodesic polygon on the spheroid ({@code ptarray_area_spheroid}).
 */
@Internal
final class GeodeticMeasures {
    private GeodeticMeasures() {}

    /** The length of every line and ring, in the units of the spheroid. */
    static double length(Geometry g, Spheroid s) {
        if (g.isEmpty()) {
            return 0.0;
        }
        if (g instanceof LineString) {
            return length(((LineString) g).getCoordinateSequence(), s);
        }
        if (g instanceof Polygon) {
            Polygon polygon = (Polygon) g;
            double length = length(polygon.getExteriorRing().getCoordinateSequence(), s);
            for (int i = 0; i < polygon.getNumInteriorRing(); i++) {
                length += length(polygon.getInteriorRingN(i).getCoordinateSequence(), s);
            }
            return length;
        }
        double length = 0.0;
        if (g instanceof GeometryCollection) {
            for (int i = 0; i < g.getNumGeometries(); i++) {
                length += length(g.getGeometryN(i), s);
            }
        }
        return length;
    }

    private static double length(CoordinateSequence points, Spheroid s) {
        if (points.size() < 2) {
            return 0.0;
        }
        boolean hasZ = points.hasZ();
        LonLat a = LonLat.ofDegrees(points.getX(0), points.getY(0));
        double za = hasZ ? points.getZ(0) : 0.0;
        double length = 0.0;
        for (int i = 1; i < points.size(); i++) {
            LonLat b = LonLat.ofDegrees(points.getX(i), points.getY(i));
            double zb = hasZ ? points.getZ(i) : 0.0;
            double segment =
                    s.isSphere()
                            ? s.radius * SphericalEdges.sphereDistance(a, b)
                            : s.distance(a, b);
            if (hasZ) {
                segment = Math.sqrt((zb - za) * (zb - za) + segment * segment);
            }
            length += segment;
            a = b;
            za = zb;
        }
        return length;
    }

    /** The area of the polygons (shell minus holes), in square units of the spheroid. */
    static double area(Geometry g, Spheroid s) {
        if (g.isEmpty()) {
            return 0.0;
        }
        if (g instanceof Polygon) {
            Polygon polygon = (Polygon) g;
            double area = ringArea(polygon.getExteriorRing().getCoordinateSequence(), s);
            for (int i = 0; i < polygon.getNumInteriorRing(); i++) {
                area -= ringArea(polygon.getInteriorRingN(i).getCoordinateSequence(), s);
            }
            return area;
        }
        double area = 0.0;
        if (g instanceof GeometryCollection) {
            for (int i = 0; i < g.getNumGeometries(); i++) {
                area += area(g.getGeometryN(i), s);
            }
        }
        return area;
    }

    private static double ringArea(CoordinateSequence ring, Spheroid s) {
        if (ring.size() < 4) {
            return 0.0;
        }
        if (s.isSphere()) {
            return s.radius * s.radius * sphereArea(ring);
        }
        PolygonArea polygon = new PolygonArea(s.geodesic(), false);
        // the ring unclosed, as PostGIS passes it
        for (int i = 0; i < ring.size() - 1; i++) {
            polygon.AddPoint(ring.getY(i), ring.getX(i));
        }
        return Math.abs(polygon.Compute(false, true).area);
    }

    /** {@code ptarray_area_sphere}: the fan of triangles from the first point, in steradians. */
    private static double sphereArea(CoordinateSequence ring) {
        LonLat a = LonLat.ofDegrees(ring.getX(0), ring.getY(0));
        LonLat b = LonLat.ofDegrees(ring.getX(1), ring.getY(1));
        double area = 0.0;
        for (int i = 2; i < ring.size() - 1; i++) {
            LonLat c = LonLat.ofDegrees(ring.getX(i), ring.getY(i));
            area += SphericalEdges.sphereSignedArea(a, b, c);
            b = c;
        }
        return Math.abs(area);
    }
}
