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

import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.KeyedGeometryStates;
import dev.flinkgeometry.testing.RecordStateJob;
import dev.flinkgeometry.testing.RecordStateJob.Records;
import dev.flinkgeometry.testing.RecordStateJob.StateTypes;
import dev.flinkgeometry.testing.SavepointContents;
import dev.flinkgeometry.testing.SavepointJobs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.sedona.flink.GeometryTypeSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;

/**
 * State written by Apache Sedona's own Flink serializer, {@code
 * org.apache.sedona.flink.GeometryTypeSerializer} (its SQL functions' type), moves to {@link
 * GeometrySerializer}: {@link GeometrySerializerSnapshot} answers "compatible after migration" to
 * Sedona's snapshot, and Flink migrates every value, on both backends. The {@code sedona-flink} jar
 * is not on Maven Central, so the state is written by a test-scope stand-in with Sedona's class
 * names and bytes ({@link GeometryTypeSerializer}); what is carried is exactly what Sedona's bytes
 * held (Sedona 1.6.0 loses some Z/M values and member SRIDs, and {@code userData}).
 */
class SedonaStateMigrationTest {

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(1)
                            .build());

    private final SavepointJobs jobs = new SavepointJobs();

    @AfterEach
    void cancelJobsStillRunning() throws Exception {
        jobs.cancelJobsStillRunning();
    }

    @Test
    void sedonaSnapshotIsCompatibleAfterMigrationForGeometryOnly() {
        TypeSerializerSnapshot<Geometry> sedona =
                GeometryTypeSerializer.INSTANCE.snapshotConfiguration();
        assertThat(sedona.getClass().getName())
                .isEqualTo(
                        "org.apache.sedona.flink.GeometryTypeSerializer$GeometrySerializerSnapshot");
        assertThat(resolve(Geometry.class, sedona).isCompatibleAfterMigration()).isTrue();
        // Sedona's state may hold any geometry: a serializer for points cannot take it over.
        assertThat(resolve(Point.class, sedona).isIncompatible()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void sedonaStateMigratesToGeometrySerializer(String backend, @TempDir Path savepoints)
            throws Exception {
        String target = savepoints.toUri().toString();
        Map<String, Records<Geometry>> written = RecordStateJob.perKey(geometries());

        JobClient writer =
                RecordStateJob.write(
                        jobs,
                        backend,
                        null,
                        StateTypes.of(GeometryTypeSerializer.INSTANCE),
                        written);
        String sedonaSavepoint =
                SavepointJobs.stopWithSavepoint(writer, target, SavepointFormatType.CANONICAL);
        SavepointContents.KeyedState stored =
                SavepointContents.read(sedonaSavepoint).keyedStates().get(0);
        for (String state :
                List.of(
                        RecordStateJob.VALUE_STATE,
                        RecordStateJob.LIST_STATE,
                        RecordStateJob.MAP_STATE)) {
            assertThat(stored.valueSnapshot(state))
                    .as(state)
                    .isInstanceOf(GeometryTypeSerializer.GeometrySerializerSnapshot.class);
        }

        JobClient migrated =
                RecordStateJob.read(
                        jobs,
                        backend,
                        sedonaSavepoint,
                        StateTypes.of(GeometryTypeInfo.of(Geometry.class)),
                        written.keySet());
        assertThat(RecordStateJob.serializerShapes()).containsValue("GeometrySerializer");
        assertSameAsSedonaCarried(backend.equals("rocksdb"), written);
        String migratedSavepoint =
                SavepointJobs.stopWithSavepoint(migrated, target, SavepointFormatType.CANONICAL);
        assertThat(
                        SavepointContents.read(migratedSavepoint)
                                .keyedStates()
                                .get(0)
                                .valueSnapshot(RecordStateJob.VALUE_STATE))
                .isInstanceOf(GeometrySerializerSnapshot.class);

        JobClient reader =
                RecordStateJob.read(
                        jobs,
                        backend,
                        migratedSavepoint,
                        StateTypes.of(GeometryTypeInfo.of(Geometry.class)),
                        written.keySet());
        assertSameAsSedonaCarried(true, written);
        SavepointJobs.cancel(reader);
    }

    /** Every record exactly as Sedona's bytes held it. */
    private static void assertSameAsSedonaCarried(
            boolean decoded, Map<String, Records<Geometry>> written) {
        RecordStateJob.assertSameRecords(
                RecordStateJob.<Geometry>observed(),
                written,
                (what, actual, expected) -> {
                    if (expected == null) {
                        assertThat(actual).as(what).isNull();
                    } else {
                        KeyedGeometryStates.assertExact(
                                what,
                                actual,
                                ExactGeometry.asDecoded(throughSedona(expected)),
                                decoded);
                    }
                });
    }

    private static Geometry throughSedona(Geometry geometry) {
        try {
            DataOutputSerializer out = new DataOutputSerializer(256);
            GeometryTypeSerializer.INSTANCE.serialize(geometry, out);
            return GeometryTypeSerializer.INSTANCE.deserialize(
                    new DataInputDeserializer(out.getCopyOfBuffer()));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Every kind of geometry of {@link KeyedGeometryStates#geometries()}, a third of them. */
    private static List<Geometry> geometries() {
        List<Geometry> all = KeyedGeometryStates.geometries();
        List<Geometry> some = new ArrayList<>();
        for (int i = 1; i < all.size(); i += 3) {
            some.add(all.get(i));
        }
        return some;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static TypeSerializerSchemaCompatibility<?> resolve(
            Class<? extends Geometry> declared, TypeSerializerSnapshot<?> old) {
        TypeSerializerSnapshot snapshot = GeometrySerializer.of(declared).snapshotConfiguration();
        return snapshot.resolveSchemaCompatibility(old);
    }
}
