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
import dev.flinkgeometry.testing.GeometryMixes;
import dev.flinkgeometry.testing.GoldenGeometries;
import dev.flinkgeometry.testing.Wkt;
import java.util.ArrayList;
import java.util.List;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.CoordinateXYZM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;

/**
 * {@link GeometrySerializer}, compact lossless, declared for {@code Geometry}: every class, mixes,
 * Z/M/ZM, empties, nested collections, NaN, -0.0, infinities, 1e-300, 1e308, decimal ordinates.
 */
class CompactGeometryMixSerializerTest extends CompactGeometrySerializerTestBase<Geometry> {
    private static final GeometryFactory FACTORY = GeometryFixtures.ARRAY_FACTORY;

    @Override
    protected Class<Geometry> getTypeClass() {
        return Geometry.class;
    }

    @Override
    protected Geometry[] getTestData() {
        return data().toArray(new Geometry[0]);
    }

    static List<Geometry> data() {
        List<Geometry> data = new ArrayList<>(GeometryMixes.aligned(FACTORY));
        // A top-level LinearRing reads back as a LineString for a Geometry serializer.
        GoldenGeometries.v1().stream().map(ExactGeometry::asDecoded).forEach(data::add);
        for (double v :
                new double[] {
                    Double.NaN,
                    -0.0,
                    Double.POSITIVE_INFINITY,
                    Double.NEGATIVE_INFINITY,
                    1e-300,
                    1e308,
                    0.000_000_1
                }) {
            data.add(FACTORY.createPoint(new Coordinate(v, 45.5)));
            data.add(
                    FACTORY.createLineString(
                            new Coordinate[] {
                                new CoordinateXYM(0.25, 1, v), new CoordinateXYM(1, 1, 2)
                            }));
            data.add(FACTORY.createPoint(new CoordinateXYZM(1.5, 2.5, v, 7)));
        }
        data.add(Wkt.read("POINT (-122.419416 37.774929)", 4326));
        data.add(
                Wkt.read(
                        "GEOMETRYCOLLECTION (MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), EMPTY),"
                                + " GEOMETRYCOLLECTION (POINT ZM (1 2 3 4), LINESTRING EMPTY))"));
        return data;
    }
}
