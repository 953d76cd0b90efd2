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

import static dev.flinkgeometry.serializer.legacy.WkbTestSupport.withSrid;
import static dev.flinkgeometry.serializer.legacy.WkbTestSupport.wkt;

import java.util.List;
import org.locationtech.jts.geom.Geometry;

/**
 * {@link WkbGeometrySerializer} declared for {@code Geometry}, with every type, every empty, XY, Z,
 * M and ZM, NaN and -0.0 ordinates, SRIDs and nested collections.
 */
class WkbGeometryMixSerializerTest extends WkbSerializerTestBase<Geometry> {
    @Override
    protected Class<Geometry> getTypeClass() {
        return Geometry.class;
    }

    @Override
    protected Geometry[] getTestData() {
        List<Geometry> data =
                List.of(
                        wkt("POINT (1 2)"),
                        wkt("POINT EMPTY"),
                        wkt("POINT Z (1 2 3)"),
                        wkt("POINT M (1 2 4)"),
                        withSrid(wkt("POINT ZM (1 2 3 4)"), 4326),
                        wkt("POINT (NaN -0)"),
                        wkt("POINT Z (NaN NaN 3)"),
                        withSrid(wkt("POINT EMPTY"), 3857),
                        wkt("LINESTRING (0 0, 1 1, 2 1)"),
                        wkt("LINESTRING EMPTY"),
                        wkt("LINESTRING Z (0 0 NaN, 1 1 3)"),
                        wkt("LINESTRING M (0 0 1, 1 1 -0)"),
                        withSrid(wkt("LINESTRING ZM (0 0 1 2, 1 1 3 4)"), -1),
                        wkt("LINESTRING (0 0, 1 0, 1 1, 0 0)"),
                        wkt("POLYGON ((0 0, 10 0, 10 10, 0 0), (1 1, 2 1, 2 2, 1 1))"),
                        wkt("POLYGON EMPTY"),
                        wkt("POLYGON M ((0 0 1, 1 0 2, 1 1 3, 0 0 1))"),
                        withSrid(wkt("POLYGON ZM ((0 0 1 1, 1 0 1 2, 1 1 1 3, 0 0 1 1))"), 2056),
                        wkt("MULTIPOINT ((1 2), EMPTY)"),
                        wkt("MULTIPOINT Z ((1 2 3), (4 5 NaN), EMPTY)"),
                        wkt("MULTIPOINT EMPTY"),
                        wkt("MULTILINESTRING M ((0 0 1, 1 1 2), EMPTY)"),
                        wkt("MULTILINESTRING EMPTY"),
                        withSrid(wkt("MULTIPOLYGON (EMPTY, ((0 0, 1 0, 1 1, 0 0)))"), 4326),
                        wkt("MULTIPOLYGON ZM (((0 0 1 2, 1 0 1 2, 1 1 1 2, 0 0 1 2)))"),
                        wkt("MULTIPOLYGON EMPTY"),
                        wkt("GEOMETRYCOLLECTION EMPTY"),
                        wkt(
                                "GEOMETRYCOLLECTION (POINT Z (1 2 3), GEOMETRYCOLLECTION"
                                        + " (LINESTRING (0 0, 1 1), POLYGON EMPTY))"),
                        withSrid(
                                wkt(
                                        "GEOMETRYCOLLECTION (POINT M (1 2 3), MULTIPOINT ZM ((1"
                                                + " 2 3 4), EMPTY), GEOMETRYCOLLECTION EMPTY,"
                                                + " POINT EMPTY)"),
                                900913));
        return data.toArray(new Geometry[0]);
    }
}
