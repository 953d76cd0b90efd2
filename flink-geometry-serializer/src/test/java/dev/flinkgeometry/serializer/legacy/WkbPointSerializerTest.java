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
package dev.flinkgeometry.serializer.legacy;

import static dev.flinkgeometry.format.wkb.WkbTestSupport.withSrid;
import static dev.flinkgeometry.format.wkb.WkbTestSupport.wkt;

import org.locationtech.jts.geom.Point;

/** {@link WkbGeometrySerializer} declared for {@code Point}. */
class WkbPointSerializerTest extends WkbSerializerTestBase<Point> {
    @Override
    protected Class<Point> getTypeClass() {
        return Point.class;
    }

    @Override
    protected Point[] getTestData() {
        return new Point[] {
            point("POINT (1 2)"),
            point("POINT EMPTY"),
            point("POINT Z (1 2 3)"),
            point("POINT M (1 2 NaN)"),
            point("POINT ZM (-0 -0 -0 -0)"),
            point("POINT (1 NaN)"),
            point("POINT M (NaN NaN 4)"),
            withSrid(point("POINT (13.4 52.5)"), 4326),
            withSrid(point("POINT EMPTY"), Integer.MAX_VALUE),
        };
    }

    private static Point point(String text) {
        return (Point) wkt(text);
    }
}
