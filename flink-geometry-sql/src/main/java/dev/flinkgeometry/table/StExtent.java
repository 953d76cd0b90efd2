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
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;

/**
 * The aggregate {@code ST_Extent(geometry)}: the 2D bounding box of a group's geometries, as
 * PostGIS's {@code ST_Extent(g)::geometry} gives it: a polygon {@code ((xmin ymin, xmin ymax, xmax
 * ymax, xmax ymin, xmin ymin))}, or a point or two-point linestring when the box is one (as {@code
 * ST_Envelope}), with SRID 0, since PostGIS's {@code box2d} has none (mixed SRIDs are allowed, as
 * there). Empty geometries add nothing; a group of none but them gives {@code NULL}. {@code
 * Box2D(ST_Extent(g))} is PostGIS's text {@code BOX(xmin ymin,xmax ymax)}.
 *
 * <p>The state is only the box. A box cannot take a row back, so the aggregate has no {@code
 * retract}: Flink refuses it on an input that updates or deletes rows. It merges (windows, batch).
 */
@Internal
public final class StExtent extends GeometryAggregate<ExtentAccumulator> {
    private static final long serialVersionUID = 1L;

    public StExtent() {
        super(AccumulatorKind.EXTENT);
    }

    @Override
    String name() {
        return "ST_Extent";
    }

    public void accumulate(ExtentAccumulator accumulator, Geometry geometry) {
        if (geometry != null && !geometry.isEmpty()) {
            accumulator.add(geometry.getEnvelopeInternal());
        }
    }

    public void merge(ExtentAccumulator accumulator, Iterable<ExtentAccumulator> others) {
        for (ExtentAccumulator other : others) {
            accumulator.add(other);
        }
    }

    public void resetAccumulator(ExtentAccumulator accumulator) {
        accumulator.empty = true;
    }

    @Override
    public Geometry getValue(ExtentAccumulator accumulator) {
        if (accumulator.empty) {
            return null;
        }
        return StEnvelope.ofBox(
                new Envelope(
                        accumulator.minX, accumulator.maxX, accumulator.minY, accumulator.maxY),
                0);
    }
}
