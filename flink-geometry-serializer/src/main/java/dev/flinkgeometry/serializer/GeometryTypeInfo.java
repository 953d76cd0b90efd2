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
import dev.flinkgeometry.serializer.internal.DeclaredGeometryClass;
import dev.flinkgeometry.serializer.internal.SerializerTypeInfo;
import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.locationtech.jts.geom.Geometry;

/**
 * The {@link TypeInformation} of JTS geometries: creates {@link GeometrySerializer}s.
 *
 * <p>Geometries are key types: their serialized bytes depend only on their content, so they can be
 * used with {@code keyBy} on every state backend and sorted in BATCH execution. Note that on the
 * hashmap backend keys are compared with JTS {@code Geometry.equals}, which looks at X and Y only.
 *
 * @param <T> the geometry class
 */
@PublicEvolving
public final class GeometryTypeInfo<T extends Geometry> extends SerializerTypeInfo<T> {
    private static final long serialVersionUID = 1L;

    private final CoordinateSequenceKind sequenceKind;

    private GeometryTypeInfo(Class<T> geometryClass, CoordinateSequenceKind sequenceKind) {
        super(geometryClass, Objects.requireNonNull(sequenceKind, "sequenceKind"));
        this.sequenceKind = sequenceKind;
    }

    /**
     * Type information for {@code geometryClass}, decoding into JTS's default sequences.
     *
     * <p>Declared like the {@code TypeInformation.of(Class)} it hides (Java allows no narrower
     * signature); the result is a {@code GeometryTypeInfo}.
     *
     * @throws IllegalArgumentException if {@code geometryClass} is not a JTS geometry class
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <T> TypeInformation<T> of(Class<T> geometryClass) {
        return new GeometryTypeInfo(
                DeclaredGeometryClass.require(geometryClass), CoordinateSequenceKind.ARRAY);
    }

    /** Type information for {@code geometryClass}, decoding into sequences of the given kind. */
    public static <T extends Geometry> GeometryTypeInfo<T> of(
            Class<T> geometryClass, CoordinateSequenceKind sequenceKind) {
        return new GeometryTypeInfo<>(geometryClass, sequenceKind);
    }

    /** The kind of coordinate sequences that deserialized geometries get. */
    public CoordinateSequenceKind sequenceKind() {
        return sequenceKind;
    }

    /** Geometries are key types: their bytes depend on their content only. */
    @Override
    public boolean isKeyType() {
        return true;
    }

    @Override
    protected TypeSerializer<T> newSerializer() {
        return new GeometrySerializer<>(getTypeClass(), sequenceKind);
    }

    @Override
    public String toString() {
        return "Geometry<" + getTypeClass().getSimpleName() + ">";
    }
}
