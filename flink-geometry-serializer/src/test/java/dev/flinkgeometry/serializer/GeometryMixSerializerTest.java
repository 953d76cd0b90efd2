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

import java.util.List;
import java.util.function.Function;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.GeometryFactory;

/** {@link GeometrySerializer} declared for {@code Geometry}, with a mix of every type. */
class GeometryMixSerializerTest extends GeometrySerializerTestBase<Geometry> {
    @Override
    protected Class<Geometry> getTypeClass() {
        return Geometry.class;
    }

    @Override
    protected Geometry[] getTestData() {
        return mix(GeometryFixtures.ARRAY_FACTORY);
    }

    /**
     * One or more geometries of every type (no top-level LinearRing: the format does not carry that
     * distinction for a {@code Geometry} serializer), built with {@code factory}.
     */
    static Geometry[] mix(GeometryFactory factory) {
        Function<String, Geometry> wkt = text -> GeometryFixtures.wkt(factory, text);
        GeometryCollection withSrids =
                factory.createGeometryCollection(
                        new Geometry[] {
                            srid(wkt.apply("POINT (1 2)"), 4326),
                            srid(wkt.apply("POLYGON Z ((0 0 1, 1 0 1, 1 1 1, 0 0 1))"), 3857),
                            wkt.apply("GEOMETRYCOLLECTION (MULTIPOINT M ((1 2 3), EMPTY))")
                        });
        withSrids.setSRID(900913);
        return GeometryFixtures.array(
                Geometry.class,
                List.of(
                        wkt.apply("POINT (1 2)"),
                        wkt.apply("POINT EMPTY"),
                        srid(wkt.apply("POINT ZM (1 2 3 4)"), 4326),
                        wkt.apply("POINT (NaN -0)"),
                        wkt.apply("LINESTRING (0 0, 1 1, 2 1)"),
                        wkt.apply("LINESTRING Z (0 0 NaN, 1 1 3)"),
                        wkt.apply("LINESTRING (0 0, 1 0, 1 1, 0 0)"),
                        wkt.apply("POLYGON ((0 0, 10 0, 10 10, 0 0), (1 1, 2 1, 2 2, 1 1))"),
                        wkt.apply("POLYGON EMPTY"),
                        wkt.apply("MULTIPOINT ((1 2), EMPTY)"),
                        wkt.apply("MULTILINESTRING M ((0 0 1, 1 1 2), EMPTY)"),
                        srid(wkt.apply("MULTIPOLYGON (EMPTY, ((0 0, 1 0, 1 1, 0 0)))"), 4326),
                        wkt.apply("MULTIPOLYGON EMPTY"),
                        wkt.apply("GEOMETRYCOLLECTION EMPTY"),
                        wkt.apply(
                                "GEOMETRYCOLLECTION (POINT Z (1 2 3), GEOMETRYCOLLECTION"
                                        + " (LINESTRING (0 0, 1 1), POLYGON EMPTY))"),
                        withSrids));
    }
}
