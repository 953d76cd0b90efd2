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

import static dev.flinkgeometry.serializer.GeometryFixtures.srid;
import static dev.flinkgeometry.serializer.GeometryFixtures.wkt;

import org.locationtech.jts.geom.Polygon;

/** {@link GeometrySerializer} for {@code Polygon}: holes, empty, Z/M by values, SRIDs. */
class PolygonSerializerTest extends GeometrySerializerTestBase<Polygon> {
    @Override
    protected Class<Polygon> getTypeClass() {
        return Polygon.class;
    }

    @Override
    protected Polygon[] getTestData() {
        return new Polygon[] {
            wkt(Polygon.class, "POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0))"),
            wkt(Polygon.class, "POLYGON EMPTY"),
            wkt(
                    Polygon.class,
                    "POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 2 1, 2 2, 1 1),"
                            + " (5 5, 6 5, 6 6, 5 5))"),
            // only the hole has Z values: the whole polygon is XYZ
            wkt(
                    Polygon.class,
                    "POLYGON Z ((0 0 NaN, 10 0 NaN, 10 10 NaN, 0 0 NaN),"
                            + " (1 1 1, 2 1 2, 2 2 3, 1 1 1))"),
            wkt(Polygon.class, "POLYGON M ((0 0 1, 4 0 2, 4 4 3, 0 0 1))"),
            wkt(
                    Polygon.class,
                    "POLYGON ZM ((0 0 1 2, 4 0 3 4, 4 4 5 6, 0 0 1 2), (1 1 NaN 1, 2 1 NaN 1,"
                            + " 2 2 NaN 1, 1 1 NaN 1))"),
            srid(wkt(Polygon.class, "POLYGON ((-0 -0, 1 0, 1 1, -0 -0))"), 4326),
            srid(wkt(Polygon.class, "POLYGON EMPTY"), 2154),
        };
    }
}
