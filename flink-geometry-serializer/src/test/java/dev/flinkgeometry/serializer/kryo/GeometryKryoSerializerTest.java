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

import static dev.flinkgeometry.testing.SerializerBytes.serialize;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import dev.flinkgeometry.serializer.GeometrySerializer;
import dev.flinkgeometry.serializer.GeometryTypes;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.Wkt;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.api.java.typeutils.runtime.kryo.KryoSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;

/**
 * {@link GeometryKryoSerializer} inside Flink's own {@link KryoSerializer}, configured from {@link
 * GeometryTypes#kryoFallbackConfiguration()} as a job's serializer configuration is: the record
 * after Kryo's class tag is exactly {@link GeometrySerializer}'s, it is deterministic, and it reads
 * back exactly. The same compiled class and tests run with Flink 1.20 (Kryo 2.24) in
 * flink-geometry-flink1-tests, and with Flink 2.x (Kryo 5.6) here.
 */
class GeometryKryoSerializerTest {
    private static final GeometryFactory FACTORY = new GeometryFactory();

    @Test
    void theKryoOnTheClassPathIsTheOneOfThisFlinkLine() {
        boolean kryo5 = classExists("com.esotericsoftware.kryo.util.Pool");
        boolean flink1 = EnvironmentInformation.getVersion().startsWith("1.");
        // Flink 1.x bundles Kryo 2.24, Flink 2.x Kryo 5.6: this class ran against the one named.
        assertThat(kryo5)
                .as("Kryo 5 with Flink %s", EnvironmentInformation.getVersion())
                .isEqualTo(!flink1);
    }

    @Test
    void aPointIsItsAlignedRecordAfterKryosClassTag() throws IOException {
        Point point = FACTORY.createPoint(new Coordinate(1, 2));
        byte[] kryo = serialize(kryoSerializer(Point.class), point);
        byte[] ours = serialize(GeometrySerializer.of(Point.class), point);

        assertThat(ours).hasSize(25);
        // Kryo writes the class (by name: it is not registered) and then our serializer's bytes.
        byte[] tail = Arrays.copyOfRange(kryo, kryo.length - ours.length, kryo.length);
        assertThat(tail).isEqualTo(ours);
        assertThat(kryo.length - ours.length)
                .as("Kryo's class tag for %s", Point.class.getName())
                .isLessThanOrEqualTo(2 + Point.class.getName().length());
        // Without the registration Kryo's FieldSerializer writes hundreds of bytes.
        assertThat(serialize(plainKryoSerializer(Point.class), point).length)
                .isGreaterThan(10 * kryo.length);
    }

    @Test
    void outputsAndInputsUsedInTurnEachGetTheirOwnRecords() {
        // The serializer keeps a view of the last Output and Input it was given.
        GeometryKryoSerializer serializer = new GeometryKryoSerializer();
        Kryo kryo = new Kryo();
        Point first = FACTORY.createPoint(new Coordinate(1, 2));
        Point second = FACTORY.createPoint(new Coordinate(3, 4));
        ByteArrayOutputStream a = new ByteArrayOutputStream();
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        Output toA = new Output(a);
        Output toB = new Output(b);
        serializer.write(kryo, toA, first);
        serializer.write(kryo, toB, second);
        serializer.write(kryo, toA, second);
        toA.flush();
        toB.flush();

        Input fromA = new Input(a.toByteArray());
        Input fromB = new Input(b.toByteArray());
        assertThat(serializer.read(kryo, fromA, Point.class)).isEqualTo(first);
        assertThat(serializer.read(kryo, fromB, Point.class)).isEqualTo(second);
        assertThat(serializer.read(kryo, fromA, Point.class)).isEqualTo(second);
        assertThat(fromA.position()).isEqualTo(a.size());
        assertThat(fromB.position()).isEqualTo(b.size());
    }

    @Test
    void equalPointsBuiltInDifferentWaysGiveTheSameBytesAlsoWithACachedEnvelope() throws Exception {
        List<Geometry> points = equalPoints();
        TypeSerializer<Geometry> serializer = kryoSerializer(Geometry.class);
        byte[] first = serialize(serializer, points.get(0));
        for (Geometry point : points) {
            assertThat(serialize(serializer, point)).as(point.toString()).isEqualTo(first);
            point.getEnvelopeInternal(); // JTS caches it in the geometry
            assertThat(serialize(serializer, point)).as("cached envelope").isEqualTo(first);
        }
        // FieldSerializer's bytes change once the envelope is cached: why keys need this class.
        Point plain = FACTORY.createPoint(new Coordinate(1, 2));
        TypeSerializer<Geometry> kryo = plainKryoSerializer(Geometry.class);
        byte[] before = serialize(kryo, plain);
        plain.getEnvelopeInternal();
        assertThat(serialize(kryo, plain)).isNotEqualTo(before);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SRID=4326;POINT ZM (1 2 3 4)",
                "LINESTRING M (0 0 1, 1 1 2)",
                "LINEARRING (0 0, 1 0, 1 1, 0 0)",
                "POLYGON Z ((0 0 1, 4 0 1, 4 4 1, 0 0 1), (1 1 2, 2 1 2, 2 2 2, 1 1 2))",
                "MULTIPOINT ((1 2), EMPTY)",
                "MULTILINESTRING ((0 0, 1 1), (2 2, 3 3))",
                "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), EMPTY)",
                "GEOMETRYCOLLECTION (POINT (1 2), GEOMETRYCOLLECTION (LINESTRING Z (0 0 1, 1 1 2)))",
                "POLYGON EMPTY"
            })
    void everyJtsClassGoesThroughItAndReadsBackExactly(String ewkt) throws Exception {
        Geometry geometry = Wkt.ewkt(ewkt);
        TypeSerializer<Geometry> serializer = kryoSerializer(Geometry.class);
        byte[] kryo = serialize(serializer, geometry);
        byte[] ours = serialize(GeometrySerializer.of(Geometry.class), geometry);
        assertThat(Arrays.copyOfRange(kryo, kryo.length - ours.length, kryo.length))
                .isEqualTo(ours);

        Geometry back = serializer.deserialize(new DataInputDeserializer(kryo));
        assertThat(back.getClass()).isEqualTo(geometry.getClass());
        // Kryo names the class, so a LinearRing stays one (GeometrySerializer<Geometry> would
        // give a LineString)
        ExactGeometry.assertExactlyEqual(
                back,
                geometry instanceof LinearRing ? geometry : ExactGeometry.asDecoded(geometry));
        assertThat(back.getSRID()).isEqualTo(geometry.getSRID());
        // copy() is deep, through the registered serializer
        Geometry copy = serializer.copy(geometry);
        assertThat(copy).isNotSameAs(geometry);
        ExactGeometry.assertExactlyEqual(copy, geometry);
    }

    @Test
    void geometriesInsideAHashMapUseIt() throws Exception {
        HashMap<String, Geometry> map = new HashMap<>();
        map.put("a", Wkt.ewkt("POINT (1 2)"));
        map.put("b", Wkt.ewkt("SRID=3857;LINESTRING Z (0 0 1, 1 1 2)"));
        @SuppressWarnings({"unchecked", "rawtypes"})
        TypeSerializer<HashMap<String, Geometry>> serializer =
                (TypeSerializer)
                        new GenericTypeInfo<>(HashMap.class)
                                .createSerializer(configuredForGeometries());
        byte[] bytes = serialize(serializer, map);
        for (Geometry value : map.values()) {
            byte[] record = serialize(GeometrySerializer.of(Geometry.class), value);
            assertThat(indexOf(bytes, record)).as("%s inside the map's bytes", value).isPositive();
        }
        HashMap<String, Geometry> back = serializer.deserialize(new DataInputDeserializer(bytes));
        assertThat(back).containsOnlyKeys("a", "b");
        for (Map.Entry<String, Geometry> entry : map.entrySet()) {
            ExactGeometry.assertExactlyEqual(back.get(entry.getKey()), entry.getValue());
        }
    }

    @Test
    void aLinearRingReadsBackAsOne() throws Exception {
        Geometry ring = Wkt.ewkt("LINEARRING (0 0, 1 0, 1 1, 0 0)");
        TypeSerializer<Geometry> serializer = kryoSerializer(Geometry.class);
        Geometry back =
                serializer.deserialize(new DataInputDeserializer(serialize(serializer, ring)));
        assertThat(back).isInstanceOf(LinearRing.class);
    }

    @Test
    void fieldSerializerBytesAreReportedNotMisread() throws Exception {
        // State written before the registration: Kryo's FieldSerializer wrote the SRID (0) first.
        Point point = FACTORY.createPoint(new Coordinate(1, 2));
        byte[] old = serialize(plainKryoSerializer(Geometry.class), point);
        TypeSerializer<Geometry> now = kryoSerializer(Geometry.class);
        assertThatThrownBy(() -> now.deserialize(new DataInputDeserializer(old)))
                .isInstanceOf(KryoException.class)
                .hasMessageContaining(
                        "Kryo state of org.locationtech.jts.geom.Point was not written by"
                                + " GeometryKryoSerializer (a record of length 0)")
                .hasMessageContaining("restore that state once on the hashmap backend");
    }

    @Test
    void fieldSerializerBytesWithAnSridAreReportedToo() throws Exception {
        // FieldSerializer's SRID 4326 reads as a length that runs past the old record.
        Point point = FACTORY.createPoint(new Coordinate(1, 2));
        point.setSRID(4326);
        byte[] old = serialize(plainKryoSerializer(Geometry.class), point);
        TypeSerializer<Geometry> now = kryoSerializer(Geometry.class);
        assertThatThrownBy(() -> now.deserialize(new DataInputDeserializer(old)))
                .isInstanceOf(KryoException.class)
                .hasMessageStartingWith(
                        "Kryo state of org.locationtech.jts.geom.Point was not written by"
                                + " GeometryKryoSerializer");
    }

    // ------------------------------------------------------------------------------------------

    /** Points equal in content, built with every kind of coordinate and sequence. */
    static List<Geometry> equalPoints() {
        GeometryFactory packed2 =
                new GeometryFactory(
                        new PackedCoordinateSequenceFactory(
                                PackedCoordinateSequenceFactory.DOUBLE));
        return List.of(
                FACTORY.createPoint(new Coordinate(1, 2)),
                FACTORY.createPoint(new CoordinateXY(1, 2)),
                packed2.createPoint(
                        PackedCoordinateSequenceFactory.DOUBLE_FACTORY.create(
                                new double[] {1, 2}, 2)),
                packed2.createPoint(
                        PackedCoordinateSequenceFactory.DOUBLE_FACTORY.create(
                                new double[] {1, 2, Double.NaN}, 3)),
                Wkt.oldSyntax("POINT (1 2)"),
                Wkt.oldSyntax("POINT(1 2)"));
    }

    static SerializerConfigImpl configuredForGeometries() {
        SerializerConfigImpl config = new SerializerConfigImpl();
        config.configure(
                GeometryTypes.kryoFallbackConfiguration(),
                GeometryKryoSerializerTest.class.getClassLoader());
        return config;
    }

    private static <T> TypeSerializer<T> kryoSerializer(Class<T> type) {
        TypeSerializer<T> serializer =
                new GenericTypeInfo<>(type).createSerializer(configuredForGeometries());
        assertThat(serializer).isInstanceOf(KryoSerializer.class);
        return serializer;
    }

    private static <T> TypeSerializer<T> plainKryoSerializer(Class<T> type) {
        return new GenericTypeInfo<>(type).createSerializer(new SerializerConfigImpl());
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static boolean classExists(String name) {
        try {
            Class.forName(name, false, GeometryKryoSerializerTest.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
