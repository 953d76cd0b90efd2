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

import static dev.flinkgeometry.testing.Wkt.read;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.serializer.legacy.WkbGeometrySerializer;
import java.util.List;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Geometry;

/**
 * Members of a MultiPoint, MultiLineString or MultiPolygon have no header of their own in either
 * format: whatever SRID a member had when written, every member reads back with its parent's SRID.
 */
class MultiMemberSridTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "MULTIPOINT ((1 2), (3 4))",
                "MULTIPOINT Z ((1 2 3), EMPTY)",
                "MULTILINESTRING ((0 0, 1 1), (2 2, 3 3))",
                "MULTILINESTRING M ((0 0 1, 1 1 2), EMPTY)",
                "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))",
                "MULTIPOLYGON ZM (((0 0 1 2, 1 0 1 2, 1 1 1 2, 0 0 1 2)))"
            })
    void membersReadBackWithTheParentsSrid(String wkt) throws Exception {
        for (TypeSerializer<Geometry> serializer :
                List.<TypeSerializer<Geometry>>of(
                        GeometrySerializer.of(Geometry.class),
                        new WkbGeometrySerializer<>(Geometry.class))) {
            Geometry multi = read(wkt);
            multi.setSRID(4326);
            for (int i = 0; i < multi.getNumGeometries(); i++) {
                multi.getGeometryN(i).setSRID(3857 + i); // not stored: no member header
            }
            Geometry read = roundTrip(serializer, multi);
            assertThat(read.getSRID()).as("%s: parent", serializer).isEqualTo(4326);
            assertThat(read.getNumGeometries()).isEqualTo(multi.getNumGeometries());
            for (int i = 0; i < read.getNumGeometries(); i++) {
                assertThat(read.getGeometryN(i).getSRID())
                        .as("%s: member %d of %s", serializer, i, wkt)
                        .isEqualTo(4326);
            }
        }
    }

    private static Geometry roundTrip(TypeSerializer<Geometry> serializer, Geometry geometry)
            throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(256);
        serializer.serialize(geometry, out);
        return serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
    }
}
