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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.serializer.legacy.WkbGeometryTypeInfo;
import java.util.Map;
import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.base.MapSerializer;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.typeutils.ListTypeInfo;
import org.apache.flink.api.java.typeutils.MapTypeInfo;
import org.apache.flink.api.java.typeutils.RowTypeInfo;
import org.apache.flink.api.java.typeutils.TupleTypeInfo;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;

/**
 * Where a fixed-precision compact geometry is refused: as the key type of a map ({@code
 * MapTypeInfo}, and so the user key of a {@code MapStateDescriptor} when the state is first
 * accessed), also inside a composite key type (tuple, row, POJO, list), and nowhere else.
 */
class MapUserKeyGuardTest {

    private static final TypeInformation<Point> SIX_DIGITS =
            GeometryTypeInfo.of(Point.class, GeometryEncoding.compact(6, 0, 0));

    @Test
    void aFixedPrecisionMapKeyIsRefusedNamingTheFix() {
        MapTypeInfo<Point, Long> map = new MapTypeInfo<>(SIX_DIGITS, Types.LONG);
        assertThatThrownBy(() -> map.createSerializer(new SerializerConfigImpl()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        SIX_DIGITS
                                + " cannot be the key type of a map (the user key of a MapState)")
                .hasMessageContaining("positions that round alike")
                .hasMessageContaining("GeometryTypeInfo.of(cls, GeometryEncoding.compact())")
                .hasMessageContaining("GeometryTypeInfo.of(...)");
    }

    @Test
    void aMapStateDescriptorRefusesItWhenItsSerializerIsCreated() {
        MapStateDescriptor<Point, Long> descriptor =
                new MapStateDescriptor<>("visits", SIX_DIGITS, Types.LONG);
        assertThatThrownBy(() -> descriptor.initializeSerializerUnlessSet(new ExecutionConfig()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot be the key type of a map");
    }

    @Test
    void aFixedPrecisionMapValueIsAccepted() {
        TypeSerializer<Map<Point, Point>> serializer =
                new MapTypeInfo<>(
                                GeometryTypeInfo.of(Point.class, GeometryEncoding.compact()),
                                SIX_DIGITS)
                        .createSerializer(new SerializerConfigImpl());
        assertThat(((MapSerializer<Point, Point>) serializer).getValueSerializer())
                .isEqualTo(SIX_DIGITS.createSerializer(new SerializerConfigImpl()));
    }

    @Test
    void losslessTypesAreAcceptedAsMapKeys() {
        for (TypeInformation<Geometry> key :
                java.util.List.of(
                        GeometryTypeInfo.of(Geometry.class),
                        GeometryTypeInfo.of(Geometry.class, GeometryEncoding.compact()),
                        WkbGeometryTypeInfo.of(Geometry.class))) {
            TypeSerializer<Map<Geometry, Long>> serializer =
                    new MapTypeInfo<>(key, Types.LONG).createSerializer(new SerializerConfigImpl());
            assertThat(((MapSerializer<Geometry, Long>) serializer).getKeySerializer())
                    .isEqualTo(key.createSerializer(new SerializerConfigImpl()));
        }
    }

    @Test
    void aFixedPrecisionTypeOutsideAMapIsAccepted() {
        assertThat(SIX_DIGITS.createSerializer(new SerializerConfigImpl())).isNotNull();
    }

    /** A POJO holding a fixed-precision point, as a composite map key. */
    public static final class Place {
        public String name;
        public Point position;
    }

    @Test
    void aTupleRowPojoOrListMapKeyHoldingAFixedPrecisionPointIsRefused() {
        TupleTypeInfo<Tuple2<String, Point>> tuple = new TupleTypeInfo<>(Types.STRING, SIX_DIGITS);
        RowTypeInfo row = new RowTypeInfo(Types.STRING, SIX_DIGITS);
        TypeInformation<Place> pojo =
                Types.POJO(Place.class, Map.of("name", Types.STRING, "position", SIX_DIGITS));
        for (TypeInformation<?> key :
                java.util.List.of(tuple, row, pojo, new ListTypeInfo<>(SIX_DIGITS))) {
            MapTypeInfo<?, Long> map = new MapTypeInfo<>(key, Types.LONG);
            assertThatThrownBy(() -> map.createSerializer(new SerializerConfigImpl()))
                    .as(key.toString())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith(
                            SIX_DIGITS
                                    + " cannot be the key type of a map (the user key of a"
                                    + " MapState)");
        }
        MapStateDescriptor<Tuple2<String, Point>, Long> descriptor =
                new MapStateDescriptor<>("visits", tuple, Types.LONG);
        assertThatThrownBy(() -> descriptor.initializeSerializerUnlessSet(new ExecutionConfig()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot be the key type of a map");
    }

    @Test
    void aCompositeMapValueHoldingAFixedPrecisionPointIsAccepted() {
        TypeInformation<Row> row = new RowTypeInfo(Types.STRING, SIX_DIGITS);
        TypeSerializer<Map<String, Row>> serializer =
                new MapTypeInfo<>(Types.STRING, row).createSerializer(new SerializerConfigImpl());
        assertThat(((MapSerializer<String, Row>) serializer).getValueSerializer())
                .isEqualTo(row.createSerializer(new SerializerConfigImpl()));
        assertThat(
                        new TupleTypeInfo<Tuple2<String, Point>>(Types.STRING, SIX_DIGITS)
                                .createSerializer(new SerializerConfigImpl()))
                .isNotNull();
    }
}
