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
package dev.flinkgeometry.serializer.legacy;

import java.util.Objects;
import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.locationtech.jts.geom.Geometry;

/**
 * The {@link TypeInformation} of the legacy WKB serializer: what a job that kept geometries as WKB
 * declared, and what the offline savepoint rewrite reads old state with.
 *
 * @param <T> the geometry class
 */
public final class WkbGeometryTypeInfo<T extends Geometry> extends TypeInformation<T> {
    private static final long serialVersionUID = 1L;

    private final Class<T> geometryClass;

    private WkbGeometryTypeInfo(Class<T> geometryClass) {
        this.geometryClass = Objects.requireNonNull(geometryClass, "geometryClass");
    }

    /**
     * Type information for {@code geometryClass}, serialized as length-prefixed WKB. Declared like
     * the {@code TypeInformation.of(Class)} it hides, as {@code GeometryTypeInfo.of} is.
     *
     * @throws IllegalArgumentException if {@code geometryClass} is not a JTS geometry class
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <T> TypeInformation<T> of(Class<T> geometryClass) {
        if (!Geometry.class.isAssignableFrom(geometryClass)) {
            throw new IllegalArgumentException(
                    geometryClass.getName() + " is not a JTS Geometry class");
        }
        return new WkbGeometryTypeInfo(geometryClass);
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
        return new WkbGeometrySerializer<>(geometryClass);
    }

    /** The Flink 1.x entry point; deliberately without {@code @Override}. */
    public TypeSerializer<T> createSerializer(ExecutionConfig config) {
        return new WkbGeometrySerializer<>(geometryClass);
    }

    @Override
    public String toString() {
        return "WkbGeometry<" + geometryClass.getSimpleName() + ">";
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof WkbGeometryTypeInfo
                && ((WkbGeometryTypeInfo<?>) obj).canEqual(this)
                && geometryClass == ((WkbGeometryTypeInfo<?>) obj).geometryClass;
    }

    @Override
    public int hashCode() {
        return geometryClass.getName().hashCode();
    }

    @Override
    public boolean canEqual(Object obj) {
        return obj instanceof WkbGeometryTypeInfo;
    }
}
