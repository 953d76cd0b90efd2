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

import dev.flinkgeometry.format.CoordinateSequenceKind;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * The aggregate {@code ST_Collect(geometry)}: the geometries of a group as one collection, in the
 * order they came, as PostGIS collects them: a {@code MULTIPOINT}, {@code MULTILINESTRING} or
 * {@code MULTIPOLYGON} when all are points, lines or polygons (empty ones kept), otherwise a {@code
 * GEOMETRYCOLLECTION}; all must share one SRID and one coordinate dimension. It retracts (an update
 * removes the row it replaces) and merges (windows, batch) by appending in order.
 */
@Internal
public final class StCollect extends GeometryAggregate<CollectAccumulator> {
    private static final long serialVersionUID = 1L;

    private transient ExactMatch exact;

    public StCollect() {
        super(AccumulatorKind.COLLECT);
    }

    @Override
    String name() {
        return "ST_Collect";
    }

    public void accumulate(CollectAccumulator accumulator, Geometry geometry) {
        if (geometry != null) {
            accumulator.geometries.add(geometry);
        }
    }

    public void retract(CollectAccumulator accumulator, Geometry geometry) {
        if (geometry == null) {
            return;
        }
        if (exact == null) {
            exact = new ExactMatch();
        }
        List<Geometry> geometries = accumulator.geometries;
        for (int i = geometries.size() - 1; i >= 0; i--) {
            if (exact.matches(geometries.get(i), geometry)) {
                geometries.remove(i);
                return;
            }
        }
    }

    public void merge(CollectAccumulator accumulator, Iterable<CollectAccumulator> others) {
        for (CollectAccumulator other : others) {
            accumulator.geometries.addAll(other.geometries);
        }
    }

    public void resetAccumulator(CollectAccumulator accumulator) {
        accumulator.geometries.clear();
    }

    @Override
    public Geometry getValue(CollectAccumulator accumulator) {
        List<Geometry> geometries = accumulator.geometries;
        if (geometries.isEmpty()) {
            return null;
        }
        Geometry first = geometries.get(0);
        int layout = layout(first);
        boolean points = true;
        boolean lines = true;
        boolean polygons = true;
        for (Geometry geometry : geometries) {
            SameSrid.require(name(), first, geometry);
            requireLayout(layout, geometry);
            points &= geometry instanceof Point;
            lines &= geometry instanceof LineString;
            polygons &= geometry instanceof Polygon;
        }
        GeometryFactory factory = CoordinateSequenceKind.ARRAY.geometryFactory(first.getSRID());
        if (points) {
            return factory.createMultiPoint(geometries.toArray(new Point[0]));
        }
        if (lines) {
            return factory.createMultiLineString(geometries.toArray(new LineString[0]));
        }
        if (polygons) {
            return factory.createMultiPolygon(geometries.toArray(new Polygon[0]));
        }
        return factory.createGeometryCollection(geometries.toArray(new Geometry[0]));
    }
}
