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
package dev.flinkgeometry.serializer.legacy;

import static dev.flinkgeometry.testing.ExactGeometry.asReadFromLegacyWkb;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.format.CoordinateSequenceKind;
import dev.flinkgeometry.serializer.GeometrySerializer;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.GoldenGeometries;
import dev.flinkgeometry.testing.GoldenSerializerTestBase;
import java.util.List;
import java.util.function.Supplier;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;

/**
 * Golden files of the legacy {@link WkbGeometrySerializer} (see {@code golden/README.md}): what it
 * wrote into savepoints must restore and read back forever, be what it writes today byte for byte,
 * and be taken over by {@link GeometrySerializer}: its snapshot resolves the committed WKB snapshot
 * as compatible after migration, and the committed records, read with the restored WKB serializer
 * and written with {@link GeometrySerializer}, read back exactly as expected.
 *
 * <p>The expected values are what the legacy serializer carries of {@link GoldenGeometries#wkbV1()}
 * by its documented rules ({@link ExactGeometry#asReadFromLegacyWkb}), whichever serializer reads
 * the state.
 */
class WkbGeometrySerializerGoldenTest extends GoldenSerializerTestBase<Geometry> {

    private static final String V1 = "wkb-geometry-serializer-v1/";

    @Override
    protected List<Spec<Geometry>> specs() {
        Supplier<List<Geometry>> all = GoldenGeometries::wkbV1;
        Supplier<List<Geometry>> points = GoldenGeometries::wkbV1Points;
        return List.of(
                // The files of each directory, and the legacy serializer of today.
                new Spec<>(
                        V1 + "geometry",
                        () -> WkbGeometrySerializer.of(Geometry.class),
                        all,
                        () -> WkbGeometrySerializer.of(Geometry.class),
                        Expected.AS_IS,
                        true),
                new Spec<>(
                        V1 + "point",
                        () -> pointSerializer(),
                        points,
                        () -> pointSerializer(),
                        Expected.AS_IS,
                        true),
                // Legacy state declared for Point may be read as Geometry.
                new Spec<>(
                        V1 + "point",
                        () -> pointSerializer(),
                        points,
                        () -> WkbGeometrySerializer.of(Geometry.class),
                        Expected.AS_IS,
                        false),
                // GeometrySerializer takes legacy state over by migration, with either sequence
                // kind and for the same or a wider declared class.
                new Spec<>(
                        V1 + "geometry",
                        () -> WkbGeometrySerializer.of(Geometry.class),
                        all,
                        () -> GeometrySerializer.of(Geometry.class, CoordinateSequenceKind.ARRAY),
                        Expected.AFTER_MIGRATION,
                        false),
                new Spec<>(
                        V1 + "geometry",
                        () -> WkbGeometrySerializer.of(Geometry.class),
                        all,
                        () ->
                                GeometrySerializer.of(
                                        Geometry.class, CoordinateSequenceKind.PACKED_DOUBLE),
                        Expected.AFTER_MIGRATION,
                        false),
                new Spec<>(
                        V1 + "point",
                        () -> pointSerializer(),
                        points,
                        () -> geometrySerializerOfPoint(),
                        Expected.AFTER_MIGRATION,
                        false),
                new Spec<>(
                        V1 + "point",
                        () -> pointSerializer(),
                        points,
                        () -> GeometrySerializer.of(Geometry.class),
                        Expected.AFTER_MIGRATION,
                        false));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static TypeSerializer<Geometry> pointSerializer() {
        return (TypeSerializer) WkbGeometrySerializer.of(Point.class);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static TypeSerializer<Geometry> geometrySerializerOfPoint() {
        return (TypeSerializer) GeometrySerializer.of(Point.class);
    }

    @Override
    protected void assertSameValue(
            String what, Geometry actual, Geometry expected, TypeSerializer<Geometry> readBy) {
        ExactGeometry.assertDecodedAs(
                what,
                actual,
                asReadFromLegacyWkb(expected),
                readBy instanceof GeometrySerializer
                                && ((GeometrySerializer<?>) readBy).sequenceKind()
                                        == CoordinateSequenceKind.PACKED_DOUBLE
                        ? PackedCoordinateSequence.Double.class
                        : CoordinateArraySequence.class);
    }

    /** A narrower declared class cannot take legacy state of any geometry over. */
    @Test
    void geometrySerializerOfPointDoesNotTakeTheCommittedGeometryStateOver() throws Exception {
        Spec<Geometry> geometrySpec = specs().get(0);
        assertThat(geometrySpec.directory()).isEqualTo(V1 + "geometry");
        TypeSerializerSnapshot<Geometry> committed = committedSnapshot(geometrySpec);
        TypeSerializerSchemaCompatibility<Geometry> compatibility =
                geometrySerializerOfPoint()
                        .snapshotConfiguration()
                        .resolveSchemaCompatibility(committed);
        assertThat(compatibility.isIncompatible()).as("%s", compatibility).isTrue();
    }

    /** The premise of the golden list: what the test data covers beyond the v1 list. */
    @Test
    void theGoldenGeometriesCoverTheLegacyRules() {
        List<Geometry> all = GoldenGeometries.wkbV1();
        List<Geometry> v1 = GoldenGeometries.v1();
        assertThat(all.subList(0, v1.size()))
                .extracting(ExactGeometry::describe)
                .containsExactlyElementsOf(v1.stream().map(ExactGeometry::describe).toList());
        long changed =
                all.stream()
                        .filter(
                                g ->
                                        !ExactGeometry.equal(
                                                ExactGeometry.asDecoded(g), asReadFromLegacyWkb(g)))
                        .count();
        assertThat(changed).as("geometries the legacy rules change").isGreaterThanOrEqualTo(4);
        assertThat(GoldenGeometries.wkbV1Points()).hasSizeGreaterThanOrEqualTo(15);
    }
}
