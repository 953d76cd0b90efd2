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
import dev.flinkgeometry.serializer.GeometrySerializerSnapshot;
import dev.flinkgeometry.serializer.GeometryTypeInfo;
import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.SavepointJobs;
import dev.flinkgeometry.testing.Wkt;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.state.StateBackend;
import org.apache.flink.runtime.state.hashmap.HashMapStateBackend;
import org.apache.flink.state.api.OperatorIdentifier;
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

/**
 * Geometry <b>keys</b> move from the aligned serializer to the lossless compact one and back, on a
 * MiniCluster with real (canonical) savepoints on disk, on both backends. Flink refuses to restore
 * keyed state whose key serializer changed, so the route is {@link KeyedStateRewrite}:
 *
 * <ol>
 *   <li>a job keyed by {@code GeometryTypeInfo} writes, per key, its geometry value and the text
 *       the key was parsed from; savepoint;
 *   <li>restoring it with compact keys is refused by Flink, naming the key serializers;
 *   <li>the rewrite (aligned → compact, keys and values) gives a savepoint whose key serializer is
 *       the compact one;
 *   <li>the job with compact keys restores it and looks every key up with a geometry parsed afresh
 *       from its text: each finds exactly its own state (class, SRID, Z/M, bits); savepoint;
 *   <li>the same back: aligned restore refused, rewrite compact → aligned, every key found again.
 * </ol>
 *
 * <p>The keys cover both forms a lossless compact record takes (TWKB for decimals, the aligned
 * payload for full-precision doubles) and, on RocksDB, points that JTS calls equal but that differ
 * in Z, M or SRID (the heap backend finds keys by {@code equals}, so they would be one key there).
 * A subclass moves keys between two other key types ({@link #before()}, {@link #after()}).
 */
class CompactKeyRewriteITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    private static final String UID = "geometry-keys";
    private static final TypeInformation<Geometry> ALIGNED = GeometryTypeInfo.of(Geometry.class);
    private static final TypeInformation<Geometry> COMPACT =
            GeometryTypeInfo.of(Geometry.class, GeometryEncoding.compact());

    /** Keys as text: {@code SRID=n;WKT} or WKT; parsed afresh wherever a key is needed. */
    private static final List<String> KEYS =
            List.of(
                    "POINT (1 2)",
                    "POINT (13.4050001 52.5200066)",
                    "SRID=4326;POINT (-0.1275 51.5072)",
                    "POINT (3.141592653589793 2.718281828459045)",
                    "POINT Z (7 8 8848.86)",
                    "LINESTRING (0 0, 1.5 2.25, -3 4)",
                    "SRID=3857;LINESTRING ZM (0 0 1 2, 0.1 0.2 0.3 0.4)",
                    "LINESTRING (0.30000000000000004 1, 2 3)",
                    "POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0), (2 2, 3 2, 3 3, 2 2))",
                    "MULTIPOINT ((1 1), (2.5 2.5))",
                    "MULTILINESTRING ((0 0, 1 1), (2 2, 3 3.125))",
                    "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))",
                    "GEOMETRYCOLLECTION (POINT M (1 1 9), LINESTRING (0 0, 1 1))",
                    "POINT EMPTY",
                    "POLYGON EMPTY",
                    "GEOMETRYCOLLECTION EMPTY");

    /** Points at (5 5) that JTS calls equal, but whose Z, M or SRID differ: RocksDB only. */
    private static final List<String> TWINS =
            List.of(
                    "POINT (5 5)",
                    "POINT Z (5 5 1)",
                    "POINT M (5 5 2)",
                    "POINT ZM (5 5 1 2)",
                    "SRID=4326;POINT (5 5)");

    /** Values, by key index modulo their number. */
    private static final List<String> VALUES =
            List.of(
                    "SRID=4326;POINT (8.5417 47.3769)",
                    "LINESTRING Z (0.1 0.2 0.3, 1.0000001 2 3)",
                    "POINT (0.1 123456789.12345679)",
                    "SRID=31468;POLYGON ((0 0, 4 0, 4 4, 0 0))",
                    "GEOMETRYCOLLECTION (POINT (1 2), POINT EMPTY)",
                    "MULTIPOINT M ((1 2 3))",
                    "LINESTRING EMPTY");

    /** Per key text: what the reading job found (key, value, text state). */
    private static final Map<String, List<String>> OBSERVED = new ConcurrentHashMap<>();

    private static volatile CountDownLatch handled = new CountDownLatch(0);

    @TempDir Path savepoints;

    @BeforeEach
    void clearObservations() {
        OBSERVED.clear();
    }

    @Test
    void geometryKeysMoveThereAndBackOnRocksDb() throws Exception {
        List<String> keys = new ArrayList<>(KEYS);
        keys.addAll(TWINS);
        thereAndBack("rocksdb", new EmbeddedRocksDBStateBackend(), keys);
    }

    @Test
    void geometryKeysMoveThereAndBackOnHashMap() throws Exception {
        List<String> keys = new ArrayList<>(KEYS);
        keys.add(TWINS.get(0));
        thereAndBack("hashmap", new HashMapStateBackend(), keys);
    }

    /** The key type of the first job, and of the last after the way back. */
    TypeInformation<Geometry> before() {
        return ALIGNED;
    }

    /** The key type the keys move to. */
    TypeInformation<Geometry> after() {
        return COMPACT;
    }

    private void thereAndBack(String backend, StateBackend stateBackend, List<String> keys)
            throws Exception {
        String target = savepoints.toUri().toString();
        SavepointFormatType canonical = SavepointFormatType.CANONICAL;

        JobClient writer = start(backend, null, before(), true, keys);
        String aligned = SavepointJobs.stopWithSavepoint(writer, target, canonical);

        assertPlainRestoreRefused(backend, aligned, after(), keys);
        String compact = target + "/compact";
        assertThat(rewrite(before(), after()).rewrite(aligned, compact, stateBackend))
                .isEqualTo(keys.size());
        assertKeySnapshot(compact, after());

        JobClient compactReader = start(backend, compact, after(), false, keys);
        assertEveryKeyFindsItsState(keys);
        String compactAgain = SavepointJobs.stopWithSavepoint(compactReader, target, canonical);
        assertKeySnapshot(compactAgain, after());

        OBSERVED.clear();
        assertPlainRestoreRefused(backend, compactAgain, before(), keys);
        String back = target + "/aligned-again";
        assertThat(rewrite(after(), before()).rewrite(compactAgain, back, stateBackend))
                .isEqualTo(keys.size());
        assertKeySnapshot(back, before());

        OBSERVED.clear();
        start(backend, back, before(), false, keys);
        assertEveryKeyFindsItsState(keys);
    }

    private static KeyedStateRewrite<Geometry> rewrite(
            TypeInformation<Geometry> from, TypeInformation<Geometry> to) {
        return KeyedStateRewrite.forOperator(UID, from, to)
                .valueState("latest", from, to)
                .valueState("text", Types.STRING, Types.STRING);
    }

    /** Flink does not migrate keys: a restore with another key serializer fails the job. */
    private void assertPlainRestoreRefused(
            String backend, String savepoint, TypeInformation<Geometry> keyType, List<String> keys)
            throws Exception {
        assertThatThrownBy(() -> start(backend, savepoint, keyType, false, keys))
                .hasStackTraceContaining("The new key serializer")
                .hasStackTraceContaining("must be compatible with the previous key serializer");
    }

    /** Each key text found the value and text that the first job wrote for it, exactly. */
    private static void assertEveryKeyFindsItsState(List<String> keys) {
        Map<String, List<String>> expected = new TreeMap<>();
        for (int i = 0; i < keys.size(); i++) {
            String text = keys.get(i);
            expected.put(
                    text,
                    List.of(
                            describe(parse(text)),
                            describe(parse(VALUES.get(i % VALUES.size()))),
                            text));
        }
        assertThat(new TreeMap<>(OBSERVED)).isEqualTo(expected);
    }

    /** Every key snapshot is ours and restores the serializer of {@code type}. */
    private static void assertKeySnapshot(String savepoint, TypeInformation<Geometry> type)
            throws Exception {
        SavepointOperator operator =
                SavepointOperator.load(savepoint, OperatorIdentifier.forUid(UID));
        List<TypeSerializerSnapshot<?>> snapshots = operator.keySerializerSnapshots();
        assertThat(snapshots)
                .isNotEmpty()
                .allSatisfy(
                        s -> {
                            assertThat(s).isInstanceOf(GeometrySerializerSnapshot.class);
                            assertThat(s.restoreSerializer())
                                    .isEqualTo(type.createSerializer(new SerializerConfigImpl()));
                        });
    }

    // ------------------------------------------------------------------------------------------
    // The job
    // ------------------------------------------------------------------------------------------

    /**
     * Each key text once, keyed by the geometry parsed from it with {@code type}; the state is
     * written ({@code write}) or only read. Returns once every key has been handled.
     */
    private JobClient start(
            String backend,
            String restoreFrom,
            TypeInformation<Geometry> type,
            boolean write,
            List<String> keys)
            throws Exception {
        StreamExecutionEnvironment env = SavepointJobs.environment(backend, restoreFrom);
        handled = new CountDownLatch(keys.size());
        Map<String, String> valueOf = new TreeMap<>();
        for (int i = 0; write && i < keys.size(); i++) {
            valueOf.put(keys.get(i), VALUES.get(i % VALUES.size()));
        }
        SavepointJobs.keys(env, keys)
                .keyBy(CompactKeyRewriteITCase::parse, type)
                .process(new KeyStateFunction(type, write ? valueOf : Map.of()), Types.STRING)
                .uid(UID)
                .sinkTo(new DiscardingSink<>());
        return jobs.startAndAwait(env, "geometry keys, " + type + ", " + backend, handled);
    }

    /** {@code SRID=n;WKT} or WKT, parsed afresh. */
    static Geometry parse(String text) {
        if (text.startsWith("SRID=")) {
            int semicolon = text.indexOf(';');
            return Wkt.read(
                    text.substring(semicolon + 1), Integer.parseInt(text.substring(5, semicolon)));
        }
        return Wkt.read(text);
    }

    /** Writes each key's value and text (if given), then reports what its state holds. */
    static final class KeyStateFunction extends KeyedProcessFunction<Geometry, String, String> {
        private static final long serialVersionUID = 1L;

        private final ValueStateDescriptor<Geometry> latestDescriptor;
        private final ValueStateDescriptor<String> textDescriptor =
                new ValueStateDescriptor<>("text", Types.STRING);
        private final Map<String, String> toWrite;

        private transient ValueState<Geometry> latest;
        private transient ValueState<String> text;

        KeyStateFunction(TypeInformation<Geometry> type, Map<String, String> toWrite) {
            latestDescriptor = new ValueStateDescriptor<>("latest", type);
            this.toWrite = new TreeMap<>(toWrite);
        }

        @Override
        public void open(OpenContext openContext) {
            latest = getRuntimeContext().getState(latestDescriptor);
            text = getRuntimeContext().getState(textDescriptor);
        }

        @Override
        public void processElement(String keyText, Context ctx, Collector<String> out)
                throws Exception {
            if (toWrite.containsKey(keyText)) {
                latest.update(parse(toWrite.get(keyText)));
                text.update(keyText);
            }
            Geometry value = latest.value();
            OBSERVED.put(
                    keyText,
                    List.of(
                            describe(ctx.getCurrentKey()),
                            value == null ? "no value" : describe(value),
                            String.valueOf(text.value())));
            handled.countDown();
        }
    }
}
