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
package dev.flinkgeometry.format.geojson;

import dev.flinkgeometry.format.internal.PostgisNumberText;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * The {@code bbox} of PostGIS's GeoJSON: computed as PostGIS computes a cartesian box, NaN
 * included. Within one point array each bound is {@code (bound < v) ? bound : v} from the first
 * point (C's {@code FP_MIN}; a NaN ordinate replaces the bound), a polygon counts its exterior ring
 * only, and boxes of parts merge by {@code if (v < bound) bound = v} skipping empty parts; an empty
 * geometry has the box of zeros.
 */
final class BoundingBox {
    private final boolean hasZ;
    private boolean found;
    private final double[] min = new double[3];
    private final double[] max = new double[3];

    private BoundingBox(boolean hasZ) {
        this.hasZ = hasZ;
    }

    static BoundingBox of(Geometry geometry, boolean hasZ) {
        BoundingBox box = new BoundingBox(hasZ);
        box.add(geometry);
        return box;
    }

    private void add(Geometry geometry) {
        if (geometry instanceof Point) {
            add(((Point) geometry).getCoordinateSequence());
        } else if (geometry instanceof LineString) {
            add(((LineString) geometry).getCoordinateSequence());
        } else if (geometry instanceof Polygon) {
            if (!geometry.isEmpty()) {
                add(((Polygon) geometry).getExteriorRing().getCoordinateSequence());
            }
        } else {
            for (int i = 0; i < geometry.getNumGeometries(); i++) {
                add(geometry.getGeometryN(i));
            }
        }
    }

    private void add(CoordinateSequence sequence) {
        if (sequence.size() == 0) {
            return;
        }
        double[] lo = ordinates(sequence, 0);
        double[] hi = lo.clone();
        for (int i = 1; i < sequence.size(); i++) {
            double[] p = ordinates(sequence, i);
            for (int o = 0; o < 3; o++) {
                lo[o] = lo[o] < p[o] ? lo[o] : p[o];
                hi[o] = hi[o] > p[o] ? hi[o] : p[o];
            }
        }
        if (!found) {
            System.arraycopy(lo, 0, min, 0, 3);
            System.arraycopy(hi, 0, max, 0, 3);
            found = true;
            return;
        }
        for (int o = 0; o < 3; o++) {
            if (lo[o] < min[o]) {
                min[o] = lo[o];
            }
            if (hi[o] > max[o]) {
                max[o] = hi[o];
            }
        }
    }

    private static double[] ordinates(CoordinateSequence sequence, int i) {
        return new double[] {sequence.getX(i), sequence.getY(i), GeoJsonWriter.z(sequence, i)};
    }

    void write(int digits, StringBuilder out) {
        out.append(",\"bbox\":[");
        int dimensions = hasZ ? 3 : 2;
        for (int o = 0; o < dimensions; o++) {
            PostgisNumberText.boxValue(min[o], digits, out);
            out.append(',');
        }
        for (int o = 0; o < dimensions; o++) {
            PostgisNumberText.boxValue(max[o], digits, out);
            out.append(o == dimensions - 1 ? "]" : ",");
        }
    }
}
