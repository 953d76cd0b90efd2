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

import dev.flinkgeometry.serializer.GeometrySerializer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.CoordinateSequenceFactory;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.MultiLineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.PrecisionModel;
import org.locationtech.jts.geom.impl.CoordinateArraySequenceFactory;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;

/**
 * Whether a column's serializer writes equal geometries as equal bytes, which GROUP BY, JOIN and
 * DISTINCT compare. {@link GeometrySerializer} does by contract. Any other serializer (Kryo's,
 * which Flink gives {@code @DataTypeHint(value = "RAW", bridgedTo = Geometry.class)}) is asked: one
 * geometry of the column's class built the ways JTS lets equal geometries differ (envelope cached
 * or not, {@code Coordinate} or {@code CoordinateXY}, array or packed sequences of two or three
 * dimensions, another factory) must give one byte string. Kryo's field-by-field serializer does
 * not; Kryo with {@code GeometryKryoSerializer} as its default does.
 */
@Internal
final class EqualGeometryProbe {
    private static final double X = 13.377704;
    private static final double Y = 52.516275;

    private EqualGeometryProbe() {}

    static boolean writesEqualGeometriesAsEqualBytes(
            TypeSerializer<?> serializer, Class<?> geometryClass) {
        if (serializer instanceof GeometrySerializer) {
            return true;
        }
        @SuppressWarnings("unchecked")
        TypeSerializer<Object> probed = (TypeSerializer<Object>) serializer.duplicate();
        byte[] first = null;
        try {
            for (Geometry geometry : builtDifferentWays(geometryClass)) {
                DataOutputSerializer out = new DataOutputSerializer(512);
                probed.serialize(geometry, out);
                byte[] bytes = out.getCopyOfBuffer();
                if (first == null) {
                    first = bytes;
                } else if (!Arrays.equals(first, bytes)) {
                    return false;
                }
            }
        } catch (Exception e) {
            return false; // a serializer that cannot write the probe is no safe key
        }
        return true;
    }

    /** One geometry of {@code geometryClass} (a point for {@code Geometry}), built the ways. */
    static List<Geometry> builtDifferentWays(Class<?> geometryClass) {
        List<Geometry> ways = new ArrayList<>();
        GeometryFactory array = new GeometryFactory();
        ways.add(build(geometryClass, array, false, false));
        ways.add(build(geometryClass, array, true, false));
        ways.add(build(geometryClass, array, false, true));
        ways.add(
                build(
                        geometryClass,
                        new GeometryFactory(PackedCoordinateSequenceFactory.DOUBLE_FACTORY),
                        false,
                        false));
        ways.add(
                build(
                        geometryClass,
                        new GeometryFactory(
                                new PrecisionModel(), 0, CoordinateArraySequenceFactory.instance()),
                        true,
                        true));
        ways.add(
                build(
                        geometryClass,
                        new GeometryFactory(new PrecisionModel(PrecisionModel.FLOATING_SINGLE)),
                        false,
                        false));
        return ways;
    }

    private static Geometry build(
            Class<?> geometryClass, GeometryFactory factory, boolean cacheEnvelope, boolean xy) {
        Geometry geometry = shape(geometryClass, factory, xy);
        if (cacheEnvelope) {
            geometry.getEnvelopeInternal();
        }
        return geometry;
    }

    private static Geometry shape(Class<?> geometryClass, GeometryFactory factory, boolean xy) {
        if (geometryClass == LineString.class) {
            return factory.createLineString(sequence(factory, xy, 0, 1));
        } else if (geometryClass == LinearRing.class) {
            return ring(factory, xy);
        } else if (geometryClass == Polygon.class) {
            return factory.createPolygon(ring(factory, xy));
        } else if (geometryClass == MultiPoint.class) {
            return factory.createMultiPoint(
                    new org.locationtech.jts.geom.Point[] {point(factory, xy)});
        } else if (geometryClass == MultiLineString.class) {
            return factory.createMultiLineString(
                    new LineString[] {factory.createLineString(sequence(factory, xy, 0, 1))});
        } else if (geometryClass == MultiPolygon.class) {
            return factory.createMultiPolygon(
                    new Polygon[] {factory.createPolygon(ring(factory, xy))});
        } else if (geometryClass == GeometryCollection.class) {
            return factory.createGeometryCollection(new Geometry[] {point(factory, xy)});
        }
        return point(factory, xy);
    }

    private static org.locationtech.jts.geom.Point point(GeometryFactory factory, boolean xy) {
        return factory.createPoint(sequence(factory, xy, 0));
    }

    private static LinearRing ring(GeometryFactory factory, boolean xy) {
        return factory.createLinearRing(sequence(factory, xy, 0, 1, 2, 0));
    }

    /** Corners: 0 is (X, Y), 1 is (X + 1, Y), 2 is (X, Y + 1). */
    private static CoordinateSequence sequence(
            GeometryFactory factory, boolean xy, int... corners) {
        Coordinate[] coordinates = new Coordinate[corners.length];
        for (int i = 0; i < corners.length; i++) {
            double x = corners[i] == 1 ? X + 1 : X;
            double y = corners[i] == 2 ? Y + 1 : Y;
            coordinates[i] = xy ? new CoordinateXY(x, y) : new Coordinate(x, y);
        }
        CoordinateSequenceFactory sequences = factory.getCoordinateSequenceFactory();
        return sequences.create(coordinates);
    }
}
