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
import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.format.internal.RawBytes;
import dev.flinkgeometry.testing.GeometryArbitraries;
import java.util.Arrays;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;

/**
 * Every fast path of {@link AlignedWriter} (the direct point path, the coordinate objects of JTS's
 * default sequences, the bulk copy of packed sequences, raw XY writes with NaN canonicalised
 * afterwards) gives exactly the bytes of the plain path, which reads sequences only through {@code
 * CoordinateSequence} getters.
 */
class AlignedWriterFastPathTest {
    private static final GeometryFactory FACTORY = new GeometryFactory();

    @Provide
    Arbitrary<Geometry> geometries() {
        return GeometryArbitraries.geometries();
    }

    @Property(tries = 500)
    void fastPathsWriteThePlainBytes(
            @ForAll("geometries") Geometry geometry, @ForAll @IntRange(max = 9) int offset)
            throws Exception {
        byte[] expected = plain(geometry);
        byte[] target = new byte[offset + expected.length + 3];
        Arrays.fill(target, (byte) 0x5A); // stale contents must not leak into the record
        AlignedWriter encoder = new AlignedWriter();

        int end = encoder.encode(geometry, target, offset);

        assertThat(end).isEqualTo(offset + expected.length);
        assertThat(Arrays.copyOfRange(target, offset, end)).isEqualTo(expected);
        assertThat(target[offset + expected.length]).isEqualTo((byte) 0x5A);
    }

    @Property(tries = 200)
    void everySequenceKindWritesThePlainBytes(@ForAll("geometries") Geometry geometry)
            throws Exception {
        for (Geometry variant : sequenceVariants(geometry)) {
            assertThat(fast(variant)).isEqualTo(plain(variant));
        }
    }

    @Property(tries = 200)
    void tooSmallTargetAsksForTheExactSizeAndKeepsTheBytesBefore(
            @ForAll("geometries") Geometry geometry, @ForAll @IntRange(max = 7) int missing)
            throws Exception {
        byte[] expected = plain(geometry);
        AlignedWriter encoder = new AlignedWriter();
        byte[] small = new byte[Math.max(2, 2 + expected.length - 1 - missing)];
        Arrays.fill(small, (byte) 0x5A);

        assertThat(encoder.encode(geometry, small, 2)).isEqualTo(-expected.length);
        assertThat(small[0]).isEqualTo((byte) 0x5A);
        assertThat(small[1]).isEqualTo((byte) 0x5A);
        byte[] target = new byte[2 + expected.length];
        assertThat(encoder.encode(geometry, target, 2)).isEqualTo(target.length);
        assertThat(Arrays.copyOfRange(target, 2, target.length)).isEqualTo(expected);
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

        byte[] xy = fast(multiPolygon);
        byte[] xyz = fast(widened);

        assertThat(xy[0] >>> 1 & 7).isEqualTo(CoordinateLayout.XY.code());
        assertThat(xyz[0] >>> 1 & 7).isEqualTo(CoordinateLayout.XYZ.code());
        assertThat(xyz).isEqualTo(plain(widened));
    }

    @Example
    void anMValueAndPackedSequencesAreFoundToo() throws Exception {
        Coordinate[] measured = ring(0);
        measured[2] = new CoordinateXYM(measured[2].x, measured[2].y, 1.25);
        GeometryFactory packed =
                new GeometryFactory(PackedCoordinateSequenceFactory.DOUBLE_FACTORY);
        Coordinate[] withZ = ring(0);
        withZ[1] = new Coordinate(withZ[1].x, withZ[1].y, -3);

        byte[] xym = fast(FACTORY.createLineString(measured));
        byte[] packedXyz = fast(packed.createLineString(withZ));

        assertThat(xym[0] >>> 1 & 7).isEqualTo(CoordinateLayout.XYM.code());
        assertThat(xym).isEqualTo(plain(FACTORY.createLineString(measured)));
        assertThat(packedXyz[0] >>> 1 & 7).isEqualTo(CoordinateLayout.XYZ.code());
        assertThat(packedXyz).isEqualTo(plain(packed.createLineString(withZ)));
    }

    @Example
    void everyNaNIsWrittenCanonically() throws Exception {
        Coordinate[] coordinates = ring(0);
        for (int i = 0; i < GeometryArbitraries.NON_CANONICAL_NANS.length; i++) {
            coordinates[1 + i % 3] =
                    new Coordinate(GeometryArbitraries.NON_CANONICAL_NANS[i], coordinates[1].y);
        }
        byte[] bytes = fast(FACTORY.createLineString(coordinates));
        int nans = 0;
        for (int o = 8; o < bytes.length; o += 8) {
            double value = RawBytes.getDoubleLE(bytes, o);
            if (Double.isNaN(value)) {
                nans++;
                assertThat(Double.doubleToRawLongBits(value))
                        .isEqualTo(GeometryArbitraries.CANONICAL_NAN_BITS);
            }
        }
        assertThat(nans).isPositive();
        assertThat(bytes).isEqualTo(plain(FACTORY.createLineString(coordinates)));
    }

    @Example
    void aFailedEncodeOnTheXyGuessLeavesNoGuessBehind() throws Exception {
        AlignedWriter encoder = new AlignedWriter();
        Geometry badSrid = FACTORY.createPolygon(ring(0));
        badSrid.setSRID(-1);
        Geometry collection =
                FACTORY.createGeometryCollection(
                        new Geometry[] {
                            FACTORY.createLineString(ring(0)),
                            FACTORY.createPoint(new Coordinate(1, 2, 3))
                        });
        byte[] target = new byte[256];

        assertThatThrownBy(() -> encoder.encode(badSrid, target, 0))
                .isInstanceOf(GeometryFormatException.class);
        int end = encoder.encode(collection, target, 0);

        assertThat(Arrays.copyOf(target, end)).isEqualTo(plain(collection));
    }

    @Example
    void layoutCodesAreOnePlusTheValueRuleFlags() {
        for (CoordinateLayout layout : CoordinateLayout.values()) {
            int flags = (layout.hasZ() ? 1 : 0) | (layout.hasM() ? 2 : 0);
            assertThat(AlignedFormat.codeOf(flags)).isEqualTo(layout.code());
        }
    }

    private static byte[] fast(Geometry geometry) throws GeometryFormatException {
        return new AlignedWriter().encode(geometry);
    }

    private static byte[] plain(Geometry geometry) throws GeometryFormatException {
        return AlignedWriter.plain().encode(geometry);
    }

    /**
     * The geometry with every sequence rebuilt as a default sequence of {@code CoordinateXY}, of
     * {@code Coordinate} (declared dimension 3), and as packed sequences of dimension 2, 3 and 4:
     * the fast paths each sequence kind takes.
     */
    private static Geometry[] sequenceVariants(Geometry geometry) {
        return new Geometry[] {
            rebuilt(geometry, Kind.XY_OBJECTS),
            rebuilt(geometry, Kind.XYZ_OBJECTS),
            rebuilt(geometry, Kind.PACKED)
        };
    }

    private enum Kind {
        XY_OBJECTS,
        XYZ_OBJECTS,
        PACKED
    }

    private static Geometry rebuilt(Geometry geometry, Kind kind) {
        return new SequenceRewriter(kind).edit(geometry);
    }

    /** Replaces every coordinate sequence, keeping each coordinate's values. */
    private static final class SequenceRewriter {
        private final Kind kind;

        SequenceRewriter(Kind kind) {
            this.kind = kind;
        }

        Geometry edit(Geometry geometry) {
            org.locationtech.jts.geom.util.GeometryEditor editor =
                    new org.locationtech.jts.geom.util.GeometryEditor(geometry.getFactory());
            editor.setCopyUserData(false);
            Geometry edited =
                    editor.edit(
                            geometry,
                            new org.locationtech.jts.geom.util.GeometryEditor
                                    .CoordinateSequenceOperation() {
                                @Override
                                public org.locationtech.jts.geom.CoordinateSequence edit(
                                        org.locationtech.jts.geom.CoordinateSequence sequence,
                                        Geometry owner) {
                                    return rewrite(sequence);
                                }
                            });
            return edited;
        }

        private org.locationtech.jts.geom.CoordinateSequence rewrite(
                org.locationtech.jts.geom.CoordinateSequence sequence) {
            int size = sequence.size();
            boolean z = hasValue(sequence, true);
            boolean m = hasValue(sequence, false);
            switch (kind) {
                case XY_OBJECTS:
                    if (z || m) {
                        return sequence.copy();
                    }
                    Coordinate[] xy = new Coordinate[size];
                    for (int i = 0; i < size; i++) {
                        xy[i] = new CoordinateXY(sequence.getX(i), sequence.getY(i));
                    }
                    return new CoordinateArraySequence(xy, 2, 0);
                case XYZ_OBJECTS:
                    if (m) {
                        return sequence.copy();
                    }
                    Coordinate[] xyz = new Coordinate[size];
                    for (int i = 0; i < size; i++) {
                        xyz[i] =
                                new Coordinate(
                                        sequence.getX(i), sequence.getY(i), sequence.getZ(i));
                    }
                    return new CoordinateArraySequence(xyz, 3, 0);
                default:
                    int dimension = 2 + (z ? 1 : 0) + (m ? 1 : 0);
                    double[] raw = new double[size * dimension];
                    for (int i = 0; i < size; i++) {
                        int o = i * dimension;
                        raw[o] = sequence.getX(i);
                        raw[o + 1] = sequence.getY(i);
                        if (z) {
                            raw[o + 2] = sequence.getZ(i);
                        }
                        if (m) {
                            raw[o + dimension - 1] = sequence.getM(i);
                        }
                    }
                    return new PackedCoordinateSequence.Double(raw, dimension, m ? 1 : 0);
            }
        }

        private static boolean hasValue(
                org.locationtech.jts.geom.CoordinateSequence sequence, boolean z) {
            for (int i = 0; i < sequence.size(); i++) {
                if (!Double.isNaN(z ? sequence.getZ(i) : sequence.getM(i))) {
                    return true;
                }
            }
            return false;
        }
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
