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

import org.apache.flink.annotation.Internal;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.operation.distance.DistanceOp;

/**
 * {@code ST_ClosestPoint(a, b)}: the point of {@code a} nearest to {@code b}, an XY point with the
 * SRID of {@code a}; {@code NULL} when either is empty; mixed SRIDs refused. The point is JTS's
 * {@code DistanceOp}; PostGIS computes it in its own {@code measures.c}, so where several points
 * are equally near, or the projection on a segment rounds differently, the two may differ (the
 * conformance table of docs/SQL-FUNCTIONS.md measures by how much).
 */
@Internal
public final class StClosestPoint extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    public StClosestPoint() {
        super(geometry(), args(geometry(), geometry()));
    }

    @Override
    String name() {
        return "ST_ClosestPoint";
    }

    public Geometry eval(Geometry a, Geometry b) {
        if (a == null || b == null) {
            return null;
        }
        SameSrid.require(name(), a, b);
        if (a.isEmpty() || b.isEmpty()) {
            return null;
        }
        Coordinate nearest = DistanceOp.nearestPoints(a, b)[0];
        return SridFactories.like(a.getFactory(), a.getSRID())
                .createPoint(new CoordinateXY(nearest.getX(), nearest.getY()));
    }
}
