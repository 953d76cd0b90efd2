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

import dev.flinkgeometry.format.CoordinateLayout;
import dev.flinkgeometry.format.GeometryFormatException;
import dev.flinkgeometry.testing.CountingSequences;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXYZM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;

/**
 * Which path {@link AlignedWriter} takes, told apart by how it reads JTS's default sequences (every
 * path writes the plain bytes, {@link AlignedWriterFastPathTest}): a point by its one coordinate
 * object, the XY guess of other geometries in one pass over each coordinate array, the plain
 * encoder only through getters.
 */
class AlignedWriterReadsTest {
    private static final GeometryFactory FACTORY = new GeometryFactory();

    @Test
    void aDefaultPointIsReadAsItsOneCoordinate() throws Exception {
        for (Coordinate c :
                new Coordinate[] {new Coordinate(1, 2), new CoordinateXYZM(1, 2, 3, Double.NaN)}) {
            CountingSequences.Array sequence = sequence(4, 1, c);
            Point point = FACTORY.createPoint(sequence);
            sequence.reset();

            byte[] fast = encodeOnce(new AlignedWriter(), point);

            // XY: the coordinate object alone; with a Z, its layout is written by the loops.
            assertThat(sequence.getterCalls).isEqualTo(1);
            assertThat(sequence.arrayCalls).isEqualTo(Double.isNaN(c.getZ()) ? 0 : 1);
            assertThat(fast).isEqualTo(AlignedWriter.plain().encode(point));
        }
    }

    @Test
    void theXyGuessReadsEachSequenceOnce() throws Exception {
        CountingSequences.Array first = sequence(3, 0, xy(0), xy(1), xy(2));
        CountingSequences.Array second = sequence(3, 0, xy(3), xy(4));
        CountingSequences.Array member = sequence(3, 0, xy(5));
        Geometry[] geometries = {
            FACTORY.createLineString(first),
            FACTORY.createMultiLineString(
                    new LineString[] {
                        FACTORY.createLineString(first), FACTORY.createLineString(second)
                    }),
            FACTORY.createMultiPoint(new Point[] {FACTORY.createPoint(member)})
        };
        for (Geometry geometry : geometries) {
            first.reset();
            second.reset();
            member.reset();

            byte[] fast = encodeOnce(new AlignedWriter(), geometry);

            // Two passes (value rule, then write) would take each array twice.
            assertThat(first.arrayCalls + second.arrayCalls + member.arrayCalls)
                    .isEqualTo(geometry.getNumGeometries());
            assertThat(first.getterCalls + second.getterCalls + member.getterCalls).isZero();
            assertThat(fast).isEqualTo(AlignedWriter.plain().encode(geometry));
        }
    }

    @Test
    void thePlainEncoderReadsOnlyThroughGetters() throws Exception {
        CountingSequences.Array point = sequence(3, 0, new Coordinate(1, 2, 3));
        CountingSequences.Array line = sequence(3, 0, xy(0), xy(1));
        Geometry[] geometries = {FACTORY.createPoint(point), FACTORY.createLineString(line)};
        for (Geometry geometry : geometries) {
            point.reset();
            line.reset();

            encodeOnce(AlignedWriter.plain(), geometry);

            assertThat(point.arrayCalls + line.arrayCalls).isZero();
            assertThat(point.getterCalls + line.getterCalls).isPositive();
        }
    }

    @Test
    void aPointsDeclarationHidesTheValuesOfItsCoordinateObject() throws Exception {
        Coordinate xyzm = new CoordinateXYZM(1, 2, 3, 4);
        int[][] layouts = {{2, 0}, {3, 0}, {3, 1}, {4, 1}};
        CoordinateLayout[] expected = {
            CoordinateLayout.XY, CoordinateLayout.XYZ, CoordinateLayout.XYM, CoordinateLayout.XYZM
        };
        for (int i = 0; i < layouts.length; i++) {
            Point point = FACTORY.createPoint(sequence(layouts[i][0], layouts[i][1], xyzm));

            byte[] fast = encodeOnce(new AlignedWriter(), point);

            assertThat(fast[0] >>> 1 & 7).isEqualTo(expected[i].code());
            assertThat(fast).isEqualTo(AlignedWriter.plain().encode(point));
        }
    }

    @Test
    void emptySequencesAreNotSearchedForValues() throws Exception {
        CountingSequences.Array point = sequence(3, 0);
        CountingSequences.Array line = sequence(3, 0);
        Geometry[] geometries = {
            FACTORY.createPoint(point),
            // A collection's members take the value rule, not the XY guess.
            FACTORY.createGeometryCollection(
                    new Geometry[] {FACTORY.createLineString(line), FACTORY.createPoint(point)})
        };
        for (Geometry geometry : geometries) {
            point.reset();
            line.reset();

            byte[] fast = encodeOnce(new AlignedWriter(), geometry);

            // One pass, the write's (of nothing): no look for values in an empty sequence.
            assertThat(point.arrayCalls).isEqualTo(1);
            assertThat(line.arrayCalls).isEqualTo(geometry.getNumGeometries() - 1);
            assertThat(point.getterCalls + line.getterCalls).isZero();
            assertThat(fast).isEqualTo(AlignedWriter.plain().encode(geometry));
        }
    }

    /** One encode call into a large enough buffer ({@code encode(Geometry)} makes two). */
    private static byte[] encodeOnce(AlignedWriter encoder, Geometry geometry)
            throws GeometryFormatException {
        byte[] target = new byte[1024];
        return Arrays.copyOf(target, encoder.encode(geometry, target, 0));
    }

    private static Coordinate xy(int i) {
        return new Coordinate(i, 10 - i); // Z NaN, declared dimension 3: JTS's default
    }

    private static CountingSequences.Array sequence(
            int dimension, int measures, Coordinate... coordinates) {
        return new CountingSequences.Array(coordinates, dimension, measures);
    }
}
