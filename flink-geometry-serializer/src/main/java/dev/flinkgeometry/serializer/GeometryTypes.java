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

import dev.flinkgeometry.serializer.kryo.GeometryKryoSerializer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.flink.api.common.typeinfo.TypeInfoFactory;
import org.apache.flink.api.java.typeutils.TypeExtractor;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.MultiLineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

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

    /**
     * The {@code pipeline.serialization-config} entries that make {@link GeometryKryoSerializer}
     * Kryo's default serializer for every concrete JTS geometry class (and their subclasses), so
     * that geometries Flink hands to Kryo anyway (a type extracted on a TaskManager, a geometry
     * inside a {@code HashMap}) are written in the aligned format too. Kryo only ever serializes
     * concrete classes, and the entry for {@code Geometry} itself is the type-information factory
     * above (the configuration holds one entry per class).
     */
    public static final List<String> KRYO_SERIALIZATION_CONFIG = kryoEntries();

    private GeometryTypes() {}

    private static List<String> kryoEntries() {
        List<String> entries = new ArrayList<>();
        for (Class<?> type :
                List.of(
                        Point.class,
                        LineString.class,
                        LinearRing.class,
                        Polygon.class,
                        MultiPoint.class,
                        MultiLineString.class,
                        MultiPolygon.class,
                        GeometryCollection.class)) {
            entries.add(
                    type.getName()
                            + ": {type: kryo, kryo-type: default, class: "
                            + GeometryKryoSerializer.class.getName()
                            + "}");
        }
        return List.copyOf(entries);
    }

    /**
     * A configuration holding the registration, for {@code
     * StreamExecutionEnvironment.getExecutionEnvironment(configuration)}: the Kryo default
     * serializers, and the type-information factory unless this JVM has registered it already (the
     * registration is JVM-wide and stays in force).
     */
    public static Configuration configuration() {
        Configuration configuration = new Configuration();
        addTo(configuration);
        return configuration;
    }

    /**
     * Adds the entries to {@code configuration}'s {@code pipeline.serialization-config}, keeping
     * its other entries: the Kryo default serializers always (they belong to the job's
     * configuration and travel with it to the TaskManagers), the type-information factory unless
     * this JVM has registered it already.
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
        for (String entry : KRYO_SERIALIZATION_CONFIG) {
            if (!entries.contains(entry)) {
                entries.add(entry);
            }
        }
        configuration.set(PipelineOptions.SERIALIZATION_CONFIG, entries);
    }

    /** A configuration holding only the Kryo default-serializer entries. */
    public static Configuration kryoConfiguration() {
        Configuration configuration = new Configuration();
        configuration.set(PipelineOptions.SERIALIZATION_CONFIG, KRYO_SERIALIZATION_CONFIG);
        return configuration;
    }

    /**
     * Registers the factory for jobs built with {@code env}, and every other job built in this JVM:
     * what Flink does with the {@code pipeline.serialization-config} entry, without putting the
     * entry into {@code env}'s configuration; and makes {@link GeometryKryoSerializer} Kryo's
     * default for the JTS classes in {@code env}'s serializer configuration. Safe to call any
     * number of times in one JVM.
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
        // Through SerializerConfig#configure, the one way to add Kryo defaults that Flink 1.20
        // and 2.x share (2.x has no adder on the public interface).
        env.getConfig()
                .getSerializerConfig()
                .configure(kryoConfiguration(), GeometryTypes.class.getClassLoader());
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
