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
package dev.flinkgeometry.serializer;

import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.Wkt;
import java.lang.reflect.Array;
import java.util.List;
import org.apache.flink.testutils.DeeplyEqualsChecker;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;

/** Geometries in canonical form (what decoding gives back), and small helpers for the tests. */
final class GeometryFixtures {
    /** JTS's default factory: {@code CoordinateArraySequence}, floating precision, SRID 0. */
    static final GeometryFactory ARRAY_FACTORY = new GeometryFactory();

    /** A factory of {@code PackedCoordinateSequence.Double} sequences. */
    static final GeometryFactory PACKED_FACTORY =
            new GeometryFactory(PackedCoordinateSequenceFactory.DOUBLE_FACTORY);

    private GeometryFixtures() {}

    /** {@link Wkt#read(String)}: XY input gives sequences of dimension 2, as decoding does. */
    static Geometry wkt(String text) {
        return Wkt.read(text);
    }

    static Geometry wkt(GeometryFactory factory, String text) {
        return Wkt.read(factory, text);
    }

    static <T extends Geometry> T wkt(Class<T> type, String text) {
        return Wkt.read(type, text);
    }

    /** {@link Wkt#withSrid}: the top level only, as decoding sets it. */
    static <T extends Geometry> T srid(T geometry, int srid) {
        return Wkt.withSrid(geometry, srid);
    }

    /** A collection of {@code members} (which keep their own SRIDs) with SRID {@code srid}. */
    static GeometryCollection collection(int srid, Geometry... members) {
        GeometryCollection collection = ARRAY_FACTORY.createGeometryCollection(members);
        collection.setSRID(srid);
        return collection;
    }

    /** A typed array of {@code values}, for {@code SerializerTestBase#getTestData()}. */
    @SuppressWarnings("unchecked")
    static <T> T[] array(Class<T> type, List<? extends T> values) {
        T[] array = (T[]) Array.newInstance(type, values.size());
        return values.toArray(array);
    }

    /** Flink's deep-equality checker, comparing geometries exactly ({@link ExactGeometry}). */
    static DeeplyEqualsChecker exactChecker() {
        return new DeeplyEqualsChecker()
                .withCustomCheck(
                        (a, b) -> a instanceof Geometry && b instanceof Geometry,
                        (a, b, checker) -> ExactGeometry.equal((Geometry) a, (Geometry) b));
    }
}
