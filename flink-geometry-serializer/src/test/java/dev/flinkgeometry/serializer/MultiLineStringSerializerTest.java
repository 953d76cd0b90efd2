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

import org.locationtech.jts.geom.MultiLineString;

/** {@link GeometrySerializer} for {@code MultiLineString}. */
class MultiLineStringSerializerTest extends GeometrySerializerTestBase<MultiLineString> {
    @Override
    protected Class<MultiLineString> getTypeClass() {
        return MultiLineString.class;
    }

    @Override
    protected MultiLineString[] getTestData() {
        return new MultiLineString[] {
            wkt(MultiLineString.class, "MULTILINESTRING ((0 0, 1 1), (2 2, 3 3, 4 4))"),
            wkt(MultiLineString.class, "MULTILINESTRING EMPTY"),
            wkt(MultiLineString.class, "MULTILINESTRING ((0 0, 1 1), EMPTY, (5 5, 6 6))"),
            wkt(MultiLineString.class, "MULTILINESTRING (EMPTY)"),
            // a part without Z in an XYZ geometry
            wkt(MultiLineString.class, "MULTILINESTRING Z ((0 0 1, 1 1 2), (2 2 NaN, 3 3 NaN))"),
            wkt(MultiLineString.class, "MULTILINESTRING M ((0 0 1, 1 1 2))"),
            wkt(
                    MultiLineString.class,
                    "MULTILINESTRING ZM ((0 0 1 NaN, 1 1 2 NaN), (2 2 NaN 7, 3 3 NaN 8, 4 4 9 9))"),
            srid(wkt(MultiLineString.class, "MULTILINESTRING ((0 0, -0 1))"), 4326),
        };
    }
}
