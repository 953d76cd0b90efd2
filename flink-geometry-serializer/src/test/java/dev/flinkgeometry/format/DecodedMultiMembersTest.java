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
package dev.flinkgeometry.format;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.format.aligned.AlignedFormat;
import dev.flinkgeometry.format.aligned.AlignedReader;
import dev.flinkgeometry.testing.Wkt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Geometry;

/**
 * Members of decoded Multi* geometries, which have no header of their own: each takes its parent's
 * SRID, and a MultiPoint member written as NaN ordinates comes back empty.
 */
class DecodedMultiMembersTest {
    @ParameterizedTest
    @ValueSource(
            strings = {
                "MULTIPOINT ((1 2), (3 4))",
                "MULTILINESTRING ((0 0, 1 1), (2 2, 3 3))",
                "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))"
            })
    void everyMemberHasTheParentsSrid(String wkt) throws Exception {
        Geometry decoded = AlignedFormat.decode(AlignedFormat.encode(Wkt.read(wkt, 4326)));

        assertThat(decoded.getSRID()).isEqualTo(4326);
        for (int i = 0; i < decoded.getNumGeometries(); i++) {
            assertThat(decoded.getGeometryN(i).getSRID()).as("member %d", i).isEqualTo(4326);
        }
    }

    @ParameterizedTest
    @EnumSource(CoordinateSequenceKind.class)
    void anEmptyMultiPointMemberComesBackEmpty(CoordinateSequenceKind kind) throws Exception {
        byte[] record = AlignedFormat.encode(Wkt.read("MULTIPOINT ((1 2), EMPTY)"));
        Geometry decoded = AlignedReader.of(kind).decode(record, 0, record.length);

        assertThat(decoded.getGeometryN(0).isEmpty()).isFalse();
        assertThat(decoded.getGeometryN(1).isEmpty()).isTrue();
    }

    @Test
    void aPointMemberWithOneNaNOrdinateIsNotEmpty() throws Exception {
        byte[] record = AlignedFormat.encode(Wkt.read("MULTIPOINT Z ((1 2 NaN), (3 4 5))"));
        Geometry decoded = AlignedFormat.decode(record);

        assertThat(decoded.getGeometryN(0).isEmpty()).isFalse();
        assertThat(decoded.getGeometryN(0).getCoordinate().x).isEqualTo(1);
    }
}
