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

import static dev.flinkgeometry.testing.ExactGeometry.asDecoded;
import static dev.flinkgeometry.testing.ExactGeometry.assertSequencesHaveValueLayout;
import static dev.flinkgeometry.testing.ExactGeometry.describe;
import static dev.flinkgeometry.testing.JobTestData.flatten;
import static dev.flinkgeometry.testing.JobTestData.payloadGroups;
import static dev.flinkgeometry.testing.Wkt.read;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.testing.RecordStateJob.Records;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.CoordinateXYZM;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.PrecisionModel;

/**
 * The geometry state of the end-to-end state migration tests ({@link SavepointJobs}): per {@code
 * String} key, a {@code ValueState}, a {@code ListState} and the values of a {@code
 * MapState<String, Geometry>}, filled from a list of known geometries; and the exact comparison of
 * what a restored job reads with what was written.
 */
public final class KeyedGeometryStates {
    private KeyedGeometryStates() {}

    /**
     * Per key ({@code key-000}, {@code key-001}, ...): a value, a list of three and a map of two or
     * three entries (sometimes one with a {@code null} value), drawn in turn from {@code
     * geometries} so that every geometry is in every kind of state; one key per geometry.
     */
    public static Map<String, Records<Geometry>> perKey(List<Geometry> geometries) {
        int n = geometries.size();
        Map<String, Records<Geometry>> state = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            Map<String, Geometry> map = new LinkedHashMap<>();
            map.put("a", geometries.get((i + 3) % n));
            map.put("b", geometries.get((i + 8) % n));
            if (i % 4 == 0) {
                map.put("none", null);
            }
            state.put(
                    String.format("key-%03d", i),
                    new Records<>(
                            geometries.get(i),
                            List.of(
                                    geometries.get((i + 1) % n),
                                    geometries.get((i + 2) % n),
                                    geometries.get((i + 5) % n)),
                            Collections.unmodifiableMap(map)));
        }
        return Collections.unmodifiableMap(state);
    }

    /**
     * Every key, every entry, exactly: what the job read ({@code observed}) is, per written
     * geometry {@code g}, {@code expectedOf.apply(g)} (what the serializers involved carry of
     * {@code g}, e.g. {@link ExactGeometry#asDecoded}), compared with {@link ExactGeometry} after
     * {@link ExactGeometry#asDecoded} (the heap backend may still hold a restored {@code
     * LinearRing}). With {@code decoded}, every geometry must also have come through {@code
     * GeometrySerializer}'s decoder: its class is the expected one, and its sequences have the
     * value layout.
     */
    public static void assertSameState(
            Map<String, Records<Geometry>> observed,
            Map<String, Records<Geometry>> written,
            UnaryOperator<Geometry> expectedOf,
            boolean decoded) {
        int[] compared = {0};
        RecordStateJob.assertSameRecords(
                observed,
                written,
                (what, actual, expected) -> {
                    compared[0]++;
                    if (expected == null) {
                        assertThat(actual).as(what).isNull();
                    } else {
                        assertExact(what, actual, expectedOf.apply(expected), decoded);
                    }
                });
        assertThat(compared[0]).as("geometries compared").isGreaterThan(300);
    }

    /**
     * {@code actual} is exactly {@code expected}; with {@code decoded}, it is also of {@code
     * expected}'s class, with sequences of the value layout, as {@code GeometrySerializer} decodes.
     */
    public static void assertExact(
            String what, Geometry actual, Geometry expected, boolean decoded) {
        assertThat(actual).as(what).isNotNull();
        assertThat(describe(asDecoded(actual)))
                .as("%s: %s", what, actual)
                .isEqualTo(describe(expected));
        if (decoded) {
            assertSequencesHaveValueLayout(actual);
            assertThat(actual.getClass()).as(what).isEqualTo(expected.getClass());
            assertFactoryCarriesTheSrid(what, actual);
        }
    }

    /**
     * A decoded geometry's factory, and each member's, has the geometry's SRID, so that geometries
     * JTS derives from it keep that SRID.
     */
    private static void assertFactoryCarriesTheSrid(String what, Geometry geometry) {
        int srid = geometry.getSRID();
        assertThat(geometry.getFactory().getSRID()).as("%s: factory SRID", what).isEqualTo(srid);
        Envelope bounds = geometry.getEnvelopeInternal();
        boolean finite =
                Double.isFinite(bounds.getMinX() + bounds.getMaxX())
                        && Double.isFinite(bounds.getMinY() + bounds.getMaxY());
        if (finite) { // JTS cannot derive an envelope or centroid from NaN or infinite ordinates
            assertThat(geometry.getEnvelope().getSRID())
                    .as("%s: envelope SRID", what)
                    .isEqualTo(srid);
            assertThat(geometry.getCentroid().getSRID())
                    .as("%s: centroid SRID", what)
                    .isEqualTo(srid);
        }
        if (geometry instanceof GeometryCollection) {
            for (int i = 0; i < geometry.getNumGeometries(); i++) {
                assertFactoryCarriesTheSrid(what + ", member " + i, geometry.getGeometryN(i));
            }
        }
    }

    /**
     * Real Natural Earth polygons, multipolygons, lines and points (from the job tests' payloads,
     * some built on packed sequences), and synthetic geometries of every type with Z, M, ZM, SRIDs,
     * NaN and -0.0 ordinates, every EMPTY, nested collections and members with their own SRIDs.
     */
    public static List<Geometry> geometries() {
        List<Geometry> all = new ArrayList<>(flatten(payloadGroups()));
        GeometryFactory factory = new GeometryFactory();
        GeometryFactory srid3857 = new GeometryFactory(new PrecisionModel(), 3857);
        all.add(Wkt.withSrid(read("POINT Z (1.5 -2.5 3.25)"), 4326));
        all.add(factory.createPoint(new CoordinateXYM(4, 5, 6)));
        all.add(factory.createPoint(new CoordinateXYZM(-0.0, 0.0, Double.NaN, 7)));
        all.add(read("POINT Z (1 2 NaN)"));
        all.add(read("LINESTRING ZM (0 0 1 2, 1 1 3 4, 2 0 5 6)"));
        all.add(
                factory.createLinearRing(
                        new Coordinate[] {
                            new Coordinate(0, 0), new Coordinate(1, 0),
                            new Coordinate(1, 1), new Coordinate(0, 0)
                        }));
        all.add(
                read(
                        "POLYGON Z ((0 0 1, 10 0 2, 10 10 3, 0 10 4, 0 0 1),"
                                + " (2 2 5, 2 3 6, 3 3 7, 2 2 5))"));
        all.add(read("MULTIPOINT ZM ((1 1 1 1), EMPTY, (2 2 2 2))"));
        all.add(
                srid3857.createMultiPoint(
                        new Point[] {srid3857.createPoint(new Coordinate(9, 9))}));
        all.add(read("MULTILINESTRING Z ((0 0 0, 1 1 1), EMPTY, (2 2 2, 3 3 3))"));
        all.add(
                read(
                        "MULTIPOLYGON M (((0 0 1, 1 0 2, 1 1 3, 0 0 1)), EMPTY,"
                                + " ((5 5 1, 6 5 2, 6 6 3, 5 5 1)))"));
        for (String empty :
                new String[] {
                    "POINT EMPTY",
                    "LINESTRING EMPTY",
                    "POLYGON EMPTY",
                    "MULTIPOINT EMPTY",
                    "MULTILINESTRING EMPTY",
                    "MULTIPOLYGON EMPTY",
                    "GEOMETRYCOLLECTION EMPTY"
                }) {
            all.add(read(empty));
        }
        Point member = factory.createPoint(new Coordinate(1, 2, 3));
        member.setSRID(4326);
        LineString line = (LineString) read("LINESTRING M (0 0 1, 1 1 2)");
        line.setSRID(3857);
        Polygon emptyPolygon = factory.createPolygon();
        Geometry inner = factory.createGeometryCollection(new Geometry[] {line, emptyPolygon});
        inner.setSRID(900913);
        Geometry outer =
                factory.createGeometryCollection(
                        new Geometry[] {
                            member,
                            inner,
                            factory.createGeometryCollection(),
                            read("MULTIPOINT ((7 7), EMPTY)")
                        });
        outer.setSRID(4326);
        all.add(outer);
        return all;
    }

    /**
     * {@link #geometries()} and cases of the legacy WKB rules for NaN points: {@code POINT (NaN
     * NaN)} and {@code POINT ZM (NaN NaN NaN NaN)} read as {@code POINT EMPTY} (keeping the SRID),
     * also as collection members; {@code POINT (1 NaN)} and {@code POINT Z (NaN NaN 3)} keep their
     * values.
     */
    public static List<Geometry> withLegacyWkbCases() {
        GeometryFactory factory = new GeometryFactory();
        List<Geometry> all = new ArrayList<>(geometries());
        all.add(factory.createPoint(new CoordinateXY(Double.NaN, Double.NaN)));
        all.add(
                Wkt.withSrid(
                        factory.createPoint(
                                new CoordinateXYZM(Double.NaN, Double.NaN, Double.NaN, Double.NaN)),
                        4326));
        all.add(factory.createPoint(new CoordinateXY(1, Double.NaN)));
        all.add(factory.createPoint(new Coordinate(Double.NaN, Double.NaN, 3)));
        all.add(Wkt.withSrid(factory.createPoint(), 3857));
        LineString line = (LineString) read("LINESTRING Z (1 1 1, 2 2 2)");
        line.setSRID(2056);
        all.add(
                Wkt.withSrid(
                        factory.createGeometryCollection(
                                new Geometry[] {
                                    factory.createPoint(new CoordinateXY(Double.NaN, Double.NaN)),
                                    line,
                                    ring(factory, 10),
                                    read("MULTIPOINT ((1 1), EMPTY)")
                                }),
                        3857));
        all.add(Wkt.withSrid(read("POLYGON ((0 0, 1 0, 1 1, 0 0))"), 16_777_215));
        return all;
    }

    /** A closed unit square ring at ({@code at}, {@code at}). */
    public static LinearRing ring(GeometryFactory factory, double at) {
        return factory.createLinearRing(
                new Coordinate[] {
                    new Coordinate(at, at), new Coordinate(at + 1, at),
                    new Coordinate(at + 1, at + 1), new Coordinate(at, at)
                });
    }
}
