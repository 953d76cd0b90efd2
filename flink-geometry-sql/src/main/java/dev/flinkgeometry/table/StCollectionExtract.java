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
import org.apache.flink.table.api.DataTypes;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * {@code ST_CollectionExtract(geometry [, type INT])}, as PostGIS's: of a collection, its non-empty
 * points (type 1), lines (2) or polygons (3), at any depth, as a MultiPoint, MultiLineString or
 * MultiPolygon (empty if there are none); without a type (or type 0), those of the largest
 * dimension found. A geometry that is not a collection comes back as it is if it is of the type (or
 * no type is given), otherwise as an empty geometry of the type. Another type is refused.
 */
@Internal
public final class StCollectionExtract extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    public StCollectionExtract() {
        super(geometry(), args(geometry()), args(geometry(), DataTypes.INT()));
    }

    @Override
    String name() {
        return "ST_CollectionExtract";
    }

    public Geometry eval(Geometry geometry) {
        return geometry == null ? null : extract(geometry, 0);
    }

    public Geometry eval(Geometry geometry, Integer type) {
        if (geometry == null || type == null) {
            return null;
        }
        if (type < 0 || type > 3) {
            throw new IllegalArgumentException(
                    "ST_CollectionExtract: only point (1), linestring (2) and polygon (3) may be"
                            + " extracted (0: the largest dimension found), not "
                            + type);
        }
        return extract(geometry, type);
    }

    private static Geometry extract(Geometry geometry, int type) {
        GeometryFactory factory = geometry.getFactory();
        if (!(geometry instanceof GeometryCollection)) {
            if (type == 0 || typeOf(geometry) == type) {
                return geometry;
            }
            CoordinateSequence none = emptyLike(geometry);
            Geometry empty =
                    type == 1
                            ? factory.createPoint(none)
                            : type == 2
                                    ? factory.createLineString(none)
                                    : factory.createPolygon(factory.createLinearRing(none));
            return SridFactories.withSrid(empty, geometry.getSRID());
        }
        List<Geometry> found = new ArrayList<>();
        collect(geometry, found);
        int wanted = type;
        if (wanted == 0) {
            for (Geometry part : found) {
                wanted = Math.max(wanted, typeOf(part));
            }
        }
        List<Geometry> kept = new ArrayList<>();
        for (Geometry part : found) {
            if (typeOf(part) == wanted) {
                kept.add(part.copy());
            }
        }
        Geometry result;
        if (wanted == 1) {
            result = factory.createMultiPoint(kept.toArray(new Point[0]));
        } else if (wanted == 2) {
            result = factory.createMultiLineString(kept.toArray(new LineString[0]));
        } else if (wanted == 3) {
            result = factory.createMultiPolygon(kept.toArray(new Polygon[0]));
        } else {
            result = factory.createGeometryCollection();
        }
        return SridFactories.withSrid(result, geometry.getSRID());
    }

    /** The non-empty points, lines and polygons under {@code collection}, in order. */
    private static void collect(Geometry collection, List<Geometry> found) {
        for (int i = 0; i < collection.getNumGeometries(); i++) {
            Geometry member = collection.getGeometryN(i);
            if (member instanceof GeometryCollection) {
                collect(member, found);
            } else if (!member.isEmpty()) {
                found.add(member);
            }
        }
    }

    /** 1 for a point, 2 for a line, 3 for a polygon (PostGIS's type numbers); 0 otherwise. */
    private static int typeOf(Geometry geometry) {
        return geometry instanceof Point
                ? 1
                : geometry instanceof LineString ? 2 : geometry instanceof Polygon ? 3 : 0;
    }

    private static CoordinateSequence emptyLike(Geometry geometry) {
        CoordinateSequence first =
                geometry instanceof Point
                        ? ((Point) geometry).getCoordinateSequence()
                        : geometry instanceof LineString
                                ? ((LineString) geometry).getCoordinateSequence()
                                : ((Polygon) geometry).getExteriorRing().getCoordinateSequence();
        return geometry.getFactory()
                .getCoordinateSequenceFactory()
                .create(0, first.getDimension(), first.getMeasures());
    }
}
