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

import org.locationtech.jts.geom.LinearRing;

/**
 * {@link WkbGeometrySerializer} declared for {@code LinearRing}: WKB stores a line string, and the
 * serializer rebuilds the ring (with its SRID).
 */
class WkbLinearRingSerializerTest extends WkbSerializerTestBase<LinearRing> {
    @Override
    protected Class<LinearRing> getTypeClass() {
        return LinearRing.class;
    }

    @Override
    protected LinearRing[] getTestData() {
        return new LinearRing[] {
            ring("LINEARRING (0 0, 10 0, 10 10, 0 10, 0 0)"),
            ring("LINEARRING EMPTY"),
            ring("LINEARRING Z (0 0 1, 1 0 2, 1 1 3, 0 0 1)"),
            ring("LINEARRING M (0 0 1, 1 0 NaN, 1 1 3, 0 0 1)"),
            ring("LINEARRING ZM (0 0 1 2, 1 0 3 4, 1 1 5 6, 0 0 1 2)"),
            withSrid(ring("LINEARRING (-0 0, 1 0, 1 1, -0 0)"), 3857),
            withSrid(ring("LINEARRING EMPTY"), 4326),
        };
    }

    private static LinearRing ring(String text) {
        return (LinearRing) wkt(text);
    }
}
