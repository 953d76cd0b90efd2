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

import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.state.v2.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Point;

/**
 * The State V2 {@code MapStateDescriptor} (asynchronous state, Flink 2.x) refuses a fixed-precision
 * compact geometry as its user key when its serializers are created, and takes it as its value.
 */
class StateV2MapUserKeyGuardTest {

    private static final TypeInformation<Point> SIX_DIGITS =
            GeometryTypeInfo.of(Point.class, GeometryEncoding.compact(6, 0, 0));

    @Test
    void aFixedPrecisionUserKeyIsRefused() {
        MapStateDescriptor<Point, Long> descriptor =
                new MapStateDescriptor<>("visits", SIX_DIGITS, Types.LONG);
        assertThatThrownBy(() -> descriptor.initializeSerializerUnlessSet(new ExecutionConfig()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        SIX_DIGITS
                                + " cannot be the key type of a map (the user key of a MapState)")
                .hasMessageContaining("GeometryTypeInfo.of(cls, GeometryEncoding.compact())");
    }

    @Test
    void aFixedPrecisionValueIsAccepted() {
        MapStateDescriptor<Point, Point> descriptor =
                new MapStateDescriptor<>(
                        "visits",
                        GeometryTypeInfo.of(Point.class, GeometryEncoding.compact()),
                        SIX_DIGITS);
        descriptor.initializeSerializerUnlessSet(new ExecutionConfig());
        assertThat(descriptor.getSerializer())
                .isEqualTo(
                        SIX_DIGITS.createSerializer(new ExecutionConfig().getSerializerConfig()));
    }
}
