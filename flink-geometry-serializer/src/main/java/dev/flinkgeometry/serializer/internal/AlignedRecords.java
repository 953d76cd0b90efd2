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
import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.annotation.VisibleForTesting;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.locationtech.jts.geom.Geometry;

/**
 * Aligned-format records on Flink's views ({@link FramedRecords} over {@link AlignedPayload}).
 * Shared by {@code GeometrySerializer} and the Kryo fallback, so that both write the same record.
 *
 * <p>An instance owns its buffer and encoder state: one per serializer, not thread-safe.
 */
@Internal
public final class AlignedRecords {
    private final FramedRecords records;

    /** Records of the current format version, decoding into sequences of {@code sequenceKind}. */
    public AlignedRecords(CoordinateSequenceKind sequenceKind) {
        this(sequenceKind, AlignedFormat.VERSION);
    }

    /**
     * Records of aligned format {@code formatVersion}: what a serializer restored from a snapshot
     * of that version reads and writes.
     */
    public AlignedRecords(CoordinateSequenceKind sequenceKind, int formatVersion) {
        this.records = new FramedRecords(AlignedPayload.of(formatVersion, sequenceKind));
    }

    /**
     * Writes the record of {@code geometry}, or of {@code null}.
     *
     * @throws IllegalArgumentException for a user subclass of a JTS class, which would be read back
     *     as its JTS class ({@link DeclaredGeometryClass#requireJtsClass})
     */
    public void write(Geometry geometry, DataOutputView target) throws IOException {
        records.write(geometry, target);
    }

    /** Reads one record: its geometry, or {@code null} for a record of length 0. */
    public Geometry read(DataInputView source) throws IOException {
        return records.read(source);
    }

    /** Copies one record's bytes without decoding them. */
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        records.copy(source, target);
    }

    /** The current buffer capacity (0 before first use); for tests of the release policy. */
    @VisibleForTesting
    public int bufferCapacity() {
        return records.bufferCapacity();
    }
}
