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

import dev.flinkgeometry.testing.Wkt;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Point;

/**
 * {@link GeometrySerializer} compact at 7 X/Y digits, 2 Z and 1 M digits, declared for {@code
 * Point}: points whose ordinates that precision holds read back exactly; those it cannot round
 * (NaN, infinities, too large) are kept in the aligned form.
 */
class FixedPrecisionCompactPointSerializerTest extends CompactGeometrySerializerTestBase<Point> {
    private static final GeometryFactory FACTORY = GeometryFixtures.ARRAY_FACTORY;

    @Override
    GeometryEncoding encoding() {
        return GeometryEncoding.compact(7, 2, 1);
    }

    @Override
    protected Class<Point> getTypeClass() {
        return Point.class;
    }

    @Override
    protected Point[] getTestData() {
        return new Point[] {
            (Point) Wkt.read("POINT (2.3522 48.8566)"),
            (Point) Wkt.read("POINT (-122.4194155 37.7749295)", 4326),
            (Point) Wkt.read("POINT Z (1 2 8848.86)"),
            (Point) Wkt.read("POINT M (1 2 0.5)"),
            (Point) Wkt.read("POINT EMPTY"),
            FACTORY.createPoint(new Coordinate(Double.NaN, 1)),
            FACTORY.createPoint(new Coordinate(1e300, 1)),
            FACTORY.createPoint(new Coordinate(1, 2, Double.NEGATIVE_INFINITY))
        };
    }
}
