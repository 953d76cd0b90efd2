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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.format.aligned.AlignedFormat;
import dev.flinkgeometry.testing.DecodedSequences;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.GeometryMixes;
import dev.flinkgeometry.testing.GoldenGeometries;
import dev.flinkgeometry.testing.Hex;
import dev.flinkgeometry.testing.NaturalEarth;
import dev.flinkgeometry.testing.Wkt;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;

/** The compact record: lossless round trips, the TWKB/aligned choice, fixed precision. */
class CompactCodecTest {
    private static final GeometryFactory FACTORY = new GeometryFactory();

    /** Every geometry of the test corpora, Natural Earth included, and extreme values. */
    static List<Geometry> corpus() {
        List<Geometry> all = new ArrayList<>(GoldenGeometries.v1());
        all.addAll(GeometryMixes.aligned(FACTORY));
        all.addAll(GeometryMixes.legacyWkb().stream().filter(g -> g.getSRID() >= 0).toList());
        for (double v :
                new double[] {
                    Double.NaN,
                    -0.0,
                    Double.POSITIVE_INFINITY,
                    Double.NEGATIVE_INFINITY,
                    1e-300,
                    1e308,
                    -1e308,
                    Double.MIN_VALUE,
                    0.1,
                    1234567.1234567,
                    9007199254740992.0
                }) {
            all.add(FACTORY.createPoint(new Coordinate(v, 1.5)));
            all.add(FACTORY.createPoint(new Coordinate(1.5, 2, v)));
            all.add(
                    FACTORY.createLineString(
                            new Coordinate[] {
                                new CoordinateXYM(0, 0, 1), new CoordinateXYM(1, 1, v)
                            }));
        }
        all.addAll(NaturalEarth.all());
        return all;
    }

    @ParameterizedTest
    @EnumSource(CoordinateSequenceKind.class)
    void everyGeometryOfTheCorpusReadsBackBitForBitAsTheAlignedFormatGivesIt(
            CoordinateSequenceKind kind) throws Exception {
        CompactEncoder encoder = CompactEncoder.lossless();
        CompactDecoder decoder = CompactDecoder.of(kind);
        for (Geometry geometry : corpus()) {
            byte[] record = encoder.encode(geometry);
            Geometry decoded = decoder.decode(record);
            ExactGeometry.assertExactlyEqual(decoded, asDecoded(geometry));
            DecodedSequences.assertOfKind(decoded, kind);
            assertThat(decoded.getFactory()).isSameAs(kind.geometryFactory(decoded.getSRID()));
            assertThat(Hex.format(encoder.encode(decoded)))
                    .as("re-encoded %s", geometry)
                    .isEqualTo(Hex.format(record));
            assertThat(record.length)
                    .as("compact size of %s", geometry)
                    .isLessThanOrEqualTo(AlignedFormat.encode(geometry).length + 1);
        }
    }

    @Test
    void decimalPointsAreTwkbAtTheirNumberOfDigits() throws Exception {
        // 00: TWKB, SRID 0; 81: point, precision 4; 00; 23522 -> 47044 = c4 ef 02;
        // 488566 -> 977132 = ec d1 3b
        assertThat(Hex.format(CompactEncoder.lossless().encode(Wkt.read("POINT (2.3522 48.8566)"))))
                .isEqualToIgnoringCase("00" + "8100" + "c4ef02" + "ecd13b");
        // 01: TWKB with SRID; 4326 = e6 21
        assertThat(
                        Hex.format(
                                CompactEncoder.lossless()
                                        .encode(Wkt.read("POINT (2.3522 48.8566)", 4326))))
                .isEqualToIgnoringCase("01" + "e621" + "8100" + "c4ef02" + "ecd13b");
    }

    @Test
    void theSmallestPrecisionIsChosenPerOrdinateGroup() throws Exception {
        // xy: 1.25 needs 2 digits; z: 3 needs 0; m: 0.5 needs 1.
        byte[] record = CompactEncoder.lossless().encode(Wkt.read("POINT ZM (1.25 7 3 0.5)"));
        assertThat(record[0]).isEqualTo((byte) 0x00);
        assertThat(record[1]).isEqualTo((byte) 0x41); // zigzag(2) << 4 | 1
        assertThat(record[3]).isEqualTo((byte) (0x03 | 0 << 2 | 1 << 5));
    }

    @Test
    void whatTwkbCannotCarryExactlyIsTheAlignedPayload() throws Exception {
        Geometry member = Wkt.read("POINT (1 2)", 3857);
        Geometry collection = FACTORY.createGeometryCollection(new Geometry[] {member});
        collection.setSRID(4326);
        for (Geometry geometry :
                List.of(
                        Wkt.read("POINT (0.1 NaN)"),
                        FACTORY.createPoint(new Coordinate(-0.0, 1)),
                        Wkt.read("POINT (3.141592653589793 1)"),
                        Wkt.read("POINT (0.12345678 1)"),
                        Wkt.read("LINESTRING Z (0 0 NaN, 1 1 3)"),
                        Wkt.read("MULTIPOINT ((1 2), EMPTY)"),
                        collection)) {
            byte[] record = CompactEncoder.lossless().encode(geometry);
            byte[] aligned = AlignedFormat.encode(geometry);
            assertThat(Hex.format(record))
                    .as("%s", geometry)
                    .isEqualToIgnoringCase("02" + Hex.format(aligned));
        }
    }

    @Test
    void aCollectionWhoseMembersShareItsSridIsTwkb() throws Exception {
        Geometry collection =
                Wkt.withSridOnEveryMember(
                        Wkt.read("GEOMETRYCOLLECTION (POINT (1 2), LINESTRING (0 0, 1 1))"), 4326);
        byte[] record = CompactEncoder.lossless().encode(collection);
        assertThat(record[0]).isEqualTo((byte) CompactFormat.TWKB_WITH_SRID);
        Geometry decoded = CompactDecoder.of(CoordinateSequenceKind.ARRAY).decode(record);
        assertThat(decoded.getGeometryN(1).getSRID()).isEqualTo(4326);
    }

    @Test
    void fixedPrecisionRoundsHalfAwayFromZeroAndKeepsEveryPoint() throws Exception {
        CompactEncoder encoder = CompactEncoder.withPrecision(1, 0, 0);
        Geometry decoded =
                CompactDecoder.of(CoordinateSequenceKind.ARRAY)
                        .decode(
                                encoder.encode(
                                        Wkt.read(
                                                "LINESTRING (0.25 -0.25, 0.26 -0.24, 3.14159 2)")));
        assertThat(decoded).isInstanceOf(LineString.class);
        assertThat(((LineString) decoded).getCoordinateSequence().toCoordinateArray())
                .extracting(Coordinate::getX, Coordinate::getY)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(0.3, -0.3),
                        org.assertj.core.groups.Tuple.tuple(0.3, -0.2),
                        org.assertj.core.groups.Tuple.tuple(3.1, 2.0));
    }

    @Test
    void fixedPrecisionFallsBackForWhatCannotBeQuantized() throws Exception {
        CompactEncoder encoder = CompactEncoder.withPrecision(7, 7, 7);
        for (Geometry geometry :
                List.of(
                        Wkt.read("POINT (NaN 1)"),
                        Wkt.read("POINT (1e10 1)"),
                        FACTORY.createPoint(new Coordinate(1, 1, Double.POSITIVE_INFINITY)))) {
            assertThat(encoder.encode(geometry)[0])
                    .as("%s", geometry)
                    .isEqualTo((byte) CompactFormat.ALIGNED);
            ExactGeometry.assertExactlyEqual(
                    CompactDecoder.of(CoordinateSequenceKind.ARRAY)
                            .decode(encoder.encode(geometry)),
                    geometry);
        }
        // -0.0 quantizes to 0: lossy, but TWKB.
        Point negativeZero = FACTORY.createPoint(new Coordinate(-0.0, 1));
        assertThat(encoder.encode(negativeZero)[0]).isEqualTo((byte) CompactFormat.TWKB);
    }

    @Test
    void encodingIntoATooSmallBufferReportsTheSize() throws Exception {
        CompactEncoder encoder = CompactEncoder.lossless();
        for (String wkt : List.of("POINT (1 2)", "POINT (NaN 2)")) {
            Geometry geometry = Wkt.read(wkt);
            int size = encoder.encode(geometry).length;
            assertThat(encoder.encode(geometry, new byte[size - 1], 0)).isEqualTo(-size);
            assertThat(encoder.encode(geometry, new byte[4], 4)).isEqualTo(-size);
            assertThat(encoder.encode(geometry, new byte[size + 3], 3)).isEqualTo(size + 3);
        }
    }

    @Test
    void anSridOutsideTheRangeIsRefused() {
        for (int srid : new int[] {-1, 16_777_216}) {
            assertThatThrownBy(
                            () -> CompactEncoder.lossless().encode(Wkt.read("POINT (1 2)", srid)))
                    .isInstanceOf(GeometryFormatException.class)
                    .hasMessageContaining("SRID " + srid);
        }
    }

    @Test
    void precisionsOutsidePostgisRangesAreRefused() {
        assertThatThrownBy(() -> CompactEncoder.withPrecision(8, 0, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CompactEncoder.withPrecision(0, 0, 8))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
