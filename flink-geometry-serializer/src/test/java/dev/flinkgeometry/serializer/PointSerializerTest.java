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

import org.locationtech.jts.geom.Point;

/** {@link GeometrySerializer} for {@code Point}: empty, Z, M, ZM, SRIDs, NaN, -0.0, extremes. */
class PointSerializerTest extends GeometrySerializerTestBase<Point> {
    @Override
    protected Class<Point> getTypeClass() {
        return Point.class;
    }

    @Override
    protected Point[] getTestData() {
        return new Point[] {
            wkt(Point.class, "POINT (1 2)"),
            wkt(Point.class, "POINT EMPTY"),
            wkt(Point.class, "POINT Z (1 2 3)"),
            wkt(Point.class, "POINT M (1 2 4)"),
            wkt(Point.class, "POINT ZM (1 2 3 4)"),
            srid(wkt(Point.class, "POINT (13.4050 52.5200)"), 4326),
            srid(wkt(Point.class, "POINT ZM (-1 -2 -3 -4)"), 16777215),
            srid(wkt(Point.class, "POINT EMPTY"), 3857),
            srid(wkt(Point.class, "POINT M (0 0 1)"), 1),
            wkt(Point.class, "POINT (NaN NaN)"),
            wkt(Point.class, "POINT (NaN 7)"),
            wkt(Point.class, "POINT Z (NaN NaN 3)"),
            wkt(Point.class, "POINT ZM (1 NaN 3 5)"),
            wkt(Point.class, "POINT (-0 0)"),
            wkt(Point.class, "POINT Z (-0 -0 -0)"),
            wkt(Point.class, "POINT (Infinity -Infinity)"),
            wkt(Point.class, "POINT (1.7976931348623157e308 4.9e-324)"),
            wkt(Point.class, "POINT (32.533299524864844 0.583299105614628)"),
        };
    }
}
