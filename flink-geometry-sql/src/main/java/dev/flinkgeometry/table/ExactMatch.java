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

import dev.flinkgeometry.serializer.GeometrySerializer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.locationtech.jts.geom.Geometry;

/**
 * Whether two geometries are the same value, as a geometry column holds it: the same aligned bytes
 * (type, SRID, Z, M and every ordinate), which is what a retraction must match.
 */
@Internal
final class ExactMatch {
    private final GeometrySerializer<Geometry> serializer = GeometrySerializer.of(Geometry.class);
    private final DataOutputSerializer a = new DataOutputSerializer(256);
    private final DataOutputSerializer b = new DataOutputSerializer(256);

    boolean matches(Geometry x, Geometry y) {
        if (x == y) {
            return true;
        }
        a.clear();
        b.clear();
        try {
            serializer.serialize(x, a);
            serializer.serialize(y, b);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Arrays.equals(
                a.getSharedBuffer(), 0, a.length(), b.getSharedBuffer(), 0, b.length());
    }
}
