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

import dev.flinkgeometry.serializer.legacy.WkbGeometryTypeInfo;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.KeyedGeometryStates;
import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.RecordStateJob.Records;
import dev.flinkgeometry.testing.RecordStateJob.StateTypes;
import dev.flinkgeometry.testing.SavepointJobs;
import dev.flinkgeometry.testing.StateMigrationScenario;
import dev.flinkgeometry.testing.StateMigrationScenario.Predecessor;
import dev.flinkgeometry.testing.StateMigrationScenario.ThroughSerializer;
import dev.flinkgeometry.testing.Wkt;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.sedona.flink.GeometryTypeSerializer;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;

/**
 * Geometry state moves between the encodings of {@link GeometrySerializer}, end to end on a
 * MiniCluster with real savepoints on disk, on both backends and in both savepoint formats ({@link
 * StateMigrationScenario}: write, restore and migrate, restore the migrated savepoint): aligned →
 * compact, compact → aligned, compact lossless → compact at 7 digits, compact → compact with a
 * declared SRID and back, legacy WKB → compact, Kryo → compact, Sedona's serializer → compact.
 * Values only: geometry keys need the offline rewrite, as for the aligned serializer ({@code
 * CompactKeyRewriteITCase} in flink-geometry-migration).
 */
class CompactStateMigrationITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    private static final TypeInformation<Geometry> LOSSLESS =
            GeometryTypeInfo.of(Geometry.class, GeometryEncoding.compact());
    private static final TypeInformation<Geometry> SEVEN_DIGITS =
            GeometryTypeInfo.of(Geometry.class, GeometryEncoding.compact(7, 7, 7));
    private static final TypeInformation<Geometry> DECLARED_4326 =
            GeometryTypeInfo.of(Geometry.class, GeometryEncoding.compact().withDeclaredSrid(4326));

    static Stream<Arguments> directionsBackendsAndFormats() {
        List<Predecessor<Geometry>> directions =
                List.of(
                        new Direction(
                                "aligned to compact",
                                GeometryTypeInfo.of(Geometry.class),
                                "GeometrySerializer",
                                LOSSLESS,
                                KeyedGeometryStates.geometries(),
                                ExactGeometry::asDecoded),
                        new Direction(
                                "compact to aligned",
                                LOSSLESS,
                                "GeometrySerializer",
                                GeometryTypeInfo.of(Geometry.class),
                                KeyedGeometryStates.geometries(),
                                ExactGeometry::asDecoded),
                        new Direction(
                                "compact lossless to 7 digits",
                                LOSSLESS,
                                "GeometrySerializer",
                                SEVEN_DIGITS,
                                decimalGeometries(),
                                ExactGeometry::asDecoded),
                        new Direction(
                                "compact to a declared SRID 4326",
                                LOSSLESS,
                                "GeometrySerializer",
                                DECLARED_4326,
                                withWgs84(decimalGeometries()),
                                ExactGeometry::asDecoded),
                        new Direction(
                                "a declared SRID 4326 to aligned",
                                DECLARED_4326,
                                "GeometrySerializer",
                                GeometryTypeInfo.of(Geometry.class),
                                withWgs84(decimalGeometries()),
                                ExactGeometry::asDecoded),
                        new Direction(
                                "legacy WKB to compact",
                                WkbGeometryTypeInfo.of(Geometry.class),
                                "WkbGeometrySerializer",
                                LOSSLESS,
                                KeyedGeometryStates.withLegacyWkbCases(),
                                ExactGeometry::asReadFromLegacyWkb),
                        new Direction(
                                "Kryo to compact",
                                new GenericTypeInfo<>(Geometry.class),
                                "KryoSerializer",
                                LOSSLESS,
                                KeyedGeometryStates.geometries(),
                                ExactGeometry::asDecoded),
                        sedonaToCompact());
        return directions.stream()
                .flatMap(
                        direction ->
                                SavepointJobs.backendsAndFormats()
                                        .map(
                                                args ->
                                                        Arguments.of(
                                                                direction,
                                                                args.get()[0],
                                                                args.get()[1])));
    }

    @ParameterizedTest(name = "{0}, {1}, {2} savepoints")
    @MethodSource("directionsBackendsAndFormats")
    void geometryStateMigrates(
            Predecessor<Geometry> direction,
            String backend,
            SavepointFormatType format,
            @TempDir Path savepoints)
            throws Exception {
        StateMigrationScenario.upgrade(direction, backend, format, savepoints, jobs);
    }

    /** {@code geometries}, and each again with SRID 4326 on every member. */
    private static List<Geometry> withWgs84(List<Geometry> geometries) {
        List<Geometry> all = new ArrayList<>(geometries);
        for (Geometry geometry : geometries) {
            all.add(Wkt.withSridOnEveryMember(geometry.copy(), 4326));
        }
        return all;
    }

    /**
     * State of Apache Sedona's {@code org.apache.sedona.flink.GeometryTypeSerializer} (the
     * test-scope stand-in with its class names and bytes): carried as Sedona's bytes held it.
     */
    static Predecessor<Geometry> sedonaToCompact() {
        return new ThroughSerializer(
                "Sedona's serializer to compact",
                StateTypes.of(GeometryTypeSerializer.INSTANCE),
                "GeometryTypeSerializer",
                GeometryTypeSerializer.INSTANCE,
                GeometryStateMigrationITCase.everyThird(1),
                LOSSLESS);
    }

    /**
     * Geometries that 7 digits hold exactly (decimals of up to 7 digits, no -0.0) or that it keeps
     * in the aligned form (NaN ordinates), of every type: both serializers carry them exactly.
     */
    static List<Geometry> decimalGeometries() {
        GeometryFactory factory = new GeometryFactory();
        List<Geometry> all = new ArrayList<>();
        for (int i = 0; i < 48; i++) {
            int digits = i % 8;
            double scale = Math.pow(10, digits);
            double x = ((i * 7919) % 3_600_000 - 1_800_000) / scale;
            double y = ((i * 104_729) % 1_800_000 - 900_000) / scale;
            switch (i % 6) {
                case 0:
                    all.add(Wkt.withSrid(factory.createPoint(new Coordinate(x, y)), 4326));
                    break;
                case 1:
                    all.add(
                            Wkt.read(
                                    "LINESTRING ("
                                            + x
                                            + " "
                                            + y
                                            + ", "
                                            + (x + 1.25)
                                            + " "
                                            + y
                                            + ", 3.5 4)"));
                    break;
                case 2:
                    all.add(Wkt.read("POINT ZM (" + x + " " + y + " 8848.86 " + i + ")", 3857));
                    break;
                case 3:
                    all.add(
                            Wkt.read(
                                    "POLYGON ((0 0, "
                                            + Math.abs(x)
                                            + " 0, 0.5 "
                                            + Math.abs(y)
                                            + ", 0 0))"));
                    break;
                case 4:
                    all.add(
                            Wkt.read(
                                    "GEOMETRYCOLLECTION (POINT M ("
                                            + x
                                            + " 1 0.5), MULTIPOINT ((1 2)))"));
                    break;
                default:
                    all.add(factory.createPoint(new Coordinate(x, Double.NaN)));
                    break;
            }
        }
        for (String empty :
                new String[] {
                    "POINT EMPTY",
                    "LINESTRING EMPTY",
                    "POLYGON EMPTY",
                    "MULTIPOINT EMPTY",
                    "MULTILINESTRING ((0 0, 1.5 1), EMPTY)",
                    "MULTIPOLYGON EMPTY",
                    "GEOMETRYCOLLECTION EMPTY"
                }) {
            all.add(Wkt.read(empty));
        }
        return all;
    }

    /**
     * Geometry values declared by {@code oldType} move to {@code newType}: every key holds {@code
     * geometries} in every kind of state, read back as {@code carried} says.
     */
    private static final class Direction extends Predecessor<Geometry> {
        private final TypeInformation<Geometry> newType;
        private final List<Geometry> geometries;
        private final UnaryOperator<Geometry> carried;

        Direction(
                String name,
                TypeInformation<Geometry> oldType,
                String oldShape,
                TypeInformation<Geometry> newType,
                List<Geometry> geometries,
                UnaryOperator<Geometry> carried) {
            super(name, StateTypes.of(oldType), newType, oldShape, "GeometrySerializer");
            this.newType = newType;
            this.geometries = geometries;
            this.carried = carried;
        }

        @Override
        public Map<String, Records<Geometry>> written() {
            return KeyedGeometryStates.perKey(geometries);
        }

        @Override
        public void assertCarried(
                Map<String, Records<Geometry>> observed,
                Map<String, Records<Geometry>> written,
                boolean decoded) {
            KeyedGeometryStates.assertSameState(observed, written, carried, decoded);
        }

        @Override
        public void assertNewSnapshot(String what, TypeSerializerSnapshot<?> snapshot) {
            TypeSerializer<Geometry> expected =
                    newType.createSerializer(
                            new org.apache.flink.api.common.serialization.SerializerConfigImpl());
            assertThat(snapshot.restoreSerializer()).as(what).isEqualTo(expected);
        }
    }
}
