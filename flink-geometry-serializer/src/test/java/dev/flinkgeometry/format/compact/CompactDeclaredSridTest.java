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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.GeometryMixes;
import dev.flinkgeometry.testing.Hex;
import dev.flinkgeometry.testing.Wkt;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;

/**
 * Compact records under a declared SRID ({@code docs/FORMAT.md}, section 9.1): a geometry of the
 * declared SRID stores none (its record is the TWKB alone, behind {@code 03} where the TWKB starts
 * with a kind byte), any other SRID is stored as without a declared SRID, and the declared SRID 0
 * writes the bytes of an encoder that declares none. Expected bytes are those of section 9.5,
 * worked out by hand.
 */
class CompactDeclaredSridTest {
    private static final CompactEncoder GPS = CompactEncoder.lossless().withDeclaredSrid(4326);
    private static final CompactDecoder GPS_READER =
            CompactDecoder.of(CoordinateSequenceKind.ARRAY, 4326);

    private static String hex(CompactEncoder encoder, Geometry geometry) throws Exception {
        return Hex.format(encoder.encode(geometry));
    }

    private static String spaced(String hex) {
        return hex.replace(" ", "");
    }

    @Test
    void aGeometryOfTheDeclaredSridIsItsTwkbAlone() throws Exception {
        assertThat(hex(GPS, Wkt.read("POINT (2.352219 48.856614)", 4326)))
                .isEqualToIgnoringCase(spaced("c1 00 b6 91 9f 02 cc f8 cb 2e"));
        assertThat(
                        hex(
                                GPS,
                                Wkt.read(
                                        "LINESTRING (2.352219 48.856614, 2.352301 48.856702,"
                                                + " 2.35241 48.85681)",
                                        4326)))
                .isEqualToIgnoringCase(
                        spaced("c2 00 03 b6 91 9f 02 cc f8 cb 2e a4 01 b0 01 da 01 d8 01"));
        // Precision 0 of a multipoint: 04 is no kind byte.
        assertThat(hex(GPS, Wkt.read("MULTIPOINT ((1 1), (2 3))", 4326)))
                .isEqualToIgnoringCase(spaced("04 00 02 02 02 02 04"));
    }

    @Test
    void aTwkbStartingWithAKindByteGetsTheEscapeByte() throws Exception {
        assertThat(hex(GPS, Wkt.read("POINT (1 2)", 4326)))
                .isEqualToIgnoringCase(spaced("03 01 00 02 04"));
        assertThat(hex(GPS, Wkt.read("LINESTRING (0 0, 1 1)", 4326)))
                .isEqualToIgnoringCase(spaced("03 02 00 02 00 00 02 02"));
        assertThat(hex(GPS, Wkt.read("POLYGON ((0 0, 2 0, 2 2, 0 0))", 4326)))
                .isEqualToIgnoringCase(spaced("03 03 00 01 04 00 00 04 00 00 04 03 03"));
        assertThat(hex(GPS, Wkt.read("POLYGON EMPTY", 4326)))
                .isEqualToIgnoringCase(spaced("03 03 10"));
    }

    @Test
    void otherSridsAreStoredAsWithoutADeclaredSrid() throws Exception {
        assertThat(hex(GPS, Wkt.read("POINT (2.352219 48.856614)")))
                .isEqualToIgnoringCase(spaced("00 c1 00 b6 91 9f 02 cc f8 cb 2e"));
        assertThat(hex(GPS, Wkt.read("POINT (1 2)", 3857)))
                .isEqualToIgnoringCase(spaced("01 91 1e 01 00 02 04"));
        // The aligned fallback holds its SRID in its own header, declared or not.
        Geometry pi = Wkt.read("POINT (3.141592653589793 1)", 4326);
        assertThat(GPS.encode(pi)).isEqualTo(CompactEncoder.lossless().encode(pi));
    }

    @Test
    void theDeclaredSridZeroWritesWhatAnEncoderWithoutOneWrites() throws Exception {
        CompactEncoder zero = CompactEncoder.lossless().withDeclaredSrid(0);
        CompactEncoder fixedZero = CompactEncoder.withPrecision(5, 1, 1).withDeclaredSrid(0);
        for (Geometry geometry : corpus()) {
            assertThat(zero.encode(geometry))
                    .as("%s", geometry)
                    .isEqualTo(CompactEncoder.lossless().encode(geometry));
            assertThat(fixedZero.encode(geometry))
                    .as("%s", geometry)
                    .isEqualTo(CompactEncoder.withPrecision(5, 1, 1).encode(geometry));
        }
    }

    @Test
    void everyRecordReadsBackAndReencodesToTheSameBytes() throws Exception {
        for (int declared : new int[] {4326, 3857, 1, 16_777_215}) {
            CompactEncoder encoder = CompactEncoder.lossless().withDeclaredSrid(declared);
            CompactDecoder decoder = CompactDecoder.of(CoordinateSequenceKind.ARRAY, declared);
            for (Geometry geometry : corpus()) {
                byte[] record = encoder.encode(geometry);
                Geometry read = decoder.decode(record);
                ExactGeometry.assertExactlyEqual(read, ExactGeometry.asDecoded(geometry));
                assertThat(encoder.encode(read)).as("%s", geometry).isEqualTo(record);
            }
        }
    }

    @Test
    void theRecordFitsExactlyTheRoomItReports() throws Exception {
        for (Geometry geometry : corpus()) {
            byte[] expected = GPS.encode(geometry);
            for (int offset : new int[] {0, 3}) {
                for (int room = 0; room < expected.length; room++) {
                    assertThat(GPS.encode(geometry, new byte[offset + room], offset))
                            .as("%s in %d bytes", geometry, room)
                            .isEqualTo(-expected.length);
                }
                byte[] target = new byte[offset + expected.length];
                assertThat(GPS.encode(geometry, target, offset)).isEqualTo(target.length);
                assertThat(Arrays.copyOfRange(target, offset, target.length))
                        .as("%s", geometry)
                        .isEqualTo(expected);
            }
        }
    }

    @Test
    void theDeclaredSridGivesABareRecordItsMeaning() throws Exception {
        byte[] record = GPS.encode(Wkt.read("POINT (1 2)", 4326));
        assertThat(GPS_READER.decode(record).getSRID()).isEqualTo(4326);
        assertThat(CompactDecoder.of(CoordinateSequenceKind.ARRAY, 3857).decode(record).getSRID())
                .isEqualTo(3857);
    }

    @Test
    void nonCanonicalRecordsAreRefused() {
        // SRID 4326 stored although declared.
        assertThatThrownBy(() -> GPS_READER.decode(Hex.parse("01e621c100b6919f02ccf8cb2e")))
                .isInstanceOf(GeometryFormatException.class)
                .hasMessageContaining("which its writer declared");
        // The escape byte before a TWKB that needs none.
        assertThatThrownBy(() -> GPS_READER.decode(Hex.parse("03c100b6919f02ccf8cb2e")))
                .isInstanceOf(GeometryFormatException.class)
                .hasMessageContaining("kind 0x03 must precede");
        assertThatThrownBy(() -> GPS_READER.decode(Hex.parse("03")))
                .isInstanceOf(GeometryFormatException.class)
                .hasMessageContaining("kind 0x03 must precede");
        // Neither a kind byte nor a TWKB type byte.
        assertThatThrownBy(() -> GPS_READER.decode(Hex.parse("1800")))
                .isInstanceOf(GeometryFormatException.class)
                .hasMessageContaining("unknown compact record kind 0x18");
    }

    @Test
    void aDeclaredSridOutsideTheRangeIsRefused() {
        assertThatThrownBy(() -> CompactEncoder.lossless().withDeclaredSrid(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("declared SRID -1");
        assertThatThrownBy(() -> CompactDecoder.of(CoordinateSequenceKind.ARRAY, 16_777_216))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("declared SRID 16777216");
    }

    /** Every geometry class, empties, Z/M, decimal and full-precision values, at three SRIDs. */
    private static List<Geometry> corpus() {
        List<Geometry> all = new ArrayList<>();
        for (Geometry geometry : GeometryMixes.aligned(new GeometryFactory())) {
            all.add(geometry);
            for (int srid : new int[] {0, 4326, 3857}) {
                Geometry copy = geometry.copy();
                copy.setSRID(srid);
                all.add(Wkt.withSridOnEveryMember(copy, srid));
            }
        }
        for (String wkt :
                new String[] {
                    "POINT (1 2)",
                    "POINT (2.352219 48.856614)",
                    "LINESTRING (0 0, 1 1)",
                    "POLYGON ((0 0, 2 0, 2 2, 0 0))",
                    "POLYGON EMPTY",
                    "POINT EMPTY",
                    "MULTIPOINT ((1 1), (2 3))",
                    "POINT Z (1 2 3)",
                    "GEOMETRYCOLLECTION (POINT (1 2), LINESTRING EMPTY)"
                }) {
            for (int srid : new int[] {0, 4326, 3857}) {
                all.add(Wkt.withSridOnEveryMember(Wkt.read(wkt), srid));
            }
        }
        return all;
    }
}
