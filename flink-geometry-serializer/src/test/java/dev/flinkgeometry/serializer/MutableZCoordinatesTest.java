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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.testing.ExactGeometry;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateFilter;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * Geometries decoded with {@link CoordinateSequenceKind#ARRAY_MUTABLE_Z} hold what a user builds
 * from {@code new Coordinate(x, y)}: the same sequence class, dimension and coordinate class, a Z
 * that {@code setZ} sets and that the sequence and the next write see; the values bit for bit. The
 * default {@link CoordinateSequenceKind#ARRAY} decodes XY into {@code CoordinateXY}.
 */
class MutableZCoordinatesTest {
    /** The factory of a user who builds geometries from {@code new Coordinate(x, y)}. */
    private static final GeometryFactory USER = new GeometryFactory();

    /** Aligned, compact lossless (TWKB for decimal values, else aligned), with a declared SRID. */
    private static final List<GeometryEncoding> ENCODINGS =
            List.of(
                    GeometryEncoding.ALIGNED,
                    GeometryEncoding.compact(),
                    GeometryEncoding.compact().withDeclaredSrid(4326));

    /** Every shape and empty, built from plain XY coordinates, with SRID 0 and 4326. */
    static List<Geometry> written() {
        Point point = USER.createPoint(new Coordinate(13.377704, 52.516275));
        LineString decimal = USER.createLineString(xy(13.4050001, 52.52, 13.41, 52.53, -0.0, 7));
        LineString binary = USER.createLineString(xy(0.1, 0.2, 1.0 / 3, Math.PI, -1e-300, 1e308));
        Polygon withHole =
                USER.createPolygon(
                        ring(0, 0, 10, 0, 10, 10, 0, 0),
                        new LinearRing[] {ring(1, 1, 2, 1, 2, 2, 1, 1)});
        Polygon other = USER.createPolygon(ring(20, 20, 21, 20, 21, 1.0 / 3, 20, 20));
        List<Geometry> shapes =
                List.of(
                        point,
                        USER.createPoint(),
                        decimal,
                        binary,
                        USER.createLineString(),
                        withHole,
                        USER.createPolygon(),
                        USER.createMultiPoint(
                                new Point[] {
                                    USER.createPoint(new Coordinate(1, 2)),
                                    USER.createPoint(),
                                    USER.createPoint(new Coordinate(1.0 / 3, 4))
                                }),
                        USER.createMultiLineString(new LineString[] {decimal, binary}),
                        USER.createMultiPolygon(new Polygon[] {withHole, other}),
                        USER.createMultiPolygon(),
                        USER.createGeometryCollection(
                                new Geometry[] {
                                    point,
                                    binary,
                                    USER.createGeometryCollection(
                                            new Geometry[] {withHole, USER.createPoint()})
                                }),
                        USER.createGeometryCollection());
        List<Geometry> all = new ArrayList<>();
        for (int srid : new int[] {0, 4326}) {
            for (Geometry shape : shapes) {
                Geometry copy = shape.copy();
                copy.setSRID(srid);
                all.add(copy);
            }
        }
        return all;
    }

    @Test
    void restoredGeometriesHoldTheSequencesAndCoordinatesAUserBuilds() throws Exception {
        for (GeometryEncoding encoding : ENCODINGS) {
            GeometrySerializer<Geometry> serializer = mutableZ(encoding);
            for (Geometry written : written()) {
                Geometry restored = roundTrip(serializer, written);
                String what = encoding + " " + written;
                ExactGeometry.assertExactlyEqual(restored, written);
                assertThat(sequences(restored)).as(what).isEqualTo(sequences(written));
                for (Coordinate c : restored.getCoordinates()) {
                    assertThat(c.getClass()).as(what).isEqualTo(Coordinate.class);
                    assertThat(c.getZ()).as(what).isNaN();
                }
            }
        }
    }

    @Test
    void aZSetOnARestoredCoordinateIsSeenAndKeptAsOnAWrittenOne() throws Exception {
        for (GeometryEncoding encoding : ENCODINGS) {
            GeometrySerializer<Geometry> serializer = mutableZ(encoding);
            for (Geometry written : written()) {
                String what = encoding + " " + written;
                Geometry restored = roundTrip(serializer, written);
                Geometry writtenWithZ = written.copy();
                setZToXPlusY(writtenWithZ);
                setZToXPlusY(restored);

                for (CoordinateSequence sequence : ExactGeometry.sequences(restored)) {
                    for (int i = 0; i < sequence.size(); i++) {
                        assertThat(sequence.getZ(i))
                                .as("%s: Z of the sequence", what)
                                .isEqualTo(sequence.getX(i) + sequence.getY(i));
                    }
                }
                ExactGeometry.assertExactlyEqual(restored, writtenWithZ);
                assertThat(serialize(serializer, restored))
                        .as("%s: written again", what)
                        .isEqualTo(serialize(serializer, writtenWithZ));
                ExactGeometry.assertExactlyEqual(
                        roundTrip(serializer, restored), ExactGeometry.asDecoded(writtenWithZ));
            }
        }
    }

    @Test
    void theDefaultKindDecodesXyIntoCoordinateXyWhoseZCannotBeSet() throws Exception {
        for (GeometryEncoding encoding : ENCODINGS) {
            GeometrySerializer<Geometry> serializer =
                    GeometrySerializer.of(Geometry.class, encoding);
            assertThat(serializer.sequenceKind()).isEqualTo(CoordinateSequenceKind.ARRAY);
            for (Geometry written : written()) {
                Geometry restored = roundTrip(serializer, written);
                ExactGeometry.assertExactlyEqual(restored, written);
                for (Coordinate c : restored.getCoordinates()) {
                    assertThat(c.getClass()).isEqualTo(CoordinateXY.class);
                    assertThatThrownBy(() -> c.setZ(1))
                            .isInstanceOf(IllegalArgumentException.class);
                }
            }
        }
    }

    @Test
    void theBytesDoNotDependOnTheKind() throws Exception {
        for (GeometryEncoding encoding : ENCODINGS) {
            for (Geometry written : written()) {
                byte[] bytes = serialize(GeometrySerializer.of(Geometry.class, encoding), written);
                assertThat(serialize(mutableZ(encoding), written)).isEqualTo(bytes);
                Geometry restored = roundTrip(mutableZ(encoding), written);
                assertThat(serialize(GeometrySerializer.of(Geometry.class, encoding), restored))
                        .as("%s %s", encoding, written)
                        .isEqualTo(bytes);
            }
        }
    }

    private static GeometrySerializer<Geometry> mutableZ(GeometryEncoding encoding) {
        return GeometrySerializer.of(
                Geometry.class, encoding, CoordinateSequenceKind.ARRAY_MUTABLE_Z);
    }

    /** Each sequence's class, dimension, measures and coordinate classes. */
    private static List<String> sequences(Geometry geometry) {
        List<String> described = new ArrayList<>();
        for (CoordinateSequence sequence : ExactGeometry.sequences(geometry)) {
            StringBuilder line =
                    new StringBuilder(sequence.getClass().getName())
                            .append(" dimension ")
                            .append(sequence.getDimension())
                            .append(" measures ")
                            .append(sequence.getMeasures());
            for (Coordinate c : sequence.toCoordinateArray()) {
                line.append(' ').append(c.getClass().getSimpleName());
            }
            described.add(line.toString());
        }
        return described;
    }

    private static void setZToXPlusY(Geometry geometry) {
        geometry.apply((CoordinateFilter) c -> c.setZ(c.getX() + c.getY()));
        geometry.geometryChanged();
    }

    private static Coordinate[] xy(double... values) {
        Coordinate[] coordinates = new Coordinate[values.length / 2];
        for (int i = 0; i < coordinates.length; i++) {
            coordinates[i] = new Coordinate(values[2 * i], values[2 * i + 1]);
        }
        return coordinates;
    }

    private static LinearRing ring(double... values) {
        return USER.createLinearRing(xy(values));
    }

    private static byte[] serialize(GeometrySerializer<Geometry> serializer, Geometry geometry)
            throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(256);
        serializer.serialize(geometry, out);
        return out.getCopyOfBuffer();
    }

    private static Geometry roundTrip(GeometrySerializer<Geometry> serializer, Geometry geometry)
            throws Exception {
        return serializer.deserialize(new DataInputDeserializer(serialize(serializer, geometry)));
    }
}
