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

import java.lang.reflect.Type;
import java.util.Map;
import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeinfo.TypeInfoFactory;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.typeutils.TypeExtractionUtils;
import org.locationtech.jts.geom.Geometry;

/**
 * Gives {@link Geometry} and every subclass (also as POJO fields) a {@link GeometryTypeInfo}, with
 * no annotation on the JTS classes: aligned, unless a subclass says otherwise. Register it for a
 * whole job with {@link GeometryTypes}. For one POJO field in the compact encoding:
 * {@code @TypeInfo(GeometryTypeInfoFactory.Compact.class) public LineString track;}. For a field of
 * another encoding, subclass it with a public no-arg constructor: {@code public class SevenDigits
 * extends GeometryTypeInfoFactory { public SevenDigits() { super(GeometryEncoding.compact(7, 7,
 * 7)); } }}.
 */
@PublicEvolving
public class GeometryTypeInfoFactory extends TypeInfoFactory<Geometry> {
    private final GeometryEncoding encoding;

    /** Aligned. */
    public GeometryTypeInfoFactory() {
        this(GeometryEncoding.ALIGNED);
    }

    /** For subclasses of another encoding. */
    protected GeometryTypeInfoFactory(GeometryEncoding encoding) {
        this.encoding = Objects.requireNonNull(encoding, "encoding");
    }

    /** The encoding of the type information this factory gives. */
    public final GeometryEncoding encoding() {
        return encoding;
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public TypeInformation<Geometry> createTypeInfo(
            Type t, Map<String, TypeInformation<?>> genericParameters) {
        Class<? extends Geometry> type = TypeExtractionUtils.typeToClass(t);
        return (TypeInformation) GeometryTypeInfo.of(type, encoding);
    }

    /**
     * The lossless compact encoding ({@link GeometryEncoding#compact()}), for {@code @TypeInfo}.
     */
    @PublicEvolving
    public static class Compact extends GeometryTypeInfoFactory {
        public Compact() {
            super(GeometryEncoding.compact());
        }
    }
}
