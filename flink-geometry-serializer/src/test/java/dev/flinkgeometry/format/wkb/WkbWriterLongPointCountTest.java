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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;

/**
 * Geometries of more than 2^31-1 coordinates (one part shared many times, so they fit in memory):
 * JTS's {@code getNumPoints()} wraps there; the writer sums in a {@code long} and refuses them with
 * their true size instead of sizing a record from a wrapped count.
 */
class WkbWriterLongPointCountTest {
    private static final GeometryFactory FACTORY =
            new GeometryFactory(PackedCoordinateSequenceFactory.DOUBLE_FACTORY);

    /** 2^20 XY points: 16 MiB, shared by every part below. */
    private static final int POINTS = 1 << 20;

    /** Parts: 2,100 * 2^20 coordinates is more than 2^31. */
    private static final int PARTS = 2_100;

    /** The WKB size of {@link #multiLineString()}: headers and counts, 16 bytes a point. */
    private static final long MULTI_LINE_STRING_BYTES =
            5 + 4 + PARTS * (5 + 4L) + 16L * PARTS * POINTS;

    @Test
    void aMultiLineStringOfMoreThanIntMaxPointsIsRefusedWithItsTrueSize() {
        assertRefusedWithSize(multiLineString(), MULTI_LINE_STRING_BYTES);
    }

    @Test
    void aPolygonOfMoreThanIntMaxPointsIsRefusedWithItsTrueSize() {
        LinearRing ring = FACTORY.createLinearRing(sequence(true));
        LinearRing[] holes = new LinearRing[PARTS - 1];
        Arrays.fill(holes, ring);
        Geometry polygon = FACTORY.createPolygon(ring, holes);

        long expected = 5 + 4 + 4L * PARTS + 16L * PARTS * POINTS;
        assertRefusedWithSize(polygon, expected);
    }

    @Test
    void aCollectionOfMoreThanIntMaxPointsIsRefusedWithoutVisitingTheRest() {
        Geometry collection =
                FACTORY.createGeometryCollection(
                        new Geometry[] {multiLineString(), FACTORY.createPoint()});

        // The collection's header and count, and its first member: the size pass stops there.
        assertRefusedWithSize(collection, 5 + 4 + MULTI_LINE_STRING_BYTES);
    }

    /** {@link #PARTS} times the same line of {@link #POINTS} points. */
    private static Geometry multiLineString() {
        LineString[] lines = new LineString[PARTS];
        Arrays.fill(lines, FACTORY.createLineString(sequence(false)));
        return FACTORY.createMultiLineString(lines);
    }

    @Test
    void writeToReturnsTheOffsetAfterTheLastByte() throws Exception {
        WkbWriter writer = new WkbWriter();
        Geometry line = FACTORY.createLineString(sequence(false));
        int size = writer.prepare(FACTORY.createPoint(line.getCoordinate()));
        byte[] target = new byte[3 + size];

        assertThat(writer.writeTo(target, 3)).isEqualTo(3 + size);
    }

    private static void assertRefusedWithSize(Geometry geometry, long bytes) {
        assertThatThrownBy(() -> new WkbWriter().prepare(geometry))
                .isInstanceOf(WkbFormatException.class)
                .hasMessageContaining("needs " + bytes + " bytes");
    }

    /** A line of {@link #POINTS} XY points; closed if {@code ring}. */
    private static PackedCoordinateSequence.Double sequence(boolean ring) {
        double[] xy = new double[2 * POINTS];
        for (int i = 0; i < POINTS; i++) {
            xy[2 * i] = i;
            xy[2 * i + 1] = ring ? (i % 2) : 0;
        }
        if (ring) {
            xy[2 * (POINTS - 1)] = xy[0];
            xy[2 * (POINTS - 1) + 1] = xy[1];
        }
        return new PackedCoordinateSequence.Double(xy, 2, 0);
    }
}
