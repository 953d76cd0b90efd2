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
package dev.flinkgeometry.format.twkb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.format.internal.TwkbCodes;
import dev.flinkgeometry.testing.DecodedSequences;
import dev.flinkgeometry.testing.ExactGeometry;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;

/**
 * The reader takes an XY point with a word per varint when 16 bytes of the array follow its
 * ordinates, else byte by byte: both must give the same geometry, and fail alike. The points are
 * built here by hand, and where {@code q / 10^p} is exact arithmetic, checked against BigDecimal.
 */
class TwkbPointReadTest {
    /**
     * A point of any precision and quanta up to 10-byte varints, cut short or overlong by a byte.
     */
    @Property(tries = 3000)
    void aPointReadsTheSameWithAndWithoutRoomForWords(
            @ForAll @LongRange(min = -(1L << 62), max = 1L << 62) long qx,
            @ForAll @LongRange(min = -(1L << 62), max = 1L << 62) long qy,
            @ForAll @IntRange(min = -8, max = 7) int precision,
            @ForAll @IntRange(min = -1, max = 1) int extraBytes,
            @ForAll @IntRange(min = 0, max = 5) int offset,
            @ForAll @IntRange(min = 0, max = 1 << 24) int srid) {
        byte[] twkb = point(precision, qx, qy, extraBytes);
        for (CoordinateSequenceKind kind : CoordinateSequenceKind.values()) {
            TwkbReader reader = TwkbReader.of(kind);
            Object atEnd = read(reader, place(twkb, offset, 0), offset, twkb.length, srid);
            Object withRoom = read(reader, place(twkb, offset, 16), offset, twkb.length, srid);
            if (atEnd instanceof Geometry) {
                assertThat(withRoom).isInstanceOf(Point.class);
                ExactGeometry.assertExactlyEqual((Geometry) withRoom, (Geometry) atEnd);
            } else {
                assertThat(withRoom).isEqualTo(atEnd);
            }
            if (extraBytes == 0) {
                assertThat(withRoom).isInstanceOf(Point.class);
                Point point = (Point) withRoom;
                assertThat(point.getSRID()).isEqualTo(srid);
                DecodedSequences.assertOfKind(point, kind);
                if (precision >= 0 && Math.abs(qx) <= 1L << 53 && Math.abs(qy) <= 1L << 53) {
                    assertThat(point.getX()).isEqualTo(quotient(qx, precision));
                    assertThat(point.getY()).isEqualTo(quotient(qy, precision));
                }
            }
        }
    }

    /**
     * The bytes of a point under any type and metadata byte (empty, size, bounding box, extended
     * dimensions...): the same outcome.
     */
    @Property(tries = 2000)
    void aPointsBytesUnderAnyTypeAndMetadataReadTheSame(
            @ForAll @IntRange(min = 0, max = 15) int type,
            @ForAll @IntRange(min = 0, max = 255) int metadata,
            @ForAll @IntRange(min = -1000, max = 1000) int qx,
            @ForAll @IntRange(min = -1000, max = 1000) int qy) {
        byte[] twkb = point(6, qx, qy, 0);
        twkb[0] = (byte) (twkb[0] & 0xF0 | type);
        twkb[1] = (byte) metadata;
        TwkbReader reader = TwkbReader.of(CoordinateSequenceKind.ARRAY);
        Object atEnd = read(reader, place(twkb, 0, 0), 0, twkb.length, 0);
        Object withRoom = read(reader, place(twkb, 0, 16), 0, twkb.length, 0);
        if (atEnd instanceof Geometry) {
            assertThat(withRoom).isInstanceOf(Geometry.class);
            ExactGeometry.assertExactlyEqual((Geometry) withRoom, (Geometry) atEnd);
        } else {
            assertThat(withRoom).isEqualTo(atEnd);
        }
    }

    /** A non-minimal varint (a zero group continued) is read by both paths. */
    @Property(tries = 200)
    void nonMinimalVarintsReadTheSame(
            @ForAll @IntRange(min = 0, max = 1 << 20) int zigzagX,
            @ForAll @IntRange(min = 0, max = 7) int precision) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(TwkbCodes.zigzagPrecision(precision) << 4 | 1);
        out.write(0);
        leb128(out, zigzagX, true);
        leb128(out, 5, false);
        byte[] twkb = out.toByteArray();
        TwkbReader reader = TwkbReader.of(CoordinateSequenceKind.ARRAY);
        Object atEnd = read(reader, place(twkb, 0, 0), 0, twkb.length, 0);
        Object withRoom = read(reader, place(twkb, 0, 16), 0, twkb.length, 0);
        assertThat(withRoom).isInstanceOf(Point.class);
        ExactGeometry.assertExactlyEqual((Geometry) withRoom, (Geometry) atEnd);
        assertThat(((Point) withRoom).getX())
                .isEqualTo(quotient(TwkbCodes.unzigzag(zigzagX), precision));
    }

    /** The correctly rounded {@code q / 10^p}, which IEEE division of exact operands gives. */
    private static double quotient(long q, int precision) {
        return new BigDecimal(q).movePointLeft(precision).doubleValue();
    }

    /** The geometry read, or the message of the failure. */
    private static Object read(TwkbReader reader, byte[] bytes, int offset, int length, int srid) {
        try {
            return reader.read(bytes, offset, length, srid);
        } catch (GeometryFormatException e) {
            return e.getMessage();
        }
    }

    /** {@code twkb} after {@code offset} bytes of 0xFF and before {@code room} more. */
    private static byte[] place(byte[] twkb, int offset, int room) {
        byte[] bytes = new byte[offset + twkb.length + room];
        Arrays.fill(bytes, (byte) 0xFF);
        System.arraycopy(twkb, 0, bytes, offset, twkb.length);
        return bytes;
    }

    /** An XY point's TWKB; {@code extraBytes} -1 drops its last byte, 1 appends a zero byte. */
    private static byte[] point(int precision, long qx, long qy, int extraBytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(TwkbCodes.zigzagPrecision(precision) << 4 | 1);
        out.write(0);
        leb128(out, (qx << 1) ^ (qx >> 63), false);
        leb128(out, (qy << 1) ^ (qy >> 63), false);
        if (extraBytes > 0) {
            out.write(0);
        }
        byte[] bytes = out.toByteArray();
        return extraBytes < 0 ? Arrays.copyOf(bytes, bytes.length - 1) : bytes;
    }

    /** Unsigned LEB128, byte by byte; {@code padded} adds a continued zero group. */
    private static void leb128(ByteArrayOutputStream out, long value, boolean padded) {
        while (Long.compareUnsigned(value, 0x80) >= 0) {
            out.write((int) (value & 0x7F) | 0x80);
            value >>>= 7;
        }
        if (padded) {
            out.write((int) value | 0x80);
            out.write(0);
        } else {
            out.write((int) value);
        }
    }
}
