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
package dev.flinkgeometry.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.serializer.GeometryEncoding;
import dev.flinkgeometry.serializer.GeometrySerializer;
import dev.flinkgeometry.testing.Wkt;
import java.io.EOFException;
import java.io.IOException;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.locationtech.jts.geom.Geometry;

/**
 * The accumulator serializer: the extent's state is only its box, corrupt counts fail without a
 * large allocation, and the snapshot restores the kind and the nested geometry serializer (aligned
 * or compact) and refuses another kind.
 */
class AccumulatorSerializerTest {
    private static final GeometrySerializer<Geometry> ALIGNED =
            GeometrySerializer.of(Geometry.class);

    @Test
    void anExtentHoldsOnlyItsBox() throws IOException {
        AccumulatorSerializer<ExtentAccumulator> serializer =
                new AccumulatorSerializer<>(AccumulatorKind.EXTENT, ALIGNED);
        StExtent extent = new StExtent();
        ExtentAccumulator box = extent.createAccumulator();
        assertThat(bytes(serializer, box)).isEqualTo(1);
        for (int i = 0; i < 1000; i++) {
            extent.accumulate(box, Wkt.read("POINT (" + i + " " + (i * 0.5) + ")"));
        }
        assertThat(bytes(serializer, box)).isEqualTo(33);
        ExtentAccumulator restored = roundTrip(serializer, box);
        assertThat(extent.getValue(restored).toText())
                .isEqualTo("POLYGON ((0 0, 0 499.5, 999 499.5, 999 0, 0 0))");
    }

    @ParameterizedTest
    @EnumSource(
            value = AccumulatorKind.class,
            names = {"COLLECT", "TRACK"})
    void aHugeOrNegativeCountFailsWithoutAllocatingIt(AccumulatorKind kind) {
        AccumulatorSerializer<Object> serializer = new AccumulatorSerializer<>(kind, ALIGNED);
        assertThatThrownBy(() -> read(serializer, new byte[] {0x7f, -1, -1, -1}))
                .isInstanceOf(EOFException.class);
        assertThatThrownBy(() -> read(serializer, new byte[] {-1, -1, -1, -2}))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("declares -2");
    }

    @ParameterizedTest
    @EnumSource(AccumulatorKind.class)
    void theSnapshotRestoresKindAndGeometrySerializer(AccumulatorKind kind) throws IOException {
        GeometrySerializer<Geometry> compact =
                GeometrySerializer.of(Geometry.class, GeometryEncoding.compact());
        for (GeometrySerializer<Geometry> geometries : java.util.List.of(ALIGNED, compact)) {
            AccumulatorSerializer<Object> serializer =
                    new AccumulatorSerializer<>(kind, geometries);
            TypeSerializerSnapshot<Object> restored = readSnapshot(serializer);
            TypeSerializer<Object> again = restored.restoreSerializer();
            assertThat(again).isEqualTo(serializer);
            assertThat(
                            serializer
                                    .snapshotConfiguration()
                                    .resolveSchemaCompatibility(restored)
                                    .isCompatibleAsIs())
                    .isTrue();
        }
        AccumulatorKind other =
                kind == AccumulatorKind.EXTENT ? AccumulatorKind.TRACK : AccumulatorKind.EXTENT;
        TypeSerializerSnapshot<Object> old =
                readSnapshot(new AccumulatorSerializer<>(other, ALIGNED));
        TypeSerializerSchemaCompatibility<Object> compatibility =
                new AccumulatorSerializer<>(kind, ALIGNED)
                        .snapshotConfiguration()
                        .resolveSchemaCompatibility(old);
        assertThat(compatibility.isIncompatible()).isTrue();
    }

    private static TypeSerializerSnapshot<Object> readSnapshot(
            AccumulatorSerializer<Object> serializer) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        TypeSerializerSnapshot.writeVersionedSnapshot(out, serializer.snapshotConfiguration());
        return TypeSerializerSnapshot.readVersionedSnapshot(
                new DataInputDeserializer(out.getCopyOfBuffer()),
                AccumulatorSerializerTest.class.getClassLoader());
    }

    private static Object read(AccumulatorSerializer<Object> serializer, byte[] bytes)
            throws IOException {
        return serializer.deserialize(new DataInputDeserializer(bytes));
    }

    private static <A> int bytes(AccumulatorSerializer<A> serializer, A accumulator)
            throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        serializer.serialize(accumulator, out);
        return out.length();
    }

    private static <A> A roundTrip(AccumulatorSerializer<A> serializer, A accumulator)
            throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        serializer.serialize(accumulator, out);
        return serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
    }
}
