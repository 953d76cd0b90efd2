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
package dev.flinkgeometry.serializer.legacy;

import static dev.flinkgeometry.testing.Snapshots.GEOMETRY_CLASSES;
import static dev.flinkgeometry.testing.Snapshots.read;
import static dev.flinkgeometry.testing.Snapshots.resolve;
import static dev.flinkgeometry.testing.Snapshots.roundTrip;
import static dev.flinkgeometry.testing.Snapshots.versioned;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.format.wkb.WkbTestSupport;
import dev.flinkgeometry.serializer.GeometrySerializer;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.GeometryMixes;
import dev.flinkgeometry.testing.SerializerBytes;
import java.io.IOException;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.util.InstantiationUtil;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * {@link WkbGeometrySerializerSnapshot}: its bytes, reading them back, its own resolution, and
 * {@code GeometrySerializerSnapshot} taking legacy WKB state over by migration.
 */
class WkbGeometrySerializerSnapshotTest {
    @Test
    void aSnapshotIsItsVersionAndClassNameAndRoundTrips() throws Exception {
        for (Class<? extends Geometry> type : GEOMETRY_CLASSES) {
            WkbGeometrySerializer<?> serializer = WkbGeometrySerializer.of(type);
            TypeSerializerSnapshot<?> snapshot = serializer.snapshotConfiguration();
            assertThat(snapshot).isExactlyInstanceOf(WkbGeometrySerializerSnapshot.class);
            assertThat(snapshot.getCurrentVersion()).isEqualTo(1);

            byte[] bytes = versioned(snapshot);
            assertThat(bytes).isEqualTo(snapshotBytes(1, type.getName()));

            TypeSerializerSnapshot<?> restored = read(bytes);
            assertThat(((WkbGeometrySerializerSnapshot<?>) restored).geometryClass())
                    .isEqualTo(type);
            TypeSerializer<?> restoreSerializer = restored.restoreSerializer();
            assertThat(restoreSerializer).isEqualTo(serializer).isNotSameAs(serializer);
        }
    }

    @Test
    void theSnapshotClassKeepsItsNameAndPublicNoArgConstructor() throws Exception {
        assertThat(WkbGeometrySerializerSnapshot.class.getName())
                .isEqualTo("dev.flinkgeometry.serializer.legacy.WkbGeometrySerializerSnapshot");
        assertThat(WkbGeometrySerializer.class.getName())
                .isEqualTo("dev.flinkgeometry.serializer.legacy.WkbGeometrySerializer");
        assertThat(WkbGeometrySerializerSnapshot.class.getConstructor()).isNotNull();
        assertThat(InstantiationUtil.instantiate(WkbGeometrySerializerSnapshot.class)).isNotNull();
    }

    @Test
    void anUnknownVersionOrClassFailsWithAClearMessage() {
        for (int version : new int[] {0, 2, 99}) {
            assertThatThrownBy(() -> read(snapshotBytes(version, Point.class.getName())))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("WkbGeometrySerializerSnapshot")
                    .hasMessageContaining("version " + version);
        }
        assertThatThrownBy(() -> read(snapshotBytes(1, "org.example.NoSuchGeometry")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("org.example.NoSuchGeometry");
        assertThatThrownBy(() -> read(snapshotBytes(1, "java.lang.String")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("java.lang.String")
                .hasMessageContaining("Geometry");
    }

    // ------------------------------------------------------------------------------------------
    // Resolution of the legacy serializer's own snapshot
    // ------------------------------------------------------------------------------------------

    @Test
    void theSameClassOrANewSuperclassIsCompatibleAsIs() throws Exception {
        for (Class<? extends Geometry> type : GEOMETRY_CLASSES) {
            WkbGeometrySerializer<?> serializer = WkbGeometrySerializer.of(type);
            assertThat(resolve(serializer, serializer.snapshotConfiguration()).isCompatibleAsIs())
                    .as("%s", type)
                    .isTrue();
            assertThat(resolve(serializer, roundTrip(serializer)).isCompatibleAsIs())
                    .as("%s, read back", type)
                    .isTrue();
            assertThat(
                            resolve(WkbGeometrySerializer.of(Geometry.class), roundTrip(serializer))
                                    .isCompatibleAsIs())
                    .as("old %s, new Geometry", type)
                    .isTrue();
        }
        assertThat(
                        resolve(
                                        WkbGeometrySerializer.of(LineString.class),
                                        roundTrip(WkbGeometrySerializer.of(LinearRing.class)))
                                .isCompatibleAsIs())
                .isTrue();
    }

    @Test
    void aNewSubclassAnUnrelatedClassOrAnotherSerializerIsIncompatible() throws Exception {
        assertThat(
                        resolve(
                                        WkbGeometrySerializer.of(Point.class),
                                        roundTrip(WkbGeometrySerializer.of(Geometry.class)))
                                .isIncompatible())
                .isTrue();
        assertThat(
                        resolve(
                                        WkbGeometrySerializer.of(Polygon.class),
                                        roundTrip(WkbGeometrySerializer.of(Point.class)))
                                .isIncompatible())
                .isTrue();
        // the legacy serializer does not read the aligned format, nor anything else
        assertThat(
                        resolve(
                                        WkbGeometrySerializer.of(Point.class),
                                        roundTrip(GeometrySerializer.of(Point.class)))
                                .isIncompatible())
                .isTrue();
        assertThat(
                        resolve(
                                        WkbGeometrySerializer.of(Geometry.class),
                                        StringSerializer.INSTANCE.snapshotConfiguration())
                                .isIncompatible())
                .isTrue();
    }

    // ------------------------------------------------------------------------------------------
    // GeometrySerializer takes legacy WKB state over
    // ------------------------------------------------------------------------------------------

    @Test
    void geometrySerializerMigratesLegacyWkbState() throws Exception {
        for (Class<? extends Geometry> type : GEOMETRY_CLASSES) {
            WkbGeometrySerializer<?> legacy = WkbGeometrySerializer.of(type);
            GeometrySerializer<?> current = GeometrySerializer.of(type);
            TypeSerializerSchemaCompatibility<?> fresh =
                    resolve(current, legacy.snapshotConfiguration());
            assertThat(fresh.isCompatibleAfterMigration()).as("%s: %s", type, fresh).isTrue();
            TypeSerializerSchemaCompatibility<?> readBack = resolve(current, roundTrip(legacy));
            assertThat(readBack.isCompatibleAfterMigration())
                    .as("%s, read back: %s", type, readBack)
                    .isTrue();
        }
    }

    @Test
    void geometrySerializerMigratesLegacyWkbStateOfItsClassOrASubclassOnly() throws Exception {
        // A narrower declared class: the old state may hold any geometry, not only points.
        TypeSerializerSchemaCompatibility<?> geometryStateToPoint =
                resolve(
                        GeometrySerializer.of(Point.class),
                        roundTrip(WkbGeometrySerializer.of(Geometry.class)));
        assertThat(geometryStateToPoint.isIncompatible())
                .as("legacy Geometry state, new Point: %s", geometryStateToPoint)
                .isTrue();
        TypeSerializerSchemaCompatibility<?> pointStateToPoint =
                resolve(
                        GeometrySerializer.of(Point.class),
                        roundTrip(WkbGeometrySerializer.of(Point.class)));
        assertThat(pointStateToPoint.isCompatibleAfterMigration())
                .as("legacy Point state, new Point: %s", pointStateToPoint)
                .isTrue();

        // A wider declared class takes the state of every subclass over.
        for (Class<? extends Geometry> type : GEOMETRY_CLASSES) {
            TypeSerializerSchemaCompatibility<?> toGeometry =
                    resolve(
                            GeometrySerializer.of(Geometry.class),
                            roundTrip(WkbGeometrySerializer.of(type)));
            assertThat(toGeometry.isCompatibleAfterMigration())
                    .as("legacy %s state, new Geometry: %s", type, toGeometry)
                    .isTrue();
        }
        assertThat(
                        resolve(
                                        GeometrySerializer.of(LineString.class),
                                        roundTrip(WkbGeometrySerializer.of(LinearRing.class)))
                                .isCompatibleAfterMigration())
                .as("legacy LinearRing state, new LineString")
                .isTrue();

        // Unrelated or narrower classes are not.
        assertThat(
                        resolve(
                                        GeometrySerializer.of(Polygon.class),
                                        roundTrip(WkbGeometrySerializer.of(Point.class)))
                                .isIncompatible())
                .as("legacy Point state, new Polygon")
                .isTrue();
        assertThat(
                        resolve(
                                        GeometrySerializer.of(LinearRing.class),
                                        roundTrip(WkbGeometrySerializer.of(LineString.class)))
                                .isIncompatible())
                .as("legacy LineString state, new LinearRing")
                .isTrue();
        assertThat(
                        resolve(
                                        GeometrySerializer.of(MultiPoint.class),
                                        roundTrip(
                                                WkbGeometrySerializer.of(GeometryCollection.class)))
                                .isIncompatible())
                .as("legacy GeometryCollection state, new MultiPoint")
                .isTrue();
    }

    @Test
    void migrationReadsWithTheRestoredLegacySerializerAndWritesTheAlignedFormat() throws Exception {
        // what Flink does with "compatible after migration": old serializer reads, new one writes
        TypeSerializerSnapshot<?> oldSnapshot = roundTrip(WkbGeometrySerializer.of(Geometry.class));
        @SuppressWarnings("unchecked")
        TypeSerializer<Geometry> oldSerializer =
                (TypeSerializer<Geometry>) oldSnapshot.restoreSerializer();
        GeometrySerializer<Geometry> newSerializer = GeometrySerializer.of(Geometry.class);
        // the aligned format carries SRIDs 0..16777215 only: see the next test for the others
        Geometry[] data =
                GeometryMixes.legacyWkb().stream()
                        .filter(g -> g.getSRID() >= 0 && g.getSRID() <= 0xFFFFFF)
                        .toArray(Geometry[]::new);
        assertThat(data).hasSizeGreaterThan(20);
        DataOutputSerializer oldState = new DataOutputSerializer(256);
        for (Geometry geometry : data) {
            oldSerializer.serialize(geometry, oldState);
        }
        DataInputDeserializer in = new DataInputDeserializer(oldState.getCopyOfBuffer());
        DataOutputSerializer newState = new DataOutputSerializer(256);
        for (int i = 0; i < data.length; i++) {
            newSerializer.serialize(oldSerializer.deserialize(in), newState);
        }
        assertThat(in.available()).isZero();
        DataInputDeserializer migrated = new DataInputDeserializer(newState.getCopyOfBuffer());
        for (Geometry geometry : data) {
            ExactGeometry.assertExactlyEqual(newSerializer.deserialize(migrated), geometry);
        }
        assertThat(migrated.available()).isZero();
    }

    @Test
    void aLegacyRecordWithAnSridTheAlignedFormatCannotCarryFailsMigrationClearly()
            throws Exception {
        WkbGeometrySerializer<Geometry> legacy = WkbGeometrySerializer.of(Geometry.class);
        for (int srid : new int[] {-1, 16_777_216, Integer.MAX_VALUE}) {
            Geometry point = WkbTestSupport.withSrid(WkbTestSupport.wkt("POINT (1 2)"), srid);
            Geometry restored =
                    SerializerBytes.deserialize(legacy, SerializerBytes.serialize(legacy, point));
            assertThat(restored.getSRID()).isEqualTo(srid);
            assertThatThrownBy(
                            () ->
                                    GeometrySerializer.of(Geometry.class)
                                            .serialize(restored, new DataOutputSerializer(64)))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("SRID " + srid);
        }
    }

    // ------------------------------------------------------------------------------------------

    /** A versioned WkbGeometrySerializerSnapshot written field by field. */
    private static byte[] snapshotBytes(int version, String geometryClass) {
        try {
            DataOutputSerializer out = new DataOutputSerializer(64);
            out.writeUTF(WkbGeometrySerializerSnapshot.class.getName());
            out.writeInt(version);
            out.writeUTF(geometryClass);
            return out.getCopyOfBuffer();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
