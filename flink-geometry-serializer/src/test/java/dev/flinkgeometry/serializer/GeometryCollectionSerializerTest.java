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

import static dev.flinkgeometry.serializer.GeometryFixtures.collection;
import static dev.flinkgeometry.serializer.GeometryFixtures.srid;
import static dev.flinkgeometry.serializer.GeometryFixtures.wkt;

import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;

/**
 * {@link GeometrySerializer} for {@code GeometryCollection}: nesting, members of different layouts
 * (each decided on its own values), members with their own SRIDs, padding after members whose
 * structure data is not a multiple of 8 bytes, and Multi* instances of the declared class.
 */
class GeometryCollectionSerializerTest extends GeometrySerializerTestBase<GeometryCollection> {
    @Override
    protected Class<GeometryCollection> getTypeClass() {
        return GeometryCollection.class;
    }

    @Override
    protected GeometryCollection[] getTestData() {
        return new GeometryCollection[] {
            wkt(GeometryCollection.class, "GEOMETRYCOLLECTION EMPTY"),
            wkt(
                    GeometryCollection.class,
                    "GEOMETRYCOLLECTION (POINT (1 2), LINESTRING (0 0, 1 1))"),
            // mixed layouts; the polygon with a hole and the multi line string have 3 structure
            // ints (12 bytes), so 4 bytes of padding follow them
            wkt(
                    GeometryCollection.class,
                    "GEOMETRYCOLLECTION (POINT Z (1 2 3), LINESTRING M (0 0 1, 1 1 2),"
                            + " POLYGON ((0 0, 1 0, 1 1, 0 0), (0.2 0.1, 0.8 0.1, 0.8 0.7, 0.2 0.1)),"
                            + " MULTILINESTRING ZM ((0 0 1 2, 1 1 3 4), (2 2 5 6, 3 3 7 8)),"
                            + " POINT EMPTY, MULTIPOINT ((1 2), EMPTY))"),
            wkt(
                    GeometryCollection.class,
                    "GEOMETRYCOLLECTION (GEOMETRYCOLLECTION (POINT EMPTY, GEOMETRYCOLLECTION EMPTY),"
                            + " MULTIPOINT ((1 2), EMPTY), GEOMETRYCOLLECTION (GEOMETRYCOLLECTION"
                            + " (MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), EMPTY), LINESTRING EMPTY)))"),
            // every member keeps its own SRID, also when it differs from the parent
            collection(
                    4326,
                    srid(wkt("POINT (1 2)"), 4326),
                    wkt("LINESTRING Z (0 0 1, 1 1 2)"),
                    collection(
                            3857,
                            srid(wkt("POINT M (3 4 5)"), 16777215),
                            srid(wkt("MULTIPOLYGON EMPTY"), 2154))),
            collection(
                    0, srid(wkt("POLYGON ((0 0, 1 0, 1 1, 0 0))"), 31467), wkt("POINT (-0 NaN)")),
            nested(20),
            // Multi* types are GeometryCollections too
            wkt(GeometryCollection.class, "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)))"),
            srid(wkt(GeometryCollection.class, "MULTIPOINT Z ((1 2 3), EMPTY)"), 4326),
        };
    }

    /** A point inside {@code depth} nested collections, each with a sibling line. */
    private static GeometryCollection nested(int depth) {
        Geometry inner = wkt("POINT ZM (1 2 3 4)");
        for (int i = 0; i < depth; i++) {
            inner = collection(i, inner, wkt("LINESTRING (0 0, " + i + " 1)"));
        }
        return (GeometryCollection) inner;
    }
}
