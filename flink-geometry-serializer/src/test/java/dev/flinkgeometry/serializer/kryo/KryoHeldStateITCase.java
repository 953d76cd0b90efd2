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
package dev.flinkgeometry.serializer.kryo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.serializer.GeometryTypes;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.NaturalEarth;
import dev.flinkgeometry.testing.SavepointJobs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeHint;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.Collector;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;

/**
 * Every way a geometry can sit in state that Flink holds in Kryo, written and restored with every
 * registration of this library, on both backends: every entry is found, or the restore fails the
 * job with a message that names the way out. The one cell where neither holds is the documented
 * hazard of {@link GeometryTypes#registerKryoFallback}, pinned here so that the documentation stays
 * true: added to a job whose savepoint holds Kryo's own bytes, on RocksDB, it loses Kryo-held
 * geometry keys without an error (Flink accepts an added Kryo default serializer as compatible).
 *
 * <p>The ways: a key declared as {@code GenericTypeInfo<Geometry>}; a key record that is not a POJO
 * ({@link ZoneKey}); a value record that is not a POJO ({@link Sighting}); geometries in a generic
 * container ({@code HashMap<String, Point>}); a {@code MapState} user key declared as {@code
 * GenericTypeInfo<Point>}. Keys are looked up with geometries built afresh from Natural Earth's
 * text, never taken from the state, so a key whose bytes changed is not found.
 */
class KryoHeldStateITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    /** How a job registers this library. */
    enum Registration {
        /** Not at all: the library is on the class path, nothing registered. */
        NONE,
        /** {@link GeometryTypes#registerWith}. */
        TYPES,
        /** {@link GeometryTypes#registerWith} and {@link GeometryTypes#registerKryoFallback}. */
        TYPES_AND_KRYO_FALLBACK;

        void applyTo(StreamExecutionEnvironment env) {
            if (this != NONE) {
                GeometryTypes.registerWith(env);
            }
            if (this == TYPES_AND_KRYO_FALLBACK) {
                GeometryTypes.registerKryoFallback(env);
            }
        }
    }

    /** Where the geometry sits; each is an operator of its own. */
    enum Way {
        GEOMETRY_KEY(true),
        RECORD_KEY(true),
        RECORD_VALUE(false),
        CONTAINER_VALUE(false),
        MAP_USER_KEY(true);

        final boolean isKey;

        Way(boolean isKey) {
            this.isKey = isKey;
        }

        String uid() {
            return name().toLowerCase().replace('_', '-');
        }
    }

    private static final List<String> ZONES = List.of("z0", "z1", "z2", "z3");
    private static final TypeInformation<Geometry> KRYO_GEOMETRY =
            new GenericTypeInfo<>(Geometry.class);
    private static final TypeInformation<Point> KRYO_POINT = new GenericTypeInfo<>(Point.class);

    /** What the last read job found, by {@code way/zone/slot}; {@code null} values kept. */
    private static final Map<String, Object> OBSERVED = new ConcurrentHashMap<>();

    private static final Object MISSING = new Object();
    private static volatile CountDownLatch handled = new CountDownLatch(0);

    static Stream<Arguments> cells() {
        List<Arguments> cells = new ArrayList<>();
        for (Registration written : Registration.values()) {
            for (Registration restored : Registration.values()) {
                for (String backend : List.of("hashmap", "rocksdb")) {
                    cells.add(Arguments.of(written, restored, backend));
                }
            }
        }
        return cells.stream();
    }

    @ParameterizedTest(name = "written with {0}, restored with {1}, {2}")
    @MethodSource("cells")
    void everyEntryIsFoundOrTheRestoreFailsLoudly(
            Registration written, Registration restored, String backend, @TempDir Path dir)
            throws Exception {
        String savepoint = write(written, backend, dir);
        boolean hazard =
                written != Registration.TYPES_AND_KRYO_FALLBACK
                        && restored == Registration.TYPES_AND_KRYO_FALLBACK
                        && backend.equals("rocksdb");
        if (!hazard) {
            read(restored, backend, savepoint, EnumSet.allOf(Way.class));
            assertEveryEntryFound(EnumSet.allOf(Way.class));
            return;
        }
        for (Way value : EnumSet.of(Way.RECORD_VALUE, Way.CONTAINER_VALUE)) {
            assertThatThrownBy(() -> read(restored, backend, savepoint, EnumSet.of(value)))
                    .as("%s", value)
                    .satisfies(
                            failure ->
                                    assertThat(
                                                    ExceptionUtils.findThrowableWithMessage(
                                                            failure,
                                                            "was not written by"
                                                                    + " GeometryKryoSerializer"))
                                            .as("the restore failure %s", failure)
                                            .hasValueSatisfying(
                                                    refusal ->
                                                            assertThat(refusal.getMessage())
                                                                    .contains(
                                                                            "Restore without"
                                                                                    + " registerKryoFallback")));
        }
        // The documented hazard: no error, and no key's state.
        Set<Way> keys = EnumSet.of(Way.GEOMETRY_KEY, Way.RECORD_KEY, Way.MAP_USER_KEY);
        read(restored, backend, savepoint, keys);
        assertThat(OBSERVED).hasSize(expected(keys).size());
        assertThat(OBSERVED.values()).containsOnly(MISSING);
    }

    /**
     * The way out of the hazard that docs/MIGRATION.md gives: restore once on the hashmap backend
     * with the fallback (it reads the savepoint with Kryo's own serializer and keeps the objects),
     * take a canonical savepoint, then go on with RocksDB: every entry, keys included, is found.
     */
    @Test
    void kryoStateMovesToTheFallbackThroughOneHashMapRestore(@TempDir Path dir) throws Exception {
        String old = write(Registration.TYPES, "rocksdb", dir);
        JobClient onHeap =
                read(
                        Registration.TYPES_AND_KRYO_FALLBACK,
                        "hashmap",
                        old,
                        EnumSet.allOf(Way.class));
        assertEveryEntryFound(EnumSet.allOf(Way.class));
        String moved =
                SavepointJobs.stopWithSavepoint(
                        onHeap, dir.toUri().toString(), SavepointFormatType.CANONICAL);

        read(Registration.TYPES_AND_KRYO_FALLBACK, "rocksdb", moved, EnumSet.allOf(Way.class));
        assertEveryEntryFound(EnumSet.allOf(Way.class));
    }

    @Test
    void theStateTypesAreKryosWhateverIsRegistered() {
        GeometryTypes.registerWith(StreamExecutionEnvironment.getExecutionEnvironment());
        assertThat(TypeInformation.of(ZoneKey.class)).isInstanceOf(GenericTypeInfo.class);
        assertThat(TypeInformation.of(Sighting.class)).isInstanceOf(GenericTypeInfo.class);
        assertThat(TypeInformation.of(new TypeHint<HashMap<String, Point>>() {}))
                .isInstanceOf(GenericTypeInfo.class);
    }

    // ------------------------------------------------------------------------------------------

    private String write(Registration registration, String backend, Path dir) throws Exception {
        JobClient writer = start(registration, backend, null, EnumSet.allOf(Way.class), true);
        return SavepointJobs.stopWithSavepoint(
                writer, dir.toUri().toString(), SavepointFormatType.CANONICAL);
    }

    private JobClient read(
            Registration registration, String backend, String savepoint, Set<Way> ways)
            throws Exception {
        return start(registration, backend, savepoint, ways, false);
    }

    private JobClient start(
            Registration registration,
            String backend,
            String savepoint,
            Set<Way> ways,
            boolean write)
            throws Exception {
        StreamExecutionEnvironment env = SavepointJobs.environment(backend, savepoint);
        if (ways.size() < Way.values().length) {
            env.configure(
                    new org.apache.flink.configuration.Configuration()
                            .set(StateRecoveryOptions.SAVEPOINT_IGNORE_UNCLAIMED_STATE, true));
        }
        registration.applyTo(env);
        DataStream<String> zones = SavepointJobs.keys(env, ZONES);
        for (Way way : ways) {
            addOperator(zones, way, write, backend);
        }
        OBSERVED.clear();
        handled = new CountDownLatch(ways.size() * ZONES.size());
        String name = (write ? "write " : "read ") + ways + " with " + registration;
        if (registration == Registration.NONE) {
            return GeometryTypes.withoutRegistration(() -> jobs.startAndAwait(env, name, handled));
        }
        return jobs.startAndAwait(env, name, handled);
    }

    private static void addOperator(
            DataStream<String> zones, Way way, boolean write, String backend) {
        DataStream<String> out;
        switch (way) {
            case GEOMETRY_KEY:
                out =
                        zones.map(zone -> Tuple2.of(zone, area(zone)))
                                .returns(Types.TUPLE(Types.STRING, KRYO_GEOMETRY))
                                .uid("area-of-zone")
                                .keyBy(zoneAndArea -> zoneAndArea.f1, KRYO_GEOMETRY)
                                .process(new CountPerKey<Geometry>(way, write, backend))
                                .uid(way.uid());
                break;
            case RECORD_KEY:
                TypeInformation<ZoneKey> zoneKey = TypeInformation.of(ZoneKey.class);
                out =
                        zones.map(zone -> Tuple2.of(zone, new ZoneKey(zone, area(zone))))
                                .returns(Types.TUPLE(Types.STRING, zoneKey))
                                .uid("key-of-zone")
                                .keyBy(zoneAndKey -> zoneAndKey.f1, zoneKey)
                                .process(new CountPerKey<ZoneKey>(way, write, backend))
                                .uid(way.uid());
                break;
            default:
                out =
                        zones.keyBy(zone -> zone, Types.STRING)
                                .process(new ValuesPerZone(way, write, backend))
                                .uid(way.uid());
        }
        out.sinkTo(new DiscardingSink<>()).uid("discard-" + way.uid());
    }

    // ------------------------------------------------------------------------------------------
    // What is written, built afresh from Natural Earth's text for every use
    // ------------------------------------------------------------------------------------------

    private static int index(String zone) {
        return ZONES.indexOf(zone);
    }

    /** A country of Natural Earth, with an SRID. */
    static Geometry area(String zone) {
        Geometry area =
                NaturalEarth.copyOf("natural-earth-countries-110m.wkt", 11 + 23 * index(zone));
        area.setSRID(4326);
        return area;
    }

    /** A city of Natural Earth, with an SRID; {@code slot} picks one of several per zone. */
    static Point position(String zone, int slot) {
        Point position =
                (Point)
                        NaturalEarth.copyOf(
                                "natural-earth-cities.wkt", 5 + 17 * index(zone) + 3 * slot);
        position.setSRID(4326);
        return position;
    }

    /** Every entry the write job puts into the state of {@code ways}, by {@code way/zone/slot}. */
    private static Map<String, Object> expected(Set<Way> ways) {
        Map<String, Object> expected = new HashMap<>();
        for (Way way : ways) {
            for (String zone : ZONES) {
                String at = way.uid() + "/" + zone;
                switch (way) {
                    case GEOMETRY_KEY:
                        expected.put(at + "/count", 100L + index(zone));
                        break;
                    case RECORD_KEY:
                        expected.put(at + "/count", 200L + index(zone));
                        break;
                    case RECORD_VALUE:
                        expected.put(at + "/sighting", new Sighting(zone, position(zone, 0)));
                        break;
                    case CONTAINER_VALUE:
                        expected.put(at + "/places", places(zone));
                        break;
                    case MAP_USER_KEY:
                        expected.put(at + "/0", 500L + index(zone));
                        expected.put(at + "/1", 600L + index(zone));
                        break;
                    default:
                        throw new AssertionError(way);
                }
            }
        }
        return expected;
    }

    private static HashMap<String, Point> places(String zone) {
        HashMap<String, Point> places = new HashMap<>();
        places.put("home", position(zone, 1));
        places.put("work", position(zone, 2));
        return places;
    }

    @SuppressWarnings("unchecked")
    private static void assertEveryEntryFound(Set<Way> ways) {
        Map<String, Object> expected = expected(ways);
        assertThat(OBSERVED).containsOnlyKeys(expected.keySet());
        for (Map.Entry<String, Object> entry : expected.entrySet()) {
            Object want = entry.getValue();
            Object got = OBSERVED.get(entry.getKey());
            assertThat(got).as(entry.getKey()).isNotSameAs(MISSING);
            if (want instanceof Sighting) {
                Sighting actual = (Sighting) got;
                assertThat(actual.observer).isEqualTo(((Sighting) want).observer);
                ExactGeometry.assertExactlyEqual(actual.where, ((Sighting) want).where);
            } else if (want instanceof HashMap) {
                Map<String, Point> actual = (Map<String, Point>) got;
                Map<String, Point> wanted = (Map<String, Point>) want;
                assertThat(actual).as(entry.getKey()).containsOnlyKeys(wanted.keySet());
                wanted.forEach(
                        (name, point) -> ExactGeometry.assertExactlyEqual(actual.get(name), point));
            } else {
                assertThat(got).as(entry.getKey()).isEqualTo(want);
            }
        }
    }

    private static void observe(String at, Object value) {
        OBSERVED.put(at, value == null ? MISSING : value);
    }

    // ------------------------------------------------------------------------------------------
    // The records and functions
    // ------------------------------------------------------------------------------------------

    /** A key record that is not a POJO (final fields): Flink holds it whole in Kryo. */
    public static final class ZoneKey {
        private final String name;
        private final Geometry area;

        public ZoneKey(String name, Geometry area) {
            this.name = name;
            this.area = area;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ZoneKey
                    && ((ZoneKey) o).name.equals(name)
                    && ((ZoneKey) o).area.equalsExact(area);
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, area);
        }
    }

    /** A value record that is not a POJO. */
    public static final class Sighting {
        private final String observer;
        private final Point where;

        public Sighting(String observer, Point where) {
            this.observer = observer;
            this.where = where;
        }
    }

    /** A count per key: written as a number of the zone, read back into {@link #OBSERVED}. */
    private static final class CountPerKey<K>
            extends KeyedProcessFunction<K, Tuple2<String, K>, String> {
        private static final long serialVersionUID = 1L;

        private final Way way;
        private final boolean write;
        private final String backend;
        private transient ValueState<Long> count;

        CountPerKey(Way way, boolean write, String backend) {
            this.way = way;
            this.write = write;
            this.backend = backend;
        }

        @Override
        public void open(OpenContext openContext) {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.LONG));
            SavepointJobs.requireBackend(count, backend);
        }

        @Override
        public void processElement(Tuple2<String, K> zoneAndKey, Context ctx, Collector<String> out)
                throws Exception {
            String at = way.uid() + "/" + zoneAndKey.f0 + "/count";
            if (write) {
                count.update((Long) expected(EnumSet.of(way)).get(at));
            } else {
                observe(at, count.value());
            }
            handled.countDown();
        }
    }

    /** Geometries in the values (or the map's user keys) of state keyed by the zone's name. */
    private static final class ValuesPerZone extends KeyedProcessFunction<String, String, String> {
        private static final long serialVersionUID = 1L;

        private final Way way;
        private final boolean write;
        private final String backend;
        private transient ValueState<Sighting> sighting;
        private transient ValueState<HashMap<String, Point>> places;
        private transient MapState<Point, Long> visits;

        ValuesPerZone(Way way, boolean write, String backend) {
            this.way = way;
            this.write = write;
            this.backend = backend;
        }

        @Override
        public void open(OpenContext openContext) {
            // Built here, as users do; the types are Kryo's on a client and a TaskManager alike.
            sighting =
                    getRuntimeContext()
                            .getState(
                                    new ValueStateDescriptor<>(
                                            "sighting", TypeInformation.of(Sighting.class)));
            places =
                    getRuntimeContext()
                            .getState(
                                    new ValueStateDescriptor<>(
                                            "places",
                                            TypeInformation.of(
                                                    new TypeHint<HashMap<String, Point>>() {})));
            visits =
                    getRuntimeContext()
                            .getMapState(
                                    new MapStateDescriptor<>("visits", KRYO_POINT, Types.LONG));
            SavepointJobs.requireBackend(sighting, backend);
        }

        @Override
        public void processElement(String zone, Context ctx, Collector<String> out)
                throws Exception {
            String at = way.uid() + "/" + zone;
            switch (way) {
                case RECORD_VALUE:
                    if (write) {
                        sighting.update(new Sighting(zone, position(zone, 0)));
                    } else {
                        observe(at + "/sighting", sighting.value());
                    }
                    break;
                case CONTAINER_VALUE:
                    if (write) {
                        places.update(places(zone));
                    } else {
                        observe(at + "/places", places.value());
                    }
                    break;
                case MAP_USER_KEY:
                    for (int slot = 0; slot < 2; slot++) {
                        Point key = position(zone, 3 + slot); // afresh: looked up by its bytes
                        if (write) {
                            visits.put(key, (Long) expected(EnumSet.of(way)).get(at + "/" + slot));
                        } else {
                            observe(at + "/" + slot, visits.get(key));
                        }
                    }
                    break;
                default:
                    throw new IllegalStateException(way.toString());
            }
            handled.countDown();
        }
    }
}
