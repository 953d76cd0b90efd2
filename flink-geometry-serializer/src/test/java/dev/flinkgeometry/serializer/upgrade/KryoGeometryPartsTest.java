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
package dev.flinkgeometry.serializer.upgrade;

import static dev.flinkgeometry.testing.Snapshots.roundTrip;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.serializer.GeometryTypes;
import dev.flinkgeometry.serializer.internal.savepoint.KryoSnapshotContents;
import dev.flinkgeometry.serializer.internal.savepoint.SerializerParts;
import dev.flinkgeometry.serializer.internal.savepoint.SerializerParts.KryoPart;
import dev.flinkgeometry.testing.Visit;
import java.util.List;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.ListSerializer;
import org.apache.flink.api.common.typeutils.base.MapSerializer;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.typeutils.TupleTypeInfo;
import org.apache.flink.api.java.typeutils.runtime.kryo.KryoSerializer;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * The Kryo snapshots found in a state's serializer snapshot, read back as a savepoint stores it:
 * every role a geometry plays (value, list element, map user key and value, tuple field, POJO
 * field), and which of them Flink's Kryo writes field by field.
 */
class KryoGeometryPartsTest {
    private static final SerializerConfigImpl CONFIG = new SerializerConfigImpl();

    @Test
    void findsKryoGeometriesInEveryRole() throws Exception {
        assertThat(roles(kryo(Point.class), "value"))
                .containsExactly("value: org.locationtech.jts.geom.Point");
        assertThat(roles(new ListSerializer<>(kryo(LineString.class)), "value"))
                .containsExactly("list element: org.locationtech.jts.geom.LineString");
        assertThat(roles(new MapSerializer<>(kryo(Point.class), kryo(Polygon.class)), "value"))
                .containsExactly(
                        "map user key: org.locationtech.jts.geom.Point",
                        "map value: org.locationtech.jts.geom.Polygon");
        TypeInformation<Tuple2<String, Geometry>> tuple =
                new TupleTypeInfo<>(Types.STRING, TypeInformation.of(Geometry.class));
        assertThat(roles(tuple.createSerializer(CONFIG), "value"))
                .containsExactly(
                        "field 1 of the value (TupleSerializerSnapshot):"
                                + " org.locationtech.jts.geom.Geometry");
    }

    @Test
    void findsKryoGeometryFieldsOfAPojo() throws Exception {
        TypeSerializer<Visit> pojo =
                GeometryTypes.withoutRegistration(
                        () -> TypeInformation.of(Visit.class).createSerializer(CONFIG));

        assertThat(roles(pojo, "value"))
                .containsExactlyInAnyOrder(
                        "inside the value (PojoSerializerSnapshot): org.locationtech.jts.geom.Point",
                        "inside the value (PojoSerializerSnapshot):"
                                + " org.locationtech.jts.geom.Polygon");
    }

    @Test
    void theLibrarysKryoFallbackAndOtherClassesAreNotKryoFieldGeometryState() throws Exception {
        SerializerConfigImpl fallback = new SerializerConfigImpl();
        fallback.configure(GeometryTypes.kryoFallbackConfiguration(), getClass().getClassLoader());
        KryoSnapshotContents withFallback =
                contents(new KryoSerializer<>(Point.class, fallback).snapshotConfiguration());
        assertThat(withFallback.holdsGeometries()).isTrue();
        assertThat(withFallback.writtenByGeometryKryoSerializer()).isTrue();
        assertThat(withFallback.isKryoFieldGeometryState()).isFalse();

        KryoSnapshotContents plain = contents(kryo(Point.class).snapshotConfiguration());
        assertThat(plain.typeName()).isEqualTo(Point.class.getName());
        assertThat(plain.isKryoFieldGeometryState()).isTrue();

        KryoSnapshotContents text = contents(kryo(StringBuilder.class).snapshotConfiguration());
        assertThat(text.holdsGeometries()).isFalse();
        assertThat(text.isKryoFieldGeometryState()).isFalse();
    }

    // ------------------------------------------------------------------------------------------

    private static <T> KryoSerializer<T> kryo(Class<T> type) {
        return new KryoSerializer<>(type, CONFIG);
    }

    private static KryoSnapshotContents contents(TypeSerializerSnapshot<?> snapshot)
            throws Exception {
        return KryoSnapshotContents.of(roundTrip(snapshot)).orElseThrow();
    }

    /** The Kryo geometry parts of the serializer's snapshot as a savepoint holds it. */
    private static List<String> roles(TypeSerializer<?> serializer, String role) throws Exception {
        return SerializerParts.kryoParts(roundTrip(serializer), role).stream()
                .filter(part -> part.contents().isKryoFieldGeometryState())
                .map(KryoGeometryPartsTest::describe)
                .toList();
    }

    private static String describe(KryoPart part) {
        return part.role() + ": " + part.contents().typeName();
    }
}
