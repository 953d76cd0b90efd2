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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.serializer.kryo.GeometryKryoSerializer;
import dev.flinkgeometry.serializer.legacy.WkbGeometryTypeInfo;
import java.lang.reflect.Field;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.TypeHint;
import org.apache.flink.api.common.typeinfo.TypeInfoFactory;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.api.java.typeutils.PojoTypeInfo;
import org.apache.flink.api.java.typeutils.TupleTypeInfo;
import org.apache.flink.api.java.typeutils.TypeExtractor;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.InstantiationUtil;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * {@link GeometryTypeInfo}, {@link GeometryTypeInfoFactory} and the registration helper {@link
 * GeometryTypes}.
 *
 * <p>Flink keeps type-information factories in one JVM-global map, which other test classes in the
 * same JVM may have filled already. So that these tests start from a known state in any order, each
 * test begins with {@code Geometry} unregistered (the entry is taken out of the map by reflection)
 * and the entry found before the test is put back after it.
 */
class GeometryTypeInfoTest {

    /** A POJO with geometry fields, as a user would write it. */
    public static class Parcel {
        public String id;
        public Geometry shape;
        public Polygon boundary;
        public Point centroid;

        public Parcel() {}
    }

    private Class<? extends TypeInfoFactory<?>> registeredBefore;

    @BeforeEach
    void startUnregistered() {
        registeredBefore = registry().remove(Geometry.class);
    }

    @AfterEach
    void restoreRegistry() {
        registry().remove(Geometry.class);
        if (registeredBefore != null) {
            registry().put(Geometry.class, registeredBefore);
        }
    }

    // ------------------------------------------------------------------------------------------
    // GeometryTypeInfo
    // ------------------------------------------------------------------------------------------

    /** Equal type informations hash equally; a different class or option tells them apart. */
    @Test
    void equalityAndHashCodeFollowTheClassAndTheOptions() {
        TypeInformation<Point> point = GeometryTypeInfo.of(Point.class);
        assertThat(point)
                .isEqualTo(GeometryTypeInfo.of(Point.class))
                .hasSameHashCodeAs(GeometryTypeInfo.of(Point.class));
        List<TypeInformation<?>> others =
                List.of(
                        GeometryTypeInfo.of(Polygon.class),
                        GeometryTypeInfo.of(Point.class, CoordinateSequenceKind.PACKED_DOUBLE),
                        WkbGeometryTypeInfo.of(Point.class),
                        GeometryTypeInfo.of(Point.class, GeometryEncoding.compact()));
        for (TypeInformation<?> other : others) {
            assertThat(point).as("%s", other).isNotEqualTo(other);
            assertThat(point.hashCode()).as("hash of %s", other).isNotEqualTo(other.hashCode());
        }
    }

    @Test
    void ofAGeometryClassIsAKeyTypeCreatingGeometrySerializers() {
        TypeInformation<Point> info = GeometryTypeInfo.of(Point.class);
        assertThat(info).isInstanceOf(GeometryTypeInfo.class);
        assertThat(info.getTypeClass()).isEqualTo(Point.class);
        assertThat(info.isKeyType()).isTrue();
        assertThat(info.isBasicType()).isFalse();
        assertThat(info.isTupleType()).isFalse();
        assertThat(info.getArity()).isEqualTo(1);
        assertThat(info.getTotalFields()).isEqualTo(1);
        assertThat(((GeometryTypeInfo<?>) info).sequenceKind())
                .isEqualTo(CoordinateSequenceKind.ARRAY);

        assertThat(info.createSerializer(new SerializerConfigImpl()))
                .isInstanceOf(GeometrySerializer.class)
                .isEqualTo(GeometrySerializer.of(Point.class));
        assertThat(((GeometryTypeInfo<Point>) info).createSerializer(new ExecutionConfig()))
                .isEqualTo(GeometrySerializer.of(Point.class));
        assertThat(
                        GeometryTypeInfo.of(Polygon.class, CoordinateSequenceKind.PACKED_DOUBLE)
                                .createSerializer(new SerializerConfigImpl()))
                .isEqualTo(
                        GeometrySerializer.of(Polygon.class, CoordinateSequenceKind.PACKED_DOUBLE));
        assertThat(GeometryTypeInfo.of(Geometry.class).createSerializer(new SerializerConfigImpl()))
                .isEqualTo(GeometrySerializer.of(Geometry.class));
    }

    @Test
    void ofANonGeometryClassIsRejected() {
        assertThatThrownBy(() -> GeometryTypeInfo.of(String.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.lang.String");
        assertThatThrownBy(() -> GeometryTypeInfo.of(Object.class))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void equalityIsByClassAndSequenceKind() throws Exception {
        TypeInformation<Point> point = GeometryTypeInfo.of(Point.class);
        assertThat(point)
                .isEqualTo(GeometryTypeInfo.of(Point.class))
                .isEqualTo(GeometryTypeInfo.of(Point.class, CoordinateSequenceKind.ARRAY))
                .hasSameHashCodeAs(GeometryTypeInfo.of(Point.class, CoordinateSequenceKind.ARRAY))
                .isNotEqualTo(
                        GeometryTypeInfo.of(Point.class, CoordinateSequenceKind.PACKED_DOUBLE))
                .isNotEqualTo(GeometryTypeInfo.of(Geometry.class))
                .isNotEqualTo(new GenericTypeInfo<>(Point.class))
                .isNotEqualTo(null);
        assertThat(point.canEqual(GeometryTypeInfo.of(Polygon.class))).isTrue();
        assertThat(point.canEqual(new GenericTypeInfo<>(Point.class))).isFalse();
        assertThat(point.toString()).contains("Point");

        TypeInformation<Point> clone = InstantiationUtil.clone(point);
        assertThat(clone).isNotSameAs(point).isEqualTo(point).hasSameHashCodeAs(point);
    }

    @Test
    void theFactoryGivesGeometryTypeInfoForTheRequestedClass() {
        GeometryTypeInfoFactory factory = new GeometryTypeInfoFactory();
        for (Class<?> type :
                List.of(
                        Geometry.class,
                        Point.class,
                        Polygon.class,
                        LinearRing.class,
                        MultiPolygon.class,
                        GeometryCollection.class)) {
            assertThat(factory.createTypeInfo(type, Map.of()))
                    .as("%s", type)
                    .isEqualTo(GeometryTypeInfo.of(type));
        }
    }

    // ------------------------------------------------------------------------------------------
    // Registration and type extraction
    // ------------------------------------------------------------------------------------------

    @Test
    void withoutRegistrationFlinkFallsBackToGenericTypes() {
        assertThat(GeometryTypes.isRegistered()).isFalse();
        assertThat(TypeInformation.of(Point.class)).isInstanceOf(GenericTypeInfo.class);
        TypeInformation<Parcel> parcel = TypeExtractor.createTypeInfo(Parcel.class);
        assertThat(parcel).isInstanceOf(PojoTypeInfo.class);
        assertThat(((PojoTypeInfo<Parcel>) parcel).<Geometry>getTypeAt("shape"))
                .isInstanceOf(GenericTypeInfo.class);
    }

    /** What the README shows for checking which type information Flink chose. */
    @Test
    void theTypeInformationSaysWhatFlinkChose() {
        String prefix = "PojoType<" + Parcel.class.getName() + ", fields = [";
        assertThat(TypeInformation.of(Parcel.class))
                .hasToString(
                        prefix
                                + "boundary: GenericType<org.locationtech.jts.geom.Polygon>,"
                                + " centroid: GenericType<org.locationtech.jts.geom.Point>,"
                                + " id: String,"
                                + " shape: GenericType<org.locationtech.jts.geom.Geometry>]>");
        GeometryTypes.registerWith(StreamExecutionEnvironment.getExecutionEnvironment());
        assertThat(TypeInformation.of(Parcel.class))
                .hasToString(
                        prefix
                                + "boundary: Geometry<Polygon>, centroid: Geometry<Point>,"
                                + " id: String, shape: Geometry<Geometry>]>");
    }

    @Test
    void registerWithMakesTypeExtractionUseGeometryTypeInfo() {
        GeometryTypes.registerWith(StreamExecutionEnvironment.getExecutionEnvironment());
        assertThat(GeometryTypes.isRegistered()).isTrue();
        assertExtractionUsesGeometryTypeInfo();
    }

    @Test
    void theRawEntryMakesTypeExtractionUseGeometryTypeInfo() {
        Configuration raw = new Configuration();
        raw.set(PipelineOptions.SERIALIZATION_CONFIG, List.of(GeometryTypes.SERIALIZATION_CONFIG));
        StreamExecutionEnvironment.getExecutionEnvironment(raw);
        assertThat(GeometryTypes.isRegistered()).isTrue();
        assertExtractionUsesGeometryTypeInfo();
    }

    @Test
    void withoutRegistrationExtractsAsATaskManagerDoesAndPutsTheRegistrationBack()
            throws Exception {
        GeometryTypes.registerWith(StreamExecutionEnvironment.getExecutionEnvironment());
        assertThat(GeometryTypes.withoutRegistration(() -> TypeInformation.of(Point.class)))
                .isInstanceOf(GenericTypeInfo.class);
        assertThat(TypeInformation.of(Point.class)).isEqualTo(GeometryTypeInfo.of(Point.class));

        assertThatThrownBy(
                        () ->
                                GeometryTypes.withoutRegistration(
                                        () -> {
                                            throw new IllegalStateException("job failed");
                                        }))
                .hasMessage("job failed");
        assertThat(GeometryTypes.isRegistered()).as("back after a failure").isTrue();
    }

    private static void assertExtractionUsesGeometryTypeInfo() {
        assertThat(TypeInformation.of(Point.class)).isEqualTo(GeometryTypeInfo.of(Point.class));
        assertThat(TypeInformation.of(Geometry.class))
                .isEqualTo(GeometryTypeInfo.of(Geometry.class));
        assertThat(TypeInformation.of(MultiPolygon.class))
                .isEqualTo(GeometryTypeInfo.of(MultiPolygon.class));
        assertThat(TypeInformation.of(LinearRing.class))
                .isEqualTo(GeometryTypeInfo.of(LinearRing.class));
        assertThat(TypeInformation.of(Point.class).createSerializer(new SerializerConfigImpl()))
                .isEqualTo(GeometrySerializer.of(Point.class));

        TypeInformation<Parcel> parcel = TypeExtractor.createTypeInfo(Parcel.class);
        assertThat(parcel).isInstanceOf(PojoTypeInfo.class);
        PojoTypeInfo<Parcel> pojo = (PojoTypeInfo<Parcel>) parcel;
        assertThat(pojo.<Geometry>getTypeAt("shape"))
                .isEqualTo(GeometryTypeInfo.of(Geometry.class));
        assertThat(pojo.<Polygon>getTypeAt("boundary"))
                .isEqualTo(GeometryTypeInfo.of(Polygon.class));
        assertThat(pojo.<Point>getTypeAt("centroid")).isEqualTo(GeometryTypeInfo.of(Point.class));

        TypeInformation<Tuple2<Point, String>> tuple =
                TypeInformation.of(new TypeHint<Tuple2<Point, String>>() {});
        assertThat(tuple).isInstanceOf(TupleTypeInfo.class);
        assertThat(((TupleTypeInfo<?>) tuple).<Point>getTypeAt(0))
                .isEqualTo(GeometryTypeInfo.of(Point.class));
    }

    @Test
    void registeringWithSeveralEnvironmentsDoesNotThrow() {
        for (int i = 0; i < 3; i++) {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
            assertThatCode(() -> GeometryTypes.registerWith(env)).doesNotThrowAnyException();
            assertThatCode(() -> GeometryTypes.registerWith(env)).doesNotThrowAnyException();
        }
        assertThat(GeometryTypes.isRegistered()).isTrue();
        assertThat(TypeInformation.of(Polygon.class)).isEqualTo(GeometryTypeInfo.of(Polygon.class));
    }

    @Test
    void environmentsFromTheKryoFallbackConfigurationCanBeCreatedRepeatedly() {
        assertThatCode(
                        () -> {
                            StreamExecutionEnvironment.getExecutionEnvironment(
                                    GeometryTypes.kryoFallbackConfiguration());
                            StreamExecutionEnvironment.getExecutionEnvironment(
                                    GeometryTypes.kryoFallbackConfiguration());
                            GeometryTypes.registerWith(
                                    StreamExecutionEnvironment.getExecutionEnvironment(
                                            GeometryTypes.kryoFallbackConfiguration()));
                        })
                .doesNotThrowAnyException();
        assertThat(GeometryTypes.isRegistered()).isTrue();
        assertThat(TypeInformation.of(Point.class)).isEqualTo(GeometryTypeInfo.of(Point.class));
    }

    @Test
    void withoutTheHelperASecondRegistrationFails() {
        // why GeometryTypes checks the registry first: Flink rejects the same entry twice
        Configuration raw = new Configuration();
        raw.set(PipelineOptions.SERIALIZATION_CONFIG, List.of(GeometryTypes.SERIALIZATION_CONFIG));
        StreamExecutionEnvironment.getExecutionEnvironment(raw);
        assertThat(GeometryTypes.isRegistered()).isTrue();
        assertThatThrownBy(() -> StreamExecutionEnvironment.getExecutionEnvironment(raw))
                .hasStackTraceContaining("already registered");
        // the helper accepts the registration made by the raw entry
        assertThatCode(
                        () ->
                                GeometryTypes.registerWith(
                                        StreamExecutionEnvironment.getExecutionEnvironment()))
                .doesNotThrowAnyException();
    }

    @Test
    void theEntriesAreTheOnesTheReadmeShows() {
        assertThat(GeometryTypes.SERIALIZATION_CONFIG)
                .isEqualTo(
                        "org.locationtech.jts.geom.Geometry: {type: typeinfo, class:"
                                + " dev.flinkgeometry.serializer.GeometryTypeInfoFactory}");
        assertThat(GeometryTypes.KRYO_FALLBACK_CONFIG)
                .hasSize(8)
                .contains(
                        "org.locationtech.jts.geom.Point: {type: kryo, kryo-type: default, class:"
                                + " dev.flinkgeometry.serializer.kryo.GeometryKryoSerializer}");
        assertThat(
                        GeometryTypes.kryoFallbackConfiguration()
                                .get(PipelineOptions.SERIALIZATION_CONFIG))
                .isEqualTo(GeometryTypes.KRYO_FALLBACK_CONFIG);
    }

    @Test
    void registerWithLeavesKryoAloneAndTheFallbackIsAddedOnlyOnRequest() {
        String pojoEntry = Parcel.class.getName() + ": {type: pojo}";
        Configuration configuration = new Configuration();
        configuration.set(PipelineOptions.SERIALIZATION_CONFIG, List.of(pojoEntry));
        configuration.set(PipelineOptions.GENERIC_TYPES, false);
        StreamExecutionEnvironment env =
                StreamExecutionEnvironment.getExecutionEnvironment(configuration);

        GeometryTypes.registerWith(env);
        assertThat(env.getConfig().getSerializerConfig().getDefaultKryoSerializerClasses())
                .isEmpty();

        GeometryTypes.registerKryoFallback(env);
        GeometryTypes.registerKryoFallback(env);
        SerializerConfig config = env.getConfig().getSerializerConfig();
        assertThat(config.getDefaultKryoSerializerClasses())
                .hasSize(8)
                .containsEntry(Point.class, GeometryKryoSerializer.class)
                .containsEntry(GeometryCollection.class, GeometryKryoSerializer.class);
        // the job's own entries and options stay
        assertThat(config.getRegisteredPojoTypes()).contains(Parcel.class);
        assertThat(config.hasGenericTypesDisabled()).isTrue();
    }

    @Test
    void anotherFactoryForGeometryIsReportedNotReplaced() {
        registry().put(Geometry.class, OtherFactory.class);
        assertThatThrownBy(GeometryTypes::isRegistered)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(OtherFactory.class.getName());
        assertThatThrownBy(
                        () ->
                                GeometryTypes.registerWith(
                                        StreamExecutionEnvironment.getExecutionEnvironment()))
                .isInstanceOf(IllegalStateException.class);
        assertThat(registry().get(Geometry.class)).isEqualTo(OtherFactory.class);
    }

    /** A factory of someone else's, for {@link #anotherFactoryForGeometryIsReportedNotReplaced}. */
    public static class OtherFactory extends TypeInfoFactory<Geometry> {
        @Override
        public TypeInformation<Geometry> createTypeInfo(
                Type t, Map<String, TypeInformation<?>> genericParameters) {
            return new GenericTypeInfo<>(Geometry.class);
        }
    }

    // ------------------------------------------------------------------------------------------

    /** Flink's JVM-global map of registered type-information factories. */
    @SuppressWarnings("unchecked")
    private static Map<Type, Class<? extends TypeInfoFactory<?>>> registry() {
        try {
            Field field = TypeExtractor.class.getDeclaredField("registeredTypeInfoFactories");
            field.setAccessible(true);
            return (Map<Type, Class<? extends TypeInfoFactory<?>>>) field.get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Flink's TypeExtractor registry has moved", e);
        }
    }
}
