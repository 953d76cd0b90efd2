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
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeinfo.TypeInfoFactory;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.typeutils.TypeExtractionUtils;
import org.locationtech.jts.geom.Geometry;

/**
 * Gives {@link Geometry} and every subclass (also as POJO fields) a {@link GeometryTypeInfo}, with
 * no annotation on the JTS classes. Register it with {@link GeometryTypes}.
 */
@PublicEvolving
public class GeometryTypeInfoFactory extends TypeInfoFactory<Geometry> {
    @Override
    public TypeInformation<Geometry> createTypeInfo(
            Type t, Map<String, TypeInformation<?>> genericParameters) {
        return GeometryTypeInfo.of(TypeExtractionUtils.typeToClass(t));
    }
}
