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
package dev.flinkgeometry.format.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.CoordinateXYZM;

/**
 * The coordinate loop of both readers: every layout in both byte orders, from bytes that {@link
 * ByteBuffer} wrote; and the size that keeps it compiled on its own.
 */
class CoordinateReaderTest {
    /** C2's default {@code FreqInlineSize} on x86-64: hot methods up to this many bytes inline. */
    private static final int FREQ_INLINE_SIZE = 325;

    @ParameterizedTest
    @CsvSource({
        "false, false, true", "true, false, true", "false, true, true", "true, true, true",
        "false, false, false", "true, false, false", "false, true, false", "true, true, false"
    })
    void readsEveryLayoutInBothByteOrders(boolean hasZ, boolean hasM, boolean littleEndian) {
        int ordinates = 2 + (hasZ ? 1 : 0) + (hasM ? 1 : 0);
        int count = 3;
        int offset = 5; // unaligned, as in WKB
        ByteBuffer buffer = ByteBuffer.allocate(offset + 8 * ordinates * count + 7);
        buffer.order(littleEndian ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
        buffer.position(offset);
        for (int i = 0; i < count * ordinates; i++) {
            buffer.putDouble(i == 4 ? -0.0 : 1.5 * i - 7.25);
        }

        Coordinate[] read =
                CoordinateReader.read(buffer.array(), offset, count, hasZ, hasM, littleEndian);

        Class<?> expectedClass =
                hasZ
                        ? (hasM ? CoordinateXYZM.class : Coordinate.class)
                        : (hasM ? CoordinateXYM.class : CoordinateXY.class);
        assertThat(read).hasSize(count).allMatch(c -> c.getClass() == expectedClass);
        for (int i = 0; i < count; i++) {
            double[] written = new double[ordinates];
            for (int o = 0; o < ordinates; o++) {
                int k = i * ordinates + o;
                written[o] = k == 4 ? -0.0 : 1.5 * k - 7.25;
            }
            Coordinate c = read[i];
            assertBits(c.getX(), written[0]);
            assertBits(c.getY(), written[1]);
            assertBits(c.getZ(), hasZ ? written[2] : Double.NaN);
            assertBits(c.getM(), hasM ? written[ordinates - 1] : Double.NaN);
        }
    }

    @Test
    void readsXyIntoPlainCoordinatesWithANaNZ() {
        int count = 3;
        int offset = 5;
        ByteBuffer buffer =
                ByteBuffer.allocate(offset + 16 * count + 7).order(ByteOrder.LITTLE_ENDIAN);
        buffer.position(offset);
        double[] written = {-0.0, 1e-300, Math.PI, Double.NaN, -7.25, Double.MAX_VALUE};
        for (double v : written) {
            buffer.putDouble(v);
        }

        Coordinate[] read = CoordinateReader.readXYWithNaNZ(buffer.array(), offset, count);

        assertThat(read).hasSize(count).allMatch(c -> c.getClass() == Coordinate.class);
        for (int i = 0; i < count; i++) {
            assertBits(read[i].getX(), written[2 * i]);
            assertBits(read[i].getY(), written[2 * i + 1]);
            assertBits(read[i].getZ(), Double.NaN);
            read[i].setZ(i);
            assertThat(read[i].getZ()).isEqualTo(i);
        }
    }

    private static void assertBits(double actual, double expected) {
        assertThat(Double.doubleToRawLongBits(actual))
                .as("%s, expected %s", actual, expected)
                .isEqualTo(Double.doubleToRawLongBits(expected));
    }

    /**
     * The loops are kept in one method too big for C2 to inline (see the class comment of {@link
     * CoordinateReader}): inlined into the aligned decoder they measured 15-25% slower. Splitting
     * or shrinking the method below C2's limit must be a measured decision, not an accident.
     */
    @Test
    void staysTooBigToInline() throws Exception {
        // A file path, not the URL's raw path: that would keep %20 and the like.
        String classes =
                Path.of(
                                CoordinateReader.class
                                        .getProtectionDomain()
                                        .getCodeSource()
                                        .getLocation()
                                        .toURI())
                        .toString();
        ToolProvider javap = ToolProvider.findFirst("javap").orElseThrow();
        StringWriter out = new StringWriter();
        int status =
                javap.run(
                        new PrintWriter(out),
                        new PrintWriter(new StringWriter()),
                        "-c",
                        "-cp",
                        classes,
                        CoordinateReader.class.getName());
        assertThat(status).isZero();
        String code = out.toString();
        int method = code.indexOf(" read(byte[], int, int, boolean, boolean, boolean);");
        assertThat(method).as("javap output:%n%s", code).isPositive();
        // The offset of the method's last instruction, before the next member's blank line.
        int end = code.indexOf("\n\n", method);
        Matcher offsets = Pattern.compile("\\n\\s+(\\d+): ").matcher(code);
        int lastOffset = -1;
        offsets.region(method, end < 0 ? code.length() : end);
        while (offsets.find()) {
            lastOffset = Integer.parseInt(offsets.group(1));
        }
        assertThat(lastOffset).isGreaterThan(FREQ_INLINE_SIZE);
    }
}
