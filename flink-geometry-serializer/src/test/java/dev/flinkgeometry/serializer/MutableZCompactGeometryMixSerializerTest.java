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

import dev.flinkgeometry.format.CoordinateSequenceKind;
import org.locationtech.jts.geom.Geometry;

/**
 * {@link CompactGeometryMixSerializerTest}'s data, with XY coordinates decoded into plain {@code
 * Coordinate}s.
 */
class MutableZCompactGeometryMixSerializerTest extends CompactGeometrySerializerTestBase<Geometry> {
    @Override
    CoordinateSequenceKind sequenceKind() {
        return CoordinateSequenceKind.ARRAY_MUTABLE_Z;
    }

    @Override
    protected Class<Geometry> getTypeClass() {
        return Geometry.class;
    }

    @Override
    protected Geometry[] getTestData() {
        return CompactGeometryMixSerializerTest.data().toArray(new Geometry[0]);
    }
}
