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
import org.locationtech.jts.geom.CoordinateSequences;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryComponentFilter;
import org.locationtech.jts.geom.LineString;

/**
 * {@code ST_Reverse(geometry)}: the points of every line and ring in reverse order, as PostGIS's;
 * points, and the order of a collection's members, unchanged. Z and M, empty members and the SRID
 * are kept.
 */
@Internal
public final class StReverse extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    public StReverse() {
        super(geometry(), args(geometry()));
    }

    @Override
    String name() {
        return "ST_Reverse";
    }

    public Geometry eval(Geometry geometry) {
        if (geometry == null) {
            return null;
        }
        Geometry copy = SridFactories.copy(geometry, geometry.getFactory());
        copy.apply(
                (GeometryComponentFilter)
                        part -> {
                            if (part instanceof LineString) { // rings too
                                CoordinateSequences.reverse(
                                        ((LineString) part).getCoordinateSequence());
                            }
                        });
        copy.geometryChanged();
        return SridFactories.withSrid(copy, geometry.getSRID());
    }
}
