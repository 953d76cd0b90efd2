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
import org.locationtech.jts.geom.CoordinateSequenceFilter;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.util.GeometryTransformer;

/**
 * What PostGIS makes of a geometry GEOS computed: GEOS carries no M, so a result has none; the SRID
 * is the argument's. Z is kept where JTS kept it, and the geometry column writes a Z only where
 * some coordinate has one (GEOS's {@code GEOSHasZ}: a NaN Z is no Z).
 */
@Internal
final class GeosResult {
    private GeosResult() {}

    /** {@code result} without M, with the SRID of {@code argument}. */
    static Geometry of(Geometry result, Geometry argument) {
        return SridFactories.withSrid(withoutM(result), argument.getSRID());
    }

    /** An empty point with the SRID and the Z and M of {@code argument}, as PostGIS makes it. */
    static Point emptyPoint(Geometry argument) {
        GeometryFactory factory = SridFactories.like(argument.getFactory(), argument.getSRID());
        int dimension = 2;
        int measures = 0;
        CoordinateSequence declared = firstSequence(argument);
        if (declared != null) {
            dimension = declared.getDimension();
            measures = declared.getMeasures();
        }
        return factory.createPoint(
                factory.getCoordinateSequenceFactory().create(0, dimension, measures));
    }

    private static CoordinateSequence firstSequence(Geometry geometry) {
        if (geometry instanceof Point) {
            return ((Point) geometry).getCoordinateSequence();
        }
        if (geometry instanceof LineString) {
            return ((LineString) geometry).getCoordinateSequence();
        }
        if (geometry instanceof Polygon) {
            return ((Polygon) geometry).getExteriorRing().getCoordinateSequence();
        }
        for (int i = 0; i < geometry.getNumGeometries(); i++) {
            CoordinateSequence member = firstSequence(geometry.getGeometryN(i));
            if (member != null) {
                return member;
            }
        }
        return null;
    }

    private static Geometry withoutM(Geometry geometry) {
        if (!hasM(geometry)) {
            return geometry;
        }
        return new GeometryTransformer() {
            @Override
            protected CoordinateSequence transformCoordinates(
                    CoordinateSequence coordinates, Geometry parent) {
                int dimension = coordinates.getDimension() - coordinates.getMeasures();
                CoordinateSequence copy =
                        factory.getCoordinateSequenceFactory()
                                .create(coordinates.size(), dimension, 0);
                for (int i = 0; i < coordinates.size(); i++) {
                    for (int o = 0; o < dimension; o++) {
                        copy.setOrdinate(i, o, coordinates.getOrdinate(i, o));
                    }
                }
                return copy;
            }
        }.transform(geometry);
    }

    private static boolean hasM(Geometry geometry) {
        boolean[] found = {false};
        geometry.apply(
                new CoordinateSequenceFilter() {
                    @Override
                    public void filter(CoordinateSequence sequence, int i) {
                        found[0] |= sequence.getMeasures() > 0;
                    }

                    @Override
                    public boolean isDone() {
                        return found[0];
                    }

                    @Override
                    public boolean isGeometryChanged() {
                        return false;
                    }
                });
        return found[0];
    }
}
