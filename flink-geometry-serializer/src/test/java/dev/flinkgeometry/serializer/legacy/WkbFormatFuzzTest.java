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

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.flinkgeometry.format.internal.RawBytes;
import dev.flinkgeometry.format.wkb.WkbFormatException;
import dev.flinkgeometry.format.wkb.WkbReader;
import dev.flinkgeometry.format.wkb.WkbWriter;
import dev.flinkgeometry.testing.DecodeBudget;
import dev.flinkgeometry.testing.DecodeBudget.Outcome;
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
 * Fuzzes the legacy WKB decoder, directly ({@link WkbReader}) and behind its record framing ({@link
 * WkbGeometrySerializer}: int32 length, then WKB). For any bytes:
 *
 * <ul>
 *   <li>reading gives a geometry or an {@code IOException}, never another exception or error;
 *   <li>it allocates at most {@link DecodeBudget}'s small multiple of the input length;
 *   <li>a geometry that reads is written again, and that WKB reads back to an exactly equal
 *       geometry (by the legacy serializer's documented rules) and writes to itself; the serializer
 *       agrees;
 *   <li>WKB that this library wrote reads back as written and writes to the very same bytes ({@link
 *       #writtenRecords}).
 * </ul>
 *
 * <p>Without {@code JAZZER_FUZZ} (as in {@code mvn verify}) each test replays its committed seed
 * corpus (WKB written by GEOS in every byte order, flavor and dimension, and by our writer) in
 * {@code src/test/resources/dev/flinkgeometry/serializer/legacy/WkbFormatFuzzTestInputs/}; {@code
 * ci/fuzz.sh} fuzzes for real.
 *
 * <p>{@code @Timeout}: in {@code mvn verify} JUnit stops a replayed input that hangs; when fuzzing,
 * Jazzer passes the same value to libFuzzer as its per-input {@code -timeout}, and {@code
 * ci/fuzz.sh} switches JUnit's own timeout off so that it does not cut the whole fuzzing run.
 */
class WkbFormatFuzzTest {
    // Reused across inputs, as Flink reuses one serializer per thread.
    private final WkbReader reader = new WkbReader();
    private final WkbWriter writer = new WkbWriter();
    private final WkbGeometrySerializer<Geometry> serializer =
            WkbGeometrySerializer.of(Geometry.class);

    /** Arbitrary bytes, as WKB and as a stream of framed records. */
    @FuzzTest
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void anyBytes(byte[] input) throws IOException {
        checkWkb(input);
        checkStream(input);
    }

    /**
     * A geometry built from the fuzzer's bytes and written by us (canonical WKB), then the same
     * bytes with a few mutations.
     */
    @FuzzTest
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void writtenRecords(FuzzedDataProvider data) throws IOException {
        Geometry geometry = FuzzedGeometries.geometry(data);
        byte[] wkb = writer.write(geometry);
        Geometry expected = ExactGeometry.asReadFromLegacyWkb(geometry);
        Outcome read = DecodeBudget.decode("WkbReader", wkb.length, () -> read(wkb));
        assertThat(read.failure()).as("reading what we wrote").isNull();
        ExactGeometry.assertExactlyEqual(read.geometry(), expected);
        assertThat(writer.write(read.geometry())).isEqualTo(wkb);

        DataOutputSerializer out = new DataOutputSerializer(16);
        serializer.serialize(geometry, out);
        assertThat(out.getCopyOfBuffer()).isEqualTo(framed(wkb));
        ExactGeometry.assertExactlyEqual(
                serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer())), expected);

        checkWkb(FuzzMutations.mutate(wkb, data));
    }

    /** {@code wkb} as a whole record, through the reader and the serializer. */
    private void checkWkb(byte[] wkb) throws IOException {
        Outcome read = DecodeBudget.decode("WkbReader", wkb.length, () -> read(wkb));
        byte[] framed = framed(wkb);
        Outcome deserialized =
                DecodeBudget.decode(
                        "WkbGeometrySerializer",
                        framed.length,
                        () -> serializer.deserialize(new DataInputDeserializer(framed)));
        assertThat(deserialized.decoded())
                .as("the serializer reads what the reader reads: %s", read.failure())
                .isEqualTo(read.decoded());
        if (!read.decoded()) {
            return;
        }
        Geometry geometry = read.geometry();
        ExactGeometry.assertExactlyEqual(deserialized.geometry(), geometry);

        byte[] rewritten = writer.write(geometry);
        Geometry again = read(rewritten);
        ExactGeometry.assertExactlyEqual(again, ExactGeometry.asReadFromLegacyWkb(geometry));
        assertThat(writer.write(again)).isEqualTo(rewritten);
    }

    /**
     * {@code input} as what Flink hands the serializer: int32 length, WKB. Only {@code
     * IOException}s may escape; a lying length costs at most one read step of buffer.
     */
    private void checkStream(byte[] input) throws IOException {
        RawStreamCheck.check("WkbGeometrySerializer", serializer, input);
    }

    private Geometry read(byte[] wkb) throws WkbFormatException {
        return reader.read(wkb, 0, wkb.length);
    }

    private static byte[] framed(byte[] wkb) {
        byte[] framed = new byte[4 + wkb.length];
        RawBytes.putIntBE(framed, 0, wkb.length);
        System.arraycopy(wkb, 0, framed, 4, wkb.length);
        return framed;
    }
}
