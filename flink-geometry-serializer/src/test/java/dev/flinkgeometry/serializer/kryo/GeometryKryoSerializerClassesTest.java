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
package dev.flinkgeometry.serializer.kryo;

import static org.assertj.core.api.Assertions.assertThat;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.Wkt;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;

/**
 * One {@link GeometryKryoSerializer} serves every JTS class that Kryo hands it, in any order: what
 * it read last does not decide the class of what it reads or copies next.
 */
class GeometryKryoSerializerClassesTest {
    private final Kryo kryo = new Kryo();
    private final GeometryKryoSerializer serializer = new GeometryKryoSerializer();

    @Test
    void aCopyAfterReadingAnotherClassIsADeepCopyOfItsOwnClass() {
        Geometry point = read(write(Wkt.read("POINT (1 2)")), Point.class);
        assertThat(point).isInstanceOf(Point.class);

        Geometry polygon = Wkt.read("POLYGON ((0 0, 1 0, 1 1, 0 0))");
        Geometry copy = serializer.copy(kryo, polygon);

        assertThat(copy).isNotSameAs(polygon);
        ExactGeometry.assertExactlyEqual(copy, polygon);
    }

    @Test
    void eachReadGivesTheClassKryoAsksFor() {
        byte[] ring = write(Wkt.read("LINEARRING (0 0, 1 0, 1 1, 0 0)"));

        assertThat(read(ring, LinearRing.class)).isInstanceOf(LinearRing.class);
        assertThat(read(ring, Geometry.class)).isNotInstanceOf(LinearRing.class);
        assertThat(read(ring, LinearRing.class)).isInstanceOf(LinearRing.class);
    }

    private byte[] write(Geometry geometry) {
        Output output = new Output(256, -1);
        serializer.write(kryo, output, geometry);
        return output.toBytes();
    }

    private Geometry read(byte[] bytes, Class<? extends Geometry> type) {
        return serializer.read(kryo, new Input(bytes), type);
    }
}
