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

import org.apache.flink.util.InstantiationUtil;
import org.junit.jupiter.api.Test;

/** {@link GeometryEncoding}: its variants, their checks, identity and Java-serialized form. */
class GeometryEncodingTest {

    @Test
    void theVariantsSayWhatTheyAre() {
        assertThat(GeometryEncoding.aligned()).isSameAs(GeometryEncoding.ALIGNED);
        assertThat(GeometryEncoding.ALIGNED.isAligned()).isTrue();
        assertThat(GeometryEncoding.ALIGNED.isLossless()).isTrue();
        assertThat(GeometryEncoding.compact().isCompact()).isTrue();
        assertThat(GeometryEncoding.compact().isLossless()).isTrue();
        GeometryEncoding digits = GeometryEncoding.compact(-7, 3, 7);
        assertThat(digits.isLossless()).isFalse();
        assertThat(digits.xyDigits()).isEqualTo(-7);
        assertThat(digits.zDigits()).isEqualTo(3);
        assertThat(digits.mDigits()).isEqualTo(7);
        assertThat(digits.declaredSrid()).isZero();
        assertThat(digits.withDeclaredSrid(4326).declaredSrid()).isEqualTo(4326);
        assertThat(digits.withDeclaredSrid(4326).xyDigits()).isEqualTo(-7);
    }

    @Test
    void equalVariantsAreEqual() {
        assertThat(GeometryEncoding.compact(7, 1, 2))
                .isEqualTo(GeometryEncoding.compact(7, 1, 2))
                .hasSameHashCodeAs(GeometryEncoding.compact(7, 1, 2))
                .isNotEqualTo(GeometryEncoding.compact(7, 1, 3))
                .isNotEqualTo(GeometryEncoding.compact(7, 1, 2).withDeclaredSrid(4326));
        assertThat(GeometryEncoding.compact().withDeclaredSrid(0))
                .isSameAs(GeometryEncoding.compact());
        assertThat(GeometryEncoding.compact()).isNotEqualTo(GeometryEncoding.ALIGNED);
        assertThat(GeometryEncoding.compact(0, 0, 0)).isNotEqualTo(GeometryEncoding.compact());
    }

    @Test
    void theTextNamesEverything() {
        assertThat(GeometryEncoding.ALIGNED).hasToString("aligned");
        assertThat(GeometryEncoding.compact()).hasToString("compact lossless");
        assertThat(GeometryEncoding.compact(7, 0, 1).withDeclaredSrid(4326))
                .hasToString("compact 7/0/1 digits, declared SRID 4326");
    }

    @Test
    void outOfRangeValuesAreRefused() {
        assertThatThrownBy(() -> GeometryEncoding.compact(8, 0, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("XY precision 8");
        assertThatThrownBy(() -> GeometryEncoding.compact(7, -1, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("0..7");
        assertThatThrownBy(() -> GeometryEncoding.compact().withDeclaredSrid(16_777_216))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("declared SRID 16777216");
        assertThatThrownBy(() -> GeometryEncoding.compact().withDeclaredSrid(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("declared SRID -1");
        assertThatThrownBy(() -> GeometryEncoding.ALIGNED.withDeclaredSrid(4326))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("only a compact encoding");
    }

    @Test
    void javaSerializationKeepsTheVariant() throws Exception {
        for (GeometryEncoding encoding :
                new GeometryEncoding[] {
                    GeometryEncoding.ALIGNED,
                    GeometryEncoding.compact(),
                    GeometryEncoding.compact(5, 0, 0).withDeclaredSrid(3857)
                }) {
            GeometryEncoding read =
                    InstantiationUtil.deserializeObject(
                            InstantiationUtil.serializeObject(encoding),
                            getClass().getClassLoader());
            assertThat(read).isEqualTo(encoding);
        }
        assertThat(
                        (Object)
                                InstantiationUtil.deserializeObject(
                                        InstantiationUtil.serializeObject(GeometryEncoding.ALIGNED),
                                        getClass().getClassLoader()))
                .isSameAs(GeometryEncoding.ALIGNED);
    }
}
