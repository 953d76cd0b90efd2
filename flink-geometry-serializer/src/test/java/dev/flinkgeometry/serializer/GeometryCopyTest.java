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

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.testing.GeometryArbitraries;
import dev.flinkgeometry.testing.Wkt;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;

/**
 * {@link GeometryCopy} gives what JTS {@link Geometry#copy()} gives, down to the class of every
 * part, sequence and coordinate, each coordinate's fields, and every part's SRID and user data; and
 * shares no coordinate with the original.
 */
class GeometryCopyTest {
    @Provide
    Arbitrary<Geometry> geometries() {
        return GeometryArbitraries.geometries();
    }

    @Property(tries = 500)
    void copiesAsJtsCopies(@ForAll("geometries") Geometry geometry) {
        label(geometry, new int[] {1});
        Geometry expected = geometry.copy();

        Geometry copy = GeometryCopy.of(geometry);

        assertSameTree(copy, expected);
        assertShares(copy, geometry, false);
    }

    @Example
    void aSequenceOfAnotherKindOrASubclassIsCopiedByJts() throws Exception {
        GeometryFactory factory = new GeometryFactory();
        Coordinate[] inconsistent = {new Coordinate(1, 2, 3), new Coordinate(4, 5, 6)};
        LineString xyHoldingZ =
                factory.createLineString(new CoordinateArraySequence(inconsistent, 2, 0));
        Geometry subclass =
                new Point(
                        new CoordinateArraySequence(new Coordinate[] {new Coordinate(1, 2)}),
                        factory) {
                    private static final long serialVersionUID = 1L;
                };
        for (Geometry geometry :
                List.of(xyHoldingZ, subclass, Wkt.read("GEOMETRYCOLLECTION (POINT (1 2))"))) {
            assertSameTree(GeometryCopy.of(geometry), geometry.copy());
            assertShares(GeometryCopy.of(geometry), geometry, false);
        }
    }

    /** Gives every part its own SRID and user data, so that their copying is seen. */
    private static void label(Geometry geometry, int[] next) {
        geometry.setUserData("part " + next[0]);
        geometry.setSRID(geometry.getSRID() + next[0]++);
        for (Geometry part : parts(geometry)) {
            label(part, next);
        }
    }

    private static List<Geometry> parts(Geometry geometry) {
        List<Geometry> parts = new ArrayList<>();
        if (geometry instanceof Polygon) {
            Polygon polygon = (Polygon) geometry;
            parts.add(polygon.getExteriorRing());
            for (int i = 0; i < polygon.getNumInteriorRing(); i++) {
                parts.add(polygon.getInteriorRingN(i));
            }
        } else if (geometry instanceof GeometryCollection) {
            for (int i = 0; i < geometry.getNumGeometries(); i++) {
                parts.add(geometry.getGeometryN(i));
            }
        }
        return parts;
    }

    private static void assertSameTree(Geometry actual, Geometry expected) {
        assertThat(actual.getClass()).isEqualTo(expected.getClass());
        assertThat(actual.getSRID()).isEqualTo(expected.getSRID());
        assertThat(actual.getUserData()).isSameAs(expected.getUserData());
        assertThat(actual.getFactory()).isSameAs(expected.getFactory());
        CoordinateSequence a = sequence(actual);
        CoordinateSequence e = sequence(expected);
        if (e != null) {
            assertThat(a.getClass()).isEqualTo(e.getClass());
            assertThat(a.getDimension()).isEqualTo(e.getDimension());
            assertThat(a.getMeasures()).isEqualTo(e.getMeasures());
            assertThat(a.size()).isEqualTo(e.size());
            for (int i = 0; i < e.size(); i++) {
                Coordinate ac = a.getCoordinate(i);
                Coordinate ec = e.getCoordinate(i);
                assertThat(ac.getClass()).isEqualTo(ec.getClass());
                assertThat(bits(ac)).isEqualTo(bits(ec));
            }
        }
        List<Geometry> actualParts = parts(actual);
        List<Geometry> expectedParts = parts(expected);
        assertThat(actualParts).hasSameSizeAs(expectedParts);
        for (int i = 0; i < expectedParts.size(); i++) {
            assertSameTree(actualParts.get(i), expectedParts.get(i));
        }
    }

    /** Whether any coordinate object of {@code copy} is one of {@code original}'s. */
    private static void assertShares(Geometry copy, Geometry original, boolean expected) {
        CoordinateSequence a = sequence(copy);
        CoordinateSequence o = sequence(original);
        if (o != null && o.size() > 0) {
            assertThat(a).isNotSameAs(o);
            assertThat(a.getCoordinate(0) == o.getCoordinate(0)).isEqualTo(expected);
        }
        List<Geometry> copyParts = parts(copy);
        List<Geometry> originalParts = parts(original);
        for (int i = 0; i < originalParts.size(); i++) {
            assertShares(copyParts.get(i), originalParts.get(i), expected);
        }
    }

    private static CoordinateSequence sequence(Geometry geometry) {
        if (geometry instanceof Point) {
            return ((Point) geometry).getCoordinateSequence();
        }
        if (geometry instanceof LineString) {
            return ((LineString) geometry).getCoordinateSequence();
        }
        return null;
    }

    private static List<Long> bits(Coordinate c) {
        return List.of(
                Double.doubleToRawLongBits(c.x),
                Double.doubleToRawLongBits(c.y),
                Double.doubleToRawLongBits(c.z),
                Double.doubleToRawLongBits(c.getZ()),
                Double.doubleToRawLongBits(c.getM()));
    }
}
