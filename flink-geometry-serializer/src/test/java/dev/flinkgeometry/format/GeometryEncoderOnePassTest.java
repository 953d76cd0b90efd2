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
package dev.flinkgeometry.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.testing.GeometryArbitraries;
import java.util.Arrays;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;

/**
 * {@link GeometryEncoder#encode(Geometry, byte[], int)}, the serializer's one-pass path that
 * guesses XY and checks Z and M while writing, gives exactly the bytes of the two-pass {@link
 * GeometryEncoder#prepare} + {@link GeometryEncoder#writeTo}, which decides layouts first.
 */
class GeometryEncoderOnePassTest {
    private static final GeometryFactory FACTORY = new GeometryFactory();

    @Provide
    Arbitrary<Geometry> geometries() {
        return GeometryArbitraries.geometries();
    }

    @Property(tries = 500)
    void onePassWritesTheTwoPassBytes(
            @ForAll("geometries") Geometry geometry, @ForAll @IntRange(max = 9) int offset)
            throws Exception {
        byte[] expected = twoPass(geometry);
        byte[] target = new byte[offset + expected.length + 3];
        Arrays.fill(target, (byte) 0x5A); // stale contents must not leak into the record
        GeometryEncoder encoder = new GeometryEncoder();

        int end = encoder.encode(geometry, target, offset);

        assertThat(end).isEqualTo(offset + expected.length);
        assertThat(Arrays.copyOfRange(target, offset, end)).isEqualTo(expected);
    }

    @Property(tries = 200)
    void tooSmallTargetAsksForTheExactSize(@ForAll("geometries") Geometry geometry)
            throws Exception {
        byte[] expected = twoPass(geometry);
        GeometryEncoder encoder = new GeometryEncoder();
        byte[] target = new byte[0];
        int end;
        int calls = 0;
        while ((end = encoder.encode(geometry, target, 2)) < 0) {
            assertThat(-end).isLessThanOrEqualTo(expected.length);
            target = new byte[2 - end];
            calls++;
        }
        assertThat(calls).isBetween(1, 2); // the XY guess, then the exact size if Z/M was found
        assertThat(Arrays.copyOfRange(target, 2, end)).isEqualTo(expected);
    }

    @Example
    void aZInTheLastCoordinateOfTheLastPartWidensTheWholeHeader() throws Exception {
        Coordinate[] late = ring(5);
        late[3] = new Coordinate(late[3].x, late[3].y, 7.5);
        Geometry multiPolygon =
                FACTORY.createMultiPolygon(
                        new Polygon[] {
                            FACTORY.createPolygon(ring(0)), FACTORY.createPolygon(ring(5))
                        });
        Geometry widened =
                FACTORY.createMultiPolygon(
                        new Polygon[] {
                            FACTORY.createPolygon(ring(0)),
                            FACTORY.createPolygon(
                                    FACTORY.createLinearRing(ring(10)),
                                    new LinearRing[] {FACTORY.createLinearRing(late)})
                        });

        byte[] xy = onePass(multiPolygon);
        byte[] xyz = onePass(widened);

        assertThat(xy[0] >>> 1 & 7).isEqualTo(CoordinateLayout.XY.code());
        assertThat(xyz[0] >>> 1 & 7).isEqualTo(CoordinateLayout.XYZ.code());
        assertThat(xyz).isEqualTo(twoPass(widened));
    }

    @Example
    void anMValueAndPackedSequencesAreFoundToo() throws Exception {
        Coordinate[] measured = ring(0);
        measured[2] = new CoordinateXYM(measured[2].x, measured[2].y, 1.25);
        GeometryFactory packed =
                new GeometryFactory(PackedCoordinateSequenceFactory.DOUBLE_FACTORY);
        Coordinate[] withZ = ring(0);
        withZ[1] = new Coordinate(withZ[1].x, withZ[1].y, -3);

        byte[] xym = onePass(FACTORY.createLineString(measured));
        byte[] packedXyz = onePass(packed.createLineString(withZ));

        assertThat(xym[0] >>> 1 & 7).isEqualTo(CoordinateLayout.XYM.code());
        assertThat(xym).isEqualTo(twoPass(FACTORY.createLineString(measured)));
        assertThat(packedXyz[0] >>> 1 & 7).isEqualTo(CoordinateLayout.XYZ.code());
        assertThat(packedXyz).isEqualTo(twoPass(packed.createLineString(withZ)));
    }

    @Example
    void everyNaNIsWrittenCanonically() throws Exception {
        Coordinate[] coordinates = ring(0);
        for (int i = 0; i < GeometryArbitraries.NON_CANONICAL_NANS.length; i++) {
            coordinates[1 + i % 3] =
                    new Coordinate(GeometryArbitraries.NON_CANONICAL_NANS[i], coordinates[1].y);
        }
        byte[] bytes = onePass(FACTORY.createLineString(coordinates));
        for (int o = 8; o < bytes.length; o += 8) {
            double value = LittleEndian.getDouble(bytes, o);
            if (Double.isNaN(value)) {
                assertThat(Double.doubleToRawLongBits(value))
                        .isEqualTo(GeometryArbitraries.CANONICAL_NAN_BITS);
            }
        }
        assertThat(bytes).isEqualTo(twoPass(FACTORY.createLineString(coordinates)));
    }

    @Example
    void aFailedEncodeLeavesNothingForWriteTo() throws Exception {
        GeometryEncoder encoder = new GeometryEncoder();
        encoder.encode(FACTORY.createLineString(ring(0)), new byte[256], 0);
        assertThatThrownBy(() -> encoder.writeTo(new byte[256], 0))
                .isInstanceOf(IllegalStateException.class);
    }

    private static byte[] onePass(Geometry geometry) throws GeometryFormatException {
        byte[] target = new byte[4096];
        int end = new GeometryEncoder().encode(geometry, target, 0);
        return Arrays.copyOf(target, end);
    }

    private static byte[] twoPass(Geometry geometry) throws GeometryFormatException {
        GeometryEncoder encoder = new GeometryEncoder();
        byte[] bytes = new byte[encoder.prepare(geometry)];
        assertThat(encoder.writeTo(bytes, 0)).isEqualTo(bytes.length);
        return bytes;
    }

    private static Coordinate[] ring(double x0) {
        return new Coordinate[] {
            new Coordinate(x0, 0),
            new Coordinate(x0 + 1, 0),
            new Coordinate(x0 + 1, 1),
            new Coordinate(x0, 1),
            new Coordinate(x0, 0)
        };
    }
}
