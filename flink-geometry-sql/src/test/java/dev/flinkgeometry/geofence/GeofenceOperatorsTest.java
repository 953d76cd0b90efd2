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
package dev.flinkgeometry.geofence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.table.GridCells;
import dev.flinkgeometry.table.ZonePredicate;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.operators.co.CoBroadcastWithNonKeyedOperator;
import org.apache.flink.streaming.api.operators.co.KeyedCoProcessOperator;
import org.apache.flink.streaming.util.BroadcastOperatorTestHarness;
import org.apache.flink.streaming.util.KeyedTwoInputStreamOperatorTestHarness;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.io.WKTReader;

/**
 * The two geofence operators of {@link Geofences} with zone changes and fixes interleaved in one
 * operator instance (as a running job meets them): a fix sees the zones as they are when it
 * arrives, also the change just before it, and after a snapshot and restore, from state alone.
 */
class GeofenceOperatorsTest {
    private static final double CELL = 10;
    private static final GeometryFactory FACTORY = new GeometryFactory();

    private final Geometry west = shape("POLYGON ((1 1, 4 1, 4 4, 1 4, 1 1))");
    private final Geometry east = shape("POLYGON ((5 5, 8 5, 8 8, 5 8, 5 5))");
    private final Tuple2<String, Point> inWest = fix("in-west", 2, 2);
    private final Tuple2<String, Point> inEast = fix("in-east", 6, 6);

    @Test
    void thePartitionedGeofenceAppliesEachChangeToTheNextFix() throws Exception {
        CellGeofence<Tuple2<String, Point>> geofence =
                new CellGeofence<>(f -> f.f1, ZonePredicate.CONTAINS);
        OperatorSubtaskState snapshot;
        try (KeyedTwoInputStreamOperatorTestHarness<
                        Long,
                        Tuple2<String, Point>,
                        CellZone,
                        Tuple2<Tuple2<String, Point>, String>>
                harness = partitioned(geofence)) {
            harness.open();
            long cell = GridCells.cellOf(2, 2, CELL);
            assertThat(GridCells.cellOf(6, 6, CELL)).isEqualTo(cell);
            harness.processElement2(new CellZone(cell, "zone", west), 0);
            harness.processElement1(inWest, 0);
            harness.processElement1(inEast, 0);
            harness.processElement2(new CellZone(cell, "zone", east), 0);
            harness.processElement1(inWest, 0);
            harness.processElement1(inEast, 0);
            harness.processElement2(new CellZone(cell, "zone", null), 0);
            harness.processElement1(inWest, 0);
            harness.processElement1(inEast, 0);
            harness.processElement2(new CellZone(cell, "other", west), 0);
            assertThat(matches(harness)).containsExactly("in-west zone", "in-east zone");
            snapshot = harness.snapshot(1, 1);
        }
        try (KeyedTwoInputStreamOperatorTestHarness<
                        Long,
                        Tuple2<String, Point>,
                        CellZone,
                        Tuple2<Tuple2<String, Point>, String>>
                restored = partitioned(new CellGeofence<>(f -> f.f1, ZonePredicate.CONTAINS))) {
            restored.initializeState(snapshot);
            restored.open();
            restored.processElement1(inWest, 0);
            restored.processElement1(inEast, 0);
            assertThat(matches(restored)).containsExactly("in-west other");
        }
    }

    @Test
    void theBroadcastGeofenceAppliesEachChangeToTheNextFix() throws Exception {
        OperatorSubtaskState snapshot;
        try (BroadcastOperatorTestHarness<
                        Tuple2<String, Point>, ZoneChange, Tuple2<Tuple2<String, Point>, String>>
                harness = broadcast()) {
            harness.open();
            harness.processBroadcastElement(ZoneChange.upsert("zone", west), 0);
            harness.processElement(inWest, 0);
            harness.processElement(inEast, 0);
            harness.processBroadcastElement(ZoneChange.upsert("zone", east), 0);
            harness.processElement(inWest, 0);
            harness.processElement(inEast, 0);
            harness.processBroadcastElement(ZoneChange.delete("zone"), 0);
            harness.processElement(inWest, 0);
            harness.processElement(inEast, 0);
            harness.processBroadcastElement(ZoneChange.upsert("other", west), 0);
            assertThat(matches(harness)).containsExactly("in-west zone", "in-east zone");
            snapshot = harness.snapshot(1, 1);
        }
        try (BroadcastOperatorTestHarness<
                        Tuple2<String, Point>, ZoneChange, Tuple2<Tuple2<String, Point>, String>>
                restored = broadcast()) {
            restored.initializeState(snapshot);
            restored.open();
            restored.processElement(inWest, 0);
            restored.processElement(inEast, 0);
            assertThat(matches(restored)).containsExactly("in-west other");
        }
    }

    @Test
    void aZoneThatShrinksLeavesTheCellsItNoLongerCovers() throws Exception {
        ZoneCovers covers = new ZoneCovers(CELL, GridCells.DEFAULT_MAX_CELLS);
        try (org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness<
                        String, ZoneChange, CellZone>
                harness =
                        new org.apache.flink.streaming.util
                                .KeyedOneInputStreamOperatorTestHarness<>(
                                new org.apache.flink.streaming.api.operators.KeyedProcessOperator<>(
                                        covers),
                                change -> change.zone,
                                Types.STRING)) {
            harness.open();
            harness.processElement(
                    ZoneChange.upsert("zone", shape("POLYGON ((1 1, 25 1, 25 4, 1 4, 1 1))")), 0);
            harness.processElement(ZoneChange.upsert("zone", west), 0);
            harness.processElement(ZoneChange.delete("zone"), 0);
            List<String> changes = new ArrayList<>();
            for (CellZone change : harness.extractOutputValues()) {
                changes.add(
                        GridCells.column(change.cell)
                                + ","
                                + GridCells.row(change.cell)
                                + (change.shape == null ? " out" : " in"));
            }
            assertThat(changes)
                    .containsExactly(
                            "0,0 in", "1,0 in", "2,0 in", "1,0 out", "2,0 out", "0,0 in",
                            "0,0 out");
        }
    }

    private static KeyedTwoInputStreamOperatorTestHarness<
                    Long, Tuple2<String, Point>, CellZone, Tuple2<Tuple2<String, Point>, String>>
            partitioned(CellGeofence<Tuple2<String, Point>> geofence) throws Exception {
        return new KeyedTwoInputStreamOperatorTestHarness<>(
                new KeyedCoProcessOperator<>(geofence),
                f -> GridCells.cellOf(f.f1.getX(), f.f1.getY(), CELL),
                change -> change.cell,
                Types.LONG);
    }

    private static BroadcastOperatorTestHarness<
                    Tuple2<String, Point>, ZoneChange, Tuple2<Tuple2<String, Point>, String>>
            broadcast() throws Exception {
        BroadcastGeofence<Tuple2<String, Point>> geofence =
                new BroadcastGeofence<>(f -> f.f1, ZonePredicate.CONTAINS);
        List<org.apache.flink.api.common.state.MapStateDescriptor<?, ?>> descriptors =
                new ArrayList<>();
        descriptors.add(geofence.zonesDescriptor());
        return new BroadcastOperatorTestHarness<>(
                new CoBroadcastWithNonKeyedOperator<>(geofence, descriptors), 1, 1, 0);
    }

    private static List<String> matches(
            org.apache.flink.streaming.util.AbstractStreamOperatorTestHarness<
                            Tuple2<Tuple2<String, Point>, String>>
                    harness) {
        List<String> matches = new ArrayList<>();
        for (Object record : harness.getOutput()) {
            @SuppressWarnings("unchecked")
            Tuple2<Tuple2<String, Point>, String> match =
                    ((org.apache.flink.streaming.runtime.streamrecord.StreamRecord<
                                            Tuple2<Tuple2<String, Point>, String>>)
                                    record)
                            .getValue();
            matches.add(match.f0.f0 + " " + match.f1);
        }
        return matches;
    }

    private static Tuple2<String, Point> fix(String id, double x, double y) {
        return Tuple2.of(id, FACTORY.createPoint(new org.locationtech.jts.geom.Coordinate(x, y)));
    }

    private static Geometry shape(String wkt) {
        try {
            return new WKTReader(FACTORY).read(wkt);
        } catch (org.locationtech.jts.io.ParseException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
