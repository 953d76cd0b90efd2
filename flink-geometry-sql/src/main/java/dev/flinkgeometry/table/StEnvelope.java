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

import dev.flinkgeometry.format.CoordinateSequenceKind;
import org.apache.flink.annotation.Internal;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;

/**
 * {@code ST_Envelope(geometry)}: the bounding box as PostGIS returns it, with the geometry's SRID,
 * in two dimensions: a point when the box is a point, a two-point linestring when it is a vertical
 * or horizontal line, otherwise the polygon {@code ((xmin ymin, xmin ymax, xmax ymax, xmax ymin,
 * xmin ymin))}, made by a factory of that SRID; an empty geometry is returned as it is.
 */
@Internal
public final class StEnvelope extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    public StEnvelope() {
        super(geometry(), args(geometry()));
    }

    @Override
    String name() {
        return "ST_Envelope";
    }

    public Geometry eval(Geometry geometry) {
        if (geometry == null) {
            return null;
        }
        if (geometry.isEmpty()) {
            return geometry.copy();
        }
        return ofBox(geometry.getEnvelopeInternal(), geometry.getSRID());
    }

    /**
     * The box as PostGIS makes a geometry of it, with SRID {@code srid}: a point, a two-point
     * linestring, or the polygon described above.
     */
    static Geometry ofBox(Envelope box, int srid) {
        Coordinate min = new CoordinateXY(box.getMinX(), box.getMinY());
        Coordinate max = new CoordinateXY(box.getMaxX(), box.getMaxY());
        GeometryFactory factory = CoordinateSequenceKind.ARRAY.geometryFactory(srid);
        Geometry envelope;
        if (box.getMinX() == box.getMaxX() && box.getMinY() == box.getMaxY()) {
            envelope = factory.createPoint(min);
        } else if (box.getMinX() == box.getMaxX() || box.getMinY() == box.getMaxY()) {
            envelope = factory.createLineString(new Coordinate[] {min, max});
        } else {
            envelope =
                    factory.createPolygon(
                            new Coordinate[] {
                                min,
                                new CoordinateXY(box.getMinX(), box.getMaxY()),
                                max,
                                new CoordinateXY(box.getMaxX(), box.getMinY()),
                                min.copy()
                            });
        }
        return envelope;
    }
}
