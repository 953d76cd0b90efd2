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
package dev.flinkgeometry.serializer.migration;

import static dev.flinkgeometry.testing.ExactGeometry.describe;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.serializer.GeometryEncoding;
import dev.flinkgeometry.serializer.GeometryTypeInfo;
import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.SavepointJobs;
import dev.flinkgeometry.testing.Wkt;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.state.rocksdb.EmbeddedRocksDBStateBackend;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.Point;

/**
 * What a rewrite leaves on disk, on a MiniCluster with real RocksDB savepoints (canonical): a
 * rewrite that fails its check leaves nothing at its target (no {@code _metadata}, no staging
 * directory) and says which state differs and by how much; a chain of rewrites leaves only its
 * final savepoint, which restores.
 *
 * <p>The job: operator {@code vehicles}, keyed by vehicle id, counts visits per position in a
 * {@code MapState<Point, Long>} (geometry user keys); operator {@code zones}, keyed by a geometry,
 * keeps the vehicle of its zone. Each vehicle visits three positions, two of which are one position
 * at two decimal digits.
 */
class RewriteOutputITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    private static final String VEHICLES_UID = "vehicles";
    private static final String ZONES_UID = "zones";
    private static final int VEHICLE_COUNT = 10;

    private static final TypeInformation<Point> ALIGNED_POINT = GeometryTypeInfo.of(Point.class);
    private static final TypeInformation<Point> COMPACT_POINT =
            GeometryTypeInfo.of(Point.class, GeometryEncoding.compact());
    private static final TypeInformation<Geometry> ALIGNED = GeometryTypeInfo.of(Geometry.class);
    private static final TypeInformation<Geometry> COMPACT =
            GeometryTypeInfo.of(Geometry.class, GeometryEncoding.compact());

    /** What the jobs found, by "vehicles/id" and "zones/text". */
    private static final Map<String, String> OBSERVED = new ConcurrentHashMap<>();

    private static volatile CountDownLatch handled = new CountDownLatch(0);

    @TempDir Path savepoints;

    @BeforeEach
    void clearObservations() {
        OBSERVED.clear();
    }

    @Test
    void aRewriteThatFailsItsCheckLeavesNothingAtItsTarget() throws Exception {
        String original = writeSavepoint();
        List<String> before = listing();
        String target = savepoints.resolve("rewritten").toUri().toString();

        KeyedStateRewrite<String> lossy =
                KeyedStateRewrite.forOperator(VEHICLES_UID, Types.STRING, Types.STRING)
                        .mapState(
                                "visits",
                                ALIGNED_POINT,
                                Types.LONG,
                                new KeyClaimingType<>(
                                        GeometryTypeInfo.of(
                                                Point.class, GeometryEncoding.compact(2, 0, 0))),
                                Types.LONG);
        assertThatThrownBy(() -> lossy.rewrite(original, target, new EmbeddedRocksDBStateBackend()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("operator with uid '" + VEHICLES_UID + "'")
                .hasMessageContaining("failed its check, so nothing was written to " + target)
                .hasMessageContaining(
                        "MapState 'visits': "
                                + 3 * VEHICLE_COUNT
                                + " entries read, "
                                + 2 * VEHICLE_COUNT
                                + " found, checksums differ")
                .hasMessageNotContaining("TaskManager");
        assertThat(savepoints.resolve("rewritten").resolve("_metadata")).doesNotExist();
        assertThat(savepoints.resolve("rewritten")).doesNotExist();
        assertThat(listing()).isEqualTo(before);
    }

    @Test
    void aChainedRewriteLeavesOnlyItsFinalSavepointWhichRestores() throws Exception {
        String original = writeSavepoint();
        Map<String, String> written = new TreeMap<>(OBSERVED);
        assertThat(written).hasSize(2 * VEHICLE_COUNT);
        List<String> before = listing();
        String target = savepoints.resolve("rewritten").toUri().toString();

        List<Long> keys =
                KeyedStateRewriteChain.of(zoneKeysToCompact(), userKeysToCompact())
                        .rewrite(original, target, new EmbeddedRocksDBStateBackend());

        assertThat(keys).containsExactly((long) VEHICLE_COUNT, (long) VEHICLE_COUNT);
        List<String> expected = new ArrayList<>(before);
        expected.add("rewritten");
        assertThat(listing()).containsExactlyInAnyOrderElementsOf(expected);

        OBSERVED.clear();
        start(target, COMPACT_POINT, COMPACT, false);
        assertThat(new TreeMap<>(OBSERVED)).isEqualTo(written);
    }

    @Test
    void aChainThatFailsLeavesNeitherItsIntermediateNorItsTarget() throws Exception {
        String original = writeSavepoint();
        List<String> before = listing();
        String target = savepoints.resolve("rewritten").toUri().toString();

        KeyedStateRewrite<String> lossy =
                KeyedStateRewrite.forOperator(VEHICLES_UID, Types.STRING, Types.STRING)
                        .mapState(
                                "visits",
                                ALIGNED_POINT,
                                Types.LONG,
                                new KeyClaimingType<>(
                                        GeometryTypeInfo.of(
                                                Point.class, GeometryEncoding.compact(2, 0, 0))),
                                Types.LONG);
        assertThatThrownBy(
                        () ->
                                KeyedStateRewriteChain.of(zoneKeysToCompact(), lossy)
                                        .rewrite(
                                                original,
                                                target,
                                                new EmbeddedRocksDBStateBackend()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("MapState 'visits'");
        assertThat(listing()).isEqualTo(before);
    }

    @Test
    void userKeysWrittenWithAFixedPrecisionAreRewrittenToALosslessType() throws Exception {
        TypeInformation<Point> twoDigits =
                GeometryTypeInfo.of(Point.class, GeometryEncoding.compact(2, 0, 0));
        JobClient client = start(null, twoDigits, ALIGNED, true, true);
        String original =
                SavepointJobs.stopWithSavepoint(
                        client, savepoints.toUri().toString(), SavepointFormatType.CANONICAL);
        Map<String, String> written = new TreeMap<>(OBSERVED);
        assertThat(written.get("vehicles/v3"))
                .as("positions that round alike were one entry on RocksDB")
                .isEqualTo(
                        describe(Wkt.read("POINT (3 2)"))
                                + "=2; "
                                + describe(Wkt.read("POINT (3.5 2)"))
                                + "=3");

        OBSERVED.clear();
        assertThatThrownBy(() -> start(original, twoDigits, ALIGNED, false))
                .hasStackTraceContaining("cannot be the key type of a map");

        String target = savepoints.resolve("lossless").toUri().toString();
        assertThat(
                        KeyedStateRewrite.forOperator(VEHICLES_UID, Types.STRING, Types.STRING)
                                .mapState(
                                        "visits", twoDigits, Types.LONG, COMPACT_POINT, Types.LONG)
                                .rewrite(original, target, new EmbeddedRocksDBStateBackend()))
                .isEqualTo(VEHICLE_COUNT);
        OBSERVED.clear();
        start(target, COMPACT_POINT, ALIGNED, false);
        assertThat(new TreeMap<>(OBSERVED)).isEqualTo(written);
    }

    private static KeyedStateRewrite<Geometry> zoneKeysToCompact() {
        return KeyedStateRewrite.forOperator(ZONES_UID, ALIGNED, COMPACT)
                .valueState("vehicle", Types.STRING, Types.STRING);
    }

    private static KeyedStateRewrite<String> userKeysToCompact() {
        return KeyedStateRewrite.forOperator(VEHICLES_UID, Types.STRING, Types.STRING)
                .mapState("visits", ALIGNED_POINT, Types.LONG, COMPACT_POINT, Types.LONG);
    }

    /** Runs the job with aligned types, writing its state; returns its canonical savepoint. */
    private String writeSavepoint() throws Exception {
        JobClient client = start(null, ALIGNED_POINT, ALIGNED, true);
        return SavepointJobs.stopWithSavepoint(
                client, savepoints.toUri().toString(), SavepointFormatType.CANONICAL);
    }

    /** The names in the savepoints directory, hidden ones included, sorted. */
    private List<String> listing() throws IOException {
        try (Stream<Path> files = Files.list(savepoints)) {
            return files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    // ------------------------------------------------------------------------------------------
    // The job
    // ------------------------------------------------------------------------------------------

    private static List<String> vehicles() {
        List<String> vehicles = new ArrayList<>();
        for (int i = 0; i < VEHICLE_COUNT; i++) {
            vehicles.add("v" + i);
        }
        return vehicles;
    }

    /** Three positions of vehicle {@code vi}: (i.001 2) and (i.002 2) are one at two digits. */
    private static List<String> positions(String vehicle) {
        String i = vehicle.substring(1);
        return List.of(
                "POINT (" + i + ".001 2)", "POINT (" + i + ".002 2)", "POINT (" + i + ".5 2)");
    }

    private static String zone(String vehicle) {
        return "POLYGON (("
                + vehicle.substring(1)
                + " 0, 10 0, 10 10, 0 0.25, "
                + vehicle.substring(1)
                + " 0))";
    }

    private JobClient start(
            String restoreFrom,
            TypeInformation<Point> userKey,
            TypeInformation<Geometry> zoneKey,
            boolean write)
            throws Exception {
        return start(restoreFrom, userKey, zoneKey, write, false);
    }

    private JobClient start(
            String restoreFrom,
            TypeInformation<Point> userKey,
            TypeInformation<Geometry> zoneKey,
            boolean write,
            boolean userKeyFromSerializer)
            throws Exception {
        StreamExecutionEnvironment env = SavepointJobs.environment("rocksdb", restoreFrom);
        handled = new CountDownLatch(2 * VEHICLE_COUNT);
        SavepointJobs.keys(env, vehicles())
                .keyBy(vehicle -> vehicle, Types.STRING)
                .process(new VisitsFunction(userKey, write, userKeyFromSerializer), Types.STRING)
                .uid(VEHICLES_UID)
                .keyBy(Wkt::read, zoneKey)
                .process(new ZoneFunction(write), Types.STRING)
                .uid(ZONES_UID)
                .sinkTo(new DiscardingSink<>());
        return jobs.startAndAwait(env, "vehicles and zones", handled);
    }

    /** Counts each position of the vehicle (if writing), reports its map, emits its zone. */
    static final class VisitsFunction extends KeyedProcessFunction<String, String, String> {
        private static final long serialVersionUID = 1L;

        private final TypeInformation<Point> userKey;
        private final boolean write;
        private final boolean fromSerializer;
        private transient MapState<Point, Long> visits;

        /**
         * @param fromSerializer whether the descriptor is built from the user key's serializer, as
         *     the state of a lossy user key type was written before such types were refused
         */
        VisitsFunction(TypeInformation<Point> userKey, boolean write, boolean fromSerializer) {
            this.userKey = userKey;
            this.write = write;
            this.fromSerializer = fromSerializer;
        }

        @Override
        public void open(OpenContext openContext) {
            visits =
                    getRuntimeContext()
                            .getMapState(
                                    fromSerializer
                                            ? new MapStateDescriptor<>(
                                                    "visits",
                                                    getRuntimeContext().createSerializer(userKey),
                                                    LongSerializer.INSTANCE)
                                            : new MapStateDescriptor<>(
                                                    "visits", userKey, Types.LONG));
        }

        @Override
        public void processElement(String vehicle, Context ctx, Collector<String> out)
                throws Exception {
            if (write) {
                long visit = 1;
                for (String position : positions(vehicle)) {
                    visits.put((Point) Wkt.read(position), visit++);
                }
            }
            List<String> entries = new ArrayList<>();
            for (Map.Entry<Point, Long> entry : visits.entries()) {
                entries.add(describe(entry.getKey()) + "=" + entry.getValue());
            }
            entries.sort(null);
            OBSERVED.put("vehicles/" + vehicle, String.join("; ", entries));
            handled.countDown();
            out.collect(zone(vehicle));
        }
    }

    /** Keeps the zone's text (if writing) and reports it with the zone's key. */
    static final class ZoneFunction extends KeyedProcessFunction<Geometry, String, String> {
        private static final long serialVersionUID = 1L;

        private final ValueStateDescriptor<String> descriptor =
                new ValueStateDescriptor<>("vehicle", Types.STRING);
        private final boolean write;
        private transient ValueState<String> text;

        ZoneFunction(boolean write) {
            this.write = write;
        }

        @Override
        public void open(OpenContext openContext) {
            text = getRuntimeContext().getState(descriptor);
        }

        @Override
        public void processElement(String zone, Context ctx, Collector<String> out)
                throws Exception {
            if (write) {
                text.update(zone);
            }
            OBSERVED.put("zones/" + zone, describe(ctx.getCurrentKey()) + " " + text.value());
            handled.countDown();
        }
    }

    /**
     * A type that claims to be a key type while its bytes merge values: so the rewrite's
     * declaration checks let it through, and only the check of the written state can stop it. It
     * wraps a fixed-precision compact geometry, whose positions that round alike become one user
     * key. Its serializer is made once, outside any map, and handed out from a field: the lossy-key
     * guard sees through every type information that creates its fields' serializers, and a
     * serializer made beforehand is the one way past it (a descriptor built from serializers).
     */
    static final class KeyClaimingType<T> extends TypeInformation<T> {
        private static final long serialVersionUID = 1L;

        private final TypeInformation<T> lossy;
        private final TypeSerializer<T> serializer;

        KeyClaimingType(TypeInformation<T> lossy) {
            this.lossy = lossy;
            this.serializer = lossy.createSerializer(new SerializerConfigImpl());
        }

        @Override
        public boolean isKeyType() {
            return true;
        }

        @Override
        public TypeSerializer<T> createSerializer(SerializerConfig config) {
            return serializer.duplicate();
        }

        @Override
        public boolean isBasicType() {
            return false;
        }

        @Override
        public boolean isTupleType() {
            return false;
        }

        @Override
        public int getArity() {
            return 1;
        }

        @Override
        public int getTotalFields() {
            return 1;
        }

        @Override
        public Class<T> getTypeClass() {
            return lossy.getTypeClass();
        }

        @Override
        public String toString() {
            return "KeyClaiming<" + lossy + ">";
        }

        @Override
        public boolean equals(Object obj) {
            return obj instanceof KeyClaimingType && ((KeyClaimingType<?>) obj).lossy.equals(lossy);
        }

        @Override
        public int hashCode() {
            return lossy.hashCode();
        }

        @Override
        public boolean canEqual(Object obj) {
            return obj instanceof KeyClaimingType;
        }
    }
}
