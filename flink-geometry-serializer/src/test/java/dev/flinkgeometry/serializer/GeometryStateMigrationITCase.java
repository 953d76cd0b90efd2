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

import dev.flinkgeometry.serializer.legacy.WkbGeometrySerializerSnapshot;
import dev.flinkgeometry.serializer.legacy.WkbGeometryTypeInfo;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.KeyedGeometryStates;
import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.RecordStateJob;
import dev.flinkgeometry.testing.RecordStateJob.Records;
import dev.flinkgeometry.testing.RecordStateJob.StateTypes;
import dev.flinkgeometry.testing.SavepointJobs;
import dev.flinkgeometry.testing.StateMigrationScenario;
import dev.flinkgeometry.testing.StateMigrationScenario.Predecessor;
import dev.flinkgeometry.testing.StateMigrationScenario.ThroughSerializer;
import dev.flinkgeometry.testing.StateMigrationScenario.ToGeometrySerializer;
import dev.flinkgeometry.testing.Visit;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.apache.flink.api.common.typeinfo.TypeHint;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.sedona.flink.GeometryTypeSerializer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * Geometry state written by each predecessor of {@link GeometrySerializer} moves to it, end to end
 * on a MiniCluster with real savepoints on disk, on both backends and in both savepoint formats
 * ({@link StateMigrationScenario}: write, restore and migrate, restore the migrated savepoint):
 *
 * <ul>
 *   <li>Flink's default for JTS classes: Kryo through {@code GenericTypeInfo};
 *   <li>the legacy WKB serializer ({@link WkbGeometryTypeInfo}); what it carries is {@link
 *       ExactGeometry#asReadFromLegacyWkb} (a point of NaN ordinates reads as {@code POINT EMPTY},
 *       members take the top level's SRID, a {@code LinearRing} reads as a {@code LineString});
 *   <li>Apache Sedona's own Flink serializer, {@code
 *       org.apache.sedona.flink.GeometryTypeSerializer} (its SQL functions' type; the {@code
 *       sedona-flink} jar is not on Maven Central, so a test-scope stand-in with Sedona's class
 *       names and bytes writes the state): what is carried is what Sedona's bytes held (Sedona
 *       1.6.0 loses some Z/M values and member SRIDs);
 *   <li>the commonest legacy state: records whose geometry fields fell back to Kryo because nothing
 *       was registered, a POJO ({@link Visit}), a {@code Tuple2<String, Geometry>} and a {@code
 *       Row}; restored with {@link GeometryTypes} registered, their fields get {@link
 *       GeometrySerializer} and the composite snapshots pass on "compatible after migration".
 * </ul>
 *
 * <p>The old jobs' types are spelled out (a {@code PojoTypeInfo} with {@code GenericTypeInfo}
 * fields, and so on), because {@link GeometryTypes} registration is JVM-wide and this JVM registers
 * it; {@link #theOldTypesAreWhatAJobWithoutRegistrationGets} checks them against type extraction
 * without the registration. {@code MapState} user keys of legacy WKB state: {@code
 * WkbStateMigrationITCase}.
 */
class GeometryStateMigrationITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    @BeforeAll
    static void registerGeometryTypes() {
        GeometryTypes.registerWith(StreamExecutionEnvironment.getExecutionEnvironment());
    }

    static Stream<Arguments> predecessorsBackendsAndFormats() {
        List<Predecessor<?>> predecessors =
                List.of(
                        kryo(),
                        legacyWkb(),
                        sedona(),
                        pojoWithKryoFields(),
                        tuple2WithKryoField(),
                        rowWithKryoField());
        return predecessors.stream()
                .flatMap(
                        predecessor ->
                                SavepointJobs.backendsAndFormats()
                                        .map(
                                                args ->
                                                        Arguments.of(
                                                                predecessor,
                                                                args.get()[0],
                                                                args.get()[1])));
    }

    @ParameterizedTest(name = "{0}, {1}, {2} savepoints")
    @MethodSource("predecessorsBackendsAndFormats")
    void stateOfEveryPredecessorMigratesToGeometrySerializer(
            Predecessor<?> predecessor,
            String backend,
            SavepointFormatType format,
            @TempDir Path savepoints)
            throws Exception {
        StateMigrationScenario.upgrade(predecessor, backend, format, savepoints, jobs);
    }

    /**
     * The old types spelled out here are what type extraction gives a job that registered nothing
     * (extracted with the JVM's registration lifted, as in such a job's JVM).
     */
    @Test
    void theOldTypesAreWhatAJobWithoutRegistrationGets() throws Exception {
        GeometryTypes.registerWith(StreamExecutionEnvironment.getExecutionEnvironment());
        assertThat(GeometryTypes.withoutRegistration(() -> TypeInformation.of(Visit.class)))
                .isEqualTo(pojoWithKryoFields().oldType());
        assertThat(
                        GeometryTypes.withoutRegistration(
                                () ->
                                        TypeInformation.of(
                                                new TypeHint<Tuple2<String, Geometry>>() {})))
                .isEqualTo(tuple2WithKryoField().oldType());
        assertThat(GeometryTypes.withoutRegistration(() -> TypeInformation.of(Geometry.class)))
                .isEqualTo(new GenericTypeInfo<>(Geometry.class));
        // and, registered, the new ones
        assertThat(TypeInformation.of(Visit.class)).isEqualTo(pojoWithKryoFields().newType());
    }

    @Test
    void sedonaSnapshotIsCompatibleAfterMigrationForGeometryOnly() {
        TypeSerializerSnapshot<Geometry> sedona =
                GeometryTypeSerializer.INSTANCE.snapshotConfiguration();
        assertThat(sedona.getClass().getName())
                .isEqualTo(
                        "org.apache.sedona.flink.GeometryTypeSerializer$GeometrySerializerSnapshot");
        assertThat(
                        StateMigrationScenario.resolve(GeometryTypeInfo.of(Geometry.class), sedona)
                                .isCompatibleAfterMigration())
                .isTrue();
        // Sedona's state may hold any geometry: a serializer for points cannot take it over.
        assertThat(
                        StateMigrationScenario.resolve(GeometryTypeInfo.of(Point.class), sedona)
                                .isIncompatible())
                .isTrue();
    }

    // ------------------------------------------------------------------------------------------
    // Geometry state
    // ------------------------------------------------------------------------------------------

    /** {@code GenericTypeInfo<Geometry>}: Flink's default for JTS classes. */
    static Predecessor<Geometry> kryo() {
        return new GeometryPredecessor(
                "Kryo",
                new GenericTypeInfo<>(Geometry.class),
                "KryoSerializer",
                KeyedGeometryStates.geometries(),
                ExactGeometry::asDecoded,
                LinearRing.class);
    }

    /** {@code WkbGeometryTypeInfo<Geometry>}: the legacy WKB serializer. */
    static Predecessor<Geometry> legacyWkb() {
        return new GeometryPredecessor(
                "legacy WKB",
                WkbGeometryTypeInfo.of(Geometry.class),
                "WkbGeometrySerializer",
                KeyedGeometryStates.withLegacyWkbCases(),
                ExactGeometry::asReadFromLegacyWkb,
                LineString.class) {
            @Override
            public void assertOldSnapshot(String what, TypeSerializerSnapshot<?> snapshot) {
                assertThat(((WkbGeometrySerializerSnapshot<?>) snapshot).geometryClass())
                        .as(what)
                        .isEqualTo(Geometry.class);
            }
        };
    }

    /** {@code org.apache.sedona.flink.GeometryTypeSerializer} (a stand-in with its bytes). */
    static Predecessor<Geometry> sedona() {
        return new ThroughSerializer(
                "Sedona's serializer",
                StateTypes.of(GeometryTypeSerializer.INSTANCE),
                "GeometryTypeSerializer",
                GeometryTypeSerializer.INSTANCE,
                everyThird(1));
    }

    /**
     * Geometry values declared by a type information; every key holds {@code geometries} in every
     * kind of state ({@link KeyedGeometryStates#perKey}), and reads back as {@code carried} says.
     * On the heap, the objects the old serializer restored stay until the next snapshot: a written
     * {@code LinearRing} is then a {@code ringOnHeap}.
     */
    private static class GeometryPredecessor extends ToGeometrySerializer {
        private final List<Geometry> geometries;
        private final UnaryOperator<Geometry> carried;
        private final Class<? extends Geometry> ringOnHeap;

        GeometryPredecessor(
                String name,
                TypeInformation<Geometry> oldType,
                String oldShape,
                List<Geometry> geometries,
                UnaryOperator<Geometry> carried,
                Class<? extends Geometry> ringOnHeap) {
            super(name, StateTypes.of(oldType), oldShape);
            this.geometries = geometries;
            this.carried = carried;
            this.ringOnHeap = ringOnHeap;
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
        public void assertRestoredOnHeap(
                Map<String, Records<Geometry>> observed, Map<String, Records<Geometry>> written) {
            String ringKey =
                    written.entrySet().stream()
                            .filter(e -> e.getValue().value() instanceof LinearRing)
                            .map(Map.Entry::getKey)
                            .findFirst()
                            .orElseThrow();
            assertThat(observed.get(ringKey).value())
                    .as("the restored object of a LinearRing on the heap")
                    .isExactlyInstanceOf(ringOnHeap);
        }
    }

    // ------------------------------------------------------------------------------------------
    // Records with Kryo geometry fields
    // ------------------------------------------------------------------------------------------

    /** A POJO whose JTS fields fell back to Kryo. */
    static RecordPredecessor<Visit> pojoWithKryoFields() {
        return new RecordPredecessor<Visit>(
                "POJO with Kryo fields",
                Types.POJO(
                        Visit.class,
                        Map.of(
                                "id", Types.LONG,
                                "position", new GenericTypeInfo<>(Point.class),
                                "area", new GenericTypeInfo<>(Polygon.class))),
                TypeInformation.of(Visit.class),
                "PojoSerializer[KryoSerializer, LongSerializer, KryoSerializer]",
                "PojoSerializer[GeometrySerializer, LongSerializer, GeometrySerializer]",
                Visit.samples()) {
            @Override
            void assertSameRecord(String what, Visit actual, Visit expected, boolean decoded) {
                assertThat(actual).as(what).isNotNull();
                assertThat(actual.id).as("%s.id", what).isEqualTo(expected.id);
                assertGeometry(what + ".position", actual.position, expected.position, decoded);
                assertGeometry(what + ".area", actual.area, expected.area, decoded);
            }
        };
    }

    /** A {@code Tuple2<String, Geometry>} whose geometry fell back to Kryo. */
    static RecordPredecessor<Tuple2<String, Geometry>> tuple2WithKryoField() {
        List<Tuple2<String, Geometry>> tuples = new ArrayList<>();
        for (Geometry geometry : everyThirdAndNull()) {
            tuples.add(Tuple2.of("t" + tuples.size(), geometry));
        }
        return new RecordPredecessor<Tuple2<String, Geometry>>(
                "Tuple2 with a Kryo field",
                Types.TUPLE(Types.STRING, new GenericTypeInfo<>(Geometry.class)),
                TypeInformation.of(new TypeHint<Tuple2<String, Geometry>>() {}),
                "TupleSerializer[StringSerializer, KryoSerializer]",
                "TupleSerializer[StringSerializer, GeometrySerializer]",
                tuples) {
            @Override
            void assertSameRecord(
                    String what,
                    Tuple2<String, Geometry> actual,
                    Tuple2<String, Geometry> expected,
                    boolean decoded) {
                assertThat(actual.f0).as(what).isEqualTo(expected.f0);
                assertGeometry(what + ".f1", actual.f1, expected.f1, decoded);
            }
        };
    }

    /** A {@code Row} whose geometry fell back to Kryo. */
    static Predecessor<Row> rowWithKryoField() {
        List<Row> rows = new ArrayList<>();
        for (Geometry geometry : everyThirdAndNull()) {
            rows.add(Row.of((long) rows.size(), geometry));
        }
        return new RecordPredecessor<Row>(
                "Row with a Kryo field",
                Types.ROW(Types.LONG, new GenericTypeInfo<>(Geometry.class)),
                Types.ROW(Types.LONG, TypeInformation.of(Geometry.class)),
                "RowSerializer[LongSerializer, KryoSerializer]",
                "RowSerializer[LongSerializer, GeometrySerializer]",
                rows) {
            @Override
            void assertSameRecord(String what, Row actual, Row expected, boolean decoded) {
                assertThat(actual.getKind()).as(what).isEqualTo(expected.getKind());
                assertThat(actual.getArity()).as(what).isEqualTo(2);
                assertThat(actual.getField(0)).as(what).isEqualTo(expected.getField(0));
                assertGeometry(what + ".f1", actual.getFieldAs(1), expected.getFieldAs(1), decoded);
            }
        };
    }

    /** Records of a composite type, compared field by field. */
    private abstract static class RecordPredecessor<V> extends Predecessor<V> {
        private final TypeInformation<V> oldType;
        private final List<V> records;

        RecordPredecessor(
                String name,
                TypeInformation<V> oldType,
                TypeInformation<V> newType,
                String oldShape,
                String newShape,
                List<V> records) {
            super(name, StateTypes.of(oldType), newType, oldShape, newShape);
            this.oldType = oldType;
            this.records = records;
        }

        TypeInformation<V> oldType() {
            return oldType;
        }

        /** Every field exactly; with {@code decoded}, geometries came through our decoder. */
        abstract void assertSameRecord(String what, V actual, V expected, boolean decoded);

        @Override
        public Map<String, Records<V>> written() {
            return RecordStateJob.perKey(records);
        }

        @Override
        public void assertCarried(
                Map<String, Records<V>> observed,
                Map<String, Records<V>> written,
                boolean decoded) {
            RecordStateJob.assertSameRecords(
                    observed,
                    written,
                    (what, actual, expected) -> assertSameRecord(what, actual, expected, decoded));
        }
    }

    // ------------------------------------------------------------------------------------------

    /**
     * Exactly as {@code GeometrySerializer} carries {@code expected} (Z, M, SRID included); {@code
     * null} stays {@code null}.
     */
    private static void assertGeometry(
            String what, Geometry actual, Geometry expected, boolean decoded) {
        if (expected == null) {
            assertThat(actual).as(what).isNull();
        } else {
            KeyedGeometryStates.assertExact(
                    what, actual, ExactGeometry.asDecoded(expected), decoded);
        }
    }

    /** Every third geometry of {@link KeyedGeometryStates#geometries()}, from {@code first}. */
    static List<Geometry> everyThird(int first) {
        List<Geometry> all = KeyedGeometryStates.geometries();
        List<Geometry> some = new ArrayList<>();
        for (int i = first; i < all.size(); i += 3) {
            some.add(all.get(i));
        }
        return some;
    }

    private static List<Geometry> everyThirdAndNull() {
        List<Geometry> some = everyThird(0);
        some.add(null);
        return some;
    }
}
