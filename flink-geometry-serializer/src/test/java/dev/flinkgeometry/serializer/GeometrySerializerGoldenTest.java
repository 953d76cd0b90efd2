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
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;

/**
 * Golden files of {@link GeometrySerializer}, aligned format v1 (see {@code golden/README.md}): the
 * committed snapshot and data of every released format must restore, read back exactly, resolve as
 * compatible as is, and, while v1 is the format written, be what the serializer writes today byte
 * for byte. {@code geometry-serializer-v1} holds snapshots of version 1 (no encoding recorded),
 * {@code geometry-serializer-snapshot-v2} those of version 2 (with the encoding); the data are the
 * same.
 */
class GeometrySerializerGoldenTest extends GoldenSerializerTestBase<Geometry> {

    private static final String V1 = "geometry-serializer-v1/";
    private static final String V2 = "geometry-serializer-snapshot-v2/";

    @Override
    protected List<Spec<Geometry>> specs() {
        Supplier<List<Geometry>> all = GoldenGeometries::v1;
        Supplier<List<Geometry>> polygons = GoldenGeometries::v1Polygons;
        return List.of(
                // Snapshot version 2: what today's serializer writes.
                new Spec<>(
                        V2 + "geometry-array",
                        () -> GeometrySerializer.of(Geometry.class, CoordinateSequenceKind.ARRAY),
                        all,
                        () -> GeometrySerializer.of(Geometry.class, CoordinateSequenceKind.ARRAY),
                        Expected.AS_IS,
                        true),
                // The files of each directory, and today's serializer with the same options.
                new Spec<>(
                        V1 + "geometry-array",
                        () -> GeometrySerializer.of(Geometry.class, CoordinateSequenceKind.ARRAY),
                        all,
                        () -> GeometrySerializer.of(Geometry.class, CoordinateSequenceKind.ARRAY),
                        Expected.AS_IS,
                        true),
                new Spec<>(
                        V1 + "geometry-packed-double",
                        () ->
                                GeometrySerializer.of(
                                        Geometry.class, CoordinateSequenceKind.PACKED_DOUBLE),
                        all,
                        () ->
                                GeometrySerializer.of(
                                        Geometry.class, CoordinateSequenceKind.PACKED_DOUBLE),
                        Expected.AS_IS,
                        true),
                new Spec<>(
                        V1 + "polygon-array",
                        () -> polygonSerializer(),
                        polygons,
                        () -> polygonSerializer(),
                        Expected.AS_IS,
                        true),
                // Changing the sequence kind keeps the bytes: as is, either way.
                new Spec<>(
                        V1 + "geometry-array",
                        () -> GeometrySerializer.of(Geometry.class, CoordinateSequenceKind.ARRAY),
                        all,
                        () ->
                                GeometrySerializer.of(
                                        Geometry.class, CoordinateSequenceKind.PACKED_DOUBLE),
                        Expected.AS_IS,
                        false),
                new Spec<>(
                        V1 + "geometry-packed-double",
                        () ->
                                GeometrySerializer.of(
                                        Geometry.class, CoordinateSequenceKind.PACKED_DOUBLE),
                        all,
                        () -> GeometrySerializer.of(Geometry.class, CoordinateSequenceKind.ARRAY),
                        Expected.AS_IS,
                        false),
                // State declared for Polygon may be read as Geometry.
                new Spec<>(
                        V1 + "polygon-array",
                        () -> polygonSerializer(),
                        polygons,
                        () -> GeometrySerializer.of(Geometry.class),
                        Expected.AS_IS,
                        false));
    }

    /** Snapshot version 1 is no longer written; its data still is, byte for byte. */
    @Override
    protected boolean writesTheSnapshot(Spec<Geometry> spec) {
        return spec.writesTheseBytes() && !spec.directory().startsWith(V1);
    }

    @Test
    void theDataOfBothSnapshotVersionsAreTheSameBytes() {
        assertThat(committedData(spec(V2 + "geometry-array")))
                .isEqualTo(committedData(spec(V1 + "geometry-array")));
    }

    private Spec<Geometry> spec(String directory) {
        return specs().stream()
                .filter(spec -> spec.directory().equals(directory))
                .findFirst()
                .orElseThrow();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static TypeSerializer<Geometry> polygonSerializer() {
        return (TypeSerializer) GeometrySerializer.of(Polygon.class);
    }

    @Override
    protected void assertSameValue(
            String what, Geometry actual, Geometry expected, TypeSerializer<Geometry> readBy) {
        ExactGeometry.assertDecodedAs(
                what,
                actual,
                asDecoded(expected),
                ((GeometrySerializer<?>) readBy).sequenceKind() == CoordinateSequenceKind.ARRAY
                        ? CoordinateArraySequence.class
                        : PackedCoordinateSequence.Double.class);
    }

    /** The premise of the golden list: what the test data covers. */
    @Test
    void theGoldenGeometriesCoverEveryClassAndLayout() {
        List<Geometry> all = GoldenGeometries.v1();
        assertThat(all)
                .extracting(Geometry::getGeometryType)
                .contains(
                        "Point",
                        "LineString",
                        "LinearRing",
                        "Polygon",
                        "MultiPoint",
                        "MultiLineString",
                        "MultiPolygon",
                        "GeometryCollection");
        assertThat(all).filteredOn(Geometry::isEmpty).hasSizeGreaterThanOrEqualTo(8);
        assertThat(all).extracting(Geometry::getSRID).contains(0, 3857, 4326, 16_777_215);
        // XY, Z, M and ZM by values, at the top level.
        assertThat(all)
                .extracting(g -> Arrays.toString(ExactGeometry.valueLayout(g)))
                .contains("[false, false]", "[true, false]", "[false, true]", "[true, true]");
        assertThat(GoldenGeometries.v1Polygons()).hasSizeGreaterThanOrEqualTo(6);
    }
}
