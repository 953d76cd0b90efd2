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

import static dev.flinkgeometry.table.GeometryDataTypes.geometry;

import dev.flinkgeometry.format.CoordinateLayout;
import dev.flinkgeometry.format.aligned.AlignedFormat;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.DataTypes;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * {@code ST_OrderingEquals(geometry, geometry)}: whether the two are the same geometry point for
 * point, in the same order, as PostGIS's: the same type at every level, the same SRID, the same Z
 * and M, the same members, rings and points, each ordinate bit for bit ({@code -0} is not {@code
 * 0}; a NaN equals the same NaN). Different SRIDs give false, not an error, as in PostGIS.
 */
@Internal
public final class StOrderingEquals extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    public StOrderingEquals() {
        super(DataTypes.BOOLEAN(), args(geometry(), geometry()));
    }

    @Override
    String name() {
        return "ST_OrderingEquals";
    }

    public Boolean eval(Geometry a, Geometry b) {
        if (a == null || b == null) {
            return null;
        }
        return a.getSRID() == b.getSRID()
                && AlignedFormat.layoutOf(a) == AlignedFormat.layoutOf(b)
                && same(a, b, AlignedFormat.layoutOf(a));
    }

    private static boolean same(Geometry a, Geometry b, CoordinateLayout layout) {
        if (a.getClass() != b.getClass()) {
            return false;
        }
        if (a instanceof Point) {
            return same(
                    ((Point) a).getCoordinateSequence(),
                    ((Point) b).getCoordinateSequence(),
                    layout);
        } else if (a instanceof LineString) {
            return same(
                    ((LineString) a).getCoordinateSequence(),
                    ((LineString) b).getCoordinateSequence(),
                    layout);
        } else if (a instanceof Polygon) {
            Polygon p = (Polygon) a;
            Polygon q = (Polygon) b;
            if (p.isEmpty() || q.isEmpty()) {
                return p.isEmpty() && q.isEmpty();
            }
            if (p.getNumInteriorRing() != q.getNumInteriorRing()
                    || !same(p.getExteriorRing(), q.getExteriorRing(), layout)) {
                return false;
            }
            for (int i = 0; i < p.getNumInteriorRing(); i++) {
                if (!same(p.getInteriorRingN(i), q.getInteriorRingN(i), layout)) {
                    return false;
                }
            }
            return true;
        }
        if (a.getNumGeometries() != b.getNumGeometries()) {
            return false;
        }
        for (int i = 0; i < a.getNumGeometries(); i++) {
            if (!same(a.getGeometryN(i), b.getGeometryN(i), layout)) {
                return false;
            }
        }
        return true;
    }

    private static boolean same(
            CoordinateSequence s, CoordinateSequence t, CoordinateLayout layout) {
        if (s.size() != t.size()) {
            return false;
        }
        for (int i = 0; i < s.size(); i++) {
            if (!bits(s.getX(i), t.getX(i))
                    || !bits(s.getY(i), t.getY(i))
                    || (layout.hasZ() && !bits(s.getZ(i), t.getZ(i)))
                    || (layout.hasM() && !bits(s.getM(i), t.getM(i)))) {
                return false;
            }
        }
        return true;
    }

    private static boolean bits(double x, double y) {
        return Double.doubleToRawLongBits(x) == Double.doubleToRawLongBits(y);
    }
}
