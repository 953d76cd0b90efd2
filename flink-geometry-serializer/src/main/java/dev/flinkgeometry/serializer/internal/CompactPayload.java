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
package dev.flinkgeometry.serializer.internal;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.format.compact.CompactDecoder;
import dev.flinkgeometry.format.compact.CompactEncoder;
import dev.flinkgeometry.format.compact.CompactFormat;
import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.locationtech.jts.geom.Geometry;

/**
 * The compact payload of one format version ({@code dev.flinkgeometry.format.compact}): the one
 * place that maps a compact format version recorded in a snapshot to its encoder and decoder, one
 * {@code case} per version, as {@link AlignedPayload} does for the aligned format.
 */
@Internal
public final class CompactPayload implements PayloadCodec {
    private final CompactEncoder encoder;
    private final CompactDecoder decoder;

    private CompactPayload(CompactEncoder encoder, CompactDecoder decoder) {
        this.encoder = encoder;
        this.decoder = decoder;
    }

    /**
     * The codec of compact format {@code formatVersion}: lossless if {@code lossless}, else at the
     * given digits; records of {@code declaredSrid} store no SRID; decoding into sequences of
     * {@code kind}.
     *
     * @throws IllegalArgumentException if this release does not know {@code formatVersion}
     */
    public static CompactPayload of(
            int formatVersion,
            boolean lossless,
            int xyDigits,
            int zDigits,
            int mDigits,
            int declaredSrid,
            CoordinateSequenceKind kind) {
        switch (formatVersion) {
            case 1:
                CompactEncoder encoder =
                        lossless
                                ? CompactEncoder.lossless()
                                : CompactEncoder.withPrecision(xyDigits, zDigits, mDigits);
                return new CompactPayload(
                        encoder.withDeclaredSrid(declaredSrid),
                        CompactDecoder.of(kind, declaredSrid));
            default:
                throw new IllegalArgumentException(unknown(formatVersion));
        }
    }

    /** Whether this release reads and writes compact format {@code formatVersion}. */
    public static boolean isKnown(int formatVersion) {
        return formatVersion >= 1 && formatVersion <= CompactFormat.VERSION;
    }

    /** The message for a compact format version this release does not know. */
    public static String unknown(int formatVersion) {
        return "unknown compact format version "
                + formatVersion
                + " (this release knows 1.."
                + CompactFormat.VERSION
                + ")";
    }

    @Override
    public int encode(Geometry geometry, byte[] target, int offset) throws IOException {
        return encoder.encode(geometry, target, offset);
    }

    @Override
    public Geometry decode(byte[] bytes, int offset, int length) throws IOException {
        return decoder.decode(bytes, offset, length);
    }
}
