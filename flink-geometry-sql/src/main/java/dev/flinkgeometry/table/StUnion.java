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
import dev.flinkgeometry.format.internal.CoordinateTypeRule;
import org.apache.flink.annotation.Internal;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKBReader;
import org.locationtech.jts.io.WKBWriter;

/**
 * The aggregate {@code ST_Union(geometry)}: the point-set union of a group's geometries (JTS's
 * unary union; PostGIS uses GEOS's, so vertices may differ in order and start, the point set not),
 * with the first geometry's SRID, as PostGIS takes it. Z is kept, M dropped, as GEOS drops it; all
 * geometries must share one coordinate dimension. Empty geometries add nothing but their dimension:
 * a group of only empty ones gives an empty geometry of the highest dimension.
 *
 * <p>The state is the union so far and a few geometries not yet merged into it ({@link
 * UnionAccumulator}). A union cannot take a row back, so the aggregate has no {@code retract}:
 * Flink refuses it on an input that updates or deletes rows. It merges (windows, batch).
 */
@Internal
public final class StUnion extends GeometryAggregate<UnionAccumulator> {
    private static final long serialVersionUID = 1L;

    public StUnion() {
        super(AccumulatorKind.UNION);
    }

    @Override
    String name() {
        return "ST_Union";
    }

    public void accumulate(UnionAccumulator accumulator, Geometry geometry) {
        if (geometry == null) {
            return;
        }
        if (!accumulator.any) {
            accumulator.any = true;
            accumulator.srid = geometry.getSRID();
            accumulator.layout = layout(geometry);
        } else {
            requireLayout(accumulator.layout, geometry);
        }
        accumulator.add(geometry);
    }

    public void merge(UnionAccumulator accumulator, Iterable<UnionAccumulator> others) {
        for (UnionAccumulator other : others) {
            if (!other.any) {
                continue;
            }
            if (!accumulator.any) {
                accumulator.any = true;
                accumulator.srid = other.srid;
                accumulator.layout = other.layout;
            } else if (other.layout != accumulator.layout) {
                requireLayout(
                        accumulator.layout,
                        other.union != null ? other.union : other.pending.get(0));
            }
            if (other.union != null) {
                accumulator.add(other.union);
            }
            for (Geometry geometry : other.pending) {
                accumulator.add(geometry);
            }
        }
    }

    public void resetAccumulator(UnionAccumulator accumulator) {
        accumulator.any = false;
        accumulator.union = null;
        accumulator.pending.clear();
    }

    @Override
    public Geometry getValue(UnionAccumulator accumulator) {
        if (!accumulator.any) {
            return null;
        }
        Geometry union = accumulator.unionOfAll();
        // a copy: the union may be one of the accumulated geometries, which must stay as they are
        union = (accumulator.layout & CoordinateTypeRule.M) != 0 ? withoutM(union) : union.copy();
        return setSridEverywhere(union, accumulator.srid);
    }

    /** {@code geometry} with its M values dropped, as GEOS drops them. */
    private static Geometry withoutM(Geometry geometry) {
        boolean z = (layout(geometry) & CoordinateTypeRule.Z) != 0;
        try {
            return new WKBReader(CoordinateSequenceKind.ARRAY.geometryFactory())
                    .read(new WKBWriter(z ? 3 : 2).write(geometry));
        } catch (ParseException e) {
            throw new IllegalStateException("ST_Union: JTS cannot read its own WKB", e);
        }
    }

    private static Geometry setSridEverywhere(Geometry geometry, int srid) {
        return GeometryFunction.setSridEverywhere(geometry, srid);
    }
}
