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
package dev.flinkgeometry.serializer.migration;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.serializer.GeometryEncoding;
import dev.flinkgeometry.serializer.GeometryTypeInfo;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;

/** The rewrite refuses, before reading anything, to write keys with a type that is no key type. */
class KeyedStateRewriteKeyTypeTest {

    @Test
    void aFixedPrecisionNewKeyTypeIsRefusedWithTheWayOut() {
        assertThatThrownBy(
                        () ->
                                KeyedStateRewrite.forOperator(
                                        "geometry-keys",
                                        GeometryTypeInfo.of(Geometry.class),
                                        GeometryTypeInfo.of(
                                                Geometry.class, GeometryEncoding.compact(7, 0, 0))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Geometry<Geometry, compact 7/0/0 digits>")
                .hasMessageContaining("is not a key type")
                .hasMessageContaining("GeometryTypeInfo.of(..., GeometryEncoding.compact())")
                .hasMessageContaining("GeometryTypeInfo.of(...)");
    }

    @Test
    void losslessAndAlignedKeyTypesAreAccepted() {
        assertThatCode(
                        () ->
                                KeyedStateRewrite.forOperator(
                                        "geometry-keys",
                                        GeometryTypeInfo.of(
                                                Geometry.class, GeometryEncoding.compact(7, 0, 0)),
                                        GeometryTypeInfo.of(
                                                Geometry.class, GeometryEncoding.compact())))
                .doesNotThrowAnyException();
        assertThatCode(
                        () ->
                                KeyedStateRewrite.forOperator(
                                        "geometry-keys",
                                        GeometryTypeInfo.of(
                                                Geometry.class, GeometryEncoding.compact()),
                                        GeometryTypeInfo.of(Geometry.class)))
                .doesNotThrowAnyException();
    }
}
