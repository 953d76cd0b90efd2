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

import dev.flinkgeometry.serializer.internal.savepoint.Flink1KryoStateGuard;
import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeinfo.TypeInfoFactory;
import org.apache.flink.api.java.typeutils.TypeExtractor;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.locationtech.jts.geom.Geometry;

/**
 * Registration of the lossless compact serializer for every geometry of a job (and every POJO,
 * tuple or row field of a JTS type), the compact counterpart of {@link GeometryTypes#registerWith}.
 * Flink keeps type-information factories in one JVM-wide registry, so a JVM (a TaskManager, a test
 * run) holds either this registration or {@link GeometryTypes}', never both: each refuses when the
 * other is present. For single states or fields, prefer {@link CompactGeometryTypeInfo} in the
 * descriptor or {@code @TypeInfo(CompactGeometryTypeInfoFactory.class)} on the field, which leave
 * the registry alone.
 *
 * <p>Like {@link GeometryTypes#registerWith}, it leaves Kryo alone; {@link
 * GeometryTypes#registerKryoFallback} is the separate opt-in for geometries Flink still hands to
 * Kryo.
 */
@PublicEvolving
public final class CompactGeometryTypes {
    /**
     * The {@code pipeline.serialization-config} entry, with the same limits as {@link
     * GeometryTypes#SERIALIZATION_CONFIG}: Flink 2.3 registers it JVM-wide each time it applies the
     * configuration and fails the second time, so it breaks a {@code TableEnvironment} or a second
     * environment in the same JVM. Prefer {@link #registerWith}.
     */
    public static final String SERIALIZATION_CONFIG =
            "org.locationtech.jts.geom.Geometry: {type: typeinfo, class: "
                    + "dev.flinkgeometry.serializer.CompactGeometryTypeInfoFactory}";

    private CompactGeometryTypes() {}

    /**
     * Registers the lossless compact factory for jobs built in this JVM; safe to call any number of
     * times, for any number of environments.
     *
     * @throws IllegalStateException if another factory (e.g. {@link GeometryTypeInfoFactory}) is
     *     registered for {@code Geometry}, or, on Flink 2.x, if the savepoint to restore holds
     *     geometry state of Flink 1.x's Kryo (as {@link GeometryTypes#registerWith})
     */
    public static synchronized void registerWith(StreamExecutionEnvironment env) {
        Objects.requireNonNull(env, "env");
        Flink1KryoStateGuard.check(
                env.getConfiguration(), Thread.currentThread().getContextClassLoader());
        if (!isRegistered()) {
            TypeExtractor.registerFactory(Geometry.class, CompactGeometryTypeInfoFactory.class);
        }
    }

    /**
     * Whether this JVM's registry maps {@code Geometry} to the compact factory.
     *
     * @throws IllegalStateException if another factory is registered for {@code Geometry}
     */
    public static boolean isRegistered() {
        TypeInfoFactory<?> factory = TypeExtractor.getTypeInfoFactory(Geometry.class);
        if (factory == null) {
            return false;
        }
        if (factory.getClass() != CompactGeometryTypeInfoFactory.class) {
            throw new IllegalStateException(
                    "Geometry already has another TypeInfoFactory: "
                            + factory.getClass().getName()
                            + "; one JVM registers either GeometryTypes or CompactGeometryTypes");
        }
        return true;
    }
}
