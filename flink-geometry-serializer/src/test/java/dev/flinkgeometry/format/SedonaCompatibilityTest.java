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

import dev.flinkgeometry.format.aligned.AlignedFormat;
import dev.flinkgeometry.format.aligned.AlignedReader;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.GeometryArbitraries;
import dev.flinkgeometry.testing.Hex;
import dev.flinkgeometry.testing.NaturalEarth;
import dev.flinkgeometry.testing.Wkt;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;
import org.apache.sedona.common.geometrySerde.GeometrySerializer;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.Point;

/**
 * Byte compatibility with Apache Sedona 1.6.0's {@code GeometrySerializer}.
 *
 * <p>What Sedona 1.6.0 does, from its source ({@code geometrySerde/GeometrySerializer.java}):
 *
 * <ul>
 *   <li><b>Layout</b>: from one coordinate, {@code geometry.getCoordinate()} (the first coordinate;
 *       for Multi* the first of the first non-empty member): XYZ if its {@code getZ()} is not NaN,
 *       XYM if its {@code getM()} is not NaN. A later Z or M is dropped.
 *   <li><b>NaN</b>: doubles are written raw ({@code Unsafe.putDouble}), payload and sign kept.
 *   <li><b>SRID</b>: the low 24 bits are written whenever the SRID is not 0, so an SRID outside
 *       0..16777215 is truncated (16777216 reads back as 0, -1 as 16777215).
 *   <li><b>GeometryCollection</b>: each member is serialized on its own, with its own SRID in its
 *       header; on read every member gets the SRID of its parent's header.
 *   <li><b>MultiPoint</b>: an empty member is written as NaN ordinates; on read a member whose X is
 *       NaN becomes EMPTY, whatever its other ordinates.
 *   <li>A {@code LinearRing} outside a polygon is written and read as a {@code LineString} (as we
 *       do).
 * </ul>
 *
 * From that, three precise predicates, each checked in both directions by the property below:
 * {@link #sedonaWritesOurBytes} (Sedona's bytes equal ours), {@link #sedonaReadsOurBytes} (Sedona
 * reads our bytes back exactly) and {@link #sedonaRoundTripIsLossless} (Sedona's own round trip is
 * exact). "Sedona encodes without loss" is the last; for those geometries all of {@code encode(g)
 * == serialize(g)}, {@code deserialize(encode(g)) == g} and {@code decode(serialize(g)) == g} hold,
 * except where the only loss-free difference is a non-canonical NaN payload that Sedona writes raw.
 */
class SedonaCompatibilityTest {
    private static final List<Integer> OUT_OF_RANGE_SRIDS =
            List.of(-1, Integer.MIN_VALUE, 0x1000000, Integer.MAX_VALUE, 0x1000000 + 4326);

    @Provide
    Arbitrary<Geometry> geometries() {
        // Now and then an SRID that does not fit 24 bits, at the top or on a collection member.
        return Combinators.combine(
                        GeometryArbitraries.geometries(),
                        Arbitraries.frequency(Tuple.of(12, 0), Tuple.of(1, 1), Tuple.of(1, 2)),
                        Arbitraries.of(OUT_OF_RANGE_SRIDS))
                .as(
                        (g, where, srid) -> {
                            if (where == 0) {
                                return g;
                            }
                            Geometry copy = g.copy();
                            if (where == 2
                                    && ExactGeometry.isCollectionProper(copy)
                                    && copy.getNumGeometries() > 0) {
                                copy.getGeometryN(0).setSRID(srid);
                            } else {
                                copy.setSRID(srid);
                            }
                            return copy;
                        });
    }

    // -----------------------------------------------------------------------------------------
    // Properties
    // -----------------------------------------------------------------------------------------

    @Property(tries = 1000)
    void sedonaAgreesExactlyWhereItIsLossless(@ForAll("geometries") Geometry geometry)
            throws Exception {
        Geometry expected = ExactGeometry.asDecoded(geometry);
        String what = ExactGeometry.describe(geometry);
        byte[] ours = encodeOrNull(geometry);
        byte[] theirs = GeometrySerializer.serialize(geometry);

        boolean writesOurs = sedonaWritesOurBytes(geometry);
        boolean lossless = sedonaRoundTripIsLossless(geometry);
        Statistics.label("Sedona writes our bytes").collect(writesOurs);
        Statistics.label("Sedona is lossless").collect(lossless);
        Statistics.label("lossless, byte-identical").collect(lossless && writesOurs);
        for (String reason : differences(geometry)) {
            Statistics.label("Sedona differs").collect(reason);
        }

        // 1. The bytes are identical exactly when the characterization says so.
        assertThat(ours != null && Arrays.equals(ours, theirs))
                .as(
                        "ours %s vs Sedona %s for %s",
                        ours == null ? "(rejected)" : Hex.format(ours), Hex.format(theirs), what)
                .isEqualTo(writesOurs);

        // 2. Sedona's own round trip is exact exactly when the characterization says so.
        assertThat(ExactGeometry.equal(GeometrySerializer.deserialize(theirs), expected))
                .as("Sedona round trip of %s", what)
                .isEqualTo(lossless);

        if (ours != null) {
            // 3. Sedona reads every record we write; exactly when the characterization says so.
            Geometry sedonaOfOurs = GeometrySerializer.deserialize(ours);
            assertThat(ExactGeometry.equal(sedonaOfOurs, expected))
                    .as(
                            "Sedona reading our %s: %s for %s",
                            Hex.format(ours), ExactGeometry.describe(sedonaOfOurs), what)
                    .isEqualTo(sedonaReadsOurBytes(geometry));
        }
        if (writesOurs) {
            // 4. We read Sedona's bytes exactly, even where Sedona's reader does not.
            for (CoordinateSequenceKind kind : CoordinateSequenceKind.values()) {
                Geometry decoded = AlignedReader.of(kind).decode(theirs, 0, theirs.length);
                ExactGeometry.assertExactlyEqual(decoded, expected);
            }
        }
        if (lossless && writesOurs) {
            // The promise, spelled out: all three directions are exact.
            ExactGeometry.assertExactlyEqual(GeometrySerializer.deserialize(ours), expected);
            ExactGeometry.assertExactlyEqual(AlignedFormat.decode(theirs), expected);
        }

        Statistics.label("lossless, byte-identical")
                .coverage(c -> c.check(true).percentage(p -> p >= 30));
        Statistics.label("Sedona writes our bytes")
                .coverage(c -> c.check(false).percentage(p -> p >= 5));
        Statistics.label("Sedona is lossless")
                .coverage(c -> c.check(false).percentage(p -> p >= 5));
    }

    @Example
    void everyNaturalEarthGeometryIsByteIdentical() throws Exception {
        int checked = 0;
        for (Geometry original : NaturalEarth.all()) {
            for (int srid : new int[] {0, 4326}) {
                Geometry geometry = original.copy();
                geometry.setSRID(srid);
                assertThat(sedonaWritesOurBytes(geometry)).isTrue();
                assertThat(sedonaRoundTripIsLossless(geometry)).isTrue();
                byte[] ours = AlignedFormat.encode(geometry);
                byte[] theirs = GeometrySerializer.serialize(geometry);
                assertThat(ours).as("bytes of %s", geometry).isEqualTo(theirs);
                ExactGeometry.assertExactlyEqual(GeometrySerializer.deserialize(ours), geometry);
                for (CoordinateSequenceKind kind : CoordinateSequenceKind.values()) {
                    ExactGeometry.assertExactlyEqual(
                            AlignedReader.of(kind).decode(theirs, 0, theirs.length), geometry);
                }
                checked++;
            }
        }
        assertThat(checked).isEqualTo(2 * NaturalEarth.TOTAL);
    }

    // -----------------------------------------------------------------------------------------
    // Where we differ from Sedona on purpose
    // -----------------------------------------------------------------------------------------

    @Example
    void aZAfterTheFirstCoordinateIsKept() throws Exception {
        Geometry line = Wkt.read("LINESTRING Z (0 0 NaN, 1 1 3)");
        assertThat(sedonaWritesOurBytes(line)).isFalse();
        assertThat(sedonaRoundTripIsLossless(line)).isFalse();

        byte[] theirs = GeometrySerializer.serialize(line);
        assertThat(theirs[0]).as("Sedona: LineString, XY").isEqualTo((byte) 0x22);
        assertThat(theirs).hasSize(8 + 2 * 16);
        LineString sedonaRead = (LineString) GeometrySerializer.deserialize(theirs);
        assertThat(sedonaRead.getCoordinateSequence().getZ(1)).as("Sedona loses the 3").isNaN();

        byte[] ours = AlignedFormat.encode(line);
        assertThat(ours[0]).as("ours: LineString, XYZ").isEqualTo((byte) 0x24);
        assertThat(ours).hasSize(8 + 2 * 24);
        ExactGeometry.assertExactlyEqual(AlignedFormat.decode(ours), line);
        // Sedona reads our bytes without loss.
        ExactGeometry.assertExactlyEqual(GeometrySerializer.deserialize(ours), line);

        // The same with M, and for a polygon whose shell starts without Z but a hole has one.
        Geometry m = Wkt.read("MULTIPOINT M ((0 0 NaN), (1 1 7))");
        assertThat(GeometrySerializer.serialize(m)[0] & 0x0E).isEqualTo(1 << 1);
        assertThat(AlignedFormat.encode(m)[0] & 0x0E).isEqualTo(3 << 1);
        Geometry polygon =
                Wkt.read(
                        "POLYGON Z ((0 0 NaN, 9 0 NaN, 9 9 NaN, 0 0 NaN),"
                                + " (1 1 5, 2 1 5, 2 2 5, 1 1 5))");
        assertThat(sedonaWritesOurBytes(polygon)).isFalse();
        ExactGeometry.assertExactlyEqual(
                GeometrySerializer.deserialize(AlignedFormat.encode(polygon)), polygon);
    }

    @Example
    void sridsThatDoNotFit24BitsAreRejectedNotTruncated() throws Exception {
        Geometry point = Wkt.read("POINT (1 2)", 16777216);
        byte[] theirs = GeometrySerializer.serialize(point);
        assertThat(Hex.format(theirs, 0, 4))
                .as("Sedona: SRID flag, SRID bytes 0")
                .isEqualTo("13000000");
        assertThat(GeometrySerializer.deserialize(theirs).getSRID()).isZero();
        assertThatThrownBy(() -> AlignedFormat.encode(point))
                .isInstanceOf(GeometryFormatException.class)
                .hasMessageContaining("SRID 16777216");

        Geometry negative = Wkt.read("POINT (1 2)", -1);
        assertThat(GeometrySerializer.deserialize(GeometrySerializer.serialize(negative)).getSRID())
                .isEqualTo(16777215);
        assertThatThrownBy(() -> AlignedFormat.encode(negative))
                .isInstanceOf(GeometryFormatException.class)
                .hasMessageContaining("SRID -1");

        Geometry largest = Wkt.read("POINT (1 2)", 16777215);
        assertThat(AlignedFormat.encode(largest)).isEqualTo(GeometrySerializer.serialize(largest));
        assertThat(AlignedFormat.decode(AlignedFormat.encode(largest)).getSRID())
                .isEqualTo(16777215);
    }

    @Example
    void aCollectionMemberKeepsItsOwnSrid() throws Exception {
        Geometry collection =
                Wkt.read("GEOMETRYCOLLECTION (POINT (1 2), LINESTRING (0 0, 1 1))", 4326);
        collection.getGeometryN(0).setSRID(3857);
        collection.getGeometryN(1).setSRID(4326);
        assertThat(sedonaWritesOurBytes(collection)).isTrue();
        assertThat(sedonaRoundTripIsLossless(collection)).isFalse();

        byte[] ours = AlignedFormat.encode(collection);
        assertThat(ours).isEqualTo(GeometrySerializer.serialize(collection));
        assertThat(Hex.format(ours, 8, 4)).as("the member's header").isEqualTo("13000f11");

        Geometry sedonaRead = GeometrySerializer.deserialize(ours);
        assertThat(sedonaRead.getGeometryN(0).getSRID()).as("Sedona").isEqualTo(4326);
        Geometry decoded = AlignedFormat.decode(ours);
        assertThat(decoded.getSRID()).isEqualTo(4326);
        assertThat(decoded.getGeometryN(0).getSRID()).isEqualTo(3857);
        assertThat(decoded.getGeometryN(1).getSRID()).isEqualTo(4326);
        ExactGeometry.assertExactlyEqual(decoded, collection);
    }

    @Example
    void aMultiPointMemberWithNaNXIsNotEmpty() throws Exception {
        GeometryFactory factory = new GeometryFactory();
        MultiPoint multiPoint =
                factory.createMultiPoint(
                        new Point[] {
                            factory.createPoint(new Coordinate(Double.NaN, 5)),
                            factory.createPoint(new Coordinate(1, 2))
                        });
        assertThat(sedonaWritesOurBytes(multiPoint)).isTrue();
        assertThat(sedonaRoundTripIsLossless(multiPoint)).isFalse();
        byte[] ours = AlignedFormat.encode(multiPoint);
        assertThat(ours).isEqualTo(GeometrySerializer.serialize(multiPoint));
        assertThat(GeometrySerializer.deserialize(ours).getGeometryN(0).isEmpty())
                .as("Sedona")
                .isTrue();
        Geometry decoded = AlignedFormat.decode(ours);
        assertThat(decoded.getGeometryN(0).isEmpty()).isFalse();
        assertThat(decoded.getGeometryN(0).getCoordinate().y).isEqualTo(5.0);
        ExactGeometry.assertExactlyEqual(decoded, multiPoint);
    }

    @Example
    void nanPayloadsAreWrittenCanonicalWhereSedonaWritesThemRaw() throws Exception {
        double payload = Double.longBitsToDouble(0x7ff8000000000123L);
        Point point = new GeometryFactory().createPoint(new Coordinate(payload, 2));
        assertThat(sedonaWritesOurBytes(point)).isFalse();
        assertThat(sedonaRoundTripIsLossless(point)).isTrue();
        byte[] ours = AlignedFormat.encode(point);
        byte[] theirs = GeometrySerializer.serialize(point);
        assertThat(Hex.format(theirs, 8, 8)).isEqualTo("230100000000f87f");
        assertThat(Hex.format(ours, 8, 8)).isEqualTo("000000000000f87f");
        // Everything else is the same.
        assertThat(Arrays.copyOfRange(ours, 0, 8)).isEqualTo(Arrays.copyOfRange(theirs, 0, 8));
        assertThat(Arrays.copyOfRange(ours, 16, 24)).isEqualTo(Arrays.copyOfRange(theirs, 16, 24));
        ExactGeometry.assertExactlyEqual(AlignedFormat.decode(theirs), point);
        ExactGeometry.assertExactlyEqual(GeometrySerializer.deserialize(ours), point);
    }

    @Example
    void aTopLevelLinearRingIsALineStringForBoth() throws Exception {
        Geometry ring = Wkt.read("LINEARRING (0 0, 1 0, 1 1, 0 0)", 4326);
        byte[] ours = AlignedFormat.encode(ring);
        assertThat(ours).isEqualTo(GeometrySerializer.serialize(ring));
        assertThat(GeometrySerializer.deserialize(ours)).isExactlyInstanceOf(LineString.class);
        assertThat(AlignedFormat.decode(ours)).isExactlyInstanceOf(LineString.class);
    }

    @Example
    void emptyAndPaddedShapesMatchSedona() throws Exception {
        for (String wkt :
                List.of(
                        "POINT EMPTY",
                        "POINT Z EMPTY",
                        "LINESTRING EMPTY",
                        "POLYGON EMPTY",
                        "MULTIPOINT EMPTY",
                        "MULTIPOINT (EMPTY, (1 2))",
                        "MULTIPOINT Z ((1 2 3), EMPTY)",
                        "MULTILINESTRING EMPTY",
                        "MULTILINESTRING (EMPTY, (1 2, 3 4))",
                        "MULTIPOLYGON EMPTY",
                        "MULTIPOLYGON (EMPTY, ((0 0, 1 0, 1 1, 0 0)))",
                        "POLYGON ((0 0, 1 0, 1 1, 0 0), EMPTY)",
                        "GEOMETRYCOLLECTION EMPTY",
                        "GEOMETRYCOLLECTION (POINT EMPTY, GEOMETRYCOLLECTION EMPTY)",
                        "GEOMETRYCOLLECTION (MULTILINESTRING ((0 0, 1 1), (2 2, 3 3)), POINT (5"
                                + " 6), GEOMETRYCOLLECTION (POLYGON ((0 0, 1 0, 1 1, 0 0), (0.1"
                                + " 0.1, 0.2 0.1, 0.2 0.2, 0.1 0.1))))")) {
            for (int srid : new int[] {0, 4326}) {
                Geometry geometry = Wkt.read(wkt, srid);
                if (ExactGeometry.isCollectionProper(geometry)) {
                    setMemberSrids(geometry, srid);
                }
                assertThat(sedonaWritesOurBytes(geometry)).as(wkt).isTrue();
                assertThat(sedonaRoundTripIsLossless(geometry)).as(wkt).isTrue();
                assertThat(Hex.format(AlignedFormat.encode(geometry)))
                        .as(wkt)
                        .isEqualTo(Hex.format(GeometrySerializer.serialize(geometry)));
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // The characterization of Sedona 1.6.0
    // -----------------------------------------------------------------------------------------

    /**
     * Sedona writes exactly our bytes: every header's SRID fits 24 bits; every header that is not a
     * collection gets from its first coordinate the layout we get from all values; and every
     * ordinate written under that layout that is NaN is the canonical NaN.
     */
    static boolean sedonaWritesOurBytes(Geometry g) {
        if (!fits24Bits(g.getSRID())) {
            return false;
        }
        if (ExactGeometry.isCollectionProper(g)) {
            for (int i = 0; i < g.getNumGeometries(); i++) {
                if (!sedonaWritesOurBytes(g.getGeometryN(i))) {
                    return false;
                }
            }
            return true;
        }
        boolean[] layout = ExactGeometry.valueLayout(g);
        return Arrays.equals(sedonaLayout(g), layout) && writtenNaNsAreCanonical(g, layout);
    }

    /**
     * Sedona reads our bytes back exactly (where we can write them): every collection member has
     * its parent's SRID, and no MultiPoint member has a NaN X next to a non-NaN ordinate.
     */
    static boolean sedonaReadsOurBytes(Geometry g) {
        if (ExactGeometry.isCollectionProper(g)) {
            for (int i = 0; i < g.getNumGeometries(); i++) {
                Geometry member = g.getGeometryN(i);
                if (member.getSRID() != g.getSRID() || !sedonaReadsOurBytes(member)) {
                    return false;
                }
            }
            return true;
        }
        return multiPointMembersSurvive(g, ExactGeometry.valueLayout(g));
    }

    /**
     * Sedona's own round trip is exact: the SRID fits 24 bits, Sedona's first-coordinate layout is
     * the value layout of every non-collection header, and {@link #sedonaReadsOurBytes}'s
     * conditions. (NaN payloads do not matter: Sedona keeps them, and NaN is NaN.)
     */
    static boolean sedonaRoundTripIsLossless(Geometry g) {
        return fits24Bits(g.getSRID()) && sedonaReadsOurBytes(g) && layoutsSurvive(g);
    }

    /** Which of the documented differences {@code g} shows (for the statistics). */
    private static List<String> differences(Geometry g) {
        List<String> reasons = new java.util.ArrayList<>();
        collectDifferences(g, reasons);
        return reasons;
    }

    private static void collectDifferences(Geometry g, List<String> reasons) {
        if (!fits24Bits(g.getSRID())) {
            reasons.add("SRID outside 24 bits");
        }
        if (ExactGeometry.isCollectionProper(g)) {
            for (int i = 0; i < g.getNumGeometries(); i++) {
                if (g.getGeometryN(i).getSRID() != g.getSRID()) {
                    reasons.add("member SRID differs from the collection's");
                }
                collectDifferences(g.getGeometryN(i), reasons);
            }
            return;
        }
        boolean[] layout = ExactGeometry.valueLayout(g);
        if (!Arrays.equals(sedonaLayout(g), layout)) {
            reasons.add("Z or M after the first coordinate");
        }
        if (!writtenNaNsAreCanonical(g, layout)) {
            reasons.add("non-canonical NaN");
        }
        if (!multiPointMembersSurvive(g, layout)) {
            reasons.add("MultiPoint member with NaN X");
        }
    }

    private static boolean layoutsSurvive(Geometry g) {
        if (ExactGeometry.isCollectionProper(g)) {
            for (int i = 0; i < g.getNumGeometries(); i++) {
                if (!layoutsSurvive(g.getGeometryN(i))) {
                    return false;
                }
            }
            return true;
        }
        return Arrays.equals(sedonaLayout(g), ExactGeometry.valueLayout(g));
    }

    private static boolean fits24Bits(int srid) {
        return srid >= 0 && srid <= 0xFFFFFF;
    }

    /** {hasZ, hasM} as Sedona decides them: from {@code getCoordinate()}, the first coordinate. */
    private static boolean[] sedonaLayout(Geometry g) {
        Coordinate first = g.getCoordinate();
        if (first == null) {
            return new boolean[] {false, false};
        }
        return new boolean[] {!Double.isNaN(first.getZ()), !Double.isNaN(first.getM())};
    }

    private static boolean multiPointMembersSurvive(Geometry g, boolean[] layout) {
        if (!(g instanceof MultiPoint)) {
            return true;
        }
        for (int i = 0; i < g.getNumGeometries(); i++) {
            CoordinateSequence s = ((Point) g.getGeometryN(i)).getCoordinateSequence();
            if (s.size() == 1
                    && Double.isNaN(s.getX(0))
                    && !(Double.isNaN(s.getY(0))
                            && (!layout[0] || Double.isNaN(s.getZ(0)))
                            && (!layout[1] || Double.isNaN(s.getM(0))))) {
                return false;
            }
        }
        return true;
    }

    private static boolean writtenNaNsAreCanonical(Geometry g, boolean[] layout) {
        boolean[] canonical = {true};
        ExactGeometry.forEachSequence(
                g,
                s -> {
                    for (int i = 0; i < s.size(); i++) {
                        canonical[0] &=
                                canonicalIfNaN(s.getX(i))
                                        && canonicalIfNaN(s.getY(i))
                                        && (!layout[0] || canonicalIfNaN(s.getZ(i)))
                                        && (!layout[1] || canonicalIfNaN(s.getM(i)));
                    }
                });
        return canonical[0];
    }

    private static boolean canonicalIfNaN(double value) {
        return !Double.isNaN(value)
                || Double.doubleToRawLongBits(value) == GeometryArbitraries.CANONICAL_NAN_BITS;
    }

    private static void setMemberSrids(Geometry collection, int srid) {
        for (int i = 0; i < collection.getNumGeometries(); i++) {
            Geometry member = collection.getGeometryN(i);
            member.setSRID(srid);
            if (ExactGeometry.isCollectionProper(member)) {
                setMemberSrids(member, srid);
            }
        }
    }

    private static byte[] encodeOrNull(Geometry geometry) {
        try {
            return AlignedFormat.encode(geometry);
        } catch (GeometryFormatException e) {
            assertThat(e.getMessage()).contains("SRID");
            return null;
        }
    }
}
