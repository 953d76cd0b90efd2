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

import static dev.flinkgeometry.testing.ExactGeometry.asDecoded;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.GoldenGeometries;
import dev.flinkgeometry.testing.GoldenSerializerTestBase;
import dev.flinkgeometry.testing.Wkt;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;

/**
 * Golden files of {@link GeometrySerializer}'s compact encodings, compact format v1 (see {@code
 * golden/README.md}): lossless and 7-digit state written with {@link
 * CompactGeometrySerializerSnapshot} restores, reads back, resolves as compact state, and its data
 * is what today's serializer writes; state of snapshot version 2 with a declared SRID does the
 * same; aligned v1 state migrates to compact and compact state to aligned.
 */
class CompactGeometrySerializerGoldenTest extends GoldenSerializerTestBase<Geometry> {

    private static final String V1 = "compact-geometry-serializer-v1/";
    private static final String ALIGNED_V1 = "geometry-serializer-v1/geometry-array";
    private static final String V2 = "geometry-serializer-snapshot-v2/";

    @Override
    protected List<Spec<Geometry>> specs() {
        Supplier<List<Geometry>> all = CompactGeometrySerializerGoldenTest::v1;
        return List.of(
                // Snapshot version 2: what today's serializer writes.
                new Spec<>(
                        V2 + "compact-lossless",
                        CompactGeometrySerializerGoldenTest::lossless,
                        all,
                        CompactGeometrySerializerGoldenTest::lossless,
                        Expected.AS_IS,
                        true),
                new Spec<>(
                        V2 + "compact-lossless-srid-4326",
                        CompactGeometrySerializerGoldenTest::losslessSrid4326,
                        all,
                        CompactGeometrySerializerGoldenTest::losslessSrid4326,
                        Expected.AS_IS,
                        true),
                new Spec<>(
                        V2 + "compact-7-digits-srid-4326",
                        CompactGeometrySerializerGoldenTest::sevenDigitsSrid4326,
                        all,
                        CompactGeometrySerializerGoldenTest::sevenDigitsSrid4326,
                        Expected.AS_IS,
                        true),
                // Another declared SRID, and the aligned format, in both directions.
                new Spec<>(
                        V1 + "geometry-lossless",
                        CompactGeometrySerializerGoldenTest::lossless,
                        all,
                        CompactGeometrySerializerGoldenTest::losslessSrid4326,
                        Expected.AFTER_MIGRATION,
                        false),
                new Spec<>(
                        V2 + "compact-lossless-srid-4326",
                        CompactGeometrySerializerGoldenTest::losslessSrid4326,
                        all,
                        CompactGeometrySerializerGoldenTest::lossless,
                        Expected.AFTER_MIGRATION,
                        false),
                new Spec<>(
                        V2 + "compact-lossless-srid-4326",
                        CompactGeometrySerializerGoldenTest::losslessSrid4326,
                        all,
                        () -> GeometrySerializer.of(Geometry.class),
                        Expected.AFTER_MIGRATION,
                        false),
                new Spec<>(
                        ALIGNED_V1,
                        () -> GeometrySerializer.of(Geometry.class),
                        GoldenGeometries::v1,
                        CompactGeometrySerializerGoldenTest::losslessSrid4326,
                        Expected.AFTER_MIGRATION,
                        false),
                // Snapshot version 1 of the compact serializer: its data is still written.
                new Spec<>(
                        V1 + "geometry-lossless",
                        CompactGeometrySerializerGoldenTest::lossless,
                        all,
                        CompactGeometrySerializerGoldenTest::lossless,
                        Expected.AS_IS,
                        true),
                new Spec<>(
                        V1 + "geometry-7-digits",
                        CompactGeometrySerializerGoldenTest::sevenDigits,
                        all,
                        CompactGeometrySerializerGoldenTest::sevenDigits,
                        Expected.AS_IS,
                        true),
                // The sequence kind does not change the bytes.
                new Spec<>(
                        V1 + "geometry-lossless",
                        CompactGeometrySerializerGoldenTest::lossless,
                        all,
                        () ->
                                GeometrySerializer.of(
                                        Geometry.class,
                                        GeometryEncoding.compact(),
                                        CoordinateSequenceKind.PACKED_DOUBLE),
                        Expected.AS_IS,
                        false),
                // Another precision, and the aligned format, in both directions.
                new Spec<>(
                        V1 + "geometry-lossless",
                        CompactGeometrySerializerGoldenTest::lossless,
                        all,
                        CompactGeometrySerializerGoldenTest::sevenDigits,
                        Expected.AFTER_MIGRATION,
                        false),
                new Spec<>(
                        V1 + "geometry-7-digits",
                        CompactGeometrySerializerGoldenTest::sevenDigits,
                        all,
                        CompactGeometrySerializerGoldenTest::lossless,
                        Expected.AFTER_MIGRATION,
                        false),
                new Spec<>(
                        V1 + "geometry-lossless",
                        CompactGeometrySerializerGoldenTest::lossless,
                        all,
                        () -> GeometrySerializer.of(Geometry.class),
                        Expected.AFTER_MIGRATION,
                        false),
                new Spec<>(
                        ALIGNED_V1,
                        () -> GeometrySerializer.of(Geometry.class),
                        GoldenGeometries::v1,
                        CompactGeometrySerializerGoldenTest::lossless,
                        Expected.AFTER_MIGRATION,
                        false));
    }

    /**
     * The aligned golden geometries (every class, empties, Z/M/ZM, NaN, -0.0, extreme doubles,
     * member SRIDs, Natural Earth) and decimal ones that take the TWKB form, with SRIDs.
     */
    static List<Geometry> v1() {
        List<Geometry> all = new ArrayList<>(GoldenGeometries.v1());
        all.add(Wkt.read("POINT (2.352219 48.856614)"));
        all.add(Wkt.read("POINT (-122.419416 37.774929)", 4326));
        all.add(Wkt.read("POINT ZM (8.5 47.25 408.75 1700000000)", 2056));
        all.add(
                Wkt.read(
                        "LINESTRING (2.352219 48.856614, 2.352301 48.856702, 2.35241 48.85681)",
                        4326));
        all.add(
                Wkt.read(
                        "POLYGON Z ((0 0 1, 10.5 0 1, 10.5 10.25 2, 0 0 1), (1 1 0, 2 1 0, 2 2 0, 1"
                                + " 1 0))",
                        16_777_215));
        all.add(Wkt.read("MULTIPOINT M ((1 2 0.5), (3.25 4 1))"));
        all.add(Wkt.read("MULTILINESTRING ((0 0, 1 1), EMPTY, (2.5 2, 3 3))"));
        all.add(Wkt.read("MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), EMPTY)", 3857));
        all.add(
                Wkt.withSridOnEveryMember(
                        Wkt.read(
                                "GEOMETRYCOLLECTION (POINT (1.5 2), GEOMETRYCOLLECTION"
                                        + " (LINESTRING Z (0 0 1, 1 1 2)), POLYGON EMPTY)"),
                        4326));
        return all;
    }

    private static TypeSerializer<Geometry> lossless() {
        return GeometrySerializer.of(Geometry.class, GeometryEncoding.compact());
    }

    private static TypeSerializer<Geometry> losslessSrid4326() {
        return GeometrySerializer.of(
                Geometry.class, GeometryEncoding.compact().withDeclaredSrid(4326));
    }

    private static TypeSerializer<Geometry> sevenDigitsSrid4326() {
        return GeometrySerializer.of(
                Geometry.class, GeometryEncoding.compact(7, 7, 7).withDeclaredSrid(4326));
    }

    /** The compact serializer's snapshot (version 1) is no longer written; its data still is. */
    @Override
    protected boolean writesTheSnapshot(Spec<Geometry> spec) {
        return spec.writesTheseBytes() && !spec.directory().startsWith(V1);
    }

    @Test
    void losslessDataOfBothSnapshotClassesAreTheSameBytes() {
        assertThat(committedData(spec(V2 + "compact-lossless")))
                .isEqualTo(committedData(spec(V1 + "geometry-lossless")));
    }

    private Spec<Geometry> spec(String directory) {
        return specs().stream()
                .filter(spec -> spec.directory().equals(directory))
                .findFirst()
                .orElseThrow();
    }

    private static TypeSerializer<Geometry> sevenDigits() {
        return GeometrySerializer.of(Geometry.class, GeometryEncoding.compact(7, 7, 7));
    }

    @Override
    protected void assertSameValue(
            String what, Geometry actual, Geometry expected, TypeSerializer<Geometry> readBy) {
        CoordinateSequenceKind kind = ((GeometrySerializer<?>) readBy).sequenceKind();
        Class<?> sequenceClass =
                kind == CoordinateSequenceKind.ARRAY
                        ? CoordinateArraySequence.class
                        : PackedCoordinateSequence.Double.class;
        // Values rounded once (written at 7 digits, or read from the 7-digit files) stay so.
        boolean rounded =
                what.contains("7-digits")
                        || !((GeometrySerializer<?>) readBy).encoding().isLossless();
        if (!rounded) {
            ExactGeometry.assertDecodedAs(what, actual, asDecoded(expected), sequenceClass);
            return;
        }
        // Seven digits: the same geometry, each ordinate within half a unit of the 7th decimal.
        assertThat(actual.getGeometryType())
                .as(what)
                .isEqualTo(asDecoded(expected).getGeometryType());
        assertThat(actual.getSRID()).as(what).isEqualTo(expected.getSRID());
        Coordinate[] a = actual.getCoordinates();
        Coordinate[] e = expected.getCoordinates();
        assertThat(a).as(what).hasSameSizeAs(e);
        for (int i = 0; i < a.length; i++) {
            for (int o = 0; o < 2; o++) {
                double want = e[i].getOrdinate(o);
                double got = a[i].getOrdinate(o);
                if (Double.isNaN(want) || Double.isNaN(got)) {
                    continue; // a NaN geometry is kept in the aligned form (exact)
                }
                assertThat(Math.abs(got - want))
                        .as("%s: ordinate %d of coordinate %d", what, o, i)
                        .isLessThanOrEqualTo(0.5e-7 + 4 * Math.ulp(want));
            }
        }
    }
}
