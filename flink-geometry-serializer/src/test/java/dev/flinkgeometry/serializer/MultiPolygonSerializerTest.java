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

import org.locationtech.jts.geom.MultiPolygon;

/** {@link GeometrySerializer} for {@code MultiPolygon}. */
class MultiPolygonSerializerTest extends GeometrySerializerTestBase<MultiPolygon> {
    @Override
    protected Class<MultiPolygon> getTypeClass() {
        return MultiPolygon.class;
    }

    @Override
    protected MultiPolygon[] getTestData() {
        return new MultiPolygon[] {
            wkt(
                    MultiPolygon.class,
                    "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((10 10, 20 10, 20 20, 10 10),"
                            + " (12 12, 13 12, 13 13, 12 12)))"),
            wkt(MultiPolygon.class, "MULTIPOLYGON EMPTY"),
            wkt(MultiPolygon.class, "MULTIPOLYGON (EMPTY, ((0 0, 1 0, 1 1, 0 0)))"),
            wkt(MultiPolygon.class, "MULTIPOLYGON (EMPTY)"),
            wkt(
                    MultiPolygon.class,
                    "MULTIPOLYGON Z (((0 0 1, 1 0 2, 1 1 3, 0 0 1)),"
                            + " ((5 5 NaN, 6 5 NaN, 6 6 NaN, 5 5 NaN)))"),
            wkt(MultiPolygon.class, "MULTIPOLYGON M (((0 0 1, 1 0 2, 1 1 3, 0 0 1)))"),
            wkt(
                    MultiPolygon.class,
                    "MULTIPOLYGON ZM (((0 0 1 2, 1 0 3 4, 1 1 5 6, 0 0 1 2)), EMPTY)"),
            srid(wkt(MultiPolygon.class, "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)))"), 4326),
        };
    }
}
