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
package dev.flinkgeometry.format.wkb;

import static dev.flinkgeometry.format.wkb.WkbTestSupport.FACTORY;
import static dev.flinkgeometry.format.wkb.WkbTestSupport.HEX;
import static dev.flinkgeometry.format.wkb.WkbTestSupport.read;
import static dev.flinkgeometry.format.wkb.WkbTestSupport.withSrid;
import static dev.flinkgeometry.format.wkb.WkbTestSupport.wkt;
import static dev.flinkgeometry.format.wkb.WkbTestSupport.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.format.GeometryLimits;
import dev.flinkgeometry.format.wkb.WkbTestSupport.Vector;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.NaturalEarth;
import dev.flinkgeometry.testing.Wkt;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;
import org.locationtech.jts.io.ByteOrderValues;
import org.locationtech.jts.io.WKBWriter;

/**
 * {@link WkbWriter}: its output equals GEOS's extended little-endian WKB with SRID of the same
 * geometry under the value rule (the {@code ewkb_le_hex} column of {@code /wkb/vectors.tsv}), and
 * reads back exactly.
 */
class WkbWriterTest {

    /** One vector per distinct geometry and SRID. */
    static Stream<Vector> distinctGeometries() {
        Map<String, Vector> distinct = new LinkedHashMap<>();
        for (Vector vector : WkbTestSupport.vectors()) {
            distinct.putIfAbsent(vector.wkt + "|" + vector.srid, vector);
        }
        return distinct.values().stream();
    }

    static Stream<Vector> vectors() {
        return WkbTestSupport.vectors().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("distinctGeometries")
    void writesWhatGeosWritesAndReadsBackExactly(Vector vector) throws Exception {
        Geometry geometry = vector.expected();
        byte[] written = write(geometry);
        assertThat(HEX.formatHex(written)).as("%s", vector).isEqualTo(vector.ewkbLeHex);

        Geometry decoded = read(written);
        ExactGeometry.assertExactlyEqual(decoded, geometry);
        ExactGeometry.assertSequencesHaveValueLayout(decoded);
        assertThat(write(decoded)).as("rewritten %s", vector).isEqualTo(written);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void whatTheReaderDecodedIsWrittenAsGeosWritesIt(Vector vector) throws Exception {
        assertThat(HEX.formatHex(write(read(vector.wkb))))
                .as("%s", vector)
                .isEqualTo(vector.ewkbLeHex);
    }

    @Test
    void theNaturalEarthCorpusRoundTripsAndMatchesJtsForXy() throws Exception {
        List<Geometry> corpus = NaturalEarth.all();
        assertThat(corpus).hasSize(3961);
        // For XY geometries JTS's writer is right: an independent check on real data.
        WKBWriter jts = new WKBWriter(2, ByteOrderValues.LITTLE_ENDIAN, true);
        WkbWriter writer = new WkbWriter();
        WkbReader reader = new WkbReader();
        for (Geometry original : corpus) {
            for (int srid : new int[] {0, 4326}) {
                Geometry geometry = original.copy(); // the corpus is shared: change a copy
                geometry.setSRID(srid);
                byte[] written = writer.write(geometry);
                if (srid != 0) {
                    assertThat(written).as("%s", geometry).isEqualTo(jts.write(geometry));
                }
                Geometry decoded = reader.read(written, 0, written.length);
                ExactGeometry.assertExactlyEqual(decoded, geometry);
                assertThat(writer.write(decoded)).isEqualTo(written);
            }
        }
    }

    @Test
    void pointOneTwoHasOneEncodingHoweverItWasBuilt() throws Exception {
        GeometryFactory packed2 =
                new GeometryFactory(PackedCoordinateSequenceFactory.DOUBLE_FACTORY);
        List<Geometry> variants = new ArrayList<>();
        variants.add(FACTORY.createPoint(new Coordinate(1, 2)));
        variants.add(FACTORY.createPoint(new CoordinateXY(1, 2)));
        variants.add(FACTORY.createPoint(new CoordinateXYM(1, 2, Double.NaN)));
        variants.add(
                packed2.createPoint(
                        new PackedCoordinateSequence.Double(new double[] {1, 2}, 2, 0)));
        variants.add(
                packed2.createPoint(
                        new PackedCoordinateSequence.Double(
                                new double[] {1, 2, Double.NaN}, 3, 0)));
        variants.add(
                FACTORY.createPoint(
                        new CoordinateArraySequence(
                                new Coordinate[] {new Coordinate(1, 2, 7)}, 2, 0)));
        variants.add(Wkt.oldSyntax("POINT (1 2)"));
        variants.add(wkt("POINT Z (1 2 NaN)"));
        Geometry cached = wkt("POINT (1 2)");
        cached.getEnvelopeInternal();
        variants.add(cached);
        for (Geometry variant : variants) {
            assertThat(HEX.formatHex(write(variant)))
                    .as("%s built as %s", variant, variant.getClass())
                    .isEqualTo("0101000000000000000000F03F0000000000000040");
        }
    }

    @Test
    void nanIsWrittenCanonicallyAndNegativeZeroKeepsItsSign() throws Exception {
        double signaling = Double.longBitsToDouble(0x7ff0000000000001L);
        double negative = Double.longBitsToDouble(0xfff8000000000001L);
        Point point = FACTORY.createPoint(new Coordinate(signaling, -0.0, negative));
        assertThat(HEX.formatHex(write(point)))
                .isEqualTo("0101000000" + "000000000000F87F" + "0000000000000080");
        Point withZ = FACTORY.createPoint(new Coordinate(-0.0, negative, -0.0));
        assertThat(HEX.formatHex(write(withZ)))
                .isEqualTo(
                        "0101000080"
                                + "0000000000000080"
                                + "000000000000F87F"
                                + "0000000000000080");
    }

    @Test
    void mValuesAreWrittenAsMNeverDroppedOrMovedIntoZ() throws Exception {
        // JTS 1.20 WKBWriter: dimension 3 writes an XYM line's M under the Z flag, 4 throws
        Geometry line = wkt("LINESTRING M (0 0 5, 1 1 6)");
        assertThat(HEX.formatHex(write(line)))
                .isEqualTo(
                        "0102000040 02000000".replace(" ", "")
                                + "0000000000000000"
                                + "0000000000000000"
                                + "0000000000001440"
                                + "000000000000F03F"
                                + "000000000000F03F"
                                + "0000000000001840");
        Geometry packed =
                new GeometryFactory(PackedCoordinateSequenceFactory.DOUBLE_FACTORY)
                        .createLineString(
                                new PackedCoordinateSequence.Double(
                                        new double[] {0, 0, 5, 1, 1, 6}, 3, 1));
        assertThat(write(packed)).isEqualTo(write(line));
    }

    @Test
    void collectionMembersDecideOnTheirOwnValuesAndTheHeaderOnTheirUnion() throws Exception {
        Geometry collection =
                wkt(
                        "GEOMETRYCOLLECTION (POINT Z (1 2 3), GEOMETRYCOLLECTION (POINT M (1 2 4)), POINT (5 6))");
        byte[] written = write(collection);
        assertThat(HEX.formatHex(written, 0, 9)).isEqualTo("01070000C003000000");
        assertThat(HEX.formatHex(written, 9, 14)).isEqualTo("0101000080");
        assertThat(HEX.formatHex(written, 9 + 29, 9 + 29 + 9)).isEqualTo("010700004001000000");
        ExactGeometry.assertExactlyEqual(read(written), collection);
    }

    @Test
    void membersSridsAreNotCarriedAndReadBackAsTheTopLevels() throws Exception {
        GeometryCollection collection =
                FACTORY.createGeometryCollection(
                        new Geometry[] {withSrid(wkt("POINT (1 2)"), 3857), wkt("POINT (3 4)")});
        collection.setSRID(4326);
        Geometry decoded = read(write(collection));
        assertThat(decoded.getSRID()).isEqualTo(4326);
        assertThat(decoded.getGeometryN(0).getSRID()).isEqualTo(4326);
        assertThat(decoded.getGeometryN(1).getSRID()).isEqualTo(4326);
        assertThat(write(withSrid(collection.copy(), 4326))).isEqualTo(write(collection));
    }

    @Test
    void aLinearRingIsWrittenAsALineString() throws Exception {
        LinearRing ring =
                (LinearRing)
                        FACTORY.createLinearRing(
                                wkt("LINESTRING (0 0, 1 0, 1 1, 0 0)").getCoordinates());
        assertThat(write(ring)).isEqualTo(write(wkt("LINESTRING (0 0, 1 0, 1 1, 0 0)")));
    }

    @Test
    void collectionsNestedDeeperThanTheReaderAcceptsAreRejected() throws Exception {
        Geometry nested = wkt("POINT (1 2)");
        for (int depth = 1; depth <= GeometryLimits.MAX_NESTING_DEPTH; depth++) {
            nested = FACTORY.createGeometryCollection(new Geometry[] {nested});
        }
        byte[] written = write(nested); // 64 levels of collections: fine
        ExactGeometry.assertExactlyEqual(read(written), nested);
        Geometry tooDeep = FACTORY.createGeometryCollection(new Geometry[] {nested});
        assertThatThrownBy(() -> write(tooDeep))
                .isInstanceOf(WkbFormatException.class)
                .hasMessageContaining("nested deeper than 64");
    }

    @Test
    void writeToWithoutPrepareFails() {
        assertThatThrownBy(() -> new WkbWriter().writeTo(new byte[64], 0))
                .isInstanceOf(IllegalStateException.class);
    }
}
