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

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.format.aligned.AlignedFormat;
import dev.flinkgeometry.format.aligned.AlignedReader;
import dev.flinkgeometry.format.internal.Varint;
import dev.flinkgeometry.testing.DecodeBudget;
import dev.flinkgeometry.testing.DecodeBudget.Outcome;
import dev.flinkgeometry.testing.DecodedSequences;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.FuzzMutations;
import dev.flinkgeometry.testing.FuzzedGeometries;
import dev.flinkgeometry.testing.RawStreamCheck;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Timeout;
import org.locationtech.jts.geom.Geometry;

/**
 * Fuzzes the aligned-format decoder, directly ({@link AlignedReader}, both sequence kinds) and
 * behind Flink's record framing ({@link GeometrySerializer}). For any bytes:
 *
 * <ul>
 *   <li>decoding gives a geometry or an {@code IOException}, never another exception or error;
 *   <li>it allocates at most {@link DecodeBudget}'s small multiple of the input length;
 *   <li>a geometry that decodes re-encodes, and those bytes decode to an exactly equal geometry and
 *       re-encode to themselves; both kinds and the serializer agree;
 *   <li>a record this library wrote decodes to the geometry written and re-encodes to the very same
 *       bytes ({@link #writtenRecords}).
 * </ul>
 *
 * <p>Without {@code JAZZER_FUZZ} (as in {@code mvn verify}) each test replays its committed seed
 * corpus in {@code src/test/resources/dev/flinkgeometry/serializer/AlignedFormatFuzzTestInputs/};
 * {@code ci/fuzz.sh} fuzzes for real.
 *
 * <p>{@code @Timeout}: in {@code mvn verify} JUnit stops a replayed input that hangs; when fuzzing,
 * Jazzer passes the same value to libFuzzer as its per-input {@code -timeout}, and {@code
 * ci/fuzz.sh} switches JUnit's own timeout off so that it does not cut the whole fuzzing run.
 */
class AlignedFormatFuzzTest {
    private static final CoordinateSequenceKind[] KINDS = CoordinateSequenceKind.values();

    // One serializer per kind, reused across inputs as Flink reuses one per thread, so state left
    // behind by one input (buffers) meets the next.
    private final GeometrySerializer<?>[] serializers = {
        GeometrySerializer.of(Geometry.class, KINDS[0]),
        GeometrySerializer.of(Geometry.class, KINDS[1]),
        GeometrySerializer.of(Geometry.class, KINDS[2])
    };

    /** Arbitrary bytes, as a record's payload and as a stream of framed records. */
    @FuzzTest
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void anyBytes(byte[] input) throws IOException {
        checkPayload(input);
        checkStream(input);
    }

    /**
     * A geometry built from the fuzzer's bytes and encoded by us (canonical bytes), then the same
     * bytes with a few mutations, so that the fuzzer starts from deep inside valid records.
     */
    @FuzzTest
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void writtenRecords(FuzzedDataProvider data) throws IOException {
        Geometry geometry = FuzzedGeometries.geometry(data);
        byte[] bytes = AlignedFormat.encode(geometry);
        Geometry expected = ExactGeometry.asDecoded(geometry);
        for (int k = 0; k < KINDS.length; k++) {
            CoordinateSequenceKind kind = KINDS[k];
            Outcome decoded =
                    DecodeBudget.decode(
                            "AlignedReader " + kind,
                            bytes.length,
                            () -> AlignedReader.of(kind).decode(bytes, 0, bytes.length));
            assertThat(decoded.failure()).as("decoding what we wrote").isNull();
            ExactGeometry.assertExactlyEqual(decoded.geometry(), expected);
            DecodedSequences.assertOfKind(decoded.geometry(), kind);
            assertThat(AlignedFormat.encode(decoded.geometry())).isEqualTo(bytes);

            @SuppressWarnings("unchecked")
            GeometrySerializer<Geometry> serializer = (GeometrySerializer<Geometry>) serializers[k];
            DataOutputSerializer out = new DataOutputSerializer(16);
            serializer.serialize(geometry, out);
            assertThat(out.getCopyOfBuffer()).isEqualTo(framed(bytes));
            ExactGeometry.assertExactlyEqual(
                    serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer())),
                    expected);
        }
        checkPayload(FuzzMutations.mutate(bytes, data));
    }

    /** {@code payload} as a whole record, through both decoders and both serializers. */
    private void checkPayload(byte[] payload) throws IOException {
        byte[] framed = framed(payload);
        Geometry first = null;
        for (int k = 0; k < KINDS.length; k++) {
            CoordinateSequenceKind kind = KINDS[k];
            GeometrySerializer<?> serializer = serializers[k];
            Outcome decoded =
                    DecodeBudget.decode(
                            "AlignedReader " + kind,
                            payload.length,
                            () -> AlignedReader.of(kind).decode(payload, 0, payload.length));
            Outcome deserialized =
                    DecodeBudget.decode(
                            "GeometrySerializer " + kind,
                            framed.length,
                            () -> serializer.deserialize(new DataInputDeserializer(framed)));
            if (payload.length == 0) {
                assertThat(deserialized.geometry()).as("length 0 is null").isNull();
                assertThat(deserialized.failure()).isNull();
                continue;
            }
            assertThat(deserialized.decoded())
                    .as("the serializer decodes what the decoder decodes: %s", decoded.failure())
                    .isEqualTo(decoded.decoded());
            if (!decoded.decoded()) {
                continue;
            }
            Geometry geometry = decoded.geometry();
            ExactGeometry.assertExactlyEqual(deserialized.geometry(), geometry);
            if (first == null) {
                first = geometry;
            } else {
                ExactGeometry.assertExactlyEqual(geometry, first);
            }
            assertReEncodes(geometry, kind);
        }
    }

    /**
     * A decoded geometry re-encodes to canonical bytes, which decode to an exactly equal geometry
     * and encode to themselves.
     */
    private static void assertReEncodes(Geometry geometry, CoordinateSequenceKind kind)
            throws IOException {
        byte[] bytes = AlignedFormat.encode(geometry);
        Geometry again = AlignedReader.of(kind).decode(bytes, 0, bytes.length);
        ExactGeometry.assertExactlyEqual(again, geometry);
        DecodedSequences.assertOfKind(again, kind);
        assertThat(AlignedFormat.encode(again)).isEqualTo(bytes);
    }

    /**
     * {@code input} as what Flink hands a serializer: records with varint length prefixes. Only
     * {@code IOException}s may escape; a lying length costs at most one read step of buffer.
     */
    private void checkStream(byte[] input) throws IOException {
        for (GeometrySerializer<?> serializer : serializers) {
            RawStreamCheck.check("GeometrySerializer", serializer, input);
        }
    }

    private static byte[] framed(byte[] payload) {
        byte[] framed = new byte[Varint.size(payload.length) + payload.length];
        int offset = Varint.write(payload.length, framed, 0);
        System.arraycopy(payload, 0, framed, offset, payload.length);
        return framed;
    }
}
