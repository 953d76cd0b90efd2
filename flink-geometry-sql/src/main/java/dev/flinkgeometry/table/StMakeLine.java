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
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.types.inference.InputTypeStrategies;
import org.apache.flink.table.types.inference.InputTypeStrategy;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.CoordinateXYZM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.Point;

/**
 * The aggregate {@code ST_MakeLine(geometry, ordering)}: the line through a group's points, as
 * PostGIS's {@code ST_MakeLine(geometry ORDER BY ordering)} makes it (Flink SQL has no {@code ORDER
 * BY} inside an aggregate call, so the order is an argument: a {@code BIGINT}, {@code TIMESTAMP} or
 * {@code TIMESTAMP_LTZ}, e.g. the event time). Rows of equal ordering value come in the order of
 * their coordinates (x, then y, z, m), so the line does not depend on the order rows arrive in.
 * Points and multipoints add their points, repeated ones kept; a linestring adds its points, the
 * first dropped when it repeats the line's last; empty and other geometries add nothing, as in
 * PostGIS. The line has Z (M) when any input has, 0 where one has none; all inputs must share one
 * SRID. No point gives {@code LINESTRING EMPTY}; one point gives {@code NULL}, where PostGIS gives
 * a one-point linestring, which JTS cannot hold. Rows whose geometry or ordering value is {@code
 * NULL} are left out.
 *
 * <p>The state holds each row's geometry once, sorted ({@link TrackAccumulator}). It retracts (an
 * update removes the row it replaces) and merges (windows, batch).
 */
@Internal
public final class StMakeLine extends GeometryAggregate<TrackAccumulator> {
    private static final long serialVersionUID = 1L;

    /** PostGIS's {@code FP_TOLERANCE}, by which {@code p4d_same} compares points. */
    private static final double FP_TOLERANCE = 1e-12;

    private transient ExactMatch exact;

    public StMakeLine() {
        super(AccumulatorKind.TRACK);
    }

    @Override
    String name() {
        return "ST_MakeLine";
    }

    @Override
    InputTypeStrategy arguments() {
        return InputTypeStrategies.or(
                InputTypeStrategies.sequence(
                        GeometryArgument.INSTANCE,
                        InputTypeStrategies.explicit(DataTypes.BIGINT())),
                InputTypeStrategies.sequence(
                        GeometryArgument.INSTANCE,
                        InputTypeStrategies.logical(LogicalTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE)),
                InputTypeStrategies.sequence(
                        GeometryArgument.INSTANCE,
                        InputTypeStrategies.logical(
                                LogicalTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE)));
    }

    public void accumulate(TrackAccumulator accumulator, Geometry geometry, Long order) {
        if (geometry != null && order != null) {
            accumulator.add(order, geometry);
        }
    }

    public void accumulate(TrackAccumulator accumulator, Geometry geometry, LocalDateTime order) {
        if (geometry != null && order != null) {
            accumulator.add(nanos(order.toEpochSecond(ZoneOffset.UTC), order.getNano()), geometry);
        }
    }

    public void accumulate(TrackAccumulator accumulator, Geometry geometry, Instant order) {
        if (geometry != null && order != null) {
            accumulator.add(nanos(order.getEpochSecond(), order.getNano()), geometry);
        }
    }

    public void retract(TrackAccumulator accumulator, Geometry geometry, Long order) {
        if (geometry != null && order != null) {
            remove(accumulator, order, geometry);
        }
    }

    public void retract(TrackAccumulator accumulator, Geometry geometry, LocalDateTime order) {
        if (geometry != null && order != null) {
            remove(
                    accumulator,
                    nanos(order.toEpochSecond(ZoneOffset.UTC), order.getNano()),
                    geometry);
        }
    }

    public void retract(TrackAccumulator accumulator, Geometry geometry, Instant order) {
        if (geometry != null && order != null) {
            remove(accumulator, nanos(order.getEpochSecond(), order.getNano()), geometry);
        }
    }

    public void merge(TrackAccumulator accumulator, Iterable<TrackAccumulator> others) {
        for (TrackAccumulator other : others) {
            accumulator.addAll(other);
        }
    }

    public void resetAccumulator(TrackAccumulator accumulator) {
        accumulator.fixes.clear();
    }

    @Override
    public Geometry getValue(TrackAccumulator accumulator) {
        List<TrackAccumulator.Fix> fixes = accumulator.fixes;
        // as PostGIS: only points, multipoints and linestrings count, for the SRID and dimensions
        // too
        Geometry first = null;
        int flags = 0;
        for (TrackAccumulator.Fix fix : fixes) {
            if (isLinePart(fix.geometry)) {
                if (first == null) {
                    first = fix.geometry;
                }
                SameSrid.require(name(), first, fix.geometry);
                flags |= layout(fix.geometry);
            }
        }
        if (first == null) {
            return null;
        }
        boolean z = (flags & CoordinateTypeRule.Z) != 0;
        boolean m = (flags & CoordinateTypeRule.M) != 0;
        List<Coordinate> points = new ArrayList<>(fixes.size());
        for (TrackAccumulator.Fix fix : fixes) {
            Geometry geometry = fix.geometry;
            if (geometry instanceof Point || geometry instanceof MultiPoint) {
                for (Coordinate c : geometry.getCoordinates()) {
                    points.add(point(c, z, m));
                }
            } else if (geometry instanceof LineString && !geometry.isEmpty()) {
                Coordinate[] line = geometry.getCoordinates();
                int from =
                        !points.isEmpty()
                                        && same(points.get(points.size() - 1), point(line[0], z, m))
                                ? 1
                                : 0;
                for (int i = from; i < line.length; i++) {
                    points.add(point(line[i], z, m));
                }
            }
        }
        if (points.size() == 1) {
            return null;
        }
        return CoordinateSequenceKind.ARRAY
                .geometryFactory(first.getSRID())
                .createLineString(points.toArray(new Coordinate[0]));
    }

    private static boolean isLinePart(Geometry geometry) {
        return geometry instanceof Point
                || geometry instanceof MultiPoint
                || geometry instanceof LineString;
    }

    private void remove(TrackAccumulator accumulator, long order, Geometry geometry) {
        if (exact == null) {
            exact = new ExactMatch();
        }
        accumulator.remove(order, geometry, exact);
    }

    /** Nanoseconds since the epoch, or a refusal naming the range an ordering value must be in. */
    private static long nanos(long seconds, int nanos) {
        try {
            return Math.addExact(Math.multiplyExact(seconds, 1_000_000_000L), nanos);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(
                    "ST_MakeLine: the ordering timestamp "
                            + Instant.ofEpochSecond(seconds, nanos)
                            + " is outside 1677-09-21 .. 2262-04-11, the range the aggregate"
                            + " orders by (nanoseconds since 1970 in 64 bits)",
                    e);
        }
    }

    /** {@code c} with exactly the ordinates of the line, 0 where {@code c} has none. */
    private static Coordinate point(Coordinate c, boolean z, boolean m) {
        double cz = Double.isNaN(c.getZ()) ? 0 : c.getZ();
        double cm = Double.isNaN(c.getM()) ? 0 : c.getM();
        if (z && m) {
            return new CoordinateXYZM(c.getX(), c.getY(), cz, cm);
        }
        if (z) {
            return new Coordinate(c.getX(), c.getY(), cz);
        }
        if (m) {
            return new CoordinateXYM(c.getX(), c.getY(), cm);
        }
        return new CoordinateXY(c.getX(), c.getY());
    }

    /** PostGIS's {@code p4d_same}: all four ordinates within {@code FP_TOLERANCE}. */
    private static boolean same(Coordinate a, Coordinate b) {
        return Math.abs(a.getX() - b.getX()) <= FP_TOLERANCE
                && Math.abs(a.getY() - b.getY()) <= FP_TOLERANCE
                && Math.abs(zero(a.getZ()) - zero(b.getZ())) <= FP_TOLERANCE
                && Math.abs(zero(a.getM()) - zero(b.getM())) <= FP_TOLERANCE;
    }

    private static double zero(double ordinate) {
        return Double.isNaN(ordinate) ? 0 : ordinate;
    }
}
