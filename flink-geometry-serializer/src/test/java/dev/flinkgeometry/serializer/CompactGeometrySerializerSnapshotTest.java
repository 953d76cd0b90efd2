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
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;

/**
 * The snapshot compact state was first written with, {@link CompactGeometrySerializerSnapshot}:
 * read from the bytes savepoints hold, it restores {@link GeometrySerializer} with the compact
 * encoding it recorded, and today's serializers resolve it as compact state.
 */
class CompactGeometrySerializerSnapshotTest {
    private static final Predicate<TypeSerializerSchemaCompatibility<?>> AS_IS =
            TypeSerializerSchemaCompatibility::isCompatibleAsIs;
    private static final Predicate<TypeSerializerSchemaCompatibility<?>> AFTER_MIGRATION =
            TypeSerializerSchemaCompatibility::isCompatibleAfterMigration;
    private static final Predicate<TypeSerializerSchemaCompatibility<?>> INCOMPATIBLE =
            TypeSerializerSchemaCompatibility::isIncompatible;

    private static final GeometryEncoding SEVEN = GeometryEncoding.compact(7, 0, 0);

    @Test
    void aVersionOneSnapshotRestoresGeometrySerializerWithItsCompactEncoding() throws Exception {
        TypeSerializer<?> lossless =
                oldSnapshot(Geometry.class, 1, "ARRAY", true, 0, 0, 0).restoreSerializer();
        assertThat(lossless)
                .isEqualTo(GeometrySerializer.of(Geometry.class, GeometryEncoding.compact()));
        TypeSerializer<?> digits =
                oldSnapshot(Point.class, 1, "PACKED_DOUBLE", false, -2, 3, 7).restoreSerializer();
        assertThat(digits)
                .isEqualTo(
                        GeometrySerializer.of(
                                Point.class,
                                GeometryEncoding.compact(-2, 3, 7),
                                CoordinateSequenceKind.PACKED_DOUBLE));
        assertThat(((GeometrySerializer<?>) digits).formatVersion()).isEqualTo(1);
    }

    @Test
    void itIsWrittenBackAsItWasRead() throws Exception {
        byte[] bytes = bytes(LineString.class, 1, 1, "PACKED_DOUBLE", false, 7, 2, 0);
        assertThat(Snapshots.versioned(Snapshots.read(bytes))).isEqualTo(bytes);
    }

    @Test
    void unknownVersionsAndBadFieldsFailClearly() {
        assertThatThrownBy(
                        () -> Snapshots.read(bytes(Geometry.class, 2, 1, "ARRAY", true, 0, 0, 0)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("CompactGeometrySerializerSnapshot version 2");
        assertThatThrownBy(
                        () -> Snapshots.read(bytes(Geometry.class, 1, 2, "ARRAY", true, 0, 0, 0)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("unknown compact format version 2");
        assertThatThrownBy(
                        () -> Snapshots.read(bytes(Geometry.class, 1, 1, "SPARSE", true, 0, 0, 0)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("SPARSE");
        assertThatThrownBy(
                        () -> Snapshots.read(bytes(Geometry.class, 1, 1, "ARRAY", false, 9, 0, 0)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("invalid compact encoding");
        assertThatThrownBy(
                        () -> Snapshots.read(bytes(Geometry.class, 1, 1, "ARRAY", true, 7, 0, 0)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("lossless");
    }

    @Test
    void todaysCompactSerializerTakesItsStateAsIs() throws Exception {
        TypeSerializerSnapshot<?> lossless = oldSnapshot(Geometry.class, 1, "ARRAY", true, 0, 0, 0);
        assertResolved(lossless, compact(Geometry.class, GeometryEncoding.compact()), AS_IS);
        assertResolved(
                lossless,
                GeometrySerializer.of(
                        Geometry.class,
                        GeometryEncoding.compact(),
                        CoordinateSequenceKind.PACKED_DOUBLE),
                AS_IS);
        assertResolved(
                oldSnapshot(Point.class, 1, "ARRAY", false, 7, 0, 0),
                compact(Geometry.class, SEVEN),
                AS_IS);
    }

    @Test
    void anotherEncodingOrDeclaredSridMigrates() throws Exception {
        TypeSerializerSnapshot<?> lossless = oldSnapshot(Geometry.class, 1, "ARRAY", true, 0, 0, 0);
        assertResolved(lossless, compact(Geometry.class, SEVEN), AFTER_MIGRATION);
        assertResolved(
                lossless,
                compact(Geometry.class, GeometryEncoding.compact().withDeclaredSrid(4326)),
                AFTER_MIGRATION);
        assertResolved(lossless, GeometrySerializer.of(Geometry.class), AFTER_MIGRATION);
        assertResolved(
                oldSnapshot(Geometry.class, 1, "ARRAY", false, 7, 0, 0),
                compact(Geometry.class, GeometryEncoding.compact(7, 1, 0)),
                AFTER_MIGRATION);
    }

    @Test
    void theDeclaredClassMustHoldTheOldOne() throws Exception {
        assertResolved(
                oldSnapshot(Geometry.class, 1, "ARRAY", true, 0, 0, 0),
                compact(Point.class, GeometryEncoding.compact()),
                INCOMPATIBLE);
        assertResolved(
                oldSnapshot(Geometry.class, 1, "ARRAY", true, 0, 0, 0),
                GeometrySerializer.of(Point.class),
                INCOMPATIBLE);
    }

    @Test
    void asTheNewSnapshotItResolvesAsGeometrySerializerSnapshotDoes() throws Exception {
        // A job restored with a compact snapshot and not yet rewritten asks it about state.
        CompactGeometrySerializerSnapshot<Geometry> restored =
                oldSnapshot(Geometry.class, 1, "ARRAY", true, 0, 0, 0);
        assertThat(resolve(restored, GeometrySerializer.of(Geometry.class).snapshotConfiguration()))
                .matches(AFTER_MIGRATION);
        assertThat(resolve(restored, WkbGeometrySerializer.of(Point.class).snapshotConfiguration()))
                .matches(AFTER_MIGRATION);
        assertThat(
                        resolve(
                                restored,
                                new KryoSerializer<>(Point.class, new SerializerConfigImpl())
                                        .snapshotConfiguration()))
                .matches(AFTER_MIGRATION);
        assertThat(resolve(restored, StringSerializer.INSTANCE.snapshotConfiguration()))
                .matches(INCOMPATIBLE);
        assertThat(resolve(restored, restored)).matches(AS_IS);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static TypeSerializerSchemaCompatibility<?> resolve(
            TypeSerializerSnapshot newSnapshot, TypeSerializerSnapshot<?> oldSnapshot) {
        return newSnapshot.resolveSchemaCompatibility(oldSnapshot);
    }

    private static <T extends Geometry> GeometrySerializer<T> compact(
            Class<T> type, GeometryEncoding encoding) {
        return GeometrySerializer.of(type, encoding);
    }

    private static void assertResolved(
            TypeSerializerSnapshot<?> oldSnapshot,
            TypeSerializer<?> newSerializer,
            Predicate<TypeSerializerSchemaCompatibility<?>> expected) {
        TypeSerializerSchemaCompatibility<?> compatibility =
                Snapshots.resolve(newSerializer, oldSnapshot);
        assertThat(expected.test(compatibility))
                .as("old %s, new %s: %s", oldSnapshot, newSerializer, compatibility)
                .isTrue();
    }

    /** A compact snapshot of version 1 as a savepoint holds it, read back. */
    @SuppressWarnings("unchecked")
    static <T extends Geometry> CompactGeometrySerializerSnapshot<T> oldSnapshot(
            Class<T> type, int format, String kind, boolean lossless, int xy, int z, int m)
            throws IOException {
        return (CompactGeometrySerializerSnapshot<T>)
                Snapshots.read(bytes(type, 1, format, kind, lossless, xy, z, m));
    }

    /** The written form of version 1: class, format version, kind, lossless flag, digits. */
    static byte[] bytes(
            Class<?> type,
            int version,
            int format,
            String kind,
            boolean lossless,
            int xy,
            int z,
            int m)
            throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        out.writeUTF(CompactGeometrySerializerSnapshot.class.getName());
        out.writeInt(version);
        out.writeUTF(type.getName());
        out.writeInt(format);
        out.writeUTF(kind);
        out.writeBoolean(lossless);
        out.writeByte(xy);
        out.writeByte(z);
        out.writeByte(m);
        return out.getCopyOfBuffer();
    }
}
