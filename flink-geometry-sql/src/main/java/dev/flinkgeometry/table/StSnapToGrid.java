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

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.types.inference.InputTypeStrategies;
import org.apache.flink.table.types.inference.TypeInference;
import org.apache.flink.table.types.inference.TypeStrategies;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.MultiLineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * {@code ST_SnapToGrid(geometry, size)}, {@code ST_SnapToGrid(geometry, sizeX, sizeY)} and {@code
 * ST_SnapToGrid(geometry, originX, originY, sizeX, sizeY)} (any numeric types), as PostGIS's: X and
 * Y of every point become {@code rint((v - origin) / size) * size + origin} (halves to even; a size
 * of 0 or less leaves that ordinate; Z and M are kept); a point equal to the one before it in a
 * line or ring is left out; a line left with fewer than 2 points becomes empty, a ring with fewer
 * than 4 is left out (an outer ring: the polygon becomes empty); empty members of a collection are
 * left out. An empty geometry, or all sizes 0, gives the geometry back.
 */
@Internal
public final class StSnapToGrid extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    public StSnapToGrid() {
        super(geometry());
    }

    @Override
    String name() {
        return "ST_SnapToGrid";
    }

    @Override
    public TypeInference getTypeInference(DataTypeFactory typeFactory) {
        NumberArgument n = NumberArgument.INSTANCE;
        GeometryArgument g = GeometryArgument.INSTANCE;
        return TypeInference.newBuilder()
                .inputTypeStrategy(
                        new GeometryColumnCheck(
                                new ByArgumentCount(
                                        List.of(
                                                InputTypeStrategies.sequence(g, n),
                                                InputTypeStrategies.sequence(g, n, n),
                                                InputTypeStrategies.sequence(g, n, n, n, n)))))
                .outputTypeStrategy(TypeStrategies.explicit(geometry()))
                .build();
    }

    public Geometry eval(Geometry geometry, Number size) {
        return eval(geometry, 0, 0, size, size);
    }

    public Geometry eval(Geometry geometry, Number sizeX, Number sizeY) {
        return eval(geometry, 0, 0, sizeX, sizeY);
    }

    public Geometry eval(
            Geometry geometry, Number originX, Number originY, Number sizeX, Number sizeY) {
        if (geometry == null
                || originX == null
                || originY == null
                || sizeX == null
                || sizeY == null) {
            return null;
        }
        Grid grid =
                new Grid(
                        NumberArgument.toDouble(originX),
                        NumberArgument.toDouble(originY),
                        NumberArgument.toDouble(sizeX),
                        NumberArgument.toDouble(sizeY));
        if (geometry.isEmpty() || (grid.sizeX == 0 && grid.sizeY == 0)) {
            return geometry;
        }
        Geometry snapped = grid.snap(geometry, geometry.getFactory());
        return SridFactories.withSrid(snapped, geometry.getSRID());
    }

    private static final class Grid {
        final double originX, originY, sizeX, sizeY;

        Grid(double originX, double originY, double sizeX, double sizeY) {
            this.originX = originX;
            this.originY = originY;
            this.sizeX = sizeX;
            this.sizeY = sizeY;
        }

        Geometry snap(Geometry geometry, GeometryFactory factory) {
            if (geometry instanceof Point) {
                return factory.createPoint(
                        snap(((Point) geometry).getCoordinateSequence(), factory));
            } else if (geometry instanceof LineString) {
                CoordinateSequence points =
                        snap(((LineString) geometry).getCoordinateSequence(), factory);
                return factory.createLineString(
                        points.size() < 2 ? empty(points, factory) : points);
            } else if (geometry instanceof Polygon) {
                return polygon((Polygon) geometry, factory);
            }
            List<Geometry> kept = new ArrayList<>();
            for (int i = 0; i < geometry.getNumGeometries(); i++) {
                Geometry member = snap(geometry.getGeometryN(i), factory);
                if (!member.isEmpty()) {
                    kept.add(member);
                }
            }
            if (geometry instanceof MultiPoint) {
                return factory.createMultiPoint(kept.toArray(new Point[0]));
            } else if (geometry instanceof MultiLineString) {
                return factory.createMultiLineString(kept.toArray(new LineString[0]));
            } else if (geometry instanceof MultiPolygon) {
                return factory.createMultiPolygon(kept.toArray(new Polygon[0]));
            }
            return factory.createGeometryCollection(kept.toArray(new Geometry[0]));
        }

        private Polygon polygon(Polygon polygon, GeometryFactory factory) {
            if (polygon.isEmpty()) {
                return (Polygon) polygon.copy();
            }
            CoordinateSequence shell =
                    snap(polygon.getExteriorRing().getCoordinateSequence(), factory);
            if (shell.size() < 4) {
                return factory.createPolygon(factory.createLinearRing(empty(shell, factory)));
            }
            List<LinearRing> holes = new ArrayList<>();
            for (int i = 0; i < polygon.getNumInteriorRing(); i++) {
                CoordinateSequence hole =
                        snap(polygon.getInteriorRingN(i).getCoordinateSequence(), factory);
                if (hole.size() >= 4) {
                    holes.add(factory.createLinearRing(hole));
                }
            }
            return factory.createPolygon(
                    factory.createLinearRing(shell), holes.toArray(new LinearRing[0]));
        }

        /** The snapped points, each one that equals the point kept before it left out. */
        private CoordinateSequence snap(CoordinateSequence points, GeometryFactory factory) {
            int dimension = points.getDimension();
            double[] values = new double[points.size() * dimension];
            int kept = 0;
            for (int i = 0; i < points.size(); i++) {
                int at = kept * dimension;
                values[at] = snap(points.getOrdinate(i, 0), originX, sizeX);
                values[at + 1] = snap(points.getOrdinate(i, 1), originY, sizeY);
                for (int d = 2; d < dimension; d++) {
                    values[at + d] = points.getOrdinate(i, d);
                }
                if (kept == 0 || !sameAsPrevious(values, at, dimension)) {
                    kept++;
                }
            }
            CoordinateSequence out =
                    factory.getCoordinateSequenceFactory()
                            .create(kept, dimension, points.getMeasures());
            for (int i = 0; i < kept; i++) {
                for (int d = 0; d < dimension; d++) {
                    out.setOrdinate(i, d, values[i * dimension + d]);
                }
            }
            return out;
        }

        private static boolean sameAsPrevious(double[] values, int at, int dimension) {
            for (int d = 0; d < dimension; d++) {
                if (values[at + d] != values[at - dimension + d]) { // a NaN is never the same
                    return false;
                }
            }
            return true;
        }

        private static double snap(double value, double origin, double size) {
            return size > 0 ? Math.rint((value - origin) / size) * size + origin : value;
        }

        private static CoordinateSequence empty(CoordinateSequence like, GeometryFactory factory) {
            return factory.getCoordinateSequenceFactory()
                    .create(0, like.getDimension(), like.getMeasures());
        }
    }
}
