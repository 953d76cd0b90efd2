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
import dev.flinkgeometry.testing.GeometryKeyedJob;
import dev.flinkgeometry.testing.KeyedGeometryStates;
import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.SavepointJobs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.state.KeyGroupRangeAssignment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * State keyed by geometries ({@link GeometryTypeInfo} keys) after a restore:
 *
 * <ul>
 *   <li>rescaling: saved at parallelism 2, restored at 3 (higher) and then at 1 (lower), every
 *       key's state is found and exact, on both backends (the key groups are pinned by {@link
 *       GeometryKeyGroupsGoldenTest});
 *   <li>keys with a NaN X or Y: JTS {@code equals} is never true for them, and the heap backend
 *       finds state by {@code equals}, so on the hashmap backend their state is never found again
 *       (here: after a restore); RocksDB finds state by the key's bytes and keeps it. Pinned, and
 *       documented in {@code docs/MIGRATION.md}: do not key by such geometries.
 * </ul>
 */
class GeometryKeyRestoreITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(3);

    /** The keys of the running test, by id. */
    private Map<String, Geometry> keys = Map.of();

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("dev.flinkgeometry.testing.SavepointJobs#backendsAndFormats")
    void everyKeysStateIsFoundAfterRescalingUpAndDown(
            String backend, SavepointFormatType format, @TempDir Path savepoints) throws Exception {
        keys = rescalingKeys();
        String target = savepoints.toUri().toString();

        JobClient writer = start(backend, null, 2, true);
        Map<String, Integer> atTwo = assertEveryKeyOnItsSubtask(2);
        String savepointAtTwo = SavepointJobs.stopWithSavepoint(writer, target, format);

        JobClient up = start(backend, savepointAtTwo, 3, false);
        assertEveryKeyHasItsState();
        Map<String, Integer> atThree = assertEveryKeyOnItsSubtask(3);
        assertThat(atThree.keySet().stream().filter(id -> !atThree.get(id).equals(atTwo.get(id))))
                .as("keys whose state moved to another subtask")
                .isNotEmpty();
        String savepointAtThree = SavepointJobs.stopWithSavepoint(up, target, format);

        JobClient down = start(backend, savepointAtThree, 1, false);
        assertEveryKeyHasItsState();
        assertThat(assertEveryKeyOnItsSubtask(1).values()).containsOnly(0);
        SavepointJobs.cancel(down);
    }

    /**
     * Every key was handled by the subtask that Flink's key groups give it at {@code parallelism}
     * (its {@code hashCode}, {@value GeometryKeyedJob#MAX_PARALLELISM} key groups); returns the
     * subtask per id.
     */
    private Map<String, Integer> assertEveryKeyOnItsSubtask(int parallelism) {
        Map<String, Integer> subtasks = GeometryKeyedJob.subtasks();
        assertThat(subtasks).containsOnlyKeys(keys.keySet());
        keys.forEach(
                (id, key) ->
                        assertThat(subtasks.get(id))
                                .as("subtask of %s at parallelism %d", id, parallelism)
                                .isEqualTo(
                                        KeyGroupRangeAssignment.assignKeyToParallelOperator(
                                                key,
                                                GeometryKeyedJob.MAX_PARALLELISM,
                                                parallelism)));
        return subtasks;
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void nanKeysLoseTheirStateOnTheHashMapBackend(String backend, @TempDir Path savepoints)
            throws Exception {
        GeometryFactory factory = new GeometryFactory();
        Map<String, Geometry> nanKeys = new LinkedHashMap<>();
        nanKeys.put("nan-x", factory.createPoint(new Coordinate(Double.NaN, 1)));
        nanKeys.put("nan-y", factory.createPoint(new Coordinate(1, Double.NaN)));
        nanKeys.put("plain", factory.createPoint(new Coordinate(1, 1)));
        keys = nanKeys;
        assertThat(nanKeys.get("nan-x").equals(nanKeys.get("nan-x").copy())).isFalse();

        JobClient writer = start(backend, null, 1, true);
        String savepoint =
                SavepointJobs.stopWithSavepoint(
                        writer, savepoints.toUri().toString(), SavepointFormatType.CANONICAL);
        JobClient reader = start(backend, savepoint, 1, false);

        Map<String, Geometry[]> observed = GeometryKeyedJob.observed();
        assertThat(observed).containsOnlyKeys(nanKeys.keySet());
        ExactGeometry.assertExactlyEqual(observed.get("plain")[1], nanKeys.get("plain"));
        for (String id : List.of("nan-x", "nan-y")) {
            if (backend.equals("rocksdb")) {
                ExactGeometry.assertExactlyEqual(observed.get(id)[1], nanKeys.get(id));
            } else {
                assertThat(observed.get(id)[1]).as("state of %s on the heap backend", id).isNull();
            }
        }
        SavepointJobs.cancel(reader);
    }

    private void assertEveryKeyHasItsState() {
        assertEveryKeyHasItsState(keys);
    }

    /** Every key was seen, exactly, and its state holds it, exactly. */
    static void assertEveryKeyHasItsState(Map<String, Geometry> keys) {
        Map<String, Geometry[]> observed = GeometryKeyedJob.observed();
        assertThat(observed).containsOnlyKeys(keys.keySet());
        for (Map.Entry<String, Geometry> entry : keys.entrySet()) {
            Geometry[] seen = observed.get(entry.getKey());
            KeyedGeometryStates.assertExact(
                    entry.getKey() + " key", seen[0], entry.getValue(), true);
            KeyedGeometryStates.assertExact(
                    entry.getKey() + " state", seen[1], entry.getValue(), true);
        }
    }

    /** Points, lines and polygons of every layout and with SRIDs, pairwise unequal in JTS. */
    static Map<String, Geometry> rescalingKeys() {
        Map<String, Geometry> byId = new LinkedHashMap<>();
        List<Geometry> taken = new ArrayList<>();
        for (Geometry g : KeyedGeometryStates.geometries()) {
            boolean keyable = g instanceof Point || g instanceof LineString || g instanceof Polygon;
            if (!keyable || g.isEmpty() || taken.stream().anyMatch(t -> t.equals(g))) {
                continue;
            }
            taken.add(ExactGeometry.asDecoded(g));
            byId.put(String.format("k%02d", byId.size()), ExactGeometry.asDecoded(g));
        }
        assertThat(byId).hasSizeGreaterThan(10);
        return byId;
    }

    private JobClient start(String backend, String restoreFrom, int parallelism, boolean write)
            throws Exception {
        return GeometryKeyedJob.start(jobs, keys, backend, restoreFrom, parallelism, write);
    }
}
