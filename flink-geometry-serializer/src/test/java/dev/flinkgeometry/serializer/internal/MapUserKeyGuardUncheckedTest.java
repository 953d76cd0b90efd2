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
package dev.flinkgeometry.serializer.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.api.java.typeutils.MapTypeInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The lossy map key guard where its probe did not match the Flink version that runs (no learnt call
 * site): a lossy type that a map asks for its serializer is refused, naming what could not be
 * checked and the system property that lets it through; outside a map it passes.
 */
class MapUserKeyGuardUncheckedTest {

    @AfterEach
    void clearProperty() {
        System.clearProperty(MapUserKeyGuard.UNCHECKED_PROPERTY);
    }

    @Test
    void aLossyTypeInAMapIsRefusedWhenTheProbeDidNotMatch() {
        MapTypeInfo<Long, Long> map = new MapTypeInfo<>(Types.LONG, new Unprobed());
        assertThatThrownBy(() -> map.createSerializer(new SerializerConfigImpl()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("Cannot check whether unprobed is the key type of a map")
                .hasMessageContaining("org.apache.flink.api.java.typeutils.MapTypeInfo")
                .hasMessageContaining("-Dflink-geometry.map-key-guard.unchecked=true")
                .hasMessageContaining("docs/REGISTRATION.md");
    }

    @Test
    void theSystemPropertyLetsItThroughAtTheUsersRisk() {
        System.setProperty(MapUserKeyGuard.UNCHECKED_PROPERTY, "true");
        assertThat(
                        new MapTypeInfo<>(new Unprobed(), Types.LONG)
                                .createSerializer(new SerializerConfigImpl()))
                .isNotNull();
    }

    @Test
    void outsideAMapTheLossyTypeIsAccepted() {
        assertThat(new Unprobed().createSerializer(new SerializerConfigImpl())).isNotNull();
    }

    @Test
    void theProbeMatchesOnlyDistinctCallSitesOfMapTypeInfo() {
        String site = MapTypeInfo.class.getName() + ".createSerializer(...)@10";
        assertThat(MapUserKeyGuard.keyCallSite(site, site)).isNull();
        assertThat(MapUserKeyGuard.keyCallSite(null, site)).isNull();
        assertThat(MapUserKeyGuard.keyCallSite("other.Type.m()@1", site)).isNull();
        assertThat(MapUserKeyGuard.keyCallSite(site, site + "0")).isEqualTo(site);
    }

    /** A lossy type whose guard runs as if no probe had matched. */
    private static final class Unprobed extends TypeInformation<Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public TypeSerializer<Long> createSerializer(SerializerConfig config) {
            MapUserKeyGuard.refuseLossyMapKey(this, null, true);
            return LongSerializer.INSTANCE;
        }

        /** The Flink 1.x entry point; deliberately without {@code @Override}. */
        public TypeSerializer<Long> createSerializer(ExecutionConfig config) {
            return createSerializer((SerializerConfig) null);
        }

        @Override
        public boolean isBasicType() {
            return false;
        }

        @Override
        public boolean isTupleType() {
            return false;
        }

        @Override
        public int getArity() {
            return 1;
        }

        @Override
        public int getTotalFields() {
            return 1;
        }

        @Override
        public Class<Long> getTypeClass() {
            return Long.class;
        }

        @Override
        public boolean isKeyType() {
            return false;
        }

        @Override
        public String toString() {
            return "unprobed";
        }

        @Override
        public boolean equals(Object obj) {
            return obj instanceof Unprobed;
        }

        @Override
        public int hashCode() {
            return 1;
        }

        @Override
        public boolean canEqual(Object obj) {
            return obj instanceof Unprobed;
        }
    }
}
