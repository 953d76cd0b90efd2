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
package dev.flinkgeometry.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.CoordinateXYZM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;

/**
 * The sequences a decoder of each {@link CoordinateSequenceKind} builds, as the kinds'
 * documentation states them, written independently of the decoders: the sequence class, the
 * dimension and measures of the value layout (XY in {@link CoordinateSequenceKind#ARRAY_MUTABLE_Z}
 * has dimension 3, as JTS gives a sequence of {@code new Coordinate(x, y)}s), and in array
 * sequences the exact class of every coordinate.
 */
public final class DecodedSequences {
    private DecodedSequences() {}

    /** Asserts that every sequence of {@code decoded} is what {@code kind} builds. */
    public static void assertOfKind(Geometry decoded, CoordinateSequenceKind kind) {
        if (ExactGeometry.isCollectionProper(decoded)) {
            for (int i = 0; i < decoded.getNumGeometries(); i++) {
                assertOfKind(decoded.getGeometryN(i), kind);
            }
            return;
        }
        boolean[] zm = ExactGeometry.valueLayout(decoded);
        boolean xy = !zm[0] && !zm[1];
        int dimension =
                xy && kind == CoordinateSequenceKind.ARRAY_MUTABLE_Z
                        ? 3
                        : 2 + (zm[0] ? 1 : 0) + (zm[1] ? 1 : 0);
        int measures = zm[1] ? 1 : 0;
        Class<?> sequenceClass =
                kind == CoordinateSequenceKind.PACKED_DOUBLE
                        ? PackedCoordinateSequence.Double.class
                        : CoordinateArraySequence.class;
        Class<?> coordinateClass = coordinateClass(kind, zm);
        ExactGeometry.forEachSequence(
                decoded,
                s -> {
                    String what = kind + " sequence of " + decoded;
                    assertThat(s).as(what).isExactlyInstanceOf(sequenceClass);
                    assertThat(s.getDimension()).as("dimension of a %s", what).isEqualTo(dimension);
                    assertThat(s.getMeasures()).as("measures of a %s", what).isEqualTo(measures);
                    if (s instanceof CoordinateArraySequence) {
                        for (Coordinate c : s.toCoordinateArray()) {
                            assertThat(c.getClass())
                                    .as("class of a coordinate of a %s", what)
                                    .isEqualTo(coordinateClass);
                        }
                    }
                });
    }

    /** The class of the coordinates of an array sequence of the value layout {@code zm}. */
    private static Class<?> coordinateClass(CoordinateSequenceKind kind, boolean[] zm) {
        if (zm[0]) {
            return zm[1] ? CoordinateXYZM.class : Coordinate.class;
        }
        if (zm[1]) {
            return CoordinateXYM.class;
        }
        return kind == CoordinateSequenceKind.ARRAY_MUTABLE_Z
                ? Coordinate.class
                : CoordinateXY.class;
    }
}
