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

import static dev.flinkgeometry.testing.ExactGeometry.asDecoded;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.format.aligned.AlignedFormat;
import dev.flinkgeometry.format.internal.TwkbCodes;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.GeometryArbitraries;
import dev.flinkgeometry.testing.GeometryArbitraries.Representation;
import dev.flinkgeometry.testing.Hex;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;

/** Properties of the lossless compact record over random geometries and ordinates. */
class CompactCodecPropertyTest {
    private static final GeometryFactory FACTORY = new GeometryFactory();

    @Provide
    Arbitrary<Geometry> geometries() {
        return GeometryArbitraries.geometries();
    }

    @Provide
    Arbitrary<Representation> representations() {
        return GeometryArbitraries.representations();
    }

    /** Random decimal and non-decimal ordinates, every type, any representation. */
    @Property(tries = 700)
    void everyGeometryReadsBackBitForBitAndEncodesDeterministically(
            @ForAll("geometries") Geometry geometry,
            @ForAll("representations") Representation other)
            throws Exception {
        CompactEncoder encoder = CompactEncoder.lossless();
        byte[] record = encoder.encode(geometry);
        for (CoordinateSequenceKind kind : CoordinateSequenceKind.values()) {
            Geometry decoded = CompactDecoder.of(kind).decode(record);
            ExactGeometry.assertExactlyEqual(decoded, asDecoded(geometry));
            assertThat(Hex.format(encoder.encode(decoded))).isEqualTo(Hex.format(record));
        }
        Geometry rebuilt = GeometryArbitraries.rebuild(geometry, other);
        assertThat(Hex.format(CompactEncoder.lossless().encode(rebuilt)))
                .as("bytes in representation %s", other)
                .isEqualTo(Hex.format(record));
        assertThat(record.length).isLessThanOrEqualTo(AlignedFormat.encode(geometry).length + 1);
    }

    /**
     * Ordinates parsed from decimal text with up to 7 digits are TWKB at the most digits any of
     * them has (trailing zeros do not count), and read back as the same doubles.
     */
    @Property(tries = 500)
    void decimalTextIsTwkbAtItsDigits(
            @ForAll @Size(min = 2, max = 20)
                    List<@IntRange(min = -1_800_000_000, max = 1_800_000_000) Integer> units,
            @ForAll @IntRange(min = 0, max = 7) int digits)
            throws Exception {
        Coordinate[] coordinates = new Coordinate[units.size() / 2];
        int expected = 0;
        for (int i = 0; i < coordinates.length; i++) {
            String x = BigDecimal.valueOf(units.get(2 * i), digits).toPlainString();
            String y = BigDecimal.valueOf(units.get(2 * i + 1), digits).toPlainString();
            coordinates[i] = new Coordinate(Double.parseDouble(x), Double.parseDouble(y));
            expected = Math.max(expected, Math.max(digitsOf(x), digitsOf(y)));
        }
        Geometry geometry =
                coordinates.length == 1
                        ? FACTORY.createPoint(coordinates[0])
                        : FACTORY.createMultiPointFromCoords(coordinates);
        byte[] record = CompactEncoder.lossless().encode(geometry);
        assertThat(record[0]).isEqualTo((byte) CompactFormat.TWKB);
        assertThat(TwkbCodes.unzigzagPrecision((record[1] & 0xFF) >>> 4)).isEqualTo(expected);
        ExactGeometry.assertExactlyEqual(
                CompactDecoder.of(CoordinateSequenceKind.ARRAY).decode(record), geometry);
    }

    /**
     * A point parsed from decimal text is, byte for byte, the TWKB of its decimals at the most
     * digits either ordinate has: the expected bytes are built here from the text, by BigDecimal.
     */
    @Property(tries = 3000)
    void decimalPointIsItsDecimalsAsTwkb(
            @ForAll @IntRange(min = -1_800_000_000, max = 1_800_000_000) int unitsX,
            @ForAll @IntRange(min = -1_800_000_000, max = 1_800_000_000) int unitsY,
            @ForAll @IntRange(min = 0, max = 7) int digitsX,
            @ForAll @IntRange(min = 0, max = 7) int digitsY)
            throws Exception {
        // Degrees within ±180 with the given decimals, as a GPS feed sends them.
        String x =
                BigDecimal.valueOf(unitsX, 7).setScale(digitsX, RoundingMode.DOWN).toPlainString();
        String y =
                BigDecimal.valueOf(unitsY, 7).setScale(digitsY, RoundingMode.DOWN).toPlainString();
        int digits = Math.max(digitsOf(x), digitsOf(y));
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        expected.write(CompactFormat.TWKB);
        expected.write(digits << 1 << 4 | 1); // zigzag precision, type 1 (point)
        expected.write(0); // no flags
        for (String ordinate : new String[] {x, y}) {
            long q = new BigDecimal(ordinate).movePointRight(digits).longValueExact();
            long zigzag = (q << 1) ^ (q >> 63);
            while (zigzag >= 0x80) {
                expected.write((int) (zigzag & 0x7F) | 0x80);
                zigzag >>>= 7;
            }
            expected.write((int) zigzag);
        }
        Geometry point =
                FACTORY.createPoint(new Coordinate(Double.parseDouble(x), Double.parseDouble(y)));
        byte[] record = CompactEncoder.lossless().encode(point);
        assertThat(Hex.format(record)).isEqualTo(Hex.format(expected.toByteArray()));
        ExactGeometry.assertExactlyEqual(
                CompactDecoder.of(CoordinateSequenceKind.ARRAY).decode(record), point);
    }

    /** Significant decimal digits of a plain decimal string. */
    private static int digitsOf(String plain) {
        return Math.max(0, new BigDecimal(plain).stripTrailingZeros().scale());
    }

    @Property(tries = 300)
    void fixedPrecisionReadsBackAsThePostgisQuotient(
            @ForAll("geometries") Geometry geometry, @ForAll @IntRange(min = 0, max = 7) int xy)
            throws Exception {
        byte[] record = CompactEncoder.withPrecision(xy, xy, xy).encode(geometry);
        Geometry decoded = CompactDecoder.of(CoordinateSequenceKind.ARRAY).decode(record);
        if (record[0] == CompactFormat.ALIGNED) {
            ExactGeometry.assertExactlyEqual(decoded, asDecoded(geometry));
            return;
        }
        double factor = Math.pow(10, xy);
        Coordinate[] in = geometry.getCoordinates();
        Coordinate[] out = decoded.getCoordinates();
        assertThat(out).hasSameSizeAs(in);
        for (int i = 0; i < in.length; i++) {
            for (int o = 0; o < 2; o++) {
                double v = in[i].getOrdinate(o);
                double read = out[i].getOrdinate(o);
                // Rounded to the nearest multiple of 10^-xy: within half a step (and rounding).
                assertThat(Math.abs(read - v))
                        .as("ordinate %s of %s read as %s", o, v, read)
                        .isLessThanOrEqualTo(0.5 / factor + 4 * Math.ulp(v));
                // Exactly the quotient q / 10^xy that PostGIS computes: read * factor is q up to
                // rounding (within an ulp, far below 0.5 while |q| < 2^53), so rint recovers q.
                double q = Math.rint(read * factor);
                assertThat(read)
                        .as("ordinate %s of %s read as %s", o, v, read)
                        .isEqualTo(q / factor);
            }
        }
    }
}
