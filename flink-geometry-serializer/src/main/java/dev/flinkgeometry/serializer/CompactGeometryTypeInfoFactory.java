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
 * Gives geometries a lossless {@link CompactGeometryTypeInfo}. On a POJO field:
 * {@code @TypeInfo(CompactGeometryTypeInfoFactory.class) public LineString track;} (that field
 * only); for every geometry of a job: {@link CompactGeometryTypes}. For a fixed precision, subclass
 * it with a public no-arg constructor: {@code public class SevenDigits extends
 * CompactGeometryTypeInfoFactory { public SevenDigits() { super(CompactPrecision.of(7, 7, 7)); }
 * }}.
 */
@PublicEvolving
public class CompactGeometryTypeInfoFactory extends TypeInfoFactory<Geometry> {
    private final CompactPrecision precision;

    /** Lossless. */
    public CompactGeometryTypeInfoFactory() {
        this(CompactPrecision.LOSSLESS);
    }

    /** For subclasses of a fixed precision. */
    protected CompactGeometryTypeInfoFactory(CompactPrecision precision) {
        this.precision = Objects.requireNonNull(precision, "precision");
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public TypeInformation<Geometry> createTypeInfo(
            Type t, Map<String, TypeInformation<?>> genericParameters) {
        Class<? extends Geometry> type = TypeExtractionUtils.typeToClass(t);
        return (TypeInformation)
                CompactGeometryTypeInfo.of(
                        type, precision, dev.flinkgeometry.format.CoordinateSequenceKind.ARRAY);
    }
}
