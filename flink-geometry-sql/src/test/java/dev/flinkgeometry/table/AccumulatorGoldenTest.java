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

import dev.flinkgeometry.serializer.GeometrySerializer;
import dev.flinkgeometry.testing.Hex;
import dev.flinkgeometry.testing.Wkt;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;

/**
 * The bytes of the aggregates' state are forever: each accumulator kind's committed snapshot and
 * record ({@code /aggregates/accumulators-golden.properties}, written once with {@code
 * -Dgolden.generate=true}) restore to the aggregate's result, and the restored serializer writes
 * the record again byte for byte.
 */
class AccumulatorGoldenTest {
    private static final String RESOURCE = "/aggregates/accumulators-golden.properties";
    private static final GeometrySerializer<Geometry> ALIGNED =
            GeometrySerializer.of(Geometry.class);

    /** Each kind's accumulator after the same rows, and the result PostGIS gives for them. */
    private static Map<AccumulatorKind, Object> accumulators() {
        Map<AccumulatorKind, Object> all = new LinkedHashMap<>();
        StCollect collect = new StCollect();
        CollectAccumulator points = collect.createAccumulator();
        collect.accumulate(points, Wkt.read("POINT (13.4 52.5)"));
        collect.accumulate(points, Wkt.read("POINT (13.5 52.6)"));
        all.put(AccumulatorKind.COLLECT, points);
        StMakeLine makeLine = new StMakeLine();
        TrackAccumulator track = makeLine.createAccumulator();
        makeLine.accumulate(track, Wkt.read("POINT (13.5 52.6)"), 2L);
        makeLine.accumulate(track, Wkt.read("POINT (13.4 52.5)"), 1L);
        all.put(AccumulatorKind.TRACK, track);
        StUnion union = new StUnion();
        UnionAccumulator shapes = union.createAccumulator();
        union.accumulate(shapes, Wkt.read("POLYGON ((0 0, 2 0, 2 2, 0 2, 0 0))"));
        union.accumulate(shapes, Wkt.read("POLYGON ((1 1, 3 1, 3 3, 1 3, 1 1))"));
        all.put(AccumulatorKind.UNION, shapes);
        StExtent extent = new StExtent();
        ExtentAccumulator box = extent.createAccumulator();
        extent.accumulate(box, Wkt.read("POINT (-1 2)"));
        extent.accumulate(box, Wkt.read("POINT (3 -4)"));
        all.put(AccumulatorKind.EXTENT, box);
        return all;
    }

    /** The results, written by hand: what PostGIS's aggregates give for the rows above. */
    private static final Map<AccumulatorKind, String> RESULTS =
            Map.of(
                    AccumulatorKind.COLLECT, "MULTIPOINT ((13.4 52.5), (13.5 52.6))",
                    AccumulatorKind.TRACK, "LINESTRING (13.4 52.5, 13.5 52.6)",
                    AccumulatorKind.EXTENT, "POLYGON ((-1 -4, -1 2, 3 2, 3 -4, -1 -4))");

    @Test
    void committedAccumulatorStateRestoresAndIsWrittenAgainByteForByte() throws Exception {
        if (Boolean.getBoolean("golden.generate")) {
            generate();
        }
        Properties golden = new Properties();
        try (InputStream in = AccumulatorGoldenTest.class.getResourceAsStream(RESOURCE)) {
            assertThat(in).as(RESOURCE).isNotNull();
            golden.load(in);
        }
        for (AccumulatorKind kind : AccumulatorKind.values()) {
            TypeSerializerSnapshot<Object> snapshot =
                    TypeSerializerSnapshot.readVersionedSnapshot(
                            new DataInputDeserializer(
                                    Hex.parse(golden.getProperty(kind + ".snapshot"))),
                            AccumulatorGoldenTest.class.getClassLoader());
            TypeSerializer<Object> restored = snapshot.restoreSerializer();
            byte[] record = Hex.parse(golden.getProperty(kind + ".record"));
            Object accumulator = restored.deserialize(new DataInputDeserializer(record));

            Geometry result = result(kind, accumulator);
            if (kind == AccumulatorKind.UNION) {
                assertThat(
                                result.equalsTopo(
                                        Wkt.read(
                                                "POLYGON ((0 0, 2 0, 2 1, 3 1, 3 3, 1 3, 1 2, 0 2, 0 0))")))
                        .as("%s restored", kind)
                        .isTrue();
            } else {
                assertThat(result.toText()).as("%s restored", kind).isEqualTo(RESULTS.get(kind));
            }
            DataOutputSerializer again = new DataOutputSerializer(64);
            restored.serialize(accumulator, again);
            assertThat(again.getCopyOfBuffer()).as("%s written again", kind).isEqualTo(record);
        }
    }

    private static Geometry result(AccumulatorKind kind, Object accumulator) {
        switch (kind) {
            case COLLECT:
                return new StCollect().getValue((CollectAccumulator) accumulator);
            case TRACK:
                return new StMakeLine().getValue((TrackAccumulator) accumulator);
            case UNION:
                return new StUnion().getValue((UnionAccumulator) accumulator);
            default:
                return new StExtent().getValue((ExtentAccumulator) accumulator);
        }
    }

    /** Writes the golden file into the source tree: once per format version, never over one. */
    private static void generate() throws IOException {
        StringBuilder text =
                new StringBuilder("# AccumulatorGoldenTest: never edit, never regenerate\n");
        for (Map.Entry<AccumulatorKind, Object> entry : accumulators().entrySet()) {
            AccumulatorSerializer<Object> serializer =
                    new AccumulatorSerializer<>(entry.getKey(), ALIGNED);
            DataOutputSerializer snapshot = new DataOutputSerializer(64);
            TypeSerializerSnapshot.writeVersionedSnapshot(
                    snapshot, serializer.snapshotConfiguration());
            DataOutputSerializer record = new DataOutputSerializer(64);
            serializer.serialize(entry.getValue(), record);
            text.append(entry.getKey())
                    .append(".snapshot=")
                    .append(Hex.format(snapshot.getCopyOfBuffer()))
                    .append('\n')
                    .append(entry.getKey())
                    .append(".record=")
                    .append(Hex.format(record.getCopyOfBuffer()))
                    .append('\n');
        }
        Path file = Paths.get("src/test/resources" + RESOURCE);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
