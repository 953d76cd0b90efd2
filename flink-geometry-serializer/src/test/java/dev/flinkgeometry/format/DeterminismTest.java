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

import dev.flinkgeometry.format.aligned.AlignedFormat;
import dev.flinkgeometry.format.aligned.AlignedWriter;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.GeometryArbitraries;
import dev.flinkgeometry.testing.GeometryArbitraries.Representation;
import dev.flinkgeometry.testing.GeometryArbitraries.Values;
import dev.flinkgeometry.testing.Hex;
import dev.flinkgeometry.testing.Wkt;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.statistics.Statistics;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.CoordinateXYZM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.PrecisionModel;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;
import org.locationtech.jts.io.WKTReader;

/**
 * The encoding is a pure function of content (type, structure, coordinate values, SRIDs that are
 * content): equal geometries built in any way give identical bytes.
 */
class DeterminismTest {
    private static final String POINT_1_2 =
            "12000000" + "01000000" + "000000000000f03f" + "0000000000000040";

    @Provide
    Arbitrary<Geometry> geometries() {
        return GeometryArbitraries.geometries();
    }

    @Provide
    Arbitrary<Geometry> wktGeometries() {
        return GeometryArbitraries.geometries(Values.WKT_EXACT);
    }

    @Provide
    Arbitrary<Representation> representations() {
        return GeometryArbitraries.representations();
    }

    @Property(tries = 700)
    void equalGeometriesInAnyRepresentationGiveTheSameBytes(
            @ForAll("geometries") Geometry geometry,
            @ForAll("representations") Representation first,
            @ForAll("representations") Representation second)
            throws Exception {
        Statistics.label("first").collect(first.style());
        Statistics.label("factory").collect(first.factory());
        byte[] expected = AlignedFormat.encode(geometry);
        for (Representation r : List.of(first, second)) {
            Geometry rebuilt = GeometryArbitraries.rebuild(geometry, r);
            // The rebuilt geometry is the same content (else the test would prove nothing).
            ExactGeometry.assertExactlyEqual(rebuilt, geometry);
            assertThat(Hex.format(AlignedFormat.encode(rebuilt)))
                    .as("bytes in representation %s", r)
                    .isEqualTo(Hex.format(expected));
        }
    }

    @Property(tries = 300)
    void wktWrittenAndReadBackGivesTheSameBytes(
            @ForAll("wktGeometries") Geometry geometry,
            @ForAll boolean oldSyntaxAllowed,
            @ForAll boolean packed)
            throws Exception {
        Geometry read = GeometryArbitraries.viaWkt(geometry, oldSyntaxAllowed, packed);
        ExactGeometry.assertExactlyEqual(read, geometry);
        assertThat(Hex.format(AlignedFormat.encode(read)))
                .isEqualTo(Hex.format(AlignedFormat.encode(geometry)));
    }

    @Property(tries = 200)
    void cachedStateAndEarlierRecordsDoNotMatter(
            @ForAll("geometries") Geometry geometry,
            @ForAll @Size(max = 5) List<@From("geometries") Geometry> others)
            throws Exception {
        Geometry copy = geometry.copy();
        byte[] expected = AlignedFormat.encode(copy);
        AlignedWriter encoder = new AlignedWriter();
        for (Geometry other : others) {
            encoder.encode(other);
        }
        copy.getEnvelopeInternal();
        copy.setUserData(List.of("anything"));
        assertThat(encoder.encode(copy)).isEqualTo(expected);
        copy.geometryChanged();
        assertThat(encoder.encode(copy)).isEqualTo(expected);
        assertThat(AlignedFormat.encode(copy.copy())).isEqualTo(expected);
    }

    @Example
    void point12InEveryWayGivesTheSameBytes() throws Exception {
        GeometryFactory plain = new GeometryFactory();
        GeometryFactory fixed = new GeometryFactory(new PrecisionModel(10), 4326);
        GeometryFactory packedFactory =
                new GeometryFactory(PackedCoordinateSequenceFactory.DOUBLE_FACTORY);
        double nan = Double.NaN;
        double payload = Double.longBitsToDouble(0x7ff8000000000badL);
        List<Geometry> points = new ArrayList<>();
        points.add(plain.createPoint(new Coordinate(1, 2)));
        points.add(plain.createPoint(new Coordinate(1, 2, nan)));
        points.add(plain.createPoint(new Coordinate(1, 2, payload)));
        points.add(plain.createPoint(new CoordinateXY(1, 2)));
        points.add(plain.createPoint(new CoordinateXYM(1, 2, nan)));
        points.add(plain.createPoint(new CoordinateXYZM(1, 2, nan, payload)));
        points.add(
                plain.createPoint(
                        new CoordinateArraySequence(new Coordinate[] {new Coordinate(1, 2)}, 2)));
        points.add(
                plain.createPoint(new PackedCoordinateSequence.Double(new double[] {1, 2}, 2, 0)));
        points.add(
                plain.createPoint(
                        new PackedCoordinateSequence.Double(new double[] {1, 2, nan}, 3, 0)));
        points.add(
                plain.createPoint(
                        new PackedCoordinateSequence.Double(new double[] {1, 2, payload}, 3, 1)));
        points.add(
                plain.createPoint(
                        new PackedCoordinateSequence.Double(new double[] {1, 2, nan, nan}, 4, 1)));
        points.add(packedFactory.createPoint(new Coordinate(1, 2)));
        points.add(
                plain.createPoint(
                        PackedCoordinateSequenceFactory.DOUBLE_FACTORY.create(
                                new double[] {1, 2}, 2)));
        points.add(fixed.createPoint(new Coordinate(1, 2)));
        for (boolean oldSyntax : new boolean[] {true, false}) {
            for (String wkt :
                    List.of("POINT (1 2)", "POINT Z (1 2 NaN)", "POINT ZM (1 2 NaN NaN)")) {
                WKTReader reader = new WKTReader();
                reader.setIsOldJtsCoordinateSyntaxAllowed(oldSyntax);
                points.add(reader.read(wkt));
            }
        }
        Point cached = plain.createPoint(new Coordinate(1, 2));
        cached.getEnvelopeInternal();
        cached.setUserData("user data");
        points.add(cached);

        for (Geometry point : points) {
            point.setSRID(0); // the factory's SRID is not the content here
            assertThat(Hex.format(AlignedFormat.encode(point)))
                    .as(
                            "POINT (1 2) as %s with %s",
                            point.getClass().getSimpleName(),
                            ((Point) point).getCoordinateSequence().getClass().getSimpleName())
                    .isEqualTo(POINT_1_2);
        }
        assertThat(points).hasSizeGreaterThan(18);
    }

    @Example
    void onlyContentChangesTheBytes() throws Exception {
        byte[] plain = AlignedFormat.encode(Wkt.read("MULTIPOINT ((1 2), (3 4))", 4326));
        // Members of Multi* types have no header: their SRIDs are not content.
        Geometry memberSrids = Wkt.read("MULTIPOINT ((1 2), (3 4))", 4326);
        memberSrids.getGeometryN(0).setSRID(3857);
        memberSrids.getGeometryN(1).setSRID(-5);
        assertThat(AlignedFormat.encode(memberSrids)).isEqualTo(plain);

        // A GeometryCollection member's SRID is.
        Geometry collection = Wkt.read("GEOMETRYCOLLECTION (POINT (1 2))", 4326);
        byte[] before = AlignedFormat.encode(collection);
        collection.getGeometryN(0).setSRID(3857);
        assertThat(AlignedFormat.encode(collection)).isNotEqualTo(before);

        // -0.0 is a different value from 0.0, and is kept as such.
        assertThat(AlignedFormat.encode(Wkt.read("POINT (-0 1)")))
                .isNotEqualTo(AlignedFormat.encode(Wkt.read("POINT (0 1)")));
        // NaN payloads are not content.
        GeometryFactory factory = new GeometryFactory();
        assertThat(
                        AlignedFormat.encode(
                                factory.createPoint(
                                        new Coordinate(
                                                Double.longBitsToDouble(0xfff8000000000001L), 1))))
                .isEqualTo(
                        AlignedFormat.encode(factory.createPoint(new Coordinate(Double.NaN, 1))));
    }
}
