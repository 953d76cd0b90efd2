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
import dev.flinkgeometry.serializer.kryo.GeometryKryoSerializer;
import java.lang.reflect.Field;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.annotation.PublicEvolving;
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
 * Registration of the geometry types with Flink.
 *
 * <pre>{@code
 * StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
 * GeometryTypes.registerWith(env);
 * }</pre>
 *
 * <p>{@link #registerWith} makes type extraction give every JTS geometry type, and every POJO,
 * tuple or row field of one, {@link GeometryTypeInfo} instead of Flink's Kryo fallback. It leaves
 * Kryo alone: a geometry that Flink still hands to Kryo (a type declared as {@code
 * GenericTypeInfo}, a record class that is not a POJO, a geometry inside a {@code HashMap}) keeps
 * the bytes Kryo gave it before, so state written without this library restores with every entry.
 *
 * <p>{@link #registerWith(StreamExecutionEnvironment, GeometryEncoding)} gives them the compact
 * encoding instead (for jobs whose geometry state is large). Flink keeps type-information factories
 * in one JVM-wide registry, so a JVM (a client, a test run) holds one encoding for {@code
 * Geometry}: registering another one is refused. For single states or fields, prefer {@link
 * GeometryTypeInfo#of(Class, GeometryEncoding)} in the descriptor or
 * {@code @TypeInfo(GeometryTypeInfoFactory.Compact.class)} on the field, which leave the registry
 * alone.
 *
 * <p>{@link #registerKryoFallback} is a separate, explicit choice: it makes {@link
 * GeometryKryoSerializer} Kryo's default serializer for the JTS classes, which changes the bytes of
 * every geometry that Kryo writes. Use it for jobs that start without Kryo-held geometries in their
 * savepoint (see its Javadoc for why).
 */
@PublicEvolving
public final class GeometryTypes {
    /**
     * The {@code pipeline.serialization-config} entry of the type-information factory. Flink 2.3
     * puts it into a JVM-wide registry each time it applies a configuration holding it, and fails
     * the second time ("A TypeInfoFactory for type ... is already registered"): a second
     * environment in the same JVM, and every {@code TableEnvironment} (which copies the
     * configuration), then fail. Prefer {@link #registerWith}; use the entry only for a JVM that
     * builds exactly one streaming job and no table program.
     */
    public static final String SERIALIZATION_CONFIG =
            "org.locationtech.jts.geom.Geometry: {type: typeinfo, class: "
                    + "dev.flinkgeometry.serializer.GeometryTypeInfoFactory}";

    /**
     * The {@code pipeline.serialization-config} entries of the Kryo fallback ({@link
     * #registerKryoFallback}): {@link GeometryKryoSerializer} as Kryo's default serializer for
     * every concrete JTS geometry class. Kryo entries stay with the job's configuration (they reach
     * the TaskManagers) and can be applied any number of times.
     */
    public static final List<String> KRYO_FALLBACK_CONFIG = kryoEntries();

    /** The compact encoding registered in this JVM, which {@link RegisteredEncoding} gives. */
    private static volatile GeometryEncoding registeredCompact;

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
     * Registers {@link GeometryTypeInfoFactory} for {@code Geometry} in this JVM, so that type
     * extraction for jobs built with {@code env}, and every other job built in this JVM, gives
     * geometries {@link GeometryTypeInfo} (aligned). Safe to call any number of times, for any
     * number of environments, also beside the Table API.
     *
     * <p>The registration lives in the JVM that builds the job. A TaskManager's JVM does not have
     * it: a type extracted there (a state descriptor built in {@code open()}) falls back to Kryo.
     * {@link #withoutRegistration} runs a test as a TaskManager would see it.
     *
     * <p>On Flink 2.x, if {@code env} restores from a savepoint ({@code
     * execution.state-recovery.path}) that Flink 1.x wrote and that holds geometry state written by
     * Flink 1.x's Kryo, this call fails: Flink 2.x would read that state byte-reversed without an
     * error (see {@code docs/UPGRADE.md}).
     *
     * @throws IllegalStateException if another factory, or another encoding, is registered for
     *     {@code Geometry}, or if the savepoint to restore holds geometry state of Flink 1.x's Kryo
     *     on Flink 2.x
     */
    public static void registerWith(StreamExecutionEnvironment env) {
        registerWith(env, GeometryEncoding.ALIGNED);
    }

    /**
     * Registers {@code encoding} for every geometry of jobs built in this JVM (and every POJO,
     * tuple or row field of a JTS type), as {@link #registerWith(StreamExecutionEnvironment)} does
     * for the aligned one. Safe to call any number of times with the same encoding.
     *
     * @throws IllegalStateException if another factory, or another encoding, is registered for
     *     {@code Geometry}: one JVM registers one encoding
     */
    public static synchronized void registerWith(
            StreamExecutionEnvironment env, GeometryEncoding encoding) {
        Objects.requireNonNull(env, "env");
        Flink1KryoStateGuard.check(
                env.getConfiguration(), Thread.currentThread().getContextClassLoader());
        Objects.requireNonNull(encoding, "encoding");
        GeometryEncoding registered = registeredEncoding();
        if (registered == null) {
            if (encoding.isAligned()) {
                TypeExtractor.registerFactory(Geometry.class, GeometryTypeInfoFactory.class);
            } else {
                registeredCompact = encoding;
                TypeExtractor.registerFactory(Geometry.class, RegisteredEncoding.class);
            }
        } else if (!registered.equals(encoding)) {
            throw new IllegalStateException(
                    "Geometry is registered with the "
                            + registered
                            + " encoding in this JVM, not "
                            + encoding
                            + "; one JVM registers one encoding (use GeometryTypeInfo.of(Class,"
                            + " GeometryEncoding) for single states)");
        }
    }

    /**
     * Makes {@link GeometryKryoSerializer} Kryo's default serializer for the JTS classes in {@code
     * env}'s serializer configuration: geometries that Flink hands to Kryo are then written as
     * aligned records (27 bytes for a point instead of about 430, and the same bytes whether or not
     * JTS cached the envelope), and each class written that way is logged once as a warning.
     *
     * <p><b>Only for jobs whose savepoint holds no geometry written by Kryo's own serializer.</b>
     * Flink treats an added Kryo default serializer as compatible, so a job restored with this call
     * from a savepoint taken without it gets no error for geometry <i>keys</i> held in Kryo (a
     * {@code GenericTypeInfo} key, a non-POJO key record, a {@code MapState} user key): on RocksDB
     * their state is looked up by the new bytes and not found. Kryo-held geometry values fail that
     * restore with an error instead. The reverse is safe: a job restored without this call from a
     * savepoint taken with it keeps reading and writing aligned records, because Flink takes the
     * default serializers of the savepoint's Kryo snapshot over.
     *
     * <p>With {@code pipeline.generic-types: false} Flink refuses Kryo altogether, which is the
     * strict alternative: it fails the job wherever a geometry would reach Kryo.
     */
    public static void registerKryoFallback(StreamExecutionEnvironment env) {
        Objects.requireNonNull(env, "env");
        // Through SerializerConfig#configure, the one way to add Kryo defaults that Flink 1.20
        // and 2.x share (2.x has no adder on the public interface).
        env.getConfig()
                .getSerializerConfig()
                .configure(kryoFallbackConfiguration(), GeometryTypes.class.getClassLoader());
    }

    /**
     * A configuration holding only {@link #KRYO_FALLBACK_CONFIG}: what {@link
     * #registerKryoFallback} applies, for {@code StreamExecutionEnvironment
     * .getExecutionEnvironment(configuration)} or a cluster's configuration. It composes with the
     * Table API and with any number of environments per JVM.
     */
    public static Configuration kryoFallbackConfiguration() {
        Configuration configuration = new Configuration();
        configuration.set(PipelineOptions.SERIALIZATION_CONFIG, KRYO_FALLBACK_CONFIG);
        return configuration;
    }

    /**
     * Whether this JVM's registry maps {@code Geometry} to a {@link GeometryTypeInfoFactory} (of
     * any encoding).
     *
     * @throws IllegalStateException if another factory is registered for {@code Geometry}
     */
    public static boolean isRegistered() {
        return registeredEncoding() != null;
    }

    /**
     * The encoding of the {@link GeometryTypeInfoFactory} registered for {@code Geometry} in this
     * JVM, or {@code null} if none is.
     *
     * @throws IllegalStateException if another factory is registered for {@code Geometry}
     */
    public static GeometryEncoding registeredEncoding() {
        TypeInfoFactory<?> factory = TypeExtractor.getTypeInfoFactory(Geometry.class);
        if (factory == null) {
            return null;
        }
        if (!(factory instanceof GeometryTypeInfoFactory)) {
            throw new IllegalStateException(
                    "Geometry already has another TypeInfoFactory: "
                            + factory.getClass().getName());
        }
        return ((GeometryTypeInfoFactory) factory).encoding();
    }

    /**
     * Runs {@code action} with this JVM's registration lifted, and puts it back after: type
     * extraction inside {@code action} sees what a TaskManager's JVM sees. For tests: build the job
     * with the registration, then execute it on a MiniCluster inside this method, and a state
     * descriptor that a function builds in {@code open()} from a plain class gets Kryo's {@code
     * GenericTypeInfo} (or, with {@code pipeline.generic-types: false}, fails the job) exactly as
     * on a real cluster, where it would pass a plain local run unnoticed.
     *
     * <p>The registry is JVM-wide: do not run other jobs in this JVM meanwhile.
     */
    public static synchronized <R> R withoutRegistration(Callable<R> action) throws Exception {
        Map<Type, Class<? extends TypeInfoFactory<?>>> registry = factoryRegistry();
        Class<? extends TypeInfoFactory<?>> lifted = registry.remove(Geometry.class);
        try {
            return action.call();
        } finally {
            if (lifted != null) {
                registry.put(Geometry.class, lifted);
            }
        }
    }

    /** Flink's JVM-wide map of registered type-information factories; no public remover. */
    @SuppressWarnings("unchecked")
    private static Map<Type, Class<? extends TypeInfoFactory<?>>> factoryRegistry() {
        try {
            Field field = TypeExtractor.class.getDeclaredField("registeredTypeInfoFactories");
            field.setAccessible(true);
            return (Map<Type, Class<? extends TypeInfoFactory<?>>>) field.get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(
                    "this Flink version keeps type-information factories elsewhere", e);
        }
    }

    /**
     * The factory that {@link #registerWith(StreamExecutionEnvironment, GeometryEncoding)}
     * registers for a compact encoding: Flink's registry holds a class, instantiated on each use,
     * so the encoding is the one registered in this JVM. Not for {@code @TypeInfo}.
     */
    @Internal
    public static final class RegisteredEncoding extends GeometryTypeInfoFactory {
        public RegisteredEncoding() {
            super(Objects.requireNonNull(registeredCompact, "no compact encoding is registered"));
        }
    }
}
