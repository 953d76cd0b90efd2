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

import static dev.flinkgeometry.testing.ExactGeometry.asDecoded;
import static dev.flinkgeometry.testing.ExactGeometry.assertExactlyEqual;
import static dev.flinkgeometry.testing.Snapshots.GEOMETRY_CLASSES;
import static dev.flinkgeometry.testing.Snapshots.resolve;
import static dev.flinkgeometry.testing.Snapshots.roundTrip;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.testing.JobTestData;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.api.java.typeutils.runtime.kryo.KryoSerializer;
import org.apache.flink.api.java.typeutils.runtime.kryo.KryoSerializerSnapshot;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * Schema resolution against Flink's Kryo snapshot (the default for JTS classes without {@link
 * GeometryTypes}), on snapshots read back as a savepoint stores them, and the migration Flink then
 * runs: read with the Kryo restore serializer, write with {@link GeometrySerializer}. The
 * end-to-end version on a MiniCluster is {@link GeometryStateMigrationITCase}.
 */
class KryoPredecessorSnapshotTest {
    @Test
    void kryoStateOfAJtsClassMigratesToTheSameClassAndToGeometry() throws IOException {
        for (Class<? extends Geometry> type : GEOMETRY_CLASSES) {
            TypeSerializerSnapshot<?> kryo = roundTrip(kryoSnapshot(type));
            assertThat(kryo).isInstanceOf(KryoSerializerSnapshot.class);

            assertThat(resolve(GeometrySerializer.of(type), kryo).isCompatibleAfterMigration())
                    .as("Kryo %s -> GeometrySerializer of it", type.getSimpleName())
                    .isTrue();
            assertThat(
                            resolve(GeometrySerializer.of(Geometry.class), kryo)
                                    .isCompatibleAfterMigration())
                    .as("Kryo %s -> GeometrySerializer of Geometry", type.getSimpleName())
                    .isTrue();
        }
    }

    @Test
    void kryoStateOfAWiderOrUnrelatedClassIsIncompatible() throws IOException {
        // As for our own snapshots: the old state may hold geometries the new class cannot.
        assertThat(
                        resolve(
                                        GeometrySerializer.of(Point.class),
                                        roundTrip(kryoSnapshot(Geometry.class)))
                                .isIncompatible())
                .isTrue();
        assertThat(
                        resolve(
                                        GeometrySerializer.of(Point.class),
                                        roundTrip(kryoSnapshot(Polygon.class)))
                                .isIncompatible())
                .isTrue();
        assertThat(
                        resolve(
                                        GeometrySerializer.of(LinearRing.class),
                                        roundTrip(kryoSnapshot(LineString.class)))
                                .isIncompatible())
                .isTrue();
        // Not geometries at all.
        for (Class<?> other : new Class<?>[] {Object.class, StringBuilder.class, ArrayList.class}) {
            assertThat(
                            resolve(
                                            GeometrySerializer.of(Geometry.class),
                                            roundTrip(kryoSnapshot(other)))
                                    .isIncompatible())
                    .as("Kryo %s", other.getName())
                    .isTrue();
        }
    }

    @Test
    void kryoRegistrationsDoNotMatter() throws IOException {
        SerializerConfigImpl config = new SerializerConfigImpl();
        config.registerKryoType(Point.class);
        config.registerKryoType(Polygon.class);
        config.addDefaultKryoSerializer(
                StringBuilder.class,
                com.esotericsoftware.kryo.serializers.DefaultSerializers.StringBuilderSerializer
                        .class);
        TypeSerializerSnapshot<?> kryo =
                roundTrip(new KryoSerializer<>(Geometry.class, config).snapshotConfiguration());

        assertThat(
                        resolve(GeometrySerializer.of(Geometry.class), kryo)
                                .isCompatibleAfterMigration())
                .isTrue();
    }

    /** What Flink does after "compatible after migration", on the test data of the job tests. */
    @Test
    void kryoBytesMigrateToTheSameGeometries() throws IOException {
        List<Geometry> geometries = JobTestData.flatten(JobTestData.payloadGroups());
        TypeSerializer<Geometry> kryo =
                new GenericTypeInfo<>(Geometry.class).createSerializer(new SerializerConfigImpl());
        DataOutputSerializer kryoBytes = new DataOutputSerializer(4096);
        for (Geometry geometry : geometries) {
            kryo.serialize(geometry, kryoBytes);
        }

        @SuppressWarnings("unchecked")
        TypeSerializer<Geometry> restored =
                (TypeSerializer<Geometry>)
                        roundTrip(kryo.snapshotConfiguration()).restoreSerializer();
        GeometrySerializer<Geometry> target = GeometrySerializer.of(Geometry.class);
        DataInputDeserializer in = new DataInputDeserializer(kryoBytes.getCopyOfBuffer());
        DataOutputSerializer migrated = new DataOutputSerializer(4096);
        for (int i = 0; i < geometries.size(); i++) {
            target.serialize(restored.deserialize(in), migrated);
        }
        assertThat(in.available()).isZero();

        DataInputDeserializer result = new DataInputDeserializer(migrated.getCopyOfBuffer());
        for (Geometry geometry : geometries) {
            assertExactlyEqual(target.deserialize(result), asDecoded(geometry));
        }
        assertThat(result.available()).isZero();
    }

    // ------------------------------------------------------------------------------------------

    private static TypeSerializerSnapshot<?> kryoSnapshot(Class<?> type) {
        return new KryoSerializer<>(type, new SerializerConfigImpl()).snapshotConfiguration();
    }
}
