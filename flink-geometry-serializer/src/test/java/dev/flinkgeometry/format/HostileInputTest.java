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
import static org.assertj.core.api.Assertions.fail;

import dev.flinkgeometry.format.aligned.AlignedFormat;
import dev.flinkgeometry.format.aligned.AlignedReader;
import dev.flinkgeometry.format.aligned.AlignedWriter;
import dev.flinkgeometry.testing.AlignedRecord;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.GeometryArbitraries;
import dev.flinkgeometry.testing.Hex;
import dev.flinkgeometry.testing.NaturalEarth;
import dev.flinkgeometry.testing.Wkt;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;

/**
 * Decoding bytes from anywhere: only {@link IOException}s escape (a {@link GeometryFormatException}
 * naming the problem and its offset for format errors), never a {@code RuntimeException}, {@code
 * OutOfMemoryError} or {@code StackOverflowError}; huge counts fail before anything large is
 * allocated; nesting is bounded on both sides; and whatever does decode re-encodes into a record
 * that decodes to the same geometry.
 */
class HostileInputTest {
    /** Allocation allowed while rejecting a small record, whatever it claims. */
    private static final long ALLOCATION_BUDGET = 1 << 20;

    /** Geometries whose encodings are truncated, flipped and corrupted. */
    private static final List<String> SAMPLES =
            List.of(
                    "POINT (1 2)",
                    "POINT EMPTY",
                    "POINT ZM (1 2 3 4)",
                    "LINESTRING (0 0, 1 1, 2 0)",
                    "LINESTRING M (0 0 1, 1 1 2)",
                    "LINESTRING EMPTY",
                    "POLYGON ((0 0, 10 0, 10 10, 0 0), (1 1, 2 1, 2 2, 1 1), (5 5, 6 5, 6 6, 5 5))",
                    "POLYGON Z ((0 0 1, 10 0 2, 10 10 3, 0 0 4))",
                    "POLYGON ((0 0, 1 1, 0 0))",
                    "POLYGON EMPTY",
                    "MULTIPOINT ((1 2), EMPTY, (3 4))",
                    "MULTIPOINT EMPTY",
                    "MULTILINESTRING ((0 0, 1 1), EMPTY, (2 2, 3 3, 4 4))",
                    "MULTILINESTRING EMPTY",
                    "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), EMPTY, ((5 5, 9 5, 9 9, 5 5), (6 6, 7 6,"
                            + " 7 7, 6 6)))",
                    "MULTIPOLYGON EMPTY",
                    "GEOMETRYCOLLECTION EMPTY",
                    "GEOMETRYCOLLECTION (POINT (1 2), MULTILINESTRING ((0 0, 1 1), (2 2, 3 3)),"
                            + " GEOMETRYCOLLECTION (POLYGON ((0 0, 1 0, 1 1, 0 0)), POINT Z (1 2"
                            + " 3)), LINESTRING (5 5, 6 6))");

    private static List<byte[]> sampleEncodings() throws GeometryFormatException {
        List<byte[]> encodings = new ArrayList<>();
        for (String wkt : SAMPLES) {
            encodings.add(AlignedFormat.encode(Wkt.read(wkt, wkt.length() % 2 == 0 ? 4326 : 0)));
        }
        return encodings;
    }

    @Provide
    Arbitrary<Geometry> geometries() {
        return GeometryArbitraries.geometries();
    }

    // -----------------------------------------------------------------------------------------
    // Truncation
    // -----------------------------------------------------------------------------------------

    @Example
    void everyPrefixOfARecordIsRejected() throws Exception {
        int checked = 0;
        for (byte[] record : sampleEncodings()) {
            // The record continues after the region: the decoder must not read past it.
            byte[] buffer = new byte[3 + record.length];
            System.arraycopy(record, 0, buffer, 3, record.length);
            for (int length = 0; length < record.length; length++) {
                rejected(Arrays.copyOf(record, length));
                rejected(buffer, 3, length);
                checked++;
            }
            assertThat(decodeOrReject(buffer, 3, record.length)).isNotNull();
        }
        assertThat(checked).isGreaterThan(1000);
    }

    @Property(tries = 300)
    void truncatedRandomRecordsAreRejected(
            @ForAll("geometries") Geometry geometry, @ForAll @IntRange(max = 1000) int cut)
            throws Exception {
        byte[] record = AlignedFormat.encode(geometry);
        int length = cut % record.length;
        rejected(Arrays.copyOf(record, length));
    }

    // -----------------------------------------------------------------------------------------
    // Random corruption
    // -----------------------------------------------------------------------------------------

    @Property(tries = 1000)
    void corruptedRecordsAreRejectedOrDecodeToAStableGeometry(
            @ForAll("geometries") Geometry geometry,
            @ForAll @IntRange(min = 1, max = 4) int flips,
            @ForAll long seed)
            throws Exception {
        byte[] record = AlignedFormat.encode(geometry);
        corrupt(record, flips, new Random(seed));
        Geometry decoded = decodeOrReject(record, 0, record.length);
        Statistics.label("outcome").collect(decoded == null ? "rejected" : "decoded");
        if (decoded != null) {
            assertStable(decoded);
        }
        Statistics.label("outcome")
                .coverage(
                        c -> {
                            c.check("rejected").percentage(p -> p > 20);
                            c.check("decoded").percentage(p -> p > 5);
                        });
    }

    @Example
    void manySeededCorruptionsOfSamplesAndRealGeometries() throws Exception {
        List<byte[]> records = sampleEncodings();
        List<Geometry> real = NaturalEarth.all();
        for (int i = 0; i < real.size(); i += 40) {
            records.add(AlignedFormat.encode(real.get(i)));
        }
        Random random = new Random(20261122L);
        int decoded = 0;
        int rejected = 0;
        for (int round = 0; round < 20_000; round++) {
            byte[] record = records.get(random.nextInt(records.size())).clone();
            corrupt(record, 1 + random.nextInt(4), random);
            Geometry geometry = decodeOrReject(record, 0, record.length);
            if (geometry == null) {
                rejected++;
            } else {
                decoded++;
                assertStable(geometry);
            }
        }
        assertThat(rejected).isGreaterThan(1000);
        assertThat(decoded).isGreaterThan(1000);
    }

    @Property(tries = 1000)
    void randomBytesAreRejectedOrDecodeToAStableGeometry(@ForAll("randomRecords") byte[] bytes)
            throws Exception {
        Geometry decoded = decodeOrReject(bytes, 0, bytes.length);
        Statistics.label("outcome").collect(decoded == null ? "rejected" : "decoded");
        if (decoded != null) {
            assertStable(decoded);
        }
    }

    /** Random bytes, and random bodies behind plausible headers (nested ones too). */
    @Provide
    Arbitrary<byte[]> randomRecords() {
        Arbitrary<byte[]> noise = Arbitraries.bytes().array(byte[].class).ofMaxSize(200);
        Arbitrary<byte[]> header =
                Combinators.combine(
                                Arbitraries.integers().between(1, 7),
                                Arbitraries.integers().between(1, 4),
                                Arbitraries.of(false, true),
                                Arbitraries.integers().between(0, 6))
                        .as(
                                (type, layout, srid, count) ->
                                        ByteBuffer.allocate(8)
                                                .order(ByteOrder.LITTLE_ENDIAN)
                                                .put(
                                                        (byte)
                                                                (type << 4
                                                                        | layout << 1
                                                                        | (srid ? 1 : 0)))
                                                .put(new byte[] {0, 0x10, (byte) 0xE6})
                                                .putInt(count)
                                                .array());
        Arbitrary<byte[]> plausible =
                Combinators.combine(header.list().ofMinSize(1).ofMaxSize(3), noise)
                        .as(
                                (headers, body) -> {
                                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                                    headers.forEach(out::writeBytes);
                                    out.writeBytes(body);
                                    return out.toByteArray();
                                });
        return Arbitraries.oneOf(noise, plausible);
    }

    // -----------------------------------------------------------------------------------------
    // Huge and wrong counts
    // -----------------------------------------------------------------------------------------

    @Example
    void aSixteenByteRecordClaimingTwoBillionCoordinatesFailsFast() throws Exception {
        for (int type : new int[] {2, 4, 5, 6}) {
            for (int layout = 1; layout <= 4; layout++) {
                byte[] record = header(type, layout, Integer.MAX_VALUE, 16);
                GeometryFormatException e = rejectedWithinBudget(record);
                assertThat(e.getMessage()).contains("2147483647").contains("remain");
            }
        }
        byte[] point = header(1, 1, Integer.MAX_VALUE, 16);
        assertThat(rejectedWithinBudget(point).getMessage()).contains("a point has 0 or 1");
        byte[] collection = header(7, 1, Integer.MAX_VALUE, 16);
        assertThat(rejectedWithinBudget(collection).getMessage())
                .contains("collection members cannot fit");
        byte[] polygon = header(3, 1, Integer.MAX_VALUE, 16);
        assertThat(rejectedWithinBudget(polygon).getMessage()).contains("coordinates need");
    }

    @Example
    void hugeValuesInEveryCountFieldFailFastWithoutLargeAllocation() throws Exception {
        int[] hugeValues = {
            Integer.MAX_VALUE,
            0x7FFFFFF8,
            1 << 30,
            1 << 28,
            1 << 24,
            0x00FFFFFF,
            -1,
            Integer.MIN_VALUE
        };
        int fields = 0;
        List<AlignedRecord.CountKind> kinds = new ArrayList<>();
        for (byte[] record : sampleEncodings()) {
            for (AlignedRecord.CountField field : AlignedRecord.parse(record).countFields()) {
                kinds.add(field.kind());
                for (int value : hugeValues) {
                    byte[] corrupted = record.clone();
                    putInt(corrupted, field.offset(), value);
                    GeometryFormatException e = rejectedWithinBudget(corrupted);
                    assertThat(e.offset())
                            .as("offset of %s", e.getMessage())
                            .isBetween(0, corrupted.length);
                }
                fields++;
            }
        }
        assertThat(kinds).contains(AlignedRecord.CountKind.values());
        assertThat(fields).isGreaterThan(40);
    }

    @Example
    void smallChangesToCountFieldsAreRejectedOrDecodeStably() throws Exception {
        int decoded = 0;
        int rejected = 0;
        for (byte[] record : sampleEncodings()) {
            for (AlignedRecord.CountField field : AlignedRecord.parse(record).countFields()) {
                for (int delta : new int[] {-2, -1, 1, 2, 8}) {
                    byte[] corrupted = record.clone();
                    putInt(corrupted, field.offset(), field.value() + delta);
                    Geometry geometry = decodeOrReject(corrupted, 0, corrupted.length);
                    if (geometry == null) {
                        rejected++;
                    } else {
                        decoded++;
                        assertStable(geometry);
                    }
                }
            }
        }
        assertThat(rejected).isGreaterThan(100);
        assertThat(decoded).isGreaterThan(0);
    }

    @Example
    void partsMustAccountForTheHeaderCount() throws Exception {
        // MULTILINESTRING ((0 0, 1 1, 2 2), (3 3, 4 4)): 5 coordinates, then ints 2, 3, 2.
        byte[] record =
                AlignedFormat.encode(Wkt.read("MULTILINESTRING ((0 0, 1 1, 2 2), (3 3, 4 4))"));
        int ints = 8 + 5 * 16;
        byte[] fewer = record.clone();
        putInt(fewer, ints + 4, 2);
        assertThat(rejected(fewer).getMessage()).contains("belong to no part");
        byte[] more = record.clone();
        putInt(more, ints + 4, 4);
        assertThat(rejected(more).getMessage()).contains("overruns");
        byte[] moreLines = record.clone();
        putInt(moreLines, ints, 3);
        assertThat(rejected(moreLines).getMessage()).contains("line strings");

        // A polygon with coordinates but no rings.
        byte[] polygon = AlignedFormat.encode(Wkt.read("POLYGON ((0 0, 1 0, 1 1, 0 0))"));
        byte[] noRings = Arrays.copyOf(polygon, polygon.length - 4);
        putInt(noRings, 8 + 4 * 16, 0);
        assertThat(rejected(noRings).getMessage()).contains("no rings");

        // A ring that JTS refuses (not closed), a line string of one point, a point of two.
        byte[] open = polygon.clone();
        putDouble(open, 8 + 3 * 16, 0.5);
        assertThat(rejected(open).getMessage()).contains("ring");
        byte[] line = AlignedFormat.encode(Wkt.read("LINESTRING (0 0, 1 1)"));
        byte[] onePoint = Arrays.copyOf(line, 8 + 16);
        putInt(onePoint, 4, 1);
        assertThat(rejected(onePoint).getMessage()).contains("line string");
        byte[] twoPoints = line.clone();
        twoPoints[0] = 0x12;
        assertThat(rejected(twoPoints).getMessage()).contains("a point has 0 or 1");

        // A collection that claims more members than it has.
        byte[] collection = AlignedFormat.encode(Wkt.read("GEOMETRYCOLLECTION (POINT (1 2))"));
        putInt(collection, 4, 2);
        assertThat(rejected(collection).getMessage()).contains("truncated header");
    }

    @Example
    void trailingBytesAndMissingPaddingAreRejected() throws Exception {
        for (byte[] record : sampleEncodings()) {
            for (int extra : new int[] {1, 4, 8}) {
                byte[] longer = Arrays.copyOf(record, record.length + extra);
                GeometryFormatException e = rejected(longer);
                assertThat(e.getMessage()).contains("trailing");
                assertThat(e.offset()).isEqualTo(record.length);
            }
        }
        // Member 1 is 84 bytes, padded to 88.
        byte[] padded =
                AlignedFormat.encode(
                        Wkt.read(
                                "GEOMETRYCOLLECTION (POINT (1 2), MULTILINESTRING ((0 0, 1 1), (2"
                                        + " 2, 3 3)))"));
        assertThat(padded).hasSize(8 + 24 + 88);
        byte[] unpadded = Arrays.copyOf(padded, padded.length - 4);
        assertThat(rejected(unpadded).getMessage()).contains("padding");
    }

    @Example
    void unknownTypeAndCoordinateCodesAreRejected() throws Exception {
        byte[] point = AlignedFormat.encode(Wkt.read("POINT (1 2)"));
        for (int type : new int[] {0, 8, 9, 10, 11, 12, 13, 14, 15}) {
            byte[] bytes = point.clone();
            bytes[0] = (byte) (type << 4 | (bytes[0] & 0x0F));
            GeometryFormatException e = rejected(bytes);
            assertThat(e.getMessage()).contains("unknown geometry type " + type);
            assertThat(e.offset()).isZero();
        }
        for (int layout : new int[] {0, 5, 6, 7}) {
            byte[] bytes = point.clone();
            bytes[0] = (byte) (bytes[0] & 0xF1 | layout << 1);
            assertThat(rejected(bytes).getMessage()).contains("unknown coordinate type " + layout);
        }
        // Inside a collection, at the member's offset.
        byte[] collection =
                AlignedFormat.encode(Wkt.read("GEOMETRYCOLLECTION (POINT (1 2), POINT (3 4))"));
        collection[8 + 24] = (byte) 0x92;
        GeometryFormatException e = rejected(collection);
        assertThat(e.getMessage()).contains("unknown geometry type 9");
        assertThat(e.offset()).isEqualTo(32);
        byte[] negative = point.clone();
        putInt(negative, 4, -1);
        assertThat(rejected(negative).getMessage()).contains("negative count");
    }

    @Example
    void errorOffsetsAreRelativeToTheRecord() throws Exception {
        byte[] record = AlignedFormat.encode(Wkt.read("LINESTRING (0 0, 1 1)"));
        putInt(record, 4, 3);
        int at = rejected(record).offset();
        byte[] buffer = new byte[100 + record.length];
        System.arraycopy(record, 0, buffer, 100, record.length);
        assertThat(rejected(buffer, 100, record.length).offset()).isEqualTo(at);
        assertThatThrownBy(() -> AlignedFormat.decode(new byte[0]))
                .isInstanceOf(GeometryFormatException.class)
                .hasMessageContaining("offset 0");
        assertThatThrownBy(
                        () -> AlignedReader.of(CoordinateSequenceKind.ARRAY).decode(record, 4, 100))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Example
    void toleratedInputsDecodeAndReencodeToTheCanonicalBytes() throws Exception {
        // docs/FORMAT.md 6.4: accepted, never written; re-encoding gives the canonical bytes.
        byte[] point = AlignedFormat.encode(Wkt.read("POINT (1 2)"));
        byte[] sridBytesWithoutFlag = point.clone();
        sridBytesWithoutFlag[1] = 1;
        sridBytesWithoutFlag[2] = 2;
        sridBytesWithoutFlag[3] = 3;
        assertTolerated(sridBytesWithoutFlag, point);
        byte[] flagWithSridZero = point.clone();
        flagWithSridZero[0] |= 1;
        assertTolerated(flagWithSridZero, point);

        byte[] padded =
                AlignedFormat.encode(
                        Wkt.read("GEOMETRYCOLLECTION (MULTILINESTRING ((0 0, 1 1), (2 2, 3 3)))"));
        byte[] dirtyPadding = padded.clone();
        dirtyPadding[8 + 84] = 0x55;
        dirtyPadding[8 + 87] = (byte) 0xFF;
        assertTolerated(dirtyPadding, padded);

        byte[] collectionXYZ = padded.clone();
        collectionXYZ[0] = 0x74;
        assertTolerated(collectionXYZ, padded);

        byte[] emptyXYZM = AlignedFormat.encode(Wkt.read("POINT EMPTY"));
        byte[] canonicalEmpty = emptyXYZM.clone();
        emptyXYZM[0] = 0x18;
        assertThat(
                        ((org.locationtech.jts.geom.Point) decodeOrReject(emptyXYZM, 0, 8))
                                .getCoordinateSequence()
                                .getDimension())
                .isEqualTo(4);
        assertTolerated(emptyXYZM, canonicalEmpty);

        // XYZ with every Z NaN (non-canonical NaN, too).
        ByteBuffer nanZ = ByteBuffer.allocate(8 + 2 * 24).order(ByteOrder.LITTLE_ENDIAN);
        nanZ.put((byte) 0x24).put(new byte[3]).putInt(2);
        nanZ.putDouble(1).putDouble(2).putLong(0xfff8000000000001L);
        nanZ.putDouble(3).putDouble(4).putDouble(Double.NaN);
        assertTolerated(nanZ.array(), AlignedFormat.encode(Wkt.read("LINESTRING (1 2, 3 4)")));

        // A MultiPolygon member with one empty ring is an empty polygon.
        ByteBuffer emptyRing = ByteBuffer.allocate(8 + 12).order(ByteOrder.LITTLE_ENDIAN);
        emptyRing.put((byte) 0x62).put(new byte[3]).putInt(0).putInt(1).putInt(1).putInt(0);
        assertTolerated(emptyRing.array(), AlignedFormat.encode(Wkt.read("MULTIPOLYGON (EMPTY)")));
    }

    private static void assertTolerated(byte[] tolerated, byte[] canonical) throws Exception {
        Geometry decoded = decodeOrReject(tolerated, 0, tolerated.length);
        assertThat(decoded).as("decode of %s", Hex.format(tolerated)).isNotNull();
        ExactGeometry.assertExactlyEqual(decoded, AlignedFormat.decode(canonical));
        assertThat(Hex.format(AlignedFormat.encode(decoded))).isEqualTo(Hex.format(canonical));
    }

    // -----------------------------------------------------------------------------------------
    // Nesting
    // -----------------------------------------------------------------------------------------

    @Example
    void nestingIsBoundedWhenDecoding() throws Exception {
        int max = GeometryLimits.MAX_NESTING_DEPTH;
        Geometry deepest = decodeOrReject(nestedCollections(max), 0, 8 * max);
        assertThat(deepest).isNotNull();
        assertThat(depth(deepest)).isEqualTo(max);
        assertThat(AlignedFormat.encode(deepest)).isEqualTo(nestedCollections(max));

        GeometryFormatException e = rejected(nestedCollections(max + 1));
        assertThat(e.getMessage()).contains("nested deeper than " + max);
        assertThat(e.offset()).isEqualTo(8 * max);

        byte[] veryDeep = nestedCollections(200_000);
        assertThat(rejectedWithinBudget(veryDeep).getMessage()).contains("nested deeper");
    }

    @Example
    void nestingIsBoundedWhenEncoding() throws Exception {
        int max = GeometryLimits.MAX_NESTING_DEPTH;
        GeometryFactory factory = new GeometryFactory();
        byte[] bytes = AlignedFormat.encode(nestedJts(factory, max));
        assertThat(bytes).isEqualTo(nestedCollections(max));
        ExactGeometry.assertExactlyEqual(AlignedFormat.decode(bytes), nestedJts(factory, max));
        for (int depth : new int[] {max + 1, 100_000}) {
            Geometry tooDeep = nestedJts(factory, depth);
            assertThatThrownBy(() -> AlignedFormat.encode(tooDeep))
                    .isInstanceOf(GeometryFormatException.class)
                    .hasMessageContaining("nested deeper than " + max);
        }
        // A point at the deepest level is fine: only collections count.
        Geometry withPoint = factory.createPoint(new org.locationtech.jts.geom.Coordinate(1, 2));
        for (int i = 0; i < max; i++) {
            withPoint = factory.createGeometryCollection(new Geometry[] {withPoint});
        }
        ExactGeometry.assertExactlyEqual(
                AlignedFormat.decode(AlignedFormat.encode(withPoint)), withPoint);
    }

    /** {@code levels} collections, each the only member of the one above; the last is empty. */
    private static byte[] nestedCollections(int levels) {
        ByteBuffer buffer = ByteBuffer.allocate(8 * levels).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < levels; i++) {
            buffer.put((byte) 0x72).put(new byte[3]).putInt(i == levels - 1 ? 0 : 1);
        }
        return buffer.array();
    }

    private static Geometry nestedJts(GeometryFactory factory, int levels) {
        Geometry g = factory.createGeometryCollection();
        for (int i = 1; i < levels; i++) {
            g = factory.createGeometryCollection(new Geometry[] {g});
        }
        return g;
    }

    private static int depth(Geometry g) {
        int depth = 0;
        while (ExactGeometry.isCollectionProper(g)) {
            depth++;
            if (g.getNumGeometries() == 0) {
                break;
            }
            g = g.getGeometryN(0);
        }
        return depth;
    }

    // -----------------------------------------------------------------------------------------
    // Encoding what the format cannot carry
    // -----------------------------------------------------------------------------------------

    @Example
    void sridsOutsideTwentyFourBitsAreRejectedOnEncode() throws Exception {
        for (int srid : new int[] {-1, -4326, Integer.MIN_VALUE, 0x1000000, Integer.MAX_VALUE}) {
            Geometry point = Wkt.read("POINT (1 2)", srid);
            assertThatThrownBy(() -> AlignedFormat.encode(point))
                    .isInstanceOf(GeometryFormatException.class)
                    .hasMessageContaining("SRID " + srid)
                    .hasMessageContaining("16777215");
            Geometry collection = Wkt.read("GEOMETRYCOLLECTION (POINT (1 2))", 4326);
            collection.getGeometryN(0).setSRID(srid);
            assertThatThrownBy(() -> AlignedFormat.encode(collection))
                    .isInstanceOf(GeometryFormatException.class)
                    .hasMessageContaining("SRID " + srid);
            // A Multi* member's SRID is not carried, so it is not checked.
            Geometry multi = Wkt.read("MULTIPOINT ((1 2))", 4326);
            multi.getGeometryN(0).setSRID(srid);
            assertThat(AlignedFormat.decode(AlignedFormat.encode(multi)).getGeometryN(0).getSRID())
                    .isEqualTo(4326);
        }
        for (int srid : new int[] {0, 1, 0xFFFFFF}) {
            Geometry point = Wkt.read("POINT (1 2)", srid);
            assertThat(AlignedFormat.decode(AlignedFormat.encode(point)).getSRID()).isEqualTo(srid);
        }
    }

    @Example
    void geometriesLargerThanTheLargestRecordAreRejectedBeforeWriting() throws Exception {
        // One line of 2^20 XY coordinates (16 MiB), shared by many members: cheap to build,
        // more than 2 GiB to encode.
        GeometryFactory factory = new GeometryFactory();
        org.locationtech.jts.geom.LineString line =
                factory.createLineString(
                        new org.locationtech.jts.geom.impl.PackedCoordinateSequence.Double(
                                new double[2 << 20], 2, 0));
        Geometry[] members = new Geometry[200];
        Arrays.fill(members, line);
        Geometry collection = factory.createGeometryCollection(members);
        AlignedWriter encoder = new AlignedWriter();
        assertThatThrownBy(() -> encoder.encode(collection, new byte[16], 0))
                .isInstanceOf(GeometryFormatException.class)
                .hasMessageContaining("more than the largest record");

        // More than 2^31-1 coordinates under one header. JTS's getNumPoints() is an int sum
        // and wraps: 3000 lines give a negative count, 4096 give 0, 4097 give 2^20.
        for (int count : new int[] {3000, 4096, 4097}) {
            org.locationtech.jts.geom.LineString[] lines =
                    new org.locationtech.jts.geom.LineString[count];
            Arrays.fill(lines, line);
            Geometry multiLine = factory.createMultiLineString(lines);
            assertThatThrownBy(() -> encoder.encode(multiLine, new byte[16], 0))
                    .as("MultiLineString of %d lines of 2^20 coordinates", count)
                    .isInstanceOf(GeometryFormatException.class)
                    .hasMessageContaining("too many coordinates");
            Geometry inCollection = factory.createGeometryCollection(new Geometry[] {multiLine});
            assertThatThrownBy(() -> AlignedFormat.encode(inCollection))
                    .isInstanceOf(GeometryFormatException.class)
                    .hasMessageContaining("too many coordinates");
        }
        org.locationtech.jts.geom.LinearRing ring =
                factory.createLinearRing(
                        new org.locationtech.jts.geom.impl.PackedCoordinateSequence.Double(
                                new double[2 << 20], 2, 0));
        org.locationtech.jts.geom.LinearRing[] holes =
                new org.locationtech.jts.geom.LinearRing[4095];
        Arrays.fill(holes, ring);
        org.locationtech.jts.geom.Polygon polygon = factory.createPolygon(ring, holes);
        assertThatThrownBy(() -> encoder.encode(polygon, new byte[16], 0))
                .as("polygon of 4096 rings of 2^20 coordinates")
                .isInstanceOf(GeometryFormatException.class)
                .hasMessageContaining("too many coordinates");
        org.locationtech.jts.geom.Polygon[] polygons = {polygon};
        assertThatThrownBy(
                        () -> encoder.encode(factory.createMultiPolygon(polygons), new byte[16], 0))
                .isInstanceOf(GeometryFormatException.class)
                .hasMessageContaining("too many coordinates");

        // The encoder is still usable, and the line alone is fine.
        assertThat(encoder.encode(line, new byte[16], 0)).isEqualTo(-(8 + 16 * (1 << 20)));
    }

    // -----------------------------------------------------------------------------------------
    // Helpers
    // -----------------------------------------------------------------------------------------

    /**
     * Decodes with both sequence kinds. Returns the geometry, or {@code null} when both reject the
     * bytes with a {@link GeometryFormatException} that names an offset within the record; anything
     * else escaping fails the test.
     */
    private static Geometry decodeOrReject(byte[] bytes, int offset, int length) {
        Geometry first = null;
        GeometryFormatException firstError = null;
        for (CoordinateSequenceKind kind : CoordinateSequenceKind.values()) {
            Geometry geometry = null;
            GeometryFormatException error = null;
            try {
                geometry = AlignedReader.of(kind).decode(bytes, offset, length);
            } catch (GeometryFormatException e) {
                error = e;
                assertThat(e.getMessage()).contains("offset").doesNotStartWith(" (");
                assertThat(e.offset()).as(e.getMessage()).isBetween(0, length);
            } catch (Throwable t) {
                throw new AssertionError(
                        "decode of " + Hex.format(bytes, offset, length) + " threw " + t, t);
            }
            if (kind == CoordinateSequenceKind.ARRAY) {
                first = geometry;
                firstError = error;
            } else if (firstError != null) {
                assertThat(error).as("both kinds reject").isNotNull();
                assertThat(error.getMessage()).isEqualTo(firstError.getMessage());
            } else {
                assertThat(geometry).as("both kinds decode").isNotNull();
                ExactGeometry.assertExactlyEqual(geometry, first);
            }
        }
        return first;
    }

    private static GeometryFormatException rejected(byte[] bytes) {
        return rejected(bytes, 0, bytes.length);
    }

    private static GeometryFormatException rejected(byte[] bytes, int offset, int length) {
        try {
            Geometry geometry =
                    AlignedReader.of(CoordinateSequenceKind.ARRAY).decode(bytes, offset, length);
            return fail(
                    "decoded %s from %s",
                    ExactGeometry.describe(geometry), Hex.format(bytes, offset, length));
        } catch (GeometryFormatException e) {
            assertThat(e.getMessage()).contains("offset");
            assertThat(e.offset()).as(e.getMessage()).isBetween(0, length);
            assertThat(decodeOrReject(bytes, offset, length)).isNull();
            return e;
        }
    }

    /** Rejected, with less than {@link #ALLOCATION_BUDGET} bytes allocated on the way. */
    private static GeometryFormatException rejectedWithinBudget(byte[] bytes) {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assertThat(threads.isThreadAllocatedMemorySupported()).isTrue();
        AlignedReader decoder = AlignedReader.of(CoordinateSequenceKind.PACKED_DOUBLE);
        long before = threads.getCurrentThreadAllocatedBytes();
        GeometryFormatException error = null;
        try {
            decoder.decode(bytes, 0, bytes.length);
        } catch (GeometryFormatException e) {
            error = e;
        } catch (Throwable t) {
            throw new AssertionError("decode of " + Hex.format(bytes) + " threw " + t, t);
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertThat(error).as("rejection of %s", Hex.format(bytes)).isNotNull();
        assertThat(allocated)
                .as("bytes allocated rejecting: %s", error.getMessage())
                .isLessThan(ALLOCATION_BUDGET);
        return rejected(bytes);
    }

    /** What decoded re-encodes, and the re-encoding decodes to the same and is canonical. */
    private static void assertStable(Geometry decoded) throws GeometryFormatException {
        byte[] again = AlignedFormat.encode(decoded);
        Geometry twice = AlignedFormat.decode(again);
        ExactGeometry.assertExactlyEqual(twice, decoded);
        assertThat(AlignedFormat.encode(twice)).isEqualTo(again);
    }

    private static void corrupt(byte[] record, int flips, Random random) {
        for (int i = 0; i < flips; i++) {
            int at = random.nextInt(record.length);
            if (random.nextBoolean()) {
                record[at] ^= (byte) (1 << random.nextInt(8));
            } else {
                record[at] = (byte) random.nextInt(256);
            }
        }
    }

    private static byte[] header(int type, int layout, int count, int totalLength) {
        ByteBuffer buffer = ByteBuffer.allocate(totalLength).order(ByteOrder.LITTLE_ENDIAN);
        buffer.put((byte) (type << 4 | layout << 1)).put(new byte[3]).putInt(count);
        return buffer.array();
    }

    private static void putInt(byte[] bytes, int offset, int value) {
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putInt(offset, value);
    }

    private static void putDouble(byte[] bytes, int offset, double value) {
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putDouble(offset, value);
    }
}
