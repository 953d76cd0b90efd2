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
package dev.flinkgeometry.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.serializer.GeometrySerializer;
import java.util.HexFormat;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.locationtech.jts.geom.Geometry;

/**
 * A declared dimension without values is not carried (README, SQL section): the SQL functions write
 * Z and M by values, as the geometry column's serializer decides them. PostGIS keeps the tag; its
 * bytes are in the comments and in the README for comparison.
 */
class DeclaredDimensionTest {
    private static final HexFormat HEX = HexFormat.of().withUpperCase();

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                // PostGIS ST_AsEWKB: 0101000080 + 3 x 000000000000F87F
                "POINT Z EMPTY|0101000000000000000000F87F000000000000F87F|POINT EMPTY",
                // PostGIS ST_AsEWKB: 0101000080 000000000000F03F 0000000000000040 000000000000F87F
                "POINT Z (1 2 NaN)|0101000000000000000000F03F0000000000000040|POINT (1 2)",
                // PostGIS ST_AsEWKB: 01030000C0 00000000
                "POLYGON ZM EMPTY|010300000000000000|POLYGON EMPTY",
                // PostGIS ST_AsEWKB: 0107000040 00000000
                "GEOMETRYCOLLECTION M EMPTY|010700000000000000|GEOMETRYCOLLECTION EMPTY",
            })
    void comesOutXy(String wkt, String ewkb, String text) throws Exception {
        Geometry read = new StGeomFromText().eval(wkt);
        assertThat(HEX.formatHex(new StAsBinary(true).eval(read))).isEqualTo(ewkb);
        assertThat(new StAsText().eval(read)).isEqualTo(text);
        Geometry held = column(read);
        assertThat(HEX.formatHex(new StAsBinary(true).eval(held))).isEqualTo(ewkb);
        assertThat(new StAsText().eval(held)).isEqualTo(text);
    }

    private static Geometry column(Geometry geometry) throws Exception {
        GeometrySerializer<Geometry> serializer = GeometrySerializer.of(Geometry.class);
        DataOutputSerializer out = new DataOutputSerializer(64);
        serializer.serialize(geometry, out);
        return serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
    }
}
