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
import org.apache.flink.api.common.typeinfo.TypeInfoFactory;
import org.apache.flink.api.java.typeutils.TypeExtractor;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.locationtech.jts.geom.Geometry;

/**
 * One-line registration of {@link GeometryTypeInfoFactory} through {@code
 * pipeline.serialization-config}, so that every JTS geometry type, and every POJO field of one,
 * gets {@link GeometryTypeInfo} instead of Flink's Kryo fallback.
 *
 * <pre>{@code
 * StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
 * GeometryTypes.registerWith(env);
 * }</pre>
 *
 * <p>Or in the Flink configuration file: {@code pipeline.serialization-config: [}{@value
 * #SERIALIZATION_CONFIG}{@code ]}.
 *
 * <p>Flink keeps type-information factories in one JVM-wide registry and rejects a second
 * registration of the same type; the methods here add the entry only while it is not registered
 * yet, so they are safe to call for any number of environments in one JVM.
 */
public final class GeometryTypes {
    /** The {@code pipeline.serialization-config} entry. */
    public static final String SERIALIZATION_CONFIG =
            "org.locationtech.jts.geom.Geometry: {type: typeinfo, class: "
                    + "dev.flinkgeometry.serializer.GeometryTypeInfoFactory}";

    private GeometryTypes() {}

    /**
     * A configuration holding the registration, for {@code
     * StreamExecutionEnvironment.getExecutionEnvironment(configuration)}. Empty when this JVM has
     * registered the factory already (the registration is JVM-wide and stays in force).
     */
    public static Configuration configuration() {
        Configuration configuration = new Configuration();
        addTo(configuration);
        return configuration;
    }

    /**
     * Adds the entry to {@code configuration}'s {@code pipeline.serialization-config}, keeping its
     * other entries, unless this JVM has registered the factory already.
     *
     * @throws IllegalStateException if another factory is registered for {@code Geometry}
     */
    public static synchronized void addTo(Configuration configuration) {
        if (isRegistered()) {
            return;
        }
        List<String> entries =
                new ArrayList<>(
                        configuration
                                .getOptional(PipelineOptions.SERIALIZATION_CONFIG)
                                .orElse(List.of()));
        if (!entries.contains(SERIALIZATION_CONFIG)) {
            entries.add(SERIALIZATION_CONFIG);
        }
        configuration.set(PipelineOptions.SERIALIZATION_CONFIG, entries);
    }

    /**
     * Registers the factory for jobs built with {@code env}, and every other job built in this JVM:
     * what Flink does with the {@code pipeline.serialization-config} entry, without putting the
     * entry into {@code env}'s configuration. Safe to call any number of times in one JVM.
     *
     * <p>Why not the entry: Flink (2.3) applies it again whenever it copies the serializer
     * configuration, as the Table API does for a {@code RAW} type, and then fails because the
     * JVM-wide registry has the factory already ("A TypeInfoFactory for type ... is already
     * registered"). So with the Table API, use this method rather than {@link #configuration()}.
     */
    public static synchronized void registerWith(StreamExecutionEnvironment env) {
        Objects.requireNonNull(env, "env");
        if (!isRegistered()) {
            TypeExtractor.registerFactory(Geometry.class, GeometryTypeInfoFactory.class);
        }
    }

    /**
     * Whether this JVM's registry maps {@code Geometry} to {@link GeometryTypeInfoFactory}.
     *
     * @throws IllegalStateException if another factory is registered for {@code Geometry}
     */
    public static boolean isRegistered() {
        TypeInfoFactory<?> factory = TypeExtractor.getTypeInfoFactory(Geometry.class);
        if (factory == null) {
            return false;
        }
        if (!(factory instanceof GeometryTypeInfoFactory)) {
            throw new IllegalStateException(
                    "Geometry already has another TypeInfoFactory: "
                            + factory.getClass().getName());
        }
        return true;
    }
}
