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
import dev.flinkgeometry.testing.Snapshots;
import java.io.IOException;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;

/**
 * Format evolution of the aligned serializer: a serializer restored from a snapshot reads (and
 * writes) the format version that snapshot recorded, never this release's.
 *
 * <p>What adding aligned format version 2 takes (each step has a check here or in the golden test):
 *
 * <ol>
 *   <li>a new decoder (and encoder) path in {@code dev.flinkgeometry.format.aligned} beside version
 *       1's, which stays as it is, and a {@code case 2} in {@code AlignedFormat.encoder} and {@code
 *       AlignedFormat.decoder};
 *   <li>{@code AlignedFormat.VERSION = 2}: new serializers write version 2 and record it in their
 *       snapshot; restored version-1 serializers keep reading version 1 ({@link
 *       #theRestoredSerializerUsesTheRecordedFormatVersionNotTodays});
 *   <li>nothing in the snapshot: resolution already answers "compatible after migration" for an
 *       older format version ({@link #anOlderFormatVersionMigratesAndANewerOneIsRefused}), and the
 *       snapshot layout (snapshot version 1) already holds the format version;
 *   <li>golden files {@code golden/geometry-serializer-v2/...} beside the v1 files, which stay
 *       unchanged and keep passing; v1's spec then says {@code writesTheseBytes = false} and {@code
 *       AFTER_MIGRATION};
 *   <li>a new snapshot version only if the snapshot's own fields change: a {@code case 2} in {@code
 *       readSnapshot}'s {@code switch (readVersion)}, beside {@code readVersion1}.
 * </ol>
 */
class FormatEvolutionTest {

    @Test
    void aSerializerRestoredFromEachKnownVersionRecordsThatVersionAgain() throws Exception {
        for (int version = 1; version <= GeometrySerializer.FORMAT_VERSION; version++) {
            TypeSerializerSnapshot<?> snapshot =
                    Snapshots.read(snapshotBytes(1, version, CoordinateSequenceKind.PACKED_DOUBLE));
            GeometrySerializer<?> restored = (GeometrySerializer<?>) snapshot.restoreSerializer();
            assertThat(restored.formatVersion()).isEqualTo(version);
            assertThat(restored.sequenceKind()).isEqualTo(CoordinateSequenceKind.PACKED_DOUBLE);
            assertThat(restored.duplicate().formatVersion()).isEqualTo(version);
            GeometrySerializerSnapshot<?> again =
                    (GeometrySerializerSnapshot<?>) restored.snapshotConfiguration();
            assertThat(again.formatVersion()).isEqualTo(version);
        }
    }

    /**
     * A snapshot recording a version this release has no decoder for: its restored serializer must
     * refuse, which it can only do if the recorded version reaches it (a serializer of today's
     * version would silently read the old bytes with today's decoder).
     */
    @Test
    void theRestoredSerializerUsesTheRecordedFormatVersionNotTodays() {
        int future = GeometrySerializer.FORMAT_VERSION + 1;
        GeometrySerializerSnapshot<Point> snapshot =
                new GeometrySerializerSnapshot<>(
                        Point.class,
                        GeometryEncoding.ALIGNED,
                        future,
                        CoordinateSequenceKind.ARRAY);
        assertThatThrownBy(snapshot::restoreSerializer)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown aligned format version " + future);
    }

    @Test
    void anOlderFormatVersionMigratesAndANewerOneIsRefused() {
        int current = GeometrySerializer.FORMAT_VERSION;
        // As if version current + 1 existed: its snapshot is asked about today's.
        GeometrySerializerSnapshot<Geometry> newer =
                new GeometrySerializerSnapshot<>(
                        Geometry.class,
                        GeometryEncoding.ALIGNED,
                        current + 1,
                        CoordinateSequenceKind.ARRAY);
        GeometrySerializerSnapshot<Geometry> today =
                new GeometrySerializerSnapshot<>(
                        Geometry.class,
                        GeometryEncoding.ALIGNED,
                        current,
                        CoordinateSequenceKind.ARRAY);
        TypeSerializerSchemaCompatibility<Geometry> upgrade =
                newer.resolveSchemaCompatibility(today);
        assertThat(upgrade.isCompatibleAfterMigration()).as("%s", upgrade).isTrue();
        TypeSerializerSchemaCompatibility<Geometry> downgrade =
                today.resolveSchemaCompatibility(newer);
        assertThat(downgrade.isIncompatible()).as("%s", downgrade).isTrue();
    }

    @Test
    void everySnapshotVersionEverWrittenIsReadAndOthersAreRefused() throws Exception {
        // Snapshot version 2 (with the encoding) is written; version 1 (aligned only) is read.
        assertThat(new GeometrySerializerSnapshot<>().getCurrentVersion()).isEqualTo(2);
        assertThat(Snapshots.read(snapshotBytes(1, 1, CoordinateSequenceKind.ARRAY)))
                .isInstanceOf(GeometrySerializerSnapshot.class);
        assertThat(
                        Snapshots.read(
                                Snapshots.versioned(
                                        GeometrySerializer.of(Geometry.class)
                                                .snapshotConfiguration())))
                .isInstanceOf(GeometrySerializerSnapshot.class);
        assertThatThrownBy(() -> Snapshots.read(snapshotBytes(3, 1, CoordinateSequenceKind.ARRAY)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("GeometrySerializerSnapshot version 3")
                .hasMessageContaining("reads versions 1..2");
    }

    @Test
    void everyKnownFormatVersionHasCommittedGoldenFiles() {
        for (int version = 1; version <= GeometrySerializer.FORMAT_VERSION; version++) {
            String directory = "/golden/geometry-serializer-v" + version + "/geometry-array/";
            assertThat(getClass().getResource(directory + "serializer-snapshot"))
                    .as(directory)
                    .isNotNull();
            assertThat(getClass().getResource(directory + "test-data")).as(directory).isNotNull();
        }
    }

    /** A versioned GeometrySerializerSnapshot for Geometry, written field by field. */
    private static byte[] snapshotBytes(
            int snapshotVersion, int formatVersion, CoordinateSequenceKind kind)
            throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        out.writeUTF(GeometrySerializerSnapshot.class.getName());
        out.writeInt(snapshotVersion);
        out.writeUTF(Geometry.class.getName());
        out.writeInt(formatVersion);
        out.writeUTF(kind.name());
        return out.getCopyOfBuffer();
    }
}
