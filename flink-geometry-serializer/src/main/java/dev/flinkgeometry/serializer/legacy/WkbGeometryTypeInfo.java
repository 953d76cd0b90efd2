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

import dev.flinkgeometry.serializer.internal.DeclaredGeometryClass;
import dev.flinkgeometry.serializer.internal.SerializerTypeInfo;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.locationtech.jts.geom.Geometry;

/**
 * The {@link TypeInformation} of the legacy WKB serializer: what a job that kept geometries as WKB
 * declared, and what the offline savepoint rewrite reads old state with.
 *
 * @param <T> the geometry class
 */
@PublicEvolving
public final class WkbGeometryTypeInfo<T extends Geometry> extends SerializerTypeInfo<T> {
    private static final long serialVersionUID = 1L;

    private WkbGeometryTypeInfo(Class<T> geometryClass) {
        super(geometryClass);
    }

    /**
     * Type information for {@code geometryClass}. Declared like the {@code
     * TypeInformation.of(Class)} it hides; the result is a {@code WkbGeometryTypeInfo}.
     *
     * @throws IllegalArgumentException if {@code geometryClass} is not a JTS geometry class
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <T> TypeInformation<T> of(Class<T> geometryClass) {
        return new WkbGeometryTypeInfo(DeclaredGeometryClass.require(geometryClass));
    }

    @Override
    public boolean isKeyType() {
        return true;
    }

    @Override
    protected TypeSerializer<T> newSerializer() {
        return new WkbGeometrySerializer<>(getTypeClass());
    }

    @Override
    public String toString() {
        return "WkbGeometry<" + getTypeClass().getSimpleName() + ">";
    }
}
