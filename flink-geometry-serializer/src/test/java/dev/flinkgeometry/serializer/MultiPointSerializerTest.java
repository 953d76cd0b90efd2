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

import org.locationtech.jts.geom.MultiPoint;

/**
 * {@link GeometrySerializer} for {@code MultiPoint}, with empty members (written as NaN ordinates,
 * as Sedona does, and read back as empty points).
 */
class MultiPointSerializerTest extends GeometrySerializerTestBase<MultiPoint> {
    @Override
    protected Class<MultiPoint> getTypeClass() {
        return MultiPoint.class;
    }

    @Override
    protected MultiPoint[] getTestData() {
        return new MultiPoint[] {
            wkt(MultiPoint.class, "MULTIPOINT ((1 2), (3 4))"),
            wkt(MultiPoint.class, "MULTIPOINT EMPTY"),
            wkt(MultiPoint.class, "MULTIPOINT ((1 2), EMPTY, (3 4))"),
            wkt(MultiPoint.class, "MULTIPOINT (EMPTY)"),
            wkt(MultiPoint.class, "MULTIPOINT (EMPTY, EMPTY, EMPTY)"),
            wkt(MultiPoint.class, "MULTIPOINT Z ((1 2 3), EMPTY, (4 5 NaN))"),
            wkt(MultiPoint.class, "MULTIPOINT M ((1 2 3), (4 5 6))"),
            wkt(MultiPoint.class, "MULTIPOINT ZM ((1 2 3 4), EMPTY)"),
            wkt(MultiPoint.class, "MULTIPOINT ((-0 NaN), (1 1))"),
            srid(wkt(MultiPoint.class, "MULTIPOINT ((1 2), EMPTY)"), 4326),
            srid(wkt(MultiPoint.class, "MULTIPOINT EMPTY"), 16777215),
        };
    }
}
