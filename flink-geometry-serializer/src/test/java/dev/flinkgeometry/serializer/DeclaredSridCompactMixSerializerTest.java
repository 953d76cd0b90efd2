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
import java.util.ArrayList;
import java.util.List;
import org.locationtech.jts.geom.Geometry;

/**
 * {@link CompactGeometrySerializerTestBase} under a declared SRID: {@link
 * CompactGeometryMixSerializerTest}'s data as it is (SRIDs 0, 4326 and others), and again with SRID
 * 4326 on every member, read back exactly and re-serialized to identical bytes.
 */
class DeclaredSridCompactMixSerializerTest extends CompactGeometrySerializerTestBase<Geometry> {
    @Override
    GeometryEncoding encoding() {
        return GeometryEncoding.compact().withDeclaredSrid(4326);
    }

    @Override
    protected Class<Geometry> getTypeClass() {
        return Geometry.class;
    }

    @Override
    protected Geometry[] getTestData() {
        List<Geometry> data = new ArrayList<>(CompactGeometryMixSerializerTest.data());
        for (Geometry geometry : CompactGeometryMixSerializerTest.data()) {
            data.add(Wkt.withSridOnEveryMember(geometry, 4326));
        }
        return data.toArray(new Geometry[0]);
    }
}
