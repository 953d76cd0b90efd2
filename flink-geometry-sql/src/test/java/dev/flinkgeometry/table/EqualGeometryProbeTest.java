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
package dev.flinkgeometry.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.serializer.GeometrySerializer;
import dev.flinkgeometry.serializer.legacy.WkbGeometrySerializer;
import java.util.List;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.java.typeutils.runtime.kryo.KryoSerializer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Geometry;

/**
 * Which serializers a geometry argument takes: ours and the legacy WKB one (equal geometries, equal
 * bytes), not Kryo's own, for a column of every JTS class.
 */
class EqualGeometryProbeTest {

    @ParameterizedTest
    @ValueSource(
            classes = {
                Geometry.class,
                org.locationtech.jts.geom.Point.class,
                org.locationtech.jts.geom.LineString.class,
                org.locationtech.jts.geom.LinearRing.class,
                org.locationtech.jts.geom.Polygon.class,
                org.locationtech.jts.geom.MultiPoint.class,
                org.locationtech.jts.geom.MultiLineString.class,
                org.locationtech.jts.geom.MultiPolygon.class,
                org.locationtech.jts.geom.GeometryCollection.class
            })
    <T extends Geometry> void takesOursAndTheLegacyOneAndRefusesKryo(Class<T> geometryClass) {
        List<Geometry> ways = EqualGeometryProbe.builtDifferentWays(geometryClass);
        assertThat(ways).hasSize(6).allMatch(geometryClass::isInstance);
        assertThat(ways).allMatch(way -> way.equalsExact(ways.get(0)));
        assertThat(
                        EqualGeometryProbe.writesEqualGeometriesAsEqualBytes(
                                GeometrySerializer.of(geometryClass), geometryClass))
                .isTrue();
        assertThat(
                        EqualGeometryProbe.writesEqualGeometriesAsEqualBytes(
                                new WkbGeometrySerializer<>(geometryClass), geometryClass))
                .isTrue();
        assertThat(
                        EqualGeometryProbe.writesEqualGeometriesAsEqualBytes(
                                new KryoSerializer<>(geometryClass, new SerializerConfigImpl()),
                                geometryClass))
                .isFalse();
    }
}
