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
import java.util.Objects;
import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.serialization.SerializerConfig;
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
public final class GeometryTypeInfo<T extends Geometry> extends TypeInformation<T> {
    private static final long serialVersionUID = 1L;

    private final Class<T> geometryClass;
    private final CoordinateSequenceKind sequenceKind;

    private GeometryTypeInfo(Class<T> geometryClass, CoordinateSequenceKind sequenceKind) {
        this.geometryClass = Objects.requireNonNull(geometryClass, "geometryClass");
        this.sequenceKind = Objects.requireNonNull(sequenceKind, "sequenceKind");
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
        if (!Geometry.class.isAssignableFrom(geometryClass)) {
            throw new IllegalArgumentException(
                    geometryClass.getName() + " is not a JTS Geometry class");
        }
        return new GeometryTypeInfo(geometryClass, CoordinateSequenceKind.ARRAY);
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

    @Override
    public boolean isBasicType() {
        return false;
    }

    @Override
    public boolean isTupleType() {
        return false;
    }

    @Override
    public int getArity() {
        return 1;
    }

    @Override
    public int getTotalFields() {
        return 1;
    }

    @Override
    public Class<T> getTypeClass() {
        return geometryClass;
    }

    @Override
    public boolean isKeyType() {
        return true;
    }

    @Override
    public TypeSerializer<T> createSerializer(SerializerConfig config) {
        return new GeometrySerializer<>(geometryClass, sequenceKind);
    }

    /**
     * The Flink 1.x entry point (abstract there, gone in 2.x): lets the same jar run on Flink 1.20.
     * Deliberately without {@code @Override}.
     */
    public TypeSerializer<T> createSerializer(ExecutionConfig config) {
        return new GeometrySerializer<>(geometryClass, sequenceKind);
    }

    @Override
    public String toString() {
        return "Geometry<" + geometryClass.getSimpleName() + ">";
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof GeometryTypeInfo)) {
            return false;
        }
        GeometryTypeInfo<?> other = (GeometryTypeInfo<?>) obj;
        return other.canEqual(this)
                && geometryClass == other.geometryClass
                && sequenceKind == other.sequenceKind;
    }

    @Override
    public int hashCode() {
        return 31 * geometryClass.getName().hashCode() + sequenceKind.hashCode();
    }

    @Override
    public boolean canEqual(Object obj) {
        return obj instanceof GeometryTypeInfo;
    }
}
