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

import static dev.flinkgeometry.testing.Wkt.read;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.format.twkb.TwkbReader;
import dev.flinkgeometry.format.twkb.TwkbWriter;
import dev.flinkgeometry.serializer.legacy.WkbGeometrySerializer;
import java.util.List;
import java.util.function.Function;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.PrecisionModel;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKTReader;

/**
 * A decoded geometry's factory carries the record's SRID, so that what JTS derives from it
 * (centroid, envelope, buffer, convex hull, union) keeps the SRID as it does for the geometry that
 * was written, and a floating precision model; records of one SRID share one factory.
 */
class DecodedFactorySridTest {
    private static final int WGS84 = 4326;

    private static final List<String> SHAPES =
            List.of(
                    "POINT (13.377704 52.516275)",
                    "LINESTRING Z (0 0 1, 1 1 2, 2 0 3)",
                    "POLYGON ((0 0, 4 0, 4 4, 0 4, 0 0), (1 1, 2 1, 2 2, 1 1))",
                    "MULTIPOINT ((1 2), (3 4))",
                    "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))",
                    "GEOMETRYCOLLECTION (POINT (1 2), LINESTRING (0 0, 1 1))");

    static List<TypeSerializer<Geometry>> serializers() {
        return List.of(
                GeometrySerializer.of(Geometry.class),
                new GeometrySerializer<>(Geometry.class, CoordinateSequenceKind.PACKED_DOUBLE),
                new GeometrySerializer<>(Geometry.class, CoordinateSequenceKind.ARRAY_MUTABLE_Z),
                GeometrySerializer.of(
                        Geometry.class,
                        GeometryEncoding.compact(),
                        CoordinateSequenceKind.ARRAY_MUTABLE_Z),
                new WkbGeometrySerializer<>(Geometry.class));
    }

    @ParameterizedTest
    @ValueSource(ints = {WGS84, 3857, 1, 16_777_215})
    void derivedGeometriesKeepTheSrid(int srid) throws Exception {
        for (TypeSerializer<Geometry> serializer : serializers()) {
            for (String wkt : SHAPES) {
                Geometry written = readWithFactoryOf(srid, wkt);
                assertDerivedKeepSrid(roundTrip(serializer, written), srid, serializer + " " + wkt);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, WGS84})
    void twkbReadsGiveTheFactoryOfTheirSrid(int srid) throws Exception {
        for (CoordinateSequenceKind kind : CoordinateSequenceKind.values()) {
            for (String wkt : SHAPES) {
                byte[] twkb = new TwkbWriter().write(read(wkt), 7, 7, 7);
                Geometry decoded = TwkbReader.of(kind).read(twkb, srid);
                assertDerivedKeepSrid(decoded, srid, kind + " " + wkt);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, WGS84})
    void recordsOfOneSridShareOneFactory(int srid) throws Exception {
        for (TypeSerializer<Geometry> serializer : serializers()) {
            Geometry a = read("POINT (1 2)");
            Geometry b = read("LINESTRING (0 0, 1 1)");
            a.setSRID(srid);
            b.setSRID(srid);
            assertThat(roundTrip(serializer, a).getFactory())
                    .as("%s", serializer)
                    .isSameAs(roundTrip(serializer, b).getFactory());
        }
    }

    @Test
    void collectionMembersGetTheFactoryOfTheirOwnSrid() throws Exception {
        GeometryCollection written =
                (GeometryCollection) read("GEOMETRYCOLLECTION (POINT (1 2), POINT (3 4))");
        written.setSRID(WGS84);
        written.getGeometryN(0).setSRID(3857);
        written.getGeometryN(1).setSRID(WGS84);
        Geometry decoded = roundTrip(GeometrySerializer.of(Geometry.class), written);
        assertThat(decoded.getFactory().getSRID()).isEqualTo(WGS84);
        assertThat(decoded.getGeometryN(0).getFactory().getSRID()).isEqualTo(3857);
        assertThat(decoded.getGeometryN(0).getCentroid().getSRID()).isEqualTo(3857);
        assertThat(decoded.getGeometryN(1).getFactory().getSRID()).isEqualTo(WGS84);
    }

    /** Read as a user builds geometries of one SRID: with a factory of that SRID. */
    private static Geometry readWithFactoryOf(int srid, String wkt) throws ParseException {
        return new WKTReader(new GeometryFactory(new PrecisionModel(), srid)).read(wkt);
    }

    private static void assertDerivedKeepSrid(Geometry decoded, int srid, String what) {
        assertThat(decoded.getSRID()).as("%s: SRID", what).isEqualTo(srid);
        assertThat(decoded.getFactory().getSRID()).as("%s: factory", what).isEqualTo(srid);
        assertThat(decoded.getPrecisionModel().getType())
                .as("%s: precision model", what)
                .isEqualTo(PrecisionModel.FLOATING);
        List<Function<Geometry, Geometry>> operations =
                List.of(
                        Geometry::getCentroid,
                        Geometry::getEnvelope,
                        Geometry::convexHull,
                        g -> g.buffer(1),
                        Geometry::union,
                        Geometry::getInteriorPoint);
        for (int i = 0; i < operations.size(); i++) {
            assertThat(operations.get(i).apply(decoded).getSRID())
                    .as("%s: derived geometry %d", what, i)
                    .isEqualTo(srid);
        }
    }

    private static Geometry roundTrip(TypeSerializer<Geometry> serializer, Geometry geometry)
            throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(256);
        serializer.serialize(geometry, out);
        return serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
    }
}
