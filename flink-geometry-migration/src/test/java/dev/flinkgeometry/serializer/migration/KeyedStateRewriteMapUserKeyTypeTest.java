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
import org.apache.flink.api.common.typeinfo.Types;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Point;

/**
 * The rewrite refuses, when the state is declared, to write the user keys of a MapState with a type
 * that is no key type; reading them with one (state written before such types were refused) is
 * allowed, so that it can be rewritten to a lossless type.
 */
class KeyedStateRewriteMapUserKeyTypeTest {

    @Test
    void aFixedPrecisionNewUserKeyTypeIsRefusedNamingTheStateAndTheFix() {
        KeyedStateRewrite<String> rewrite =
                KeyedStateRewrite.forOperator("vehicles", Types.STRING, Types.STRING);
        assertThatThrownBy(
                        () ->
                                rewrite.mapState(
                                        "visits",
                                        GeometryTypeInfo.of(Point.class),
                                        Types.LONG,
                                        GeometryTypeInfo.of(
                                                Point.class, GeometryEncoding.compact(6, 0, 0)),
                                        Types.LONG))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        "MapState 'visits': the new user key type Geometry<Point, compact 6/0/0"
                                + " digits> is not a key type")
                .hasMessageContaining("would become one entry")
                .hasMessageContaining("GeometryTypeInfo.of(cls, GeometryEncoding.compact())")
                .hasMessageContaining("GeometryTypeInfo.of(...)");
    }

    @Test
    void aFixedPrecisionOldUserKeyTypeIsAccepted() {
        assertThatCode(
                        () ->
                                KeyedStateRewrite.forOperator(
                                                "vehicles", Types.STRING, Types.STRING)
                                        .mapState(
                                                "visits",
                                                GeometryTypeInfo.of(
                                                        Point.class,
                                                        GeometryEncoding.compact(6, 0, 0)),
                                                Types.LONG,
                                                GeometryTypeInfo.of(
                                                        Point.class, GeometryEncoding.compact()),
                                                Types.LONG))
                .doesNotThrowAnyException();
    }
}
