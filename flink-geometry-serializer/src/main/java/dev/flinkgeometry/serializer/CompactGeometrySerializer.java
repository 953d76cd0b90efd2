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
import java.io.ObjectStreamException;
import java.io.Serializable;
import org.apache.flink.annotation.Internal;
import org.locationtech.jts.geom.Geometry;

/**
 * The Java-serialized form of the compact serializer that preceded {@link GeometryEncoding}: job
 * graphs that hold one (an HA cluster recovers them with a newer jar) read back as the {@link
 * GeometrySerializer} of the same compact encoding. Never instantiated otherwise; class name, field
 * names and types and {@code serialVersionUID} are those of the stream.
 */
@Internal
final class CompactGeometrySerializer implements Serializable {
    private static final long serialVersionUID = 1L;

    private Class<? extends Geometry> geometryClass;
    private CompactPrecision precision;
    private CoordinateSequenceKind sequenceKind;
    private int formatVersion;

    private CompactGeometrySerializer() {}

    private Object readResolve() throws ObjectStreamException {
        return new GeometrySerializer<>(
                geometryClass, precision.toEncoding(), sequenceKind, formatVersion);
    }
}
