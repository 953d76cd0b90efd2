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

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeinfo.TypeInfoFactory;
import org.apache.flink.api.java.typeutils.TypeExtractor;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.locationtech.jts.geom.Geometry;

/**
 * One-line registration of the lossless compact serializer for every geometry of a job (and every
 * POJO field of a JTS type), the compact counterpart of {@link GeometryTypes}: the {@code
 * pipeline.serialization-config} entry, and {@link #registerWith}. Flink keeps type-information
 * factories in one JVM-wide registry, so a JVM (a TaskManager, a test run) holds either this
 * registration or {@link GeometryTypes}', never both: each refuses when the other is present. For
 * single states or fields, prefer {@link CompactGeometryTypeInfo} in the descriptor or
 * {@code @TypeInfo(CompactGeometryTypeInfoFactory.class)} on the field, which leave the registry
 * alone.
 *
 * <p>Geometries that Flink hands to Kryo anyway still get {@code GeometryKryoSerializer} (the
 * aligned record), as with {@link GeometryTypes}.
 */
@PublicEvolving
public final class CompactGeometryTypes {
    /** The {@code pipeline.serialization-config} entry. */
    public static final String SERIALIZATION_CONFIG =
            "org.locationtech.jts.geom.Geometry: {type: typeinfo, class: "
                    + "dev.flinkgeometry.serializer.CompactGeometryTypeInfoFactory}";

    private CompactGeometryTypes() {}

    /** A configuration holding the registration (the factory unless registered already). */
    public static Configuration configuration() {
        Configuration configuration = new Configuration();
        addTo(configuration);
        return configuration;
    }

    /**
     * Adds the entries to {@code configuration}'s {@code pipeline.serialization-config}, keeping
     * its other entries.
     *
     * @throws IllegalStateException if another factory is registered for {@code Geometry}
     */
    public static synchronized void addTo(Configuration configuration) {
        List<String> entries =
                new ArrayList<>(
                        configuration
                                .getOptional(PipelineOptions.SERIALIZATION_CONFIG)
                                .orElse(List.of()));
        if (!isRegistered() && !entries.contains(SERIALIZATION_CONFIG)) {
            entries.add(SERIALIZATION_CONFIG);
        }
        for (String entry : GeometryTypes.KRYO_SERIALIZATION_CONFIG) {
            if (!entries.contains(entry)) {
                entries.add(entry);
            }
        }
        configuration.set(PipelineOptions.SERIALIZATION_CONFIG, entries);
    }

    /**
     * Registers the lossless compact factory for jobs built in this JVM and the Kryo defaults in
     * {@code env}; safe to call any number of times (see {@link GeometryTypes#registerWith} for why
     * this is preferable to the configuration entry with the Table API).
     *
     * @throws IllegalStateException if another factory (e.g. {@link GeometryTypeInfoFactory}) is
     *     registered for {@code Geometry}
     */
    public static synchronized void registerWith(StreamExecutionEnvironment env) {
        Objects.requireNonNull(env, "env");
        if (!isRegistered()) {
            TypeExtractor.registerFactory(Geometry.class, CompactGeometryTypeInfoFactory.class);
        }
        env.getConfig()
                .getSerializerConfig()
                .configure(
                        GeometryTypes.kryoConfiguration(),
                        CompactGeometryTypes.class.getClassLoader());
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
