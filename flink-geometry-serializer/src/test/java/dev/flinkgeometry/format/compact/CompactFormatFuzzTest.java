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
package dev.flinkgeometry.format.compact;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.format.internal.Varint;
import dev.flinkgeometry.serializer.GeometryEncoding;
import dev.flinkgeometry.serializer.GeometrySerializer;
import dev.flinkgeometry.testing.DecodeBudget;
import dev.flinkgeometry.testing.DecodeBudget.Outcome;
import dev.flinkgeometry.testing.DecodedSequences;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.FuzzMutations;
import dev.flinkgeometry.testing.FuzzedGeometries;
import dev.flinkgeometry.testing.RawStreamCheck;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.CoordinateSequenceFilter;
import org.locationtech.jts.geom.Geometry;

/**
 * Fuzzes the compact record decoder, directly ({@link CompactDecoder}, both sequence kinds) and
 * behind Flink's record framing ({@link GeometrySerializer} of the compact encoding). For any
 * bytes: a geometry or an {@code IOException}, within {@link DecodeBudget}; a geometry that decodes
 * re-encodes to bytes that decode to an exactly equal geometry and re-encode to themselves. Records
 * we wrote (also of decimal geometries, which take the TWKB form) decode to the geometry written.
 *
 * <p>Without {@code JAZZER_FUZZ} (as in {@code mvn verify}) each test replays its committed seed
 * corpus ({@code CompactFormatFuzzTestInputs/}); {@code ci/fuzz.sh compact compact-written} fuzzes.
 */
class CompactFormatFuzzTest {
    private static final CoordinateSequenceKind[] KINDS = CoordinateSequenceKind.values();

    private final GeometrySerializer<?>[] serializers = {
        GeometrySerializer.of(Geometry.class, GeometryEncoding.compact(), KINDS[0]),
        GeometrySerializer.of(Geometry.class, GeometryEncoding.compact(), KINDS[1]),
        GeometrySerializer.of(Geometry.class, GeometryEncoding.compact(), KINDS[2])
    };

    @FuzzTest
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void anyBytes(byte[] input) throws IOException {
        checkPayload(input);
        for (GeometrySerializer<?> serializer : serializers) {
            RawStreamCheck.check("GeometrySerializer (compact)", serializer, input);
        }
    }

    @FuzzTest
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void writtenRecords(FuzzedDataProvider data) throws IOException {
        Geometry geometry = FuzzedGeometries.geometry(data);
        if (data.consumeBoolean()) {
            geometry = decimal(geometry, data.consumeInt(0, 7));
        }
        byte[] bytes = CompactEncoder.lossless().encode(geometry);
        Geometry expected = ExactGeometry.asDecoded(geometry);
        for (CoordinateSequenceKind kind : KINDS) {
            Outcome decoded =
                    DecodeBudget.decode(
                            "CompactDecoder " + kind,
                            bytes.length,
                            () -> CompactDecoder.of(kind).decode(bytes));
            assertThat(decoded.failure()).as("decoding what we wrote").isNull();
            ExactGeometry.assertExactlyEqual(decoded.geometry(), expected);
            DecodedSequences.assertOfKind(decoded.geometry(), kind);
            assertThat(CompactEncoder.lossless().encode(decoded.geometry())).isEqualTo(bytes);
        }
        checkPayload(FuzzMutations.mutate(bytes, data));
    }

    /** {@code geometry} with every finite ordinate rounded to {@code digits} decimals. */
    private static Geometry decimal(Geometry geometry, int digits) {
        Geometry copy = geometry.copy();
        double scale = Math.pow(10, digits);
        copy.apply(
                new CoordinateSequenceFilter() {
                    @Override
                    public void filter(CoordinateSequence sequence, int i) {
                        for (int o = 0; o < sequence.getDimension(); o++) {
                            double v = sequence.getOrdinate(i, o);
                            if (Double.isFinite(v) && Math.abs(v) < 1e8) {
                                sequence.setOrdinate(i, o, Math.round(v * scale) / scale);
                            }
                        }
                    }

                    @Override
                    public boolean isDone() {
                        return false;
                    }

                    @Override
                    public boolean isGeometryChanged() {
                        return true;
                    }
                });
        return copy;
    }

    private void checkPayload(byte[] payload) throws IOException {
        byte[] framed = new byte[Varint.size(payload.length) + payload.length];
        System.arraycopy(
                payload, 0, framed, Varint.write(payload.length, framed, 0), payload.length);
        for (int k = 0; k < KINDS.length; k++) {
            CoordinateSequenceKind kind = KINDS[k];
            GeometrySerializer<?> serializer = serializers[k];
            Outcome decoded =
                    DecodeBudget.decode(
                            "CompactDecoder " + kind,
                            payload.length,
                            () -> CompactDecoder.of(kind).decode(payload));
            Outcome deserialized =
                    DecodeBudget.decode(
                            "GeometrySerializer (compact) " + kind,
                            framed.length,
                            () ->
                                    serializer.deserialize(
                                            new org.apache.flink.core.memory.DataInputDeserializer(
                                                    framed)));
            if (payload.length == 0) {
                assertThat(deserialized.geometry()).as("length 0 is null").isNull();
                continue;
            }
            assertThat(deserialized.decoded()).isEqualTo(decoded.decoded());
            if (!decoded.decoded()) {
                continue;
            }
            Geometry geometry = decoded.geometry();
            ExactGeometry.assertExactlyEqual(deserialized.geometry(), geometry);
            byte[] again = CompactEncoder.lossless().encode(geometry);
            Geometry reread = CompactDecoder.of(kind).decode(again);
            ExactGeometry.assertExactlyEqual(reread, geometry);
            assertThat(CompactEncoder.lossless().encode(reread)).isEqualTo(again);
        }
    }
}
