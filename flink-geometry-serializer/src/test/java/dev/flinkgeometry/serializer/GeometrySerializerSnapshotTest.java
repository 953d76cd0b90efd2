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

import static dev.flinkgeometry.testing.Snapshots.GEOMETRY_CLASSES;
import static dev.flinkgeometry.testing.Snapshots.read;
import static dev.flinkgeometry.testing.Snapshots.resolve;
import static dev.flinkgeometry.testing.Snapshots.roundTrip;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.serializer.legacy.WkbGeometrySerializer;
import java.io.IOException;
import java.util.function.Predicate;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.api.java.typeutils.runtime.kryo.KryoSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.util.InstantiationUtil;
import org.apache.sedona.flink.GeometryTypeSerializer;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/** {@link GeometrySerializerSnapshot}: its bytes, reading them back, and schema resolution. */
class GeometrySerializerSnapshotTest {
    // ------------------------------------------------------------------------------------------
    // Write and read
    // ------------------------------------------------------------------------------------------

    @Test
    void aSnapshotRoundTripsThroughItsVersionedForm() throws Exception {
        for (GeometrySerializer<?> serializer :
                new GeometrySerializer<?>[] {
                    GeometrySerializer.of(Point.class),
                    GeometrySerializer.of(Geometry.class, CoordinateSequenceKind.PACKED_DOUBLE),
                    GeometrySerializer.of(LinearRing.class),
                    GeometrySerializer.of(GeometryCollection.class, CoordinateSequenceKind.ARRAY)
                }) {
            TypeSerializerSnapshot<?> restored = roundTrip(serializer.snapshotConfiguration());

            assertThat(restored).isInstanceOf(GeometrySerializerSnapshot.class);
            GeometrySerializerSnapshot<?> snapshot = (GeometrySerializerSnapshot<?>) restored;
            assertThat(snapshot.geometryClass()).isEqualTo(serializer.geometryClass());
            assertThat(snapshot.formatVersion()).isEqualTo(GeometrySerializer.FORMAT_VERSION);
            assertThat(snapshot.sequenceKind()).isEqualTo(serializer.sequenceKind());
            assertThat(snapshot.getCurrentVersion()).isEqualTo(2);

            TypeSerializer<?> restoreSerializer = snapshot.restoreSerializer();
            assertThat(restoreSerializer).isEqualTo(serializer).isNotSameAs(serializer);
            assertThat(resolve(serializer, restored).isCompatibleAsIs()).isTrue();
        }
    }

    @Test
    void theVersionedFormIsClassNameVersionGeometryClassKindEncodingAndFormatVersion()
            throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(64);
        TypeSerializerSnapshot.writeVersionedSnapshot(
                out,
                GeometrySerializer.of(Polygon.class, CoordinateSequenceKind.PACKED_DOUBLE)
                        .snapshotConfiguration());
        DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
        assertThat(in.readUTF()).isEqualTo(GeometrySerializerSnapshot.class.getName());
        assertThat(in.readInt()).as("snapshot version").isEqualTo(2);
        assertThat(in.readUTF()).isEqualTo(Polygon.class.getName());
        assertThat(in.readUTF()).isEqualTo("PACKED_DOUBLE");
        assertThat(in.readUnsignedByte()).as("encoding: aligned").isEqualTo(0);
        assertThat(in.readInt()).as("format version").isEqualTo(1);
        assertThat(in.available()).isZero();
    }

    @Test
    void aCompactSnapshotAddsItsDigitsAndDeclaredSrid() throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(64);
        TypeSerializerSnapshot.writeVersionedSnapshot(
                out,
                GeometrySerializer.of(
                                Point.class,
                                GeometryEncoding.compact(7, 2, 0).withDeclaredSrid(4326))
                        .snapshotConfiguration());
        DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
        assertThat(in.readUTF()).isEqualTo(GeometrySerializerSnapshot.class.getName());
        assertThat(in.readInt()).as("snapshot version").isEqualTo(2);
        assertThat(in.readUTF()).isEqualTo(Point.class.getName());
        assertThat(in.readUTF()).isEqualTo("ARRAY");
        assertThat(in.readUnsignedByte()).as("encoding: compact").isEqualTo(1);
        assertThat(in.readInt()).as("compact format version").isEqualTo(1);
        assertThat(in.readBoolean()).as("lossless").isFalse();
        assertThat(in.readByte()).isEqualTo((byte) 7);
        assertThat(in.readByte()).isEqualTo((byte) 2);
        assertThat(in.readByte()).isEqualTo((byte) 0);
        assertThat(in.readInt()).as("declared SRID").isEqualTo(4326);
        assertThat(in.available()).isZero();
    }

    @Test
    void everyEncodingRoundTripsAndRestoresItsSerializer() throws Exception {
        for (GeometryEncoding encoding :
                new GeometryEncoding[] {
                    GeometryEncoding.ALIGNED,
                    GeometryEncoding.compact(),
                    GeometryEncoding.compact().withDeclaredSrid(4326),
                    GeometryEncoding.compact(-2, 3, 7),
                    GeometryEncoding.compact(7, 0, 0).withDeclaredSrid(16_777_215)
                }) {
            GeometrySerializer<?> serializer =
                    GeometrySerializer.of(
                            LineString.class, encoding, CoordinateSequenceKind.PACKED_DOUBLE);
            TypeSerializerSnapshot<?> read = roundTrip(serializer);
            assertThat(read.restoreSerializer()).as("%s", encoding).isEqualTo(serializer);
            assertThat(resolve(serializer, read).isCompatibleAsIs()).as("%s", encoding).isTrue();
        }
    }

    @Test
    void aBadCompactEncodingFails() {
        assertThatThrownBy(() -> read(compactBytes(2, 1, false, 9, 0, 0, 0)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("invalid compact encoding");
        assertThatThrownBy(() -> read(compactBytes(2, 1, true, 0, 0, 0, 16_777_216)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("declared SRID 16777216");
        assertThatThrownBy(() -> read(compactBytes(2, 2, true, 0, 0, 0, 0)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("unknown compact format version 2");
        assertThatThrownBy(() -> read(compactBytes(2, 1, true, 7, 0, 0, 0)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("lossless");
    }

    @Test
    void theSnapshotClassKeepsItsNameAndPublicNoArgConstructor() throws Exception {
        assertThat(GeometrySerializerSnapshot.class.getName())
                .isEqualTo("dev.flinkgeometry.serializer.GeometrySerializerSnapshot");
        assertThat(GeometrySerializerSnapshot.class.getConstructor()).isNotNull();
        assertThat(InstantiationUtil.instantiate(GeometrySerializerSnapshot.class)).isNotNull();
    }

    @Test
    void anUnknownSnapshotVersionFailsWithAClearMessage() {
        for (int version : new int[] {0, 3, 99}) {
            byte[] bytes =
                    snapshotBytes(
                            version, Point.class.getName(), 1, CoordinateSequenceKind.ARRAY.name());
            assertThatThrownBy(() -> read(bytes))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("GeometrySerializerSnapshot")
                    .hasMessageContaining("version " + version);
        }
    }

    @Test
    void anUnknownOrNonGeometryClassFails() {
        assertThatThrownBy(() -> read(snapshotBytes(1, "org.example.NoSuchGeometry", 1, "ARRAY")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("org.example.NoSuchGeometry");
        assertThatThrownBy(() -> read(snapshotBytes(1, "java.lang.String", 1, "ARRAY")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("java.lang.String")
                .hasMessageContaining("Geometry");
    }

    @Test
    void anUnknownFormatVersionOrSequenceKindFails() {
        for (int formatVersion : new int[] {0, -1, GeometrySerializer.FORMAT_VERSION + 1}) {
            assertThatThrownBy(
                            () ->
                                    read(
                                            snapshotBytes(
                                                    1,
                                                    Point.class.getName(),
                                                    formatVersion,
                                                    "ARRAY")))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("format version " + formatVersion);
        }
        assertThatThrownBy(() -> read(snapshotBytes(1, Point.class.getName(), 1, "PACKED_FLOAT")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("PACKED_FLOAT");
    }

    @Test
    void aHandWrittenSnapshotOfTheCurrentLayoutIsRead() throws Exception {
        TypeSerializerSnapshot<?> snapshot =
                read(snapshotBytes(1, MultiPoint.class.getName(), 1, "PACKED_DOUBLE"));
        assertThat(snapshot.restoreSerializer())
                .isEqualTo(
                        GeometrySerializer.of(
                                MultiPoint.class, CoordinateSequenceKind.PACKED_DOUBLE));
    }

    // ------------------------------------------------------------------------------------------
    // Resolution, asked of the new serializer's snapshot about the old one
    // ------------------------------------------------------------------------------------------

    @Test
    void theSameClassIsCompatibleAsIs() throws Exception {
        for (Class<? extends Geometry> type : GEOMETRY_CLASSES) {
            GeometrySerializer<?> serializer = GeometrySerializer.of(type);
            assertThat(resolve(serializer, serializer.snapshotConfiguration()).isCompatibleAsIs())
                    .as("%s", type)
                    .isTrue();
            assertThat(
                            resolve(serializer, roundTrip(serializer.snapshotConfiguration()))
                                    .isCompatibleAsIs())
                    .as("%s, read back", type)
                    .isTrue();
        }
    }

    @Test
    void anotherSequenceKindIsCompatibleAsIs() throws Exception {
        for (Class<? extends Geometry> type : GEOMETRY_CLASSES) {
            for (GeometryEncoding encoding :
                    new GeometryEncoding[] {GeometryEncoding.ALIGNED, GeometryEncoding.compact()}) {
                for (CoordinateSequenceKind old : CoordinateSequenceKind.values()) {
                    for (CoordinateSequenceKind now : CoordinateSequenceKind.values()) {
                        GeometrySerializer<?> before = GeometrySerializer.of(type, encoding, old);
                        GeometrySerializer<?> after = GeometrySerializer.of(type, encoding, now);
                        assertThat(
                                        resolve(after, roundTrip(before.snapshotConfiguration()))
                                                .isCompatibleAsIs())
                                .as("old %s, new %s, %s, %s", old, now, encoding, type)
                                .isTrue();
                    }
                }
            }
        }
    }

    @Test
    void theMutableZKindIsRecordedByNameAndRestored() throws Exception {
        for (GeometryEncoding encoding :
                new GeometryEncoding[] {GeometryEncoding.ALIGNED, GeometryEncoding.compact()}) {
            GeometrySerializer<Geometry> serializer =
                    GeometrySerializer.of(
                            Geometry.class, encoding, CoordinateSequenceKind.ARRAY_MUTABLE_Z);
            DataOutputSerializer out = new DataOutputSerializer(64);
            TypeSerializerSnapshot.writeVersionedSnapshot(out, serializer.snapshotConfiguration());
            DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
            assertThat(in.readUTF()).isEqualTo(GeometrySerializerSnapshot.class.getName());
            assertThat(in.readInt()).as("snapshot version").isEqualTo(2);
            assertThat(in.readUTF()).isEqualTo(Geometry.class.getName());
            assertThat(in.readUTF()).as("%s", encoding).isEqualTo("ARRAY_MUTABLE_Z");

            TypeSerializer<?> restored = roundTrip(serializer).restoreSerializer();
            assertThat(restored).as("%s", encoding).isEqualTo(serializer);
            assertThat(((GeometrySerializer<?>) restored).sequenceKind())
                    .isEqualTo(CoordinateSequenceKind.ARRAY_MUTABLE_Z);
        }
    }

    @Test
    void aNewSuperclassIsCompatibleAsIs() throws Exception {
        assertCompatibleAsIs(Point.class, Geometry.class);
        assertCompatibleAsIs(Polygon.class, Geometry.class);
        assertCompatibleAsIs(MultiPoint.class, GeometryCollection.class);
        assertCompatibleAsIs(LinearRing.class, LineString.class);
        assertCompatibleAsIs(GeometryCollection.class, Geometry.class);
    }

    @Test
    void aNewSubclassOrUnrelatedClassIsIncompatible() throws Exception {
        assertIncompatible(Geometry.class, Point.class);
        assertIncompatible(GeometryCollection.class, MultiPoint.class);
        assertIncompatible(LineString.class, LinearRing.class);
        assertIncompatible(Point.class, LineString.class);
        assertIncompatible(Polygon.class, MultiPoint.class);
    }

    @Test
    void aNewerFormatVersionIsIncompatible() {
        GeometrySerializerSnapshot<Point> fromTheFuture =
                new GeometrySerializerSnapshot<>(
                        Point.class,
                        GeometryEncoding.ALIGNED,
                        GeometrySerializer.FORMAT_VERSION + 1,
                        CoordinateSequenceKind.ARRAY);
        assertThat(resolve(GeometrySerializer.of(Point.class), fromTheFuture).isIncompatible())
                .isTrue();
    }

    @Test
    void anotherEncodingMigratesBothWays() throws Exception {
        GeometryEncoding[] encodings = {
            GeometryEncoding.ALIGNED,
            GeometryEncoding.compact(),
            GeometryEncoding.compact().withDeclaredSrid(4326),
            GeometryEncoding.compact().withDeclaredSrid(3857),
            GeometryEncoding.compact(7, 0, 0),
            GeometryEncoding.compact(7, 1, 0),
            GeometryEncoding.compact(7, 0, 0).withDeclaredSrid(4326)
        };
        for (GeometryEncoding before : encodings) {
            for (GeometryEncoding after : encodings) {
                TypeSerializerSchemaCompatibility<?> compatibility =
                        resolve(
                                GeometrySerializer.of(Geometry.class, after),
                                roundTrip(GeometrySerializer.of(Point.class, before)));
                assertThat(
                                before.equals(after)
                                        ? compatibility.isCompatibleAsIs()
                                        : compatibility.isCompatibleAfterMigration())
                        .as("old %s, new %s: %s", before, after, compatibility)
                        .isTrue();
                assertThat(
                                resolve(
                                                GeometrySerializer.of(Point.class, after),
                                                roundTrip(
                                                        GeometrySerializer.of(
                                                                Geometry.class, before)))
                                        .isIncompatible())
                        .as("old %s of Geometry, new %s of Point", before, after)
                        .isTrue();
            }
        }
    }

    @Test
    void predecessorStateMigratesToCompact() throws Exception {
        GeometrySerializer<Geometry> lossless =
                GeometrySerializer.of(Geometry.class, GeometryEncoding.compact());
        GeometrySerializer<Point> digits =
                GeometrySerializer.of(
                        Point.class, GeometryEncoding.compact(7, 0, 0).withDeclaredSrid(4326));
        assertThat(resolve(lossless, roundTrip(WkbGeometrySerializer.of(Geometry.class))))
                .matches(TypeSerializerSchemaCompatibility::isCompatibleAfterMigration);
        assertThat(resolve(digits, roundTrip(WkbGeometrySerializer.of(Point.class))))
                .matches(TypeSerializerSchemaCompatibility::isCompatibleAfterMigration);
        assertThat(
                        resolve(
                                digits,
                                roundTrip(
                                        new KryoSerializer<>(
                                                Point.class, new SerializerConfigImpl()))))
                .matches(TypeSerializerSchemaCompatibility::isCompatibleAfterMigration);
        assertThat(resolve(lossless, roundTrip(GeometryTypeSerializer.INSTANCE)))
                .matches(TypeSerializerSchemaCompatibility::isCompatibleAfterMigration);
        assertThat(resolve(lossless, roundTrip(StringSerializer.INSTANCE)))
                .matches(TypeSerializerSchemaCompatibility::isIncompatible);
    }

    @Test
    void foreignSnapshotsAreIncompatible() throws Exception {
        // Kryo state of a JTS class migrates instead: KryoPredecessorSnapshotTest
        TypeSerializerSnapshot<?> kryo =
                new KryoSerializer<>(StringBuilder.class, new SerializerConfigImpl())
                        .snapshotConfiguration();
        TypeSerializerSnapshot<?> string = StringSerializer.INSTANCE.snapshotConfiguration();
        for (TypeSerializerSnapshot<?> foreign : new TypeSerializerSnapshot<?>[] {kryo, string}) {
            assertThat(resolve(GeometrySerializer.of(Point.class), foreign).isIncompatible())
                    .as("%s", foreign.getClass().getName())
                    .isTrue();
            assertThat(
                            resolve(GeometrySerializer.of(Geometry.class), roundTrip(foreign))
                                    .isIncompatible())
                    .as("%s, read back", foreign.getClass().getName())
                    .isTrue();
        }
    }

    // ------------------------------------------------------------------------------------------

    private static void assertCompatibleAsIs(
            Class<? extends Geometry> oldClass, Class<? extends Geometry> newClass)
            throws IOException {
        assertResolvedAs(oldClass, newClass, TypeSerializerSchemaCompatibility::isCompatibleAsIs);
    }

    private static void assertIncompatible(
            Class<? extends Geometry> oldClass, Class<? extends Geometry> newClass)
            throws IOException {
        assertResolvedAs(oldClass, newClass, TypeSerializerSchemaCompatibility::isIncompatible);
    }

    /** The new class's serializer resolves the old class's snapshot, read back, as expected. */
    private static void assertResolvedAs(
            Class<? extends Geometry> oldClass,
            Class<? extends Geometry> newClass,
            Predicate<TypeSerializerSchemaCompatibility<?>> expected)
            throws IOException {
        TypeSerializerSchemaCompatibility<?> compatibility =
                resolve(
                        GeometrySerializer.of(newClass),
                        roundTrip(GeometrySerializer.of(oldClass).snapshotConfiguration()));
        assertThat(expected.test(compatibility))
                .as(
                        "old %s, new %s: %s",
                        oldClass.getSimpleName(), newClass.getSimpleName(), compatibility)
                .isTrue();
    }

    /** A versioned compact GeometrySerializerSnapshot of Geometry written field by field. */
    private static byte[] compactBytes(
            int version, int formatVersion, boolean lossless, int xy, int z, int m, int srid)
            throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        out.writeUTF(GeometrySerializerSnapshot.class.getName());
        out.writeInt(version);
        out.writeUTF(Geometry.class.getName());
        out.writeUTF("ARRAY");
        out.writeByte(1);
        out.writeInt(formatVersion);
        out.writeBoolean(lossless);
        out.writeByte(xy);
        out.writeByte(z);
        out.writeByte(m);
        out.writeInt(srid);
        return out.getCopyOfBuffer();
    }

    /** A versioned GeometrySerializerSnapshot of version 1 written field by field. */
    private static byte[] snapshotBytes(
            int version, String geometryClass, int formatVersion, String sequenceKind) {
        try {
            DataOutputSerializer out = new DataOutputSerializer(64);
            out.writeUTF(GeometrySerializerSnapshot.class.getName());
            out.writeInt(version);
            out.writeUTF(geometryClass);
            out.writeInt(formatVersion);
            out.writeUTF(sequenceKind);
            return out.getCopyOfBuffer();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
