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
package dev.flinkgeometry.serializer;

import static dev.flinkgeometry.serializer.GeometryFixtures.ARRAY_FACTORY;
import static dev.flinkgeometry.serializer.GeometryFixtures.PACKED_FACTORY;
import static dev.flinkgeometry.serializer.GeometryFixtures.collection;
import static dev.flinkgeometry.serializer.GeometryFixtures.srid;
import static dev.flinkgeometry.serializer.GeometryFixtures.wkt;
import static dev.flinkgeometry.testing.SerializerBytes.deserialize;
import static dev.flinkgeometry.testing.SerializerBytes.serialize;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.format.aligned.AlignedFormat;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.FramedSerializerContract;
import dev.flinkgeometry.testing.GeometryMixes;
import dev.flinkgeometry.testing.NaturalEarth;
import dev.flinkgeometry.testing.RecordingViews;
import dev.flinkgeometry.testing.Wkt;
import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.CoordinateXYZM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.PrecisionModel;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;

/**
 * {@link GeometrySerializer} beyond Flink's contract test: the framing contract it shares with the
 * legacy serializer ({@link FramedSerializerContract}), then its own record layout, equality,
 * corrupt input and determinism.
 */
class GeometrySerializerTest extends VarintRecordsContract {

    private static final GeometrySerializer<Geometry> GEOMETRY =
            GeometrySerializer.of(Geometry.class);

    @Override
    protected <T extends Geometry> TypeSerializer<T> serializerOf(Class<T> type) {
        return GeometrySerializer.of(type);
    }

    @Override
    protected <T extends Geometry> TypeSerializer<T> configuredSerializerOf(Class<T> type) {
        return GeometrySerializer.of(type, CoordinateSequenceKind.PACKED_DOUBLE);
    }

    @Override
    protected byte[] payload(Geometry geometry) throws IOException {
        return AlignedFormat.encode(geometry);
    }

    @Override
    protected int xyLineRecordBytes(int vertices) {
        return leb128(8 + vertices * 16).length + 8 + vertices * 16;
    }

    @Override
    protected List<Geometry> geometries() {
        List<Geometry> geometries = new ArrayList<>(GeometryMixes.aligned(ARRAY_FACTORY));
        geometries.addAll(GeometryMixes.aligned(PACKED_FACTORY));
        return geometries;
    }

    // ------------------------------------------------------------------------------------------
    // Framing
    // ------------------------------------------------------------------------------------------

    @Test
    void aRecordIsTheMinimalVarintLengthThenTheAlignedPayload() throws Exception {
        // payloads of 24, 168 and 32,008 bytes: length prefixes of 1, 2 and 3 bytes
        Geometry[] geometries = {
            wkt("POINT (1 2)"), GeometryMixes.longLine(10), GeometryMixes.longLine(2000)
        };
        int[] prefixBytes = {1, 2, 3};
        for (int i = 0; i < geometries.length; i++) {
            byte[] payload = AlignedFormat.encode(geometries[i]);
            byte[] prefix = leb128(payload.length);
            assertThat(prefix).hasSize(prefixBytes[i]);
            assertThat(serialize(GEOMETRY, geometries[i]))
                    .as("record of %s", geometries[i].getGeometryType())
                    .isEqualTo(concat(prefix, payload));
        }
    }

    @Test
    void pointOneTwoIsTheExpectedRecord() throws Exception {
        byte[] expected = {
            24, // varint length
            0x12,
            0,
            0,
            0, // Point << 4 | XY << 1, no SRID
            1,
            0,
            0,
            0, // one coordinate, little-endian
            0,
            0,
            0,
            0,
            0,
            0,
            (byte) 0xF0,
            0x3F, // 1.0
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0x40 // 2.0
        };
        assertThat(serialize(GEOMETRY, wkt("POINT (1 2)"))).isEqualTo(expected);
        byte[] withSrid = serialize(GEOMETRY, srid(wkt("POINT (1 2)"), 4326));
        assertThat(Arrays.copyOfRange(withSrid, 1, 5))
                .as("preamble with SRID flag, SRID 4326 big-endian")
                .containsExactly(0x13, 0x00, 0x10, (byte) 0xE6);
    }

    // ------------------------------------------------------------------------------------------
    // Identity, instances, Java serialization
    // ------------------------------------------------------------------------------------------

    @Test
    void equalityIsByDeclaredClassAndSequenceKind() throws Exception {
        GeometrySerializer<Point> point = GeometrySerializer.of(Point.class);
        serialize(point, (Point) wkt("POINT (1 2)")); // buffer state plays no part

        assertThat(point)
                .isEqualTo(new GeometrySerializer<>(Point.class))
                .isEqualTo(GeometrySerializer.of(Point.class, CoordinateSequenceKind.ARRAY))
                .hasSameHashCodeAs(
                        new GeometrySerializer<>(Point.class, CoordinateSequenceKind.ARRAY))
                .isNotEqualTo(
                        GeometrySerializer.of(Point.class, CoordinateSequenceKind.PACKED_DOUBLE))
                .isNotEqualTo(GeometrySerializer.of(Geometry.class))
                .isNotEqualTo(GeometrySerializer.of(MultiPoint.class))
                .isNotEqualTo(StringSerializer.INSTANCE)
                .isNotEqualTo(null);
        assertThat(GeometrySerializer.of(LinearRing.class))
                .isNotEqualTo(GeometrySerializer.of(LineString.class));
        assertThat(GeometrySerializer.of(Geometry.class, CoordinateSequenceKind.PACKED_DOUBLE))
                .isEqualTo(
                        new GeometrySerializer<>(
                                Geometry.class, CoordinateSequenceKind.PACKED_DOUBLE))
                .hasSameHashCodeAs(
                        new GeometrySerializer<>(
                                Geometry.class, CoordinateSequenceKind.PACKED_DOUBLE));
        assertThatThrownBy(
                        () -> new GeometrySerializer<>(Point.class, (CoordinateSequenceKind) null))
                .isInstanceOf(NullPointerException.class);
    }

    // ------------------------------------------------------------------------------------------
    // Corrupt input
    // ------------------------------------------------------------------------------------------

    @Test
    void malformedLengthVarintsAreRejected() {
        byte[][] malformed = {
            {}, // no length at all
            {(byte) 0x80}, // ends inside the varint
            {(byte) 0x80, 0x00}, // not minimal
            {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F}, // more than 2^31-1
            {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x01}, // 6 bytes
        };
        for (byte[] bytes : malformed) {
            assertThatThrownBy(() -> GEOMETRY.deserialize(new DataInputDeserializer(bytes)))
                    .as("length bytes %s", HexFormat.of().formatHex(bytes))
                    .isInstanceOf(IOException.class);
            assertThatThrownBy(
                            () ->
                                    GEOMETRY.copy(
                                            new DataInputDeserializer(bytes),
                                            new DataOutputSerializer(8)))
                    .isInstanceOf(IOException.class);
        }
        assertThatThrownBy(() -> GEOMETRY.deserialize(new DataInputDeserializer(new byte[0])))
                .isInstanceOf(EOFException.class);
    }

    @Test
    void everyTruncationOfAPayloadFailsWithIOException() throws Exception {
        List<Geometry> geometries =
                List.of(
                        wkt("POINT Z (1 2 3)"),
                        wkt("LINESTRING (0 0, 1 1, 2 2)"),
                        wkt("POLYGON ((0 0, 10 0, 10 10, 0 0), (1 1, 2 1, 2 2, 1 1))"),
                        wkt("MULTIPOINT ((1 2), EMPTY)"),
                        wkt("MULTILINESTRING ((0 0, 1 1), (2 2, 3 3))"),
                        wkt("MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), EMPTY)"),
                        wkt(
                                "GEOMETRYCOLLECTION (POINT Z (1 2 3), GEOMETRYCOLLECTION (LINESTRING"
                                        + " (0 0, 1 1), POLYGON EMPTY), MULTIPOINT M ((1 2 3)))"),
                        collection(
                                4326,
                                srid(wkt("POINT (1 2)"), 3857),
                                wkt("MULTILINESTRING ((0 0, 1 1), (2 2, 3 3))")));
        for (Geometry geometry : geometries) {
            byte[] payload = AlignedFormat.encode(geometry);
            for (int length = 1; length < payload.length; length++) {
                // a consistent record of a cut payload: the decoder must notice
                byte[] cut = concat(leb128(length), Arrays.copyOf(payload, length));
                assertThatThrownBy(() -> deserialize(GEOMETRY, cut))
                        .as("%s cut to %d of %d bytes", geometry, length, payload.length)
                        .isInstanceOf(IOException.class);
                // a record whose stream ends early
                byte[] shortStream = concat(leb128(payload.length), Arrays.copyOf(payload, length));
                assertThatThrownBy(() -> deserialize(GEOMETRY, shortStream))
                        .isInstanceOf(EOFException.class);
            }
        }
    }

    @Test
    void garbagePayloadsFailWithIOException() throws Exception {
        byte[] point = AlignedFormat.encode(wkt("POINT (1 2)"));
        List<byte[]> garbage = new ArrayList<>();
        garbage.add(header(8, 1, 0)); // unknown geometry type
        garbage.add(header(0, 1, 0)); // geometry type 0
        garbage.add(header(1, 0, 0)); // unknown coordinate type 0
        garbage.add(header(1, 5, 0)); // unknown coordinate type 5
        garbage.add(header(1, 1, -1)); // negative count
        garbage.add(concat(header(1, 1, 2), new byte[32])); // a point with two coordinates
        garbage.add(concat(header(2, 1, Integer.MAX_VALUE), new byte[16])); // huge count
        garbage.add(concat(header(7, 1, 1000), new byte[16])); // missing members
        garbage.add(concat(point, new byte[8])); // trailing bytes
        garbage.add(Arrays.copyOf(point, 7)); // shorter than a header
        byte[] ones = new byte[24];
        Arrays.fill(ones, (byte) 0xFF);
        garbage.add(ones);
        for (byte[] payload : garbage) {
            byte[] record = concat(leb128(payload.length), payload);
            assertThatThrownBy(() -> deserialize(GEOMETRY, record))
                    .as("payload %s", HexFormat.of().formatHex(payload))
                    .isInstanceOf(IOException.class);
        }
    }

    @Test
    void mutatedRecordsDecodeOrFailWithIOExceptionOnly() throws Exception {
        Random random = new Random(20240601L);
        List<byte[]> payloads = new ArrayList<>();
        for (Geometry geometry : GeometryMixes.aligned(ARRAY_FACTORY)) {
            payloads.add(AlignedFormat.encode(geometry));
        }
        GeometrySerializer<Geometry> serializer = GeometrySerializer.of(Geometry.class);
        GeometrySerializer<LinearRing> rings = GeometrySerializer.of(LinearRing.class);
        for (int i = 0; i < 20_000; i++) {
            byte[] payload = payloads.get(random.nextInt(payloads.size())).clone();
            if (payload.length == 0) {
                continue;
            }
            int flips = 1 + random.nextInt(3);
            for (int f = 0; f < flips; f++) {
                payload[random.nextInt(payload.length)] ^= (byte) (1 << random.nextInt(8));
            }
            byte[] record = concat(leb128(payload.length), payload);
            for (GeometrySerializer<?> s : List.of(serializer, rings)) {
                Geometry decoded;
                try {
                    decoded = deserialize(s, record);
                } catch (IOException expected) {
                    continue; // corrupt input is reported as an IOException
                } catch (RuntimeException e) {
                    throw new AssertionError(
                            s + " threw " + e + " on " + HexFormat.of().formatHex(record), e);
                }
                // whatever was decoded can be written again
                assertThat(serialize(GEOMETRY, decoded)).isNotEmpty();
            }
        }
    }

    @Test
    void anSridOutsideTheFormatsRangeFailsOnSerializeAndWritesNothing() throws Exception {
        GeometrySerializer<Geometry> serializer = GeometrySerializer.of(Geometry.class);
        List<Geometry> invalid =
                List.of(
                        srid(wkt("POINT (1 2)"), 16_777_216),
                        srid(wkt("POINT (1 2)"), -1),
                        srid(wkt("LINESTRING EMPTY"), Integer.MAX_VALUE),
                        collection(4326, srid(wkt("POINT (1 2)"), 16_777_216)));
        for (Geometry geometry : invalid) {
            DataOutputSerializer out = new DataOutputSerializer(64);
            assertThatThrownBy(() -> serializer.serialize(geometry, out))
                    .as("SRID of %s", geometry)
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("SRID");
            assertThat(out.length()).as("bytes written").isZero();
        }
        assertThatThrownBy(() -> serialize(serializer, srid(wkt("POINT (1 2)"), 16_777_216)))
                .hasMessageContaining("16777216");

        Geometry largest = srid(wkt("POINT (1 2)"), 16_777_215);
        byte[] bytes = serialize(serializer, largest);
        assertThat(bytes).isEqualTo(serialize(GeometrySerializer.of(Geometry.class), largest));
        ExactGeometry.assertExactlyEqual(deserialize(serializer, bytes), largest);
    }

    // ------------------------------------------------------------------------------------------
    // Determinism
    // ------------------------------------------------------------------------------------------

    @Test
    void pointOneTwoHasOneEncodingHoweverItWasBuilt() throws Exception {
        GeometryFactory fixedPrecision = new GeometryFactory(new PrecisionModel(1000));
        GeometryFactory floatPacked =
                new GeometryFactory(PackedCoordinateSequenceFactory.FLOAT_FACTORY);

        List<Geometry> variants = new ArrayList<>();
        variants.add(ARRAY_FACTORY.createPoint(new Coordinate(1, 2)));
        variants.add(ARRAY_FACTORY.createPoint(new CoordinateXY(1, 2)));
        variants.add(ARRAY_FACTORY.createPoint(new CoordinateXYM(1, 2, Double.NaN)));
        variants.add(ARRAY_FACTORY.createPoint(new CoordinateXYZM(1, 2, Double.NaN, Double.NaN)));
        variants.add(
                ARRAY_FACTORY.createPoint(
                        new CoordinateArraySequence(new Coordinate[] {new Coordinate(1, 2)}, 2)));
        variants.add(
                PACKED_FACTORY.createPoint(
                        new PackedCoordinateSequence.Double(new double[] {1, 2}, 2, 0)));
        variants.add(
                PACKED_FACTORY.createPoint(
                        new PackedCoordinateSequence.Double(
                                new double[] {1, 2, Double.NaN}, 3, 0)));
        variants.add(
                PACKED_FACTORY.createPoint(
                        new PackedCoordinateSequence.Double(
                                new double[] {1, 2, Double.NaN, Double.NaN}, 4, 1)));
        variants.add(
                floatPacked.createPoint(
                        new PackedCoordinateSequence.Float(new float[] {1, 2}, 2, 0)));
        variants.add(fixedPrecision.createPoint(new Coordinate(1, 2)));
        variants.add(Wkt.oldSyntax("POINT (1 2)"));
        variants.add(wkt("POINT (1 2)"));
        variants.add(wkt("POINT Z (1 2 NaN)"));
        variants.add(wkt("POINT ZM (1 2 NaN NaN)"));
        Point withEnvelope = (Point) wkt("POINT (1 2)");
        withEnvelope.getEnvelopeInternal();
        withEnvelope.setUserData("not carried");
        variants.add(withEnvelope);

        assertOneEncoding(variants);
    }

    @Test
    void theEncodingIgnoresDeclaredDimensionsNaNPayloadsEnvelopesAndEarlierRecords()
            throws Exception {
        double otherNaN = Double.longBitsToDouble(0x7ff8_dead_beef_0001L);

        assertOneEncoding(
                List.of(
                        wkt("LINESTRING (0 0, 1 1)"),
                        Wkt.oldSyntax("LINESTRING (0 0, 1 1)"),
                        wkt("LINESTRING ZM (0 0 NaN NaN, 1 1 NaN NaN)"),
                        PACKED_FACTORY.createLineString(
                                new PackedCoordinateSequence.Double(
                                        new double[] {0, 0, Double.NaN, 1, 1, Double.NaN}, 3, 1))));
        assertOneEncoding(List.of(wkt("POINT M (1 2 4)"), wkt("POINT ZM (1 2 NaN 4)")));
        assertOneEncoding(
                List.of(
                        ARRAY_FACTORY.createPoint(new Coordinate(Double.NaN, 2, 3)),
                        ARRAY_FACTORY.createPoint(new Coordinate(otherNaN, 2, 3)),
                        PACKED_FACTORY.createPoint(
                                new PackedCoordinateSequence.Double(
                                        new double[] {otherNaN, 2, 3}, 3, 0))));
        // packed sequences long enough for the bulk copy, with a NaN of another bit pattern
        double[] xy = new double[200];
        for (int i = 0; i < xy.length; i++) {
            xy[i] = i;
        }
        double[] xyOtherNaN = xy.clone();
        xy[77] = Double.NaN;
        xyOtherNaN[77] = otherNaN;
        assertOneEncoding(
                List.of(
                        PACKED_FACTORY.createLineString(
                                new PackedCoordinateSequence.Double(xy, 2, 0)),
                        PACKED_FACTORY.createLineString(
                                new PackedCoordinateSequence.Double(xyOtherNaN, 2, 0))));

        // padding and buffer contents: write a collection with padding after a record that
        // filled the serializer's buffer with non-zero bytes
        Geometry padded =
                wkt(
                        "GEOMETRYCOLLECTION (POLYGON ((0 0, 1 0, 1 1, 0 0), (0.2 0.1, 0.8 0.1, 0.8 0.7,"
                                + " 0.2 0.1)), POINT (1 2))");
        GeometrySerializer<Geometry> used = GeometrySerializer.of(Geometry.class);
        Coordinate[] ones = new Coordinate[4000];
        Arrays.fill(ones, new CoordinateXY(Double.longBitsToDouble(-1L >>> 2), -1.0e-300));
        serialize(used, ARRAY_FACTORY.createLineString(ones));
        Geometry envelopeCached = padded.copy();
        envelopeCached.getEnvelopeInternal();
        assertThat(serialize(used, envelopeCached))
                .isEqualTo(serialize(GeometrySerializer.of(Geometry.class), padded));
    }

    /** All of {@code variants} serialize to the same bytes, which decode and re-serialize alike. */
    private static void assertOneEncoding(List<Geometry> variants) throws IOException {
        byte[] expected = serialize(GeometrySerializer.of(Geometry.class), variants.get(0));
        GeometrySerializer<Geometry> shared = GeometrySerializer.of(Geometry.class);
        for (Geometry variant : variants) {
            assertThat(serialize(shared, variant))
                    .as(
                            "bytes of %s built with %s",
                            variant, variant.getFactory().getCoordinateSequenceFactory())
                    .isEqualTo(expected);
            assertThat(serialize(GeometrySerializer.of(Geometry.class), variant))
                    .isEqualTo(expected);
        }
        for (CoordinateSequenceKind kind : CoordinateSequenceKind.values()) {
            GeometrySerializer<Geometry> serializer = GeometrySerializer.of(Geometry.class, kind);
            assertThat(serialize(serializer, deserialize(serializer, expected)))
                    .as("serialize(deserialize(bytes)) with %s", kind)
                    .isEqualTo(expected);
        }
    }

    // ------------------------------------------------------------------------------------------
    // Real-world data
    // ------------------------------------------------------------------------------------------

    @Test
    void naturalEarthCorpusRoundTripsToIdenticalBytes() throws Exception {
        List<Geometry> corpus = NaturalEarth.all();
        assertThat(corpus).hasSize(NaturalEarth.TOTAL);

        DataOutputSerializer written = new DataOutputSerializer(1 << 20);
        GeometrySerializer<Geometry> writer = GeometrySerializer.of(Geometry.class);
        for (Geometry geometry : corpus) {
            writer.serialize(geometry, written);
        }
        byte[] bytes = written.getCopyOfBuffer();

        for (CoordinateSequenceKind kind : CoordinateSequenceKind.values()) {
            GeometrySerializer<Geometry> serializer = GeometrySerializer.of(Geometry.class, kind);
            List<String> calls = new ArrayList<>();
            DataInputView in =
                    RecordingViews.recording(
                            DataInputView.class, new DataInputDeserializer(bytes), calls);
            DataOutputSerializer rewritten = new DataOutputSerializer(1 << 20);
            int mismatches = 0;
            String first = null;
            for (int i = 0; i < corpus.size(); i++) {
                Geometry decoded = serializer.deserialize(in);
                assertThat(RecordingViews.bulkReads(RecordingViews.take(calls)))
                        .as("bulk reads of record %d", i)
                        .isEqualTo(1);
                if (!ExactGeometry.equal(decoded, corpus.get(i))) {
                    mismatches++;
                    first = first == null ? "record " + i + ": " + corpus.get(i) : first;
                }
                serializer.serialize(decoded, rewritten);
            }
            assertThat(mismatches)
                    .as("records decoded differently (%s; first: %s)", kind, first)
                    .isZero();
            assertThat(rewritten.getCopyOfBuffer())
                    .as("serialize(deserialize(bytes)) with %s", kind)
                    .isEqualTo(bytes);
        }
    }

    // ------------------------------------------------------------------------------------------

    /** An 8-byte header without SRID. */
    private static byte[] header(int type, int coordinateType, int count) {
        return new byte[] {
            (byte) ((type << 4) | (coordinateType << 1)),
            0,
            0,
            0,
            (byte) count,
            (byte) (count >>> 8),
            (byte) (count >>> 16),
            (byte) (count >>> 24)
        };
    }
}
