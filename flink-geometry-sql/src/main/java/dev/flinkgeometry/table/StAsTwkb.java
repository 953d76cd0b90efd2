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

import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.format.twkb.TwkbWriter;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.DataTypes;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.Point;

/**
 * {@code ST_AsTWKB(geometry [, xy INT [, z INT [, m INT]]])}: TWKB as PostGIS's {@code ST_AsTWKB}
 * writes it, without bounding box, sizes or id list: X and Y rounded to {@code xy} decimal digits
 * (default 0, {@code -7..7}), Z to {@code z} and M to {@code m} (default 0, {@code 0..7}), halves
 * away from zero; the SRID is not part of TWKB. As PostGIS, empty members of a MultiPoint are left
 * out. Unlike PostGIS, consecutive points that become equal after rounding are all written (PostGIS
 * drops them), and an ordinate that cannot be rounded (NaN, infinite, beyond 2^53 units) fails the
 * query instead of writing an undefined value.
 */
@Internal
public final class StAsTwkb extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    private transient TwkbWriter writer;

    public StAsTwkb() {
        super(
                DataTypes.BYTES(),
                args(geometry()),
                args(geometry(), DataTypes.INT()),
                args(geometry(), DataTypes.INT(), DataTypes.INT()),
                args(geometry(), DataTypes.INT(), DataTypes.INT(), DataTypes.INT()));
    }

    @Override
    String name() {
        return "ST_AsTWKB";
    }

    public byte[] eval(Geometry geometry) {
        return eval(geometry, 0, 0, 0);
    }

    public byte[] eval(Geometry geometry, Integer xy) {
        return eval(geometry, xy, 0, 0);
    }

    public byte[] eval(Geometry geometry, Integer xy, Integer z) {
        return eval(geometry, xy, z, 0);
    }

    public byte[] eval(Geometry geometry, Integer xy, Integer z, Integer m) {
        if (geometry == null || xy == null || z == null || m == null) {
            return null;
        }
        if (writer == null) {
            writer = new TwkbWriter();
        }
        try {
            return writer.write(withoutEmptyMultiPointMembers(geometry), xy, z, m);
        } catch (GeometryFormatException | IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    name() + ": " + e.getMessage() + "; input " + geometry, e);
        }
    }

    /** PostGIS leaves empty points out of a MultiPoint's TWKB; so do we, here only. */
    private static Geometry withoutEmptyMultiPointMembers(Geometry geometry) {
        if (geometry instanceof MultiPoint) {
            List<Point> points = new ArrayList<>();
            boolean empty = false;
            for (int i = 0; i < geometry.getNumGeometries(); i++) {
                Point point = (Point) geometry.getGeometryN(i);
                if (point.isEmpty()) {
                    empty = true;
                } else {
                    points.add(point);
                }
            }
            if (!empty) {
                return geometry;
            }
            Geometry kept = geometry.getFactory().createMultiPoint(points.toArray(new Point[0]));
            kept.setSRID(geometry.getSRID());
            return kept;
        }
        if (geometry.getClass() == GeometryCollection.class) {
            Geometry[] members = new Geometry[geometry.getNumGeometries()];
            boolean changed = false;
            for (int i = 0; i < members.length; i++) {
                members[i] = withoutEmptyMultiPointMembers(geometry.getGeometryN(i));
                changed |= members[i] != geometry.getGeometryN(i);
            }
            if (changed) {
                Geometry kept = geometry.getFactory().createGeometryCollection(members);
                kept.setSRID(geometry.getSRID());
                return kept;
            }
        }
        return geometry;
    }
}
