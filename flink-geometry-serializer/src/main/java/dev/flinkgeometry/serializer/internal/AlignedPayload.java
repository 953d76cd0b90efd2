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
import dev.flinkgeometry.format.aligned.AlignedFormat;
import dev.flinkgeometry.format.aligned.AlignedReader;
import dev.flinkgeometry.format.aligned.AlignedWriter;
import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.locationtech.jts.geom.Geometry;

/**
 * The aligned payload of one format version: the one place that maps a format version recorded in a
 * snapshot to its encoder and decoder. A new format version is a new {@code case} here (and a new
 * decoder path in {@code dev.flinkgeometry.format}), never an edit of an existing one, so that a
 * serializer restored from an old snapshot keeps reading and writing the old bytes.
 */
@Internal
public final class AlignedPayload implements PayloadCodec {
    private final AlignedWriter encoder;
    private final AlignedReader decoder;

    private AlignedPayload(AlignedWriter encoder, AlignedReader decoder) {
        this.encoder = encoder;
        this.decoder = decoder;
    }

    /**
     * The codec of aligned format {@code formatVersion}, decoding into sequences of {@code kind}.
     *
     * @throws IllegalArgumentException if this release does not know {@code formatVersion}
     */
    public static AlignedPayload of(int formatVersion, CoordinateSequenceKind kind) {
        switch (formatVersion) {
            case 1:
                return new AlignedPayload(new AlignedWriter(), AlignedReader.reusing(kind));
            default:
                throw new IllegalArgumentException(unknown(formatVersion));
        }
    }

    /** Whether this release reads and writes aligned format {@code formatVersion}. */
    public static boolean isKnown(int formatVersion) {
        return formatVersion >= 1 && formatVersion <= AlignedFormat.VERSION;
    }

    /** The message for an aligned format version this release does not know. */
    public static String unknown(int formatVersion) {
        return "unknown aligned format version "
                + formatVersion
                + " (this release knows 1.."
                + AlignedFormat.VERSION
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
