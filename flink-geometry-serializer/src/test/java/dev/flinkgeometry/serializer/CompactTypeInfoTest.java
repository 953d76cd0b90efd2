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

import dev.flinkgeometry.testing.Wkt;
import java.lang.reflect.Field;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.InvalidProgramException;
import org.apache.flink.api.common.operators.Keys;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.TypeInfo;
import org.apache.flink.api.common.typeinfo.TypeInfoFactory;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.api.java.typeutils.PojoTypeInfo;
import org.apache.flink.api.java.typeutils.TypeExtractor;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.streaming.api.graph.StreamNode;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;

/**
 * {@link GeometryTypeInfo} of the compact encodings: key types, keyBy, POJO fields and whole-job
 * registration.
 */
class CompactTypeInfoTest {

    /** A POJO with one compact field (lossless) and one default field. */
    public static class Trip {
        public int id;

        @TypeInfo(GeometryTypeInfoFactory.Compact.class)
        public LineString track;

        @TypeInfo(SevenDigits.class)
        public Point end;

        public Trip() {}
    }

    /** A fixed-precision factory, as the factory's documentation shows. */
    public static class SevenDigits extends GeometryTypeInfoFactory {
        public SevenDigits() {
            super(GeometryEncoding.compact(7, 7, 7));
        }
    }

    @Test
    void losslessIsAKeyTypeAndFixedPrecisionIsNot() {
        GeometryTypeInfo<Point> lossless =
                GeometryTypeInfo.of(Point.class, GeometryEncoding.compact());
        assertThat(lossless.isKeyType()).isTrue();
        assertThat(GeometryTypeInfo.of(Point.class, GeometryEncoding.compact(7, 0, 0)).isKeyType())
                .isFalse();
        assertThat(lossless.createSerializer(new SerializerConfigImpl()))
                .isEqualTo(GeometrySerializer.of(Point.class, GeometryEncoding.compact()));
        assertThat(
                        GeometryTypeInfo.of(Point.class, GeometryEncoding.compact(7, 1, 2))
                                .createSerializer(new SerializerConfigImpl()))
                .isEqualTo(GeometrySerializer.of(Point.class, GeometryEncoding.compact(7, 1, 2)));
        assertThat(lossless).isNotEqualTo(GeometryTypeInfo.of(Point.class));
        assertThat(lossless.encoding()).isEqualTo(GeometryEncoding.compact());
        assertThat(
                        GeometryTypeInfo.of(
                                        Point.class,
                                        GeometryEncoding.compact().withDeclaredSrid(4326))
                                .isKeyType())
                .as("a declared SRID keeps the bytes a function of the values")
                .isTrue();
    }

    /**
     * Flink's own key validation ({@code Keys}, used where Flink checks key types: field and
     * selector keys of connected streams, joins, the DataSet-era APIs) refuses fixed-precision
     * geometries. Flink 2.3's {@code DataStream.keyBy(KeySelector)} does not ask {@code
     * isKeyType()} at all (it only checks that POJO keys override {@code hashCode}), so there a
     * fixed-precision key is accepted: documented in the README ("Compact state").
     */
    @Test
    void flinksKeyValidationRefusesFixedPrecisionAndAcceptsLossless() {
        KeySelector<Point, Point> identity = p -> p;
        assertThatThrownBy(
                        () ->
                                new Keys.SelectorFunctionKeys<>(
                                        identity,
                                        GeometryTypeInfo.of(
                                                Point.class, GeometryEncoding.compact(7, 0, 0)),
                                        GeometryTypeInfo.of(
                                                Point.class, GeometryEncoding.compact(7, 0, 0))))
                .isInstanceOf(InvalidProgramException.class)
                .hasMessageContaining("is not a valid key type");
        assertThatThrownBy(
                        () ->
                                new Keys.ExpressionKeys<>(
                                        "*",
                                        GeometryTypeInfo.of(
                                                Point.class, GeometryEncoding.compact(7, 0, 0))))
                .isInstanceOf(InvalidProgramException.class)
                .hasMessageContaining("cannot be used as key");
        assertThatCode(
                        () ->
                                new Keys.SelectorFunctionKeys<>(
                                        identity,
                                        GeometryTypeInfo.of(
                                                Point.class, GeometryEncoding.compact()),
                                        GeometryTypeInfo.of(
                                                Point.class, GeometryEncoding.compact())))
                .doesNotThrowAnyException();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        DataStream<Point> exact =
                env.fromData(
                        GeometryTypeInfo.of(Point.class, GeometryEncoding.compact()),
                        (Point) Wkt.read("POINT (1 2)"));
        assertThatCode(
                        () ->
                                exact.keyBy(
                                        p -> p,
                                        GeometryTypeInfo.of(
                                                Point.class, GeometryEncoding.compact())))
                .doesNotThrowAnyException();
    }

    /**
     * Where a fixed-precision key type goes when {@code keyBy(KeySelector, TypeInformation)} is
     * given one: nowhere refuses it. {@code KeyedStream} checks only hashability (POJOs, arrays,
     * enums), and the job graph's translation only calls {@code createSerializer}, as for any value
     * type: the rounding serializer becomes the operator's state key serializer, which the state
     * backend gets at job start ({@code FixedPrecisionKeyITCase} shows what it then does).
     */
    @Test
    void keyByAcceptsAFixedPrecisionKeyTypeAndMakesItTheStateKeySerializer() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        GeometryTypeInfo<Point> sevenDigits =
                GeometryTypeInfo.of(Point.class, GeometryEncoding.compact(7, 0, 0));
        env.fromData(sevenDigits, (Point) Wkt.read("POINT (1 2)"))
                .keyBy(p -> p, sevenDigits)
                .map(p -> p, sevenDigits)
                .name("keyed");
        StreamGraph graph = env.getStreamGraph();
        List<TypeSerializer<?>> keySerializers = new ArrayList<>();
        for (StreamNode node : graph.getStreamNodes()) {
            if (node.getStateKeySerializer() != null) {
                keySerializers.add(node.getStateKeySerializer());
            }
        }
        assertThat(keySerializers)
                .containsExactly(
                        GeometrySerializer.of(Point.class, GeometryEncoding.compact(7, 0, 0)));
    }

    @Test
    void aPojoFieldAnnotatedWithTheFactoryIsCompact() {
        TypeInformation<Trip> type = TypeInformation.of(Trip.class);
        assertThat(type).isInstanceOf(PojoTypeInfo.class);
        PojoTypeInfo<Trip> pojo = (PojoTypeInfo<Trip>) type;
        assertThat(pojo.getTypeAt(pojo.getFieldIndex("track")))
                .isEqualTo(GeometryTypeInfo.of(LineString.class, GeometryEncoding.compact()));
        assertThat(pojo.getTypeAt(pojo.getFieldIndex("end")))
                .isEqualTo(GeometryTypeInfo.of(Point.class, GeometryEncoding.compact(7, 7, 7)));
    }

    /**
     * The whole-job registration, in a JVM whose registry is emptied for the test and restored
     * after it (the registry is JVM-wide, and the other tests of this JVM use GeometryTypes').
     */
    @Test
    void registrationForAWholeJobAndItsRefusalBesideTheAlignedOne() throws Exception {
        Map<Type, Class<? extends TypeInfoFactory<?>>> registry = registry();
        Map<Type, Class<? extends TypeInfoFactory<?>>> saved = new HashMap<>(registry);
        try {
            registry.remove(Geometry.class);
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
            GeometryTypes.registerWith(env, GeometryEncoding.compact());
            GeometryTypes.registerWith(env, GeometryEncoding.compact()); // safe to repeat
            assertThat(TypeInformation.of(Point.class))
                    .isEqualTo(GeometryTypeInfo.of(Point.class, GeometryEncoding.compact()));
            assertThat(env.getConfig().getSerializerConfig().getDefaultKryoSerializerClasses())
                    .as("Kryo left alone")
                    .isEmpty();
            assertThat(GeometryTypes.registeredEncoding()).isEqualTo(GeometryEncoding.compact());
            assertThatThrownBy(() -> GeometryTypes.registerWith(env))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("registered with the compact lossless encoding")
                    .hasMessageContaining("one JVM registers one encoding");
            assertThatThrownBy(
                            () ->
                                    GeometryTypes.registerWith(
                                            env, GeometryEncoding.compact(7, 7, 7)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("not compact 7/7/7 digits");

            registry.remove(Geometry.class);
            GeometryEncoding gps = GeometryEncoding.compact(6, 0, 0).withDeclaredSrid(4326);
            GeometryTypes.registerWith(env, gps);
            GeometryTypes.registerWith(
                    env, GeometryEncoding.compact(6, 0, 0).withDeclaredSrid(4326));
            assertThat(TypeInformation.of(LineString.class))
                    .isEqualTo(GeometryTypeInfo.of(LineString.class, gps));
            assertThat(GeometryTypes.registeredEncoding()).isEqualTo(gps);

            registry.remove(Geometry.class);
            GeometryTypes.registerWith(env);
            assertThat(GeometryTypes.registeredEncoding()).isEqualTo(GeometryEncoding.ALIGNED);
            assertThatThrownBy(() -> GeometryTypes.registerWith(env, GeometryEncoding.compact()))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("registered with the aligned encoding");
        } finally {
            registry.clear();
            registry.putAll(saved);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<Type, Class<? extends TypeInfoFactory<?>>> registry() throws Exception {
        Field field = TypeExtractor.class.getDeclaredField("registeredTypeInfoFactories");
        field.setAccessible(true);
        return (Map<Type, Class<? extends TypeInfoFactory<?>>>) field.get(null);
    }
}
