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

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.serializer.legacy.WkbGeometrySerializer;
import dev.flinkgeometry.testing.Snapshots;
import java.io.IOException;
import java.util.function.Predicate;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.api.java.typeutils.runtime.kryo.KryoSerializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.sedona.flink.GeometryTypeSerializer;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;

/** The compact snapshot: its written form, restore, and resolution against every other state. */
class CompactGeometrySerializerSnapshotTest {
    private static final Predicate<TypeSerializerSchemaCompatibility<?>> AS_IS =
            TypeSerializerSchemaCompatibility::isCompatibleAsIs;
    private static final Predicate<TypeSerializerSchemaCompatibility<?>> AFTER_MIGRATION =
            TypeSerializerSchemaCompatibility::isCompatibleAfterMigration;
    private static final Predicate<TypeSerializerSchemaCompatibility<?>> INCOMPATIBLE =
            TypeSerializerSchemaCompatibility::isIncompatible;

    private static CompactGeometrySerializer<Geometry> lossless() {
        return new CompactGeometrySerializer<>(Geometry.class);
    }

    private static CompactGeometrySerializer<Geometry> digits(int xy, int z, int m) {
        return CompactGeometrySerializer.withPrecision(Geometry.class, xy, z, m);
    }

    @Test
    void theVersionedFormIsClassNameVersionClassFormatKindAndPrecision() throws Exception {
        DataOutputSerializer expected = new DataOutputSerializer(64);
        expected.writeUTF(CompactGeometrySerializerSnapshot.class.getName());
        expected.writeInt(1);
        expected.writeUTF(Point.class.getName());
        expected.writeInt(1);
        expected.writeUTF("PACKED_DOUBLE");
        expected.writeBoolean(false);
        expected.writeByte(7);
        expected.writeByte(2);
        expected.writeByte(0);
        CompactGeometrySerializer<Point> serializer =
                new CompactGeometrySerializer<>(
                        Point.class,
                        CompactPrecision.of(7, 2, 0),
                        CoordinateSequenceKind.PACKED_DOUBLE);
        assertThat(Snapshots.versioned(serializer.snapshotConfiguration()))
                .isEqualTo(expected.getCopyOfBuffer());
    }

    @Test
    void aSnapshotRestoresTheSameSerializer() throws Exception {
        for (TypeSerializer<?> serializer :
                new TypeSerializer<?>[] {
                    lossless(),
                    digits(7, 0, 0),
                    digits(-2, 3, 7),
                    new CompactGeometrySerializer<>(
                            LineString.class,
                            CompactPrecision.LOSSLESS,
                            CoordinateSequenceKind.PACKED_DOUBLE)
                }) {
            TypeSerializerSnapshot<?> read = Snapshots.roundTrip(serializer);
            assertThat(read).isInstanceOf(CompactGeometrySerializerSnapshot.class);
            TypeSerializer<?> restored = read.restoreSerializer();
            assertThat(restored).isEqualTo(serializer);
            assertThat(((CompactGeometrySerializer<?>) restored).formatVersion())
                    .isEqualTo(CompactGeometrySerializer.FORMAT_VERSION);
        }
    }

    @Test
    void theRestoredSerializerUsesTheRecordedFormatVersion() {
        int future = CompactGeometrySerializer.FORMAT_VERSION + 1;
        CompactGeometrySerializerSnapshot<Point> snapshot =
                new CompactGeometrySerializerSnapshot<>(
                        Point.class,
                        future,
                        CompactPrecision.LOSSLESS,
                        CoordinateSequenceKind.ARRAY);
        assertThatThrownBy(snapshot::restoreSerializer)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown compact format version " + future);
    }

    @Test
    void unknownVersionsAndBadFieldsFailClearly() {
        assertThatThrownBy(() -> Snapshots.read(bytes(2, 1, "ARRAY", true, 0, 0, 0)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("CompactGeometrySerializerSnapshot version 2");
        assertThatThrownBy(() -> Snapshots.read(bytes(1, 2, "ARRAY", true, 0, 0, 0)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("unknown compact format version 2");
        assertThatThrownBy(() -> Snapshots.read(bytes(1, 1, "SPARSE", true, 0, 0, 0)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("SPARSE");
        assertThatThrownBy(() -> Snapshots.read(bytes(1, 1, "ARRAY", false, 9, 0, 0)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("invalid compact precision");
        assertThatThrownBy(() -> Snapshots.read(bytes(1, 1, "ARRAY", true, 7, 0, 0)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("lossless");
    }

    @Test
    void compactStateResolves() throws Exception {
        assertResolved(lossless(), lossless(), AS_IS);
        assertResolved(
                lossless(),
                new CompactGeometrySerializer<>(
                        Geometry.class,
                        CompactPrecision.LOSSLESS,
                        CoordinateSequenceKind.PACKED_DOUBLE),
                AS_IS);
        assertResolved(digits(7, 0, 0), digits(7, 0, 0), AS_IS);
        // Another precision: rewritten.
        assertResolved(lossless(), digits(7, 0, 0), AFTER_MIGRATION);
        assertResolved(digits(7, 0, 0), lossless(), AFTER_MIGRATION);
        assertResolved(digits(7, 0, 0), digits(5, 0, 0), AFTER_MIGRATION);
        assertResolved(digits(7, 0, 0), digits(7, 1, 0), AFTER_MIGRATION);
        // Classes: the old one must be the new one or a subclass.
        assertResolved(new CompactGeometrySerializer<>(Point.class), lossless(), AS_IS);
        assertResolved(lossless(), new CompactGeometrySerializer<>(Point.class), INCOMPATIBLE);
    }

    @Test
    void alignedAndCompactStateMigrateBothWays() throws Exception {
        assertResolved(GeometrySerializer.of(Geometry.class), lossless(), AFTER_MIGRATION);
        assertResolved(GeometrySerializer.of(Point.class), digits(7, 0, 0), AFTER_MIGRATION);
        assertResolved(lossless(), GeometrySerializer.of(Geometry.class), AFTER_MIGRATION);
        assertResolved(digits(7, 0, 0), GeometrySerializer.of(Geometry.class), AFTER_MIGRATION);
        assertResolved(
                GeometrySerializer.of(Geometry.class),
                new CompactGeometrySerializer<>(Point.class),
                INCOMPATIBLE);
        assertResolved(lossless(), GeometrySerializer.of(Point.class), INCOMPATIBLE);
    }

    @Test
    void predecessorStateMigratesToCompact() throws Exception {
        assertResolved(WkbGeometrySerializer.of(Geometry.class), lossless(), AFTER_MIGRATION);
        assertResolved(WkbGeometrySerializer.of(Point.class), digits(7, 0, 0), AFTER_MIGRATION);
        assertResolved(
                new KryoSerializer<>(Point.class, new SerializerConfigImpl()),
                new CompactGeometrySerializer<>(Point.class),
                AFTER_MIGRATION);
        assertResolved(GeometryTypeSerializer.INSTANCE, lossless(), AFTER_MIGRATION);
        assertResolved(StringSerializer.INSTANCE, lossless(), INCOMPATIBLE);
        assertResolved(
                new KryoSerializer<>(String.class, new SerializerConfigImpl()),
                lossless(),
                INCOMPATIBLE);
    }

    /** Resolves the new serializer's snapshot against the old one's, both through their bytes. */
    private static void assertResolved(
            TypeSerializer<?> oldSerializer,
            TypeSerializer<?> newSerializer,
            Predicate<TypeSerializerSchemaCompatibility<?>> expected)
            throws IOException {
        TypeSerializerSchemaCompatibility<?> compatibility =
                Snapshots.resolve(newSerializer, Snapshots.roundTrip(oldSerializer));
        assertThat(expected.test(compatibility))
                .as("old %s, new %s: %s", oldSerializer, newSerializer, compatibility)
                .isTrue();
    }

    private static byte[] bytes(
            int version, int format, String kind, boolean lossless, int xy, int z, int m)
            throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        out.writeUTF(CompactGeometrySerializerSnapshot.class.getName());
        out.writeInt(version);
        out.writeUTF(Geometry.class.getName());
        out.writeInt(format);
        out.writeUTF(kind);
        out.writeBoolean(lossless);
        out.writeByte(xy);
        out.writeByte(z);
        out.writeByte(m);
        return out.getCopyOfBuffer();
    }
}
