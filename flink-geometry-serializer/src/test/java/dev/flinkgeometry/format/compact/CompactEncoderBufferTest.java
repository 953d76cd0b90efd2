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

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.format.internal.TwkbAppender;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;

/**
 * The TWKB staging buffer of a {@link CompactEncoder}: kept between records while small, dropped
 * after a record that grew it beyond {@link TwkbAppender#RETAINED_BYTES}, so that one huge geometry
 * does not pin its memory in a long-lived encoder.
 */
class CompactEncoderBufferTest {
    private static final GeometryFactory FACTORY = new GeometryFactory();

    /**
     * A line of {@code points} points of 7 decimals (each {@code q / 10^7}, as TWKB reads it back)
     * whose deltas take 4 bytes per ordinate.
     */
    private static Geometry line(int points) {
        Coordinate[] coordinates = new Coordinate[points];
        for (int i = 0; i < points; i++) {
            coordinates[i] = new Coordinate(i * 12_345_678L / 1e7, -i * 12_345_678L / 1e7);
        }
        return FACTORY.createLineString(coordinates);
    }

    @Test
    void aBufferGrownBeyondTheLimitIsDroppedAfterTheRecord() throws GeometryFormatException {
        CompactEncoder encoder = CompactEncoder.lossless();
        Geometry huge = line(40_000); // about 320 KiB of TWKB

        byte[] record = encoder.encode(huge);

        assertThat(record[0]).isEqualTo((byte) CompactFormat.TWKB);
        assertThat(record.length).isGreaterThan(TwkbAppender.RETAINED_BYTES);
        assertThat(encoder.bufferCapacity()).isLessThanOrEqualTo(TwkbAppender.RETAINED_BYTES);
        assertThat(CompactDecoder.of(CoordinateSequenceKind.ARRAY).decode(record)).isEqualTo(huge);
    }

    @Test
    void aBufferWithinTheLimitIsKeptForTheNextRecord() throws GeometryFormatException {
        CompactEncoder encoder = CompactEncoder.lossless();
        Geometry large = line(8_000); // about 64 KiB of TWKB

        byte[] record = encoder.encode(large);

        assertThat(record[0]).isEqualTo((byte) CompactFormat.TWKB);
        assertThat(record.length).isLessThan(TwkbAppender.RETAINED_BYTES);
        assertThat(encoder.bufferCapacity()).isGreaterThanOrEqualTo(record.length);
    }
}
