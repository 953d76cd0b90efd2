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
package dev.flinkgeometry.format.wkt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.format.wkb.WkbCodec;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;

/**
 * What the WKT writer must get right for PostGIS 3.3 to read its text back, with the expected bytes
 * and text written by hand.
 */
class WktWriterTest {
    private static final GeometryFactory FACTORY = new GeometryFactory();

    private static Geometry mCollectionWithEmptyMember() {
        Geometry point = FACTORY.createPoint(new CoordinateXYM(1, 2, 3));
        Geometry collection =
                FACTORY.createGeometryCollection(
                        new Geometry[] {point, FACTORY.createGeometryCollection()});
        collection.setSRID(4326);
        return collection;
    }

    /** Members in the collection's dimension: PostGIS refuses "Dimensions mismatch" otherwise. */
    @Test
    void collectionMembersAreWrittenInTheCollectionsDimension() throws Exception {
        Geometry collection = mCollectionWithEmptyMember();
        assertThat(WktWriter.write(collection))
                .isEqualTo("GEOMETRYCOLLECTION M (POINT M (1 2 3), GEOMETRYCOLLECTION M EMPTY)");
        // PostGIS: ST_AsEWKB('SRID=4326;GEOMETRYCOLLECTION M (POINT M (1 2 3),
        // GEOMETRYCOLLECTION M EMPTY)')
        assertThat(HexFormat.of().formatHex(new WkbCodec().writeEwkb(collection)))
                .isEqualTo(
                        "0107000060e6100000020000000101000040000000000000f03f0000000000000040"
                                + "0000000000000840010700004000000000");
        // PostGIS: ST_AsBinary of the same
        assertThat(HexFormat.of().formatHex(new WkbCodec().writeIsoWkb(collection)))
                .isEqualTo(
                        "01d70700000200000001d1070000000000000000f03f0000000000000040"
                                + "000000000000084001d707000000000000");
    }

    @Test
    void anXyMemberOfAZCollectionGetsNanZ() {
        Geometry collection =
                FACTORY.createGeometryCollection(
                        new Geometry[] {
                            FACTORY.createPoint(new Coordinate(1, 2, 3)),
                            FACTORY.createPoint(new Coordinate(4, 5))
                        });
        assertThat(WktWriter.write(collection))
                .isEqualTo("GEOMETRYCOLLECTION Z (POINT Z (1 2 3), POINT Z (4 5 NaN))");
    }

    /** OGC WKT has no LINEARRING: PostGIS cannot read it. */
    @Test
    void aTopLevelLinearRingIsALineString() {
        Geometry ring =
                FACTORY.createLinearRing(
                        new Coordinate[] {
                            new Coordinate(0, 0),
                            new Coordinate(1, 1),
                            new Coordinate(1, 0),
                            new Coordinate(0, 0)
                        });
        assertThat(WktWriter.write(ring)).isEqualTo("LINESTRING (0 0, 1 1, 1 0, 0 0)");
    }
}
