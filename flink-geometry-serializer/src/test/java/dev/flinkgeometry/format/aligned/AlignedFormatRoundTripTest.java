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
package dev.flinkgeometry.format.aligned;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.format.CoordinateLayout;
import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.testing.AlignedRecord;
import dev.flinkgeometry.testing.DecodedSequences;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.GeometryArbitraries;
import dev.flinkgeometry.testing.Hex;
import dev.flinkgeometry.testing.Wkt;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.statistics.Statistics;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.CoordinateXYZM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.MultiLineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;

/**
 * decode(encode(g)) gives g back exactly, encode(decode(b)) gives b back exactly, and the bytes
 * follow the format's rules: the value-decided layout per header, zero padding, one NaN bit
 * pattern, {@code -0.0} kept, and output independent of the buffer and of the encoder's history.
 */
class AlignedFormatRoundTripTest {
    private static final long CANONICAL_NAN = 0x7ff8000000000000L;

    @Provide
    Arbitrary<Geometry> geometries() {
        return GeometryArbitraries.geometries();
    }

    // -----------------------------------------------------------------------------------------
    // Properties
    // -----------------------------------------------------------------------------------------

    @Property(tries = 1000)
    void decodeOfEncodeIsExactInBothSequenceKinds(@ForAll("geometries") Geometry geometry)
            throws Exception {
        Statistics.label("type").collect(geometry.getGeometryType());
        byte[] bytes = AlignedFormat.encode(geometry);
        Geometry expected = ExactGeometry.asDecoded(geometry);
        for (CoordinateSequenceKind kind : CoordinateSequenceKind.values()) {
            Geometry decoded = AlignedReader.of(kind).decode(bytes, 0, bytes.length);
            ExactGeometry.assertExactlyEqual(decoded, expected);
            DecodedSequences.assertOfKind(decoded, kind);
            assertThat(AlignedFormat.encode(decoded))
                    .as("encode(decode(b)) for %s", kind)
                    .isEqualTo(bytes);
        }
        ExactGeometry.assertExactlyEqual(AlignedFormat.decode(bytes), expected);
    }

    @Property(tries = 500)
    void everyHeaderFollowsTheValueRule(@ForAll("geometries") Geometry geometry) throws Exception {
        byte[] bytes = AlignedFormat.encode(geometry);
        AlignedRecord record = AlignedRecord.parse(bytes);
        List<Geometry> headers = new ArrayList<>();
        headerGeometries(geometry, headers);
        assertThat(record.headers()).hasSize(headers.size());
        for (int i = 0; i < headers.size(); i++) {
            Geometry g = headers.get(i);
            AlignedRecord.Node node = record.headers().get(i);
            String what = "header " + i + " (" + ExactGeometry.describe(g) + ")";
            assertThat(node.type).as("type of %s", what).isEqualTo(typeCode(g));
            CoordinateLayout expected = expectedLayout(g);
            assertThat(node.layoutCode).as("layout of %s", what).isEqualTo(expected.code());
            assertThat(node.count).as("count of %s", what).isEqualTo(expectedCount(g));
            assertThat(node.sridFlag).as("SRID flag of %s", what).isEqualTo(g.getSRID() != 0);
            assertThat(node.srid).as("SRID of %s", what).isEqualTo(g.getSRID());
        }
        assertThat(AlignedFormat.layoutOf(geometry)).isEqualTo(expectedLayout(geometry));
        assertThat(bytes.length)
                .as("size")
                .isEqualTo(-new AlignedWriter().encode(geometry, new byte[0], 0))
                .isEqualTo(expectedSize(geometry));
    }

    @Property(tries = 500)
    void paddingIsZeroAndEveryNaNIsCanonical(@ForAll("geometries") Geometry geometry)
            throws Exception {
        byte[] bytes = AlignedFormat.encode(geometry);
        AlignedRecord record = AlignedRecord.parse(bytes);
        for (int[] range : record.padding()) {
            for (int i = range[0]; i < range[1]; i++) {
                assertThat(bytes[i]).as("padding byte %d of %s", i, Hex.format(bytes)).isZero();
            }
        }
        int nans = 0;
        for (int offset : record.ordinateOffsets()) {
            long bits =
                    java.nio.ByteBuffer.wrap(bytes, offset, 8)
                            .order(java.nio.ByteOrder.LITTLE_ENDIAN)
                            .getLong();
            if (Double.isNaN(Double.longBitsToDouble(bits))) {
                nans++;
                assertThat(Long.toHexString(bits))
                        .as("NaN at ordinate offset %d of %s", offset, Hex.format(bytes))
                        .isEqualTo(Long.toHexString(CANONICAL_NAN));
            }
        }
        Statistics.label("has NaN").collect(nans > 0);
        Statistics.label("has padding").collect(!record.padding().isEmpty());
        Statistics.label("has NaN").coverage(c -> c.check(true).percentage(p -> p > 10));
    }

    @Property(tries = 300)
    void encodingIntoTheMiddleOfADirtyBufferWritesTheSameBytes(
            @ForAll("geometries") Geometry geometry,
            @ForAll @IntRange(max = 23) int offset,
            @ForAll @IntRange(max = 17) int slack,
            @ForAll long seed)
            throws Exception {
        byte[] expected = AlignedFormat.encode(geometry);
        AlignedWriter encoder = new AlignedWriter();
        int size = expected.length;
        byte[] buffer = new byte[offset + size + slack];
        new Random(seed).nextBytes(buffer);
        byte[] before = buffer.clone();
        int end = encoder.encode(geometry, buffer, offset);
        assertThat(end).isEqualTo(offset + size);
        assertThat(Arrays.copyOfRange(buffer, offset, end)).isEqualTo(expected);
        assertThat(Arrays.copyOfRange(buffer, 0, offset))
                .as("bytes before the record")
                .isEqualTo(Arrays.copyOfRange(before, 0, offset));
        assertThat(Arrays.copyOfRange(buffer, end, buffer.length))
                .as("bytes after the record")
                .isEqualTo(Arrays.copyOfRange(before, end, before.length));
        for (CoordinateSequenceKind kind : CoordinateSequenceKind.values()) {
            ExactGeometry.assertExactlyEqual(
                    AlignedReader.of(kind).decode(buffer, offset, size),
                    ExactGeometry.asDecoded(geometry));
        }
        // Encoding again over other stale bytes gives the same record.
        new Random(seed + 1).nextBytes(buffer);
        encoder.encode(geometry, buffer, offset);
        assertThat(Arrays.copyOfRange(buffer, offset, end)).isEqualTo(expected);
    }

    @Property(tries = 200)
    void aReusedEncoderWritesWhatAFreshOneWrites(
            @ForAll @Size(min = 1, max = 8) List<@From("geometries") Geometry> geometries)
            throws Exception {
        AlignedWriter reused = new AlignedWriter();
        byte[] shared = new byte[64];
        Arrays.fill(shared, (byte) 0x5A);
        Geometry badSrid = Wkt.read("POINT (1 2)", -7);
        for (Geometry geometry : geometries) {
            byte[] fresh = new AlignedWriter().encode(geometry);
            assertThat(reused.encode(geometry)).isEqualTo(fresh);
            int end = reused.encode(geometry, shared, 0);
            if (end < 0) {
                shared = Arrays.copyOf(shared, -end);
                end = reused.encode(geometry, shared, 0);
            }
            assertThat(Arrays.copyOf(shared, end)).isEqualTo(fresh);
            // A failed encode in between leaves nothing behind.
            assertThatThrownBy(() -> reused.encode(badSrid))
                    .isInstanceOf(GeometryFormatException.class);
        }
    }

    // -----------------------------------------------------------------------------------------
    // Examples: the documented rules
    // -----------------------------------------------------------------------------------------

    @Example
    void pointXYHasTheGoldenBytes() throws Exception {
        assertThat(Hex.format(AlignedFormat.encode(Wkt.read("POINT (1 2)"))))
                .isEqualTo("12000000" + "01000000" + "000000000000f03f" + "0000000000000040");
        assertThat(Hex.format(AlignedFormat.encode(Wkt.read("POINT (1 2)", 4326))))
                .isEqualTo("130010e6" + "01000000" + "000000000000f03f" + "0000000000000040");
        assertThat(Hex.format(AlignedFormat.encode(Wkt.read("POINT ZM (1 2 3 4)", 0xFFFFFF))))
                .isEqualTo(
                        "19ffffff01000000"
                                + "000000000000f03f0000000000000040"
                                + "0000000000000840"
                                + "0000000000001040");
    }

    @Example
    void declaredDimensionWithoutValuesIsNotCarried() throws Exception {
        byte[] pointZEmpty = AlignedFormat.encode(Wkt.read("POINT Z EMPTY"));
        assertThat(Hex.format(pointZEmpty)).isEqualTo("1200000000000000");
        assertThat(pointZEmpty).isEqualTo(AlignedFormat.encode(Wkt.read("POINT EMPTY")));
        Geometry decoded = AlignedFormat.decode(pointZEmpty);
        assertThat(decoded.isEmpty()).isTrue();
        assertThat(((Point) decoded).getCoordinateSequence().getDimension()).isEqualTo(2);

        byte[] pointZNaN = AlignedFormat.encode(Wkt.read("POINT Z (1 2 NaN)"));
        assertThat(pointZNaN).isEqualTo(AlignedFormat.encode(Wkt.read("POINT (1 2)")));
        Point point = (Point) AlignedFormat.decode(pointZNaN);
        assertThat(point.getCoordinateSequence().getDimension()).isEqualTo(2);
        assertThat(point.getCoordinateSequence().getMeasures()).isZero();
        assertThat(point.getX()).isEqualTo(1.0);
        assertThat(point.getY()).isEqualTo(2.0);

        assertThat(AlignedFormat.encode(Wkt.read("LINESTRING ZM (1 2 NaN NaN, 3 4 NaN NaN)")))
                .isEqualTo(AlignedFormat.encode(Wkt.read("LINESTRING (1 2, 3 4)")));
        assertThat(AlignedFormat.encode(Wkt.read("POLYGON M EMPTY")))
                .isEqualTo(AlignedFormat.encode(Wkt.read("POLYGON EMPTY")));
    }

    @Example
    void zIsKeptWhenOnlyALaterCoordinateHasIt() throws Exception {
        Geometry line = Wkt.read("LINESTRING Z (0 0 NaN, 1 1 3)");
        byte[] bytes = AlignedFormat.encode(line);
        assertThat(bytes[0]).isEqualTo((byte) 0x24); // LineString, XYZ, no SRID
        assertThat(bytes).hasSize(8 + 2 * 24);
        LineString decoded = (LineString) AlignedFormat.decode(bytes);
        assertThat(decoded.getCoordinateSequence().getDimension()).isEqualTo(3);
        assertThat(decoded.getCoordinateSequence().getZ(0)).isNaN();
        assertThat(decoded.getCoordinateSequence().getZ(1)).isEqualTo(3.0);

        Geometry m = Wkt.read("MULTIPOINT M ((0 0 NaN), EMPTY, (1 1 7))");
        byte[] mBytes = AlignedFormat.encode(m);
        assertThat(mBytes[0]).isEqualTo((byte) 0x46); // MultiPoint, XYM
        ExactGeometry.assertExactlyEqual(AlignedFormat.decode(mBytes), m);
    }

    @Example
    void aPartWithoutZInAnXYZGeometryComesBackWithNaNZ() throws Exception {
        Geometry mixed =
                Wkt.read("MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), " + "((5 5, 6 5, 6 6, 5 5)))");
        GeometryFactory factory = new GeometryFactory();
        Polygon withZ =
                factory.createPolygon(
                        new Coordinate[] {
                            new Coordinate(5, 5, 1),
                            new Coordinate(6, 5, 2),
                            new Coordinate(6, 6, 3),
                            new Coordinate(5, 5, 1)
                        });
        mixed = factory.createMultiPolygon(new Polygon[] {(Polygon) mixed.getGeometryN(0), withZ});
        byte[] bytes = AlignedFormat.encode(mixed);
        assertThat(bytes[0] & 0x0E).as("coordinate type bits").isEqualTo(2 << 1);
        for (CoordinateSequenceKind kind : CoordinateSequenceKind.values()) {
            MultiPolygon decoded =
                    (MultiPolygon) AlignedReader.of(kind).decode(bytes, 0, bytes.length);
            CoordinateSequence first =
                    ((Polygon) decoded.getGeometryN(0)).getExteriorRing().getCoordinateSequence();
            assertThat(first.getDimension()).isEqualTo(3);
            for (int i = 0; i < first.size(); i++) {
                assertThat(first.getZ(i)).isNaN();
            }
            ExactGeometry.assertExactlyEqual(decoded, mixed);
        }
    }

    @Example
    void eachCollectionMemberHasItsOwnLayout() throws Exception {
        Geometry collection =
                Wkt.read(
                        "GEOMETRYCOLLECTION (POINT Z (1 2 3), POINT M (1 2 4), POINT (1 2),"
                                + " GEOMETRYCOLLECTION (LINESTRING ZM (0 0 1 2, 1 1 NaN NaN)),"
                                + " POINT ZM (1 2 NaN NaN))");
        AlignedRecord record = AlignedRecord.parse(AlignedFormat.encode(collection));
        assertThat(record.headers())
                .extracting(node -> node.layoutCode)
                .containsExactly(1, 2, 3, 1, 1, 4, 1);
        assertThat(AlignedFormat.layoutOf(collection)).isEqualTo(CoordinateLayout.XY);
        ExactGeometry.assertExactlyEqual(
                AlignedFormat.decode(AlignedFormat.encode(collection)), collection);
    }

    @Example
    void aTopLevelLinearRingDecodesAsALineString() throws Exception {
        LinearRing ring = (LinearRing) Wkt.read("LINEARRING (0 0, 1 0, 1 1, 0 0)", 3857);
        byte[] bytes = AlignedFormat.encode(ring);
        assertThat(bytes)
                .isEqualTo(AlignedFormat.encode(Wkt.read("LINESTRING (0 0, 1 0, 1 1, 0 0)", 3857)));
        Geometry decoded = AlignedFormat.decode(bytes);
        assertThat(decoded).isExactlyInstanceOf(LineString.class);
        assertThat(decoded.getSRID()).isEqualTo(3857);
        ExactGeometry.assertExactlyEqual(decoded, ExactGeometry.asDecoded(ring));

        Geometry inCollection = Wkt.read("GEOMETRYCOLLECTION (LINEARRING (0 0, 1 0, 1 1, 0 0))");
        Geometry member = AlignedFormat.decode(AlignedFormat.encode(inCollection)).getGeometryN(0);
        assertThat(member).isExactlyInstanceOf(LineString.class);
    }

    @Example
    void collectionMembersArePaddedWithZeros() throws Exception {
        Geometry collection =
                Wkt.read(
                        "GEOMETRYCOLLECTION (MULTILINESTRING ((0 0, 1 1), (2 2, 3 3)),"
                                + " POINT (5 6))");
        byte[] bytes = AlignedFormat.encode(collection);
        // 8 header + (8 + 4 * 16 + 3 * 4 = 84, padded to 88) + 24.
        assertThat(bytes).hasSize(120);
        assertThat(Arrays.copyOfRange(bytes, 8 + 84, 8 + 88)).containsOnly(0);
        assertThat(bytes[8 + 88]).isEqualTo((byte) 0x12); // the point starts on an 8-byte boundary
        AlignedRecord record = AlignedRecord.parse(bytes);
        assertThat(record.padding()).hasSize(1);
        assertThat(record.padding().get(0)).containsExactly(92, 96);
    }

    @Example
    void emptyGeometriesAreWrittenAsSedonaWritesThem() throws Exception {
        assertThat(Hex.format(AlignedFormat.encode(Wkt.read("MULTILINESTRING EMPTY"))))
                .isEqualTo("52000000" + "00000000" + "00000000");
        assertThat(Hex.format(AlignedFormat.encode(Wkt.read("MULTIPOLYGON EMPTY"))))
                .isEqualTo("62000000" + "00000000" + "00000000");
        assertThat(Hex.format(AlignedFormat.encode(Wkt.read("MULTIPOINT EMPTY"))))
                .isEqualTo("4200000000000000");
        assertThat(Hex.format(AlignedFormat.encode(Wkt.read("GEOMETRYCOLLECTION EMPTY"))))
                .isEqualTo("7200000000000000");
        assertThat(Hex.format(AlignedFormat.encode(Wkt.read("LINESTRING EMPTY"))))
                .isEqualTo("2200000000000000");
        assertThat(Hex.format(AlignedFormat.encode(Wkt.read("POLYGON EMPTY"))))
                .isEqualTo("3200000000000000");
        // An empty MultiPoint member is a coordinate of NaN ordinates.
        assertThat(Hex.format(AlignedFormat.encode(Wkt.read("MULTIPOINT (EMPTY, (1 2))"))))
                .isEqualTo(
                        "4200000002000000"
                                + "000000000000f87f000000000000f87f"
                                + "000000000000f03f0000000000000040");
        // An empty member of a Multi* keeps its place.
        Geometry withEmpty = Wkt.read("MULTILINESTRING (EMPTY, (1 2, 3 4))");
        assertThat(Hex.format(AlignedFormat.encode(withEmpty)))
                .endsWith("02000000" + "00000000" + "02000000");
        for (String wkt :
                List.of(
                        "MULTILINESTRING (EMPTY, (1 2, 3 4))",
                        "MULTIPOLYGON (EMPTY, ((0 0, 1 0, 1 1, 0 0)))",
                        "MULTIPOINT (EMPTY, EMPTY)",
                        "GEOMETRYCOLLECTION (POINT EMPTY, GEOMETRYCOLLECTION EMPTY)",
                        "POLYGON ((0 0, 1 0, 1 1, 0 0), EMPTY)")) {
            Geometry geometry = Wkt.read(wkt);
            ExactGeometry.assertExactlyEqual(
                    AlignedFormat.decode(AlignedFormat.encode(geometry)), geometry);
        }
    }

    @Example
    void negativeZeroIsKeptAndNaNIsCanonical() throws Exception {
        GeometryFactory factory = new GeometryFactory();
        Point point =
                factory.createPoint(
                        new CoordinateXYZM(
                                -0.0,
                                0.0,
                                Double.longBitsToDouble(0x7ff8000000000123L),
                                Double.longBitsToDouble(0xfff0000000000001L)));
        point.setSRID(0);
        byte[] bytes = AlignedFormat.encode(point);
        assertThat(Hex.format(bytes))
                .as("POINT (-0 0) with non-canonical NaN Z and M is XY")
                .isEqualTo("1200000001000000" + "0000000000000080" + "0000000000000000");
        Point decoded = (Point) AlignedFormat.decode(bytes);
        assertThat(Double.doubleToRawLongBits(decoded.getX()))
                .isEqualTo(Double.doubleToRawLongBits(-0.0));
        assertThat(Double.doubleToRawLongBits(decoded.getY())).isZero();

        Point nanXY =
                factory.createPoint(
                        new Coordinate(
                                Double.longBitsToDouble(0xfff8000000000000L),
                                Double.longBitsToDouble(0x7ff8000000000001L)));
        assertThat(Hex.format(AlignedFormat.encode(nanXY)))
                .isEqualTo("1200000001000000" + "000000000000f87f" + "000000000000f87f");
    }

    @Example
    void nanIsCanonicalInTheBulkCopyOfPackedSequences() throws Exception {
        // 40 XYZ coordinates: 120 doubles, well over the bulk-copy threshold.
        int n = 40;
        double[] raw = new double[3 * n];
        for (int i = 0; i < n; i++) {
            raw[3 * i] = i;
            raw[3 * i + 1] = i % 3 == 0 ? Double.longBitsToDouble(0x7ff0000000000001L) : -i;
            raw[3 * i + 2] = i % 2 == 0 ? Double.longBitsToDouble(0xfff8000000000abcL) : i * 0.5;
        }
        LineString line =
                new GeometryFactory()
                        .createLineString(new PackedCoordinateSequence.Double(raw, 3, 0));
        byte[] bytes = AlignedFormat.encode(line);
        assertThat(bytes).hasSize(8 + n * 24);
        int nans = 0;
        for (int offset : AlignedRecord.parse(bytes).ordinateOffsets()) {
            long bits =
                    java.nio.ByteBuffer.wrap(bytes, offset, 8)
                            .order(java.nio.ByteOrder.LITTLE_ENDIAN)
                            .getLong();
            if (Double.isNaN(Double.longBitsToDouble(bits))) {
                nans++;
                assertThat(bits).as("NaN at %d", offset).isEqualTo(CANONICAL_NAN);
            }
        }
        assertThat(nans).isEqualTo(14 + 20);
        for (CoordinateSequenceKind kind : CoordinateSequenceKind.values()) {
            ExactGeometry.assertExactlyEqual(
                    AlignedReader.of(kind).decode(bytes, 0, bytes.length), line);
        }
    }

    @Example
    void decodedGeometriesUseTheKindsFactory() throws Exception {
        byte[] bytes = AlignedFormat.encode(Wkt.read("POLYGON ((0 0, 1 0, 1 1, 0 0))", 4326));
        for (CoordinateSequenceKind kind : CoordinateSequenceKind.values()) {
            AlignedReader decoder = AlignedReader.of(kind);
            assertThat(decoder.sequenceKind()).isEqualTo(kind);
            Geometry decoded = decoder.decode(bytes, 0, bytes.length);
            assertThat(decoded.getFactory().getCoordinateSequenceFactory())
                    .isSameAs(kind.geometryFactory().getCoordinateSequenceFactory());
            assertThat(decoded.getSRID()).isEqualTo(4326);
            assertSequencesAreOfKind(decoded, kind);
        }
    }

    @Example
    void encodedSizeIsWhatATooSmallBufferIsTold() throws Exception {
        AlignedWriter encoder = new AlignedWriter();
        Geometry polygon = Wkt.read("POLYGON ZM ((0 0 0 0, 1 0 0 0, 1 1 0 0, 0 0 0 0))");
        assertThat(encoder.encode(polygon, new byte[100], 0)).isEqualTo(-(8 + 4 * 32 + 4 * 2));
        assertThat(encoder.encode(polygon)).hasSize(8 + 4 * 32 + 4 * 2);
    }

    // -----------------------------------------------------------------------------------------
    // Helpers: the rules, written independently of the codec
    // -----------------------------------------------------------------------------------------

    private static void headerGeometries(Geometry g, List<Geometry> out) {
        out.add(g);
        if (ExactGeometry.isCollectionProper(g)) {
            for (int i = 0; i < g.getNumGeometries(); i++) {
                headerGeometries(g.getGeometryN(i), out);
            }
        }
    }

    private static int typeCode(Geometry g) {
        if (g instanceof Point) {
            return 1;
        } else if (g instanceof LineString) {
            return 2;
        } else if (g instanceof Polygon) {
            return 3;
        } else if (g instanceof MultiPoint) {
            return 4;
        } else if (g instanceof MultiLineString) {
            return 5;
        } else if (g instanceof MultiPolygon) {
            return 6;
        }
        return 7;
    }

    /** XY for a collection; else Z iff some non-NaN Z, M iff some non-NaN M. */
    static CoordinateLayout expectedLayout(Geometry g) {
        if (ExactGeometry.isCollectionProper(g)) {
            return CoordinateLayout.XY;
        }
        boolean[] zm = ExactGeometry.valueLayout(g);
        return CoordinateLayout.of(zm[0], zm[1]);
    }

    private static int expectedCount(Geometry g) {
        if (ExactGeometry.isCollectionProper(g) || g instanceof MultiPoint) {
            return g.getNumGeometries();
        }
        if (g instanceof Polygon && ((Polygon) g).getExteriorRing().isEmpty()) {
            return 0;
        }
        if (g instanceof MultiPolygon) {
            int count = 0;
            for (int i = 0; i < g.getNumGeometries(); i++) {
                count += expectedCount(g.getGeometryN(i));
            }
            return count;
        }
        return g.getNumPoints();
    }

    /** 8 per header, the ordinates, 4 per structure int, GC members padded to 8. */
    static long expectedSize(Geometry g) {
        if (ExactGeometry.isCollectionProper(g)) {
            long size = 8;
            for (int i = 0; i < g.getNumGeometries(); i++) {
                size += (expectedSize(g.getGeometryN(i)) + 7) / 8 * 8;
            }
            return size;
        }
        return 8 + (long) expectedCount(g) * expectedLayout(g).bytes() + 4L * structureInts(g);
    }

    static int structureInts(Geometry g) {
        if (g instanceof Polygon) {
            Polygon p = (Polygon) g;
            return p.getExteriorRing().isEmpty() ? 0 : 2 + p.getNumInteriorRing();
        } else if (g instanceof MultiLineString) {
            return 1 + g.getNumGeometries();
        } else if (g instanceof MultiPolygon) {
            int ints = 1;
            for (int i = 0; i < g.getNumGeometries(); i++) {
                Polygon p = (Polygon) g.getGeometryN(i);
                ints += p.getExteriorRing().isEmpty() ? 1 : 2 + p.getNumInteriorRing();
            }
            return ints;
        }
        return 0;
    }

    static void assertSequencesAreOfKind(Geometry g, CoordinateSequenceKind kind) {
        Class<?> expected =
                kind == CoordinateSequenceKind.PACKED_DOUBLE
                        ? PackedCoordinateSequence.Double.class
                        : CoordinateArraySequence.class;
        ExactGeometry.forEachSequence(
                g,
                s ->
                        assertThat(s)
                                .as("a sequence of a geometry decoded as %s", kind)
                                .isExactlyInstanceOf(expected));
    }
}
