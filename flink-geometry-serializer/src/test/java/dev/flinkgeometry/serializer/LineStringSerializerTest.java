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

import dev.flinkgeometry.testing.GeometryMixes;
import org.locationtech.jts.geom.LineString;

/** {@link GeometrySerializer} for {@code LineString}. */
class LineStringSerializerTest extends GeometrySerializerTestBase<LineString> {
    @Override
    protected Class<LineString> getTypeClass() {
        return LineString.class;
    }

    @Override
    protected LineString[] getTestData() {
        return new LineString[] {
            wkt(LineString.class, "LINESTRING (0 0, 1 1)"),
            wkt(LineString.class, "LINESTRING EMPTY"),
            wkt(LineString.class, "LINESTRING (30 10, 10 30, 40 40, -0 NaN)"),
            // Sedona 1.6.0 decides the layout from the first coordinate and loses the 3.
            wkt(LineString.class, "LINESTRING Z (0 0 NaN, 1 1 3)"),
            wkt(LineString.class, "LINESTRING M (0 0 1, 1 1 NaN, 2 2 3)"),
            wkt(LineString.class, "LINESTRING ZM (0 0 0 0, 1 1 NaN 2, 2 2 3 NaN)"),
            // closed, but a LineString: must not come back as a LinearRing
            wkt(LineString.class, "LINESTRING (0 0, 1 0, 1 1, 0 0)"),
            srid(wkt(LineString.class, "LINESTRING (0 0, 1 1, 2 0)"), 4326),
            srid(wkt(LineString.class, "LINESTRING EMPTY"), 32633),
            GeometryMixes.longLine(5000),
        };
    }
}
