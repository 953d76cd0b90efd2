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

import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.KeyedGeometryStates;
import dev.flinkgeometry.testing.RecordStateJob;
import dev.flinkgeometry.testing.RecordStateJob.RecordAssertion;
import dev.flinkgeometry.testing.RecordStateJob.Records;
import dev.flinkgeometry.testing.RecordStateJob.StateTypes;
import dev.flinkgeometry.testing.SavepointJobs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.typeinfo.TypeHint;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * The commonest legacy geometry state: records whose geometry fields fell back to Kryo because
 * nothing was registered. A POJO ({@link Visit}), a {@code Tuple2<String, Geometry>} and a {@code
 * Row} with a geometry field, in a {@code ValueState}, a {@code ListState} and {@code MapState}
 * values, are written with Kryo field serializers inside Flink's {@code PojoSerializer}, {@code
 * TupleSerializer} and {@code RowSerializer}; the job restored with {@link GeometryTypes}
 * registered gets {@link GeometrySerializer} fields, Flink migrates (the composite snapshots pass
 * on "compatible after migration" of their geometry fields), and every field of every record is
 * exact, on both backends and in both savepoint formats. A third job reads the migrated savepoint
 * and must find {@link GeometrySerializer}'s output.
 *
 * <p>Phase 1 declares the types that Flink's extractor gives these records when nothing is
 * registered (a {@code PojoTypeInfo} with {@code GenericTypeInfo} geometry fields, and so on),
 * spelled out, because {@link GeometryTypes} registration is JVM-wide and this JVM registers it.
 */
class PojoStateMigrationTest {

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(1)
                            .build());

    /** A visit as a user's job might keep it: a POJO with JTS fields. */
    public static class Visit {
        public long id;
        public Point position;
        public Polygon area;

        public Visit() {}

        Visit(long id, Point position, Polygon area) {
            this.id = id;
            this.position = position;
            this.area = area;
        }

        @Override
        public String toString() {
            return "Visit(" + id + ", " + position + ", " + area + ")";
        }
    }

    private final SavepointJobs jobs = new SavepointJobs();

    @BeforeAll
    static void registerGeometryTypes() {
        GeometryTypes.registerWith(StreamExecutionEnvironment.getExecutionEnvironment());
    }

    @AfterEach
    void cancelJobsStillRunning() throws Exception {
        jobs.cancelJobsStillRunning();
    }

    @ParameterizedTest(name = "{0}, {1} savepoints")
    @MethodSource("dev.flinkgeometry.testing.SavepointJobs#backendsAndFormats")
    void pojoWithKryoGeometryFieldsMigrates(
            String backend, SavepointFormatType format, @TempDir Path savepoints) throws Exception {
        TypeInformation<Visit> kryoFields =
                Types.POJO(
                        Visit.class,
                        Map.of(
                                "id", Types.LONG,
                                "position", new GenericTypeInfo<>(Point.class),
                                "area", new GenericTypeInfo<>(Polygon.class)));
        TypeInformation<Visit> registered = TypeInformation.of(Visit.class);
        migrate(
                backend,
                format,
                savepoints,
                kryoFields,
                registered,
                visits(),
                "PojoSerializer[KryoSerializer, LongSerializer, KryoSerializer]",
                "PojoSerializer[GeometrySerializer, LongSerializer, GeometrySerializer]",
                PojoStateMigrationTest::assertSameVisit);
    }

    @ParameterizedTest(name = "{0}, {1} savepoints")
    @MethodSource("dev.flinkgeometry.testing.SavepointJobs#backendsAndFormats")
    void tuple2WithKryoGeometryMigrates(
            String backend, SavepointFormatType format, @TempDir Path savepoints) throws Exception {
        TypeInformation<Tuple2<String, Geometry>> kryoField =
                Types.TUPLE(Types.STRING, new GenericTypeInfo<>(Geometry.class));
        TypeInformation<Tuple2<String, Geometry>> registered =
                TypeInformation.of(new TypeHint<Tuple2<String, Geometry>>() {});
        List<Tuple2<String, Geometry>> tuples = new ArrayList<>();
        for (Geometry geometry : geometries()) {
            tuples.add(Tuple2.of("t" + tuples.size(), geometry));
        }
        migrate(
                backend,
                format,
                savepoints,
                kryoField,
                registered,
                tuples,
                "TupleSerializer[StringSerializer, KryoSerializer]",
                "TupleSerializer[StringSerializer, GeometrySerializer]",
                (what, actual, expected, decoded) -> {
                    assertThat(actual.f0).as(what).isEqualTo(expected.f0);
                    assertGeometry(what + ".f1", actual.f1, expected.f1, decoded);
                });
    }

    @ParameterizedTest(name = "{0}, {1} savepoints")
    @MethodSource("dev.flinkgeometry.testing.SavepointJobs#backendsAndFormats")
    void rowWithKryoGeometryMigrates(
            String backend, SavepointFormatType format, @TempDir Path savepoints) throws Exception {
        TypeInformation<Row> kryoField =
                Types.ROW(Types.LONG, new GenericTypeInfo<>(Geometry.class));
        TypeInformation<Row> registered = Types.ROW(Types.LONG, TypeInformation.of(Geometry.class));
        List<Row> rows = new ArrayList<>();
        for (Geometry geometry : geometries()) {
            rows.add(Row.of((long) rows.size(), geometry));
        }
        migrate(
                backend,
                format,
                savepoints,
                kryoField,
                registered,
                rows,
                "RowSerializer[LongSerializer, KryoSerializer]",
                "RowSerializer[LongSerializer, GeometrySerializer]",
                (what, actual, expected, decoded) -> {
                    assertThat(actual.getKind()).as(what).isEqualTo(expected.getKind());
                    assertThat(actual.getArity()).as(what).isEqualTo(2);
                    assertThat(actual.getField(0)).as(what).isEqualTo(expected.getField(0));
                    assertGeometry(
                            what + ".f1", actual.getFieldAs(1), expected.getFieldAs(1), decoded);
                });
    }

    // ------------------------------------------------------------------------------------------

    /** {@link RecordAssertion} with the flag of {@link KeyedGeometryStates#assertExact}. */
    private interface ExactRecord<V> {
        void assertSame(String what, V actual, V expected, boolean decoded);
    }

    /**
     * Writes {@code records} with {@code oldType}, restores with {@code newType} (Flink migrates)
     * and takes a second savepoint, then restores from that one: every record exact each time.
     */
    private <V> void migrate(
            String backend,
            SavepointFormatType format,
            Path savepoints,
            TypeInformation<V> oldType,
            TypeInformation<V> newType,
            List<V> records,
            String oldShape,
            String newShape,
            ExactRecord<V> exact)
            throws Exception {
        String target = savepoints.toUri().toString();
        Map<String, Records<V>> written = RecordStateJob.perKey(records);

        JobClient writer =
                RecordStateJob.write(jobs, backend, null, StateTypes.of(oldType), written);
        assertShapes(oldShape);
        String kryoSavepoint = SavepointJobs.stopWithSavepoint(writer, target, format);

        // RocksDB rewrites every value on restore, so reads decode GeometrySerializer bytes; the
        // heap backend holds the objects Kryo restored until it writes the next savepoint.
        JobClient migrated =
                RecordStateJob.read(
                        jobs, backend, kryoSavepoint, StateTypes.of(newType), written.keySet());
        assertShapes(newShape);
        boolean rocksdb = backend.equals("rocksdb");
        RecordStateJob.assertSameRecords(
                RecordStateJob.<V>observed(),
                written,
                (what, actual, expected) -> exact.assertSame(what, actual, expected, rocksdb));
        String migratedSavepoint = SavepointJobs.stopWithSavepoint(migrated, target, format);

        JobClient reader =
                RecordStateJob.read(
                        jobs, backend, migratedSavepoint, StateTypes.of(newType), written.keySet());
        assertShapes(newShape);
        RecordStateJob.assertSameRecords(
                RecordStateJob.<V>observed(),
                written,
                (what, actual, expected) -> exact.assertSame(what, actual, expected, true));
        SavepointJobs.cancel(reader);
    }

    private static void assertShapes(String shape) {
        assertThat(RecordStateJob.serializerShapes())
                .containsOnly(
                        Map.entry(RecordStateJob.VALUE_STATE, shape),
                        Map.entry(RecordStateJob.LIST_STATE, shape),
                        Map.entry(RecordStateJob.MAP_STATE, shape));
    }

    private static void assertSameVisit(
            String what, Visit actual, Visit expected, boolean decoded) {
        assertThat(actual).as(what).isNotNull();
        assertThat(actual.id).as("%s.id", what).isEqualTo(expected.id);
        assertGeometry(what + ".position", actual.position, expected.position, decoded);
        assertGeometry(what + ".area", actual.area, expected.area, decoded);
    }

    /** Exactly (Z, M, SRID included); {@code null} stays {@code null}. */
    static void assertGeometry(String what, Geometry actual, Geometry expected, boolean decoded) {
        if (expected == null) {
            assertThat(actual).as(what).isNull();
        } else {
            KeyedGeometryStates.assertExact(
                    what, actual, ExactGeometry.asDecoded(expected), decoded);
        }
    }

    /** Points and polygons of every layout, with SRIDs, empties and a {@code null}. */
    static List<Visit> visits() {
        List<Point> points = new ArrayList<>();
        List<Polygon> polygons = new ArrayList<>();
        for (Geometry geometry : KeyedGeometryStates.geometries()) {
            if (geometry instanceof Point) {
                points.add((Point) geometry);
            } else if (geometry instanceof Polygon) {
                polygons.add((Polygon) geometry);
            }
        }
        List<Visit> visits = new ArrayList<>();
        int n = Math.max(points.size(), polygons.size());
        for (int i = 0; i < n; i++) {
            visits.add(
                    new Visit(
                            i,
                            i == 1 ? null : points.get(i % points.size()),
                            i == 2 ? null : polygons.get(i % polygons.size())));
        }
        return visits;
    }

    /** One geometry of every kind of {@link KeyedGeometryStates#geometries()}, {@code null} too. */
    static List<Geometry> geometries() {
        List<Geometry> all = KeyedGeometryStates.geometries();
        List<Geometry> some = new ArrayList<>();
        for (int i = 0; i < all.size(); i += 3) {
            some.add(all.get(i));
        }
        some.add(null);
        return some;
    }
}
