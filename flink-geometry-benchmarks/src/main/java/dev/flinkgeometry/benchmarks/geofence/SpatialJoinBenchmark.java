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
package dev.flinkgeometry.benchmarks.geofence;

import dev.flinkgeometry.benchmarks.data.Workloads;
import dev.flinkgeometry.benchmarks.data.Zones;
import dev.flinkgeometry.benchmarks.micro.MicroBenchmark;
import dev.flinkgeometry.table.GridCells;
import dev.flinkgeometry.table.ZoneIndex;
import dev.flinkgeometry.table.ZonePredicate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.prep.PreparedGeometry;
import org.locationtech.jts.geom.prep.PreparedGeometryFactory;
import org.locationtech.jts.index.strtree.STRtree;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * An indexed geofence, per task: one GPS fix per operation, located in every zone that contains it.
 * Scores are ns per fix on one core; fixes per second per core = 10^9 / score. The zones are the
 * 177 Natural Earth countries, 10,000 circles ({@code circles-10000}, {@link Zones}) or 1,000,000
 * ({@code circles-1000000}: not in the default parameters, it needs a larger heap, see
 * docs/SPATIAL-JOINS.md for the command).
 *
 * <p>Contenders: {@code zoneIndex} is the library's {@link ZoneIndex} (what the broadcast geofence
 * of {@code Geofences} holds per task: an STRtree of the zones' boxes, PostGIS's box test and
 * point-in-polygon with indexed rings); {@code gridCells} is the partitioned geofence's per-task
 * work (the fix's {@link GridCells grid cell}, that cell's {@code ZoneIndex}), without the state
 * access of a cell met for the first time; {@code handWritten} is what a careful user writes by
 * hand: a JTS {@code STRtree} of the zones' envelopes and {@code PreparedGeometry.contains} for
 * each candidate. All three must give the same zones for every fix (checked in {@code @Setup}).
 */
public class SpatialJoinBenchmark extends MicroBenchmark {
    public static final String COUNTRIES = "countries-177";
    public static final String CIRCLES = "circles-10000";
    public static final String MILLION = "circles-1000000";
    static final int FIXES = 1_000;

    @Param({COUNTRIES, CIRCLES})
    public String zones;

    private Geometry[] fixes;
    private ZoneIndex<Integer> index;
    private Map<Long, ZoneIndex<Integer>> cells;
    private double cellSize;
    private STRtree tree;
    private int next;

    @Setup
    public void setUp() {
        Geometry[] shapes = zones(zones);
        fixes = Workloads.gpsPoints(FIXES);
        index = new ZoneIndex<>(ZonePredicate.CONTAINS);
        tree = new STRtree();
        PreparedGeometryFactory preparer = new PreparedGeometryFactory();
        cellSize = cellSize(zones);
        cells = new HashMap<>();
        for (int z = 0; z < shapes.length; z++) {
            index.put(z, shapes[z]);
            tree.insert(shapes[z].getEnvelopeInternal(), new Zone(z, preparer.create(shapes[z])));
            for (long cell : GridCells.cover(shapes[z], cellSize, GridCells.DEFAULT_MAX_CELLS)) {
                cells.computeIfAbsent(cell, c -> new ZoneIndex<>(ZonePredicate.CONTAINS))
                        .put(z, shapes[z]);
            }
        }
        tree.build();
        requireTheSameAnswers();
    }

    static Geometry[] zones(String name) {
        switch (name) {
            case COUNTRIES:
                return GeofenceBenchmark.zones(GeofenceBenchmark.COUNTRIES);
            case CIRCLES:
                return Zones.circles(100);
            case MILLION:
                return Zones.circles(1000);
            default:
                throw new IllegalStateException("unknown zones " + name);
        }
    }

    /** A few zones per cell: about a circle's grid cell, or 10 degrees for the countries. */
    static double cellSize(String name) {
        switch (name) {
            case COUNTRIES:
                return 10;
            case CIRCLES:
                return 2;
            case MILLION:
                return 0.2;
            default:
                throw new IllegalStateException("unknown zones " + name);
        }
    }

    private void requireTheSameAnswers() {
        int inside = 0;
        for (Geometry fix : fixes) {
            List<Integer> ours = index.matches(fix);
            List<Integer> byCell = byCell(fix);
            List<Integer> byHand = byHand(fix);
            byHand.sort(null);
            if (!ours.equals(byHand) || !byCell.equals(byHand)) {
                throw new IllegalStateException(
                        String.format(
                                "%s: ZoneIndex %s, grid cells %s, by hand %s for %s",
                                zones, ours, byCell, byHand, fix));
            }
            inside += ours.size();
        }
        if (inside < FIXES / 20) {
            throw new IllegalStateException(zones + ": only " + inside + " fixes in a zone");
        }
    }

    private Geometry nextFix() {
        Geometry fix = fixes[next];
        next = next + 1 == fixes.length ? 0 : next + 1;
        return fix;
    }

    private List<Integer> byCell(Geometry fix) {
        ZoneIndex<Integer> cell =
                cells.get(
                        GridCells.cellOf(
                                fix.getCoordinate().getX(), fix.getCoordinate().getY(), cellSize));
        return cell == null ? List.of() : cell.matches(fix);
    }

    private List<Integer> byHand(Geometry fix) {
        List<Integer> found = new ArrayList<>(1);
        for (Object candidate : tree.query(fix.getEnvelopeInternal())) {
            Zone zone = (Zone) candidate;
            if (zone.prepared.contains(fix)) {
                found.add(zone.id);
            }
        }
        return found;
    }

    /** The zones containing the next fix, by the library's {@code ZoneIndex}. */
    @Benchmark
    public int zoneIndex() {
        return index.matches(nextFix()).size();
    }

    /** The same through the fix's grid cell and that cell's {@code ZoneIndex}. */
    @Benchmark
    public int gridCells() {
        return byCell(nextFix()).size();
    }

    /** The same by a hand-written STRtree and {@code PreparedGeometry.contains}. */
    @Benchmark
    public int handWritten() {
        return byHand(nextFix()).size();
    }

    private static final class Zone {
        final int id;
        final PreparedGeometry prepared;

        Zone(int id, PreparedGeometry prepared) {
            this.id = id;
            this.prepared = prepared;
        }
    }
}
