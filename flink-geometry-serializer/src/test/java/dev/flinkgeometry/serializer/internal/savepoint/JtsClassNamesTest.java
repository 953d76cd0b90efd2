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
package dev.flinkgeometry.serializer.internal.savepoint;

import static org.assertj.core.api.Assertions.assertThat;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Output;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Point;

/**
 * The JTS class names in bytes as Kryo writes them: found inside any type Kryo writes field by
 * field, in Kryo's ASCII form (last character's high bit set) and in plain text, also split between
 * writes; nothing found where no JTS class was written.
 */
class JtsClassNamesTest {
    private static final Point POINT =
            new GeometryFactory().createPoint(new Coordinate(13.4, 52.5));

    @Test
    void findsThePointsClassesInsideAMapAndAListThatKryoWrote() {
        HashMap<String, Object> map = new HashMap<>();
        map.put("home", POINT);
        ArrayList<Object> list = new ArrayList<>(List.of(POINT));
        map.put("track", list);

        assertThat(names(kryoBytes(map)))
                .contains(
                        "org.locationtech.jts.geom.Point",
                        "org.locationtech.jts.geom.GeometryFactory");
    }

    @Test
    void findsANameSplitBetweenWritesAndEndsItAtTheHighBit() {
        byte[] name = "xxorg.locationtech.jts.geom.Point".getBytes(StandardCharsets.US_ASCII);
        name[name.length - 1] |= (byte) 0x80; // Kryo's ASCII form
        byte[] bytes = new byte[name.length + 3];
        System.arraycopy(name, 0, bytes, 0, name.length);
        bytes[name.length] = 'a';
        bytes[name.length + 1] = 'b';
        JtsClassNames scan = new JtsClassNames();
        for (int cut = 0; cut < bytes.length; cut += 5) {
            scan.write(bytes, cut, Math.min(5, bytes.length - cut));
        }
        assertThat(scan.names()).containsExactly("org.locationtech.jts.geom.Point");
    }

    @Test
    void findsAPlainNameAfterAFalseStart() {
        assertThat(
                        names(
                                "oorg.locationorg.locationtech.jts.geom.LineString;"
                                        .getBytes(StandardCharsets.US_ASCII)))
                .containsExactly("org.locationtech.jts.geom.LineString");
    }

    @Test
    void findsNothingInBytesWithoutAJtsClass() {
        HashMap<String, Object> map = new HashMap<>();
        map.put("org.locationtech", "jts");
        assertThat(names(kryoBytes(map))).isEmpty();
        assertThat(names("org.locationtech.jts.".getBytes(StandardCharsets.US_ASCII))).isEmpty();
    }

    private static byte[] kryoBytes(Object value) {
        Kryo kryo = new Kryo();
        kryo.setRegistrationRequired(false);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (Output out = new Output(bytes)) {
            kryo.writeClassAndObject(out, value);
        }
        return bytes.toByteArray();
    }

    private static java.util.Set<String> names(byte[] bytes) {
        JtsClassNames scan = new JtsClassNames();
        scan.write(bytes, 0, bytes.length);
        return scan.names();
    }
}
