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

import java.util.HashMap;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.DataTypes;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.CoordinateSequenceFilter;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.proj4j.CRSFactory;
import org.locationtech.proj4j.CoordinateReferenceSystem;
import org.locationtech.proj4j.CoordinateTransform;
import org.locationtech.proj4j.CoordinateTransformFactory;
import org.locationtech.proj4j.ProjCoordinate;

/**
 * {@code ST_Transform(geometry, srid INT)}: the geometry's X and Y moved from the coordinate system
 * of its SRID to that of {@code srid}, by proj4j (LocationTech's Java port of PROJ: Web Mercator on
 * the sphere, UTM by the extended transverse Mercator of Poder and Engsager, as PROJ 9) on the
 * codes {@link EpsgCodes} resolves. Z and M are kept as they are (these systems share the WGS 84
 * datum: no height changes), and so is the structure, empty members too. Refused as PostGIS
 * refuses: an SRID 0 argument or target; a geometry already in {@code srid} is returned as it is; a
 * code outside {@link EpsgCodes} is refused naming the codes known; so is a coordinate the
 * projection cannot take (a latitude beyond ±90, a pole in Web Mercator, a result not finite).
 */
@Internal
public final class StTransform extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    /** The transforms this instance made, by source and target code (proj4j's are not shared). */
    private transient Map<Long, CoordinateTransform> transforms;

    public StTransform() {
        super(geometry(), args(geometry(), DataTypes.INT()));
    }

    @Override
    String name() {
        return "ST_Transform";
    }

    public Geometry eval(Geometry geometry, Integer srid) {
        if (geometry == null || srid == null) {
            return null;
        }
        if (srid == 0) {
            throw new IllegalArgumentException("ST_Transform: 0 is an invalid target SRID");
        }
        int from = geometry.getSRID();
        if (from == 0) {
            throw new IllegalArgumentException("ST_Transform: Input geometry has unknown (0) SRID");
        }
        if (from == srid) {
            return geometry.copy();
        }
        CoordinateTransform transform = transform(from, srid);
        Geometry moved =
                SridFactories.copy(geometry, SridFactories.like(geometry.getFactory(), srid));
        moved.apply(new Projection(transform, from, srid));
        moved.geometryChanged();
        return withCheckedSrid(moved);
    }

    private CoordinateTransform transform(int from, int to) {
        if (transforms == null) {
            transforms = new HashMap<>();
        }
        long key = ((long) from << 32) | (to & 0xffffffffL);
        CoordinateTransform transform = transforms.get(key);
        if (transform == null) {
            CRSFactory crs = new CRSFactory();
            transform =
                    new CoordinateTransformFactory()
                            .createTransform(
                                    system(crs, from, "argument"), system(crs, to, "target"));
            transforms.put(key, transform);
        }
        return transform;
    }

    private static CoordinateReferenceSystem system(CRSFactory crs, int code, String which) {
        String text = EpsgCodes.projText(code);
        if (text == null) {
            throw new IllegalArgumentException(
                    "ST_Transform: the "
                            + which
                            + " SRID "
                            + code
                            + " is not an EPSG code this module resolves (it resolves "
                            + EpsgCodes.KNOWN
                            + ", built in, without a database)");
        }
        return crs.createFromParameters("EPSG:" + code, text);
    }

    /** Moves each X and Y in place, refusing what the projection cannot take. */
    private static final class Projection implements CoordinateSequenceFilter {
        private final CoordinateTransform transform;
        private final int from;
        private final int to;
        private final ProjCoordinate in = new ProjCoordinate();
        private final ProjCoordinate out = new ProjCoordinate();

        Projection(CoordinateTransform transform, int from, int to) {
            this.transform = transform;
            this.from = from;
            this.to = to;
        }

        @Override
        public void filter(CoordinateSequence sequence, int i) {
            double x = sequence.getX(i);
            double y = sequence.getY(i);
            boolean geographic = from == EpsgCodes.WGS84;
            if (geographic
                    && (Math.abs(y) > 90 || (to == EpsgCodes.WEB_MERCATOR && Math.abs(y) == 90))) {
                throw refused(x, y, "the latitude is out of range");
            }
            in.x = x;
            in.y = y;
            transform.transform(in, out);
            if (!Double.isFinite(out.x) || !Double.isFinite(out.y)) {
                throw refused(x, y, "the result is not finite");
            }
            sequence.setOrdinate(i, 0, out.x);
            sequence.setOrdinate(i, 1, out.y);
        }

        private IllegalArgumentException refused(double x, double y, String why) {
            return new IllegalArgumentException(
                    "ST_Transform: POINT ("
                            + x
                            + " "
                            + y
                            + ") cannot be moved from EPSG:"
                            + from
                            + " to EPSG:"
                            + to
                            + ": "
                            + why);
        }

        @Override
        public boolean isDone() {
            return false;
        }

        @Override
        public boolean isGeometryChanged() {
            return true;
        }
    }
}
