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

import dev.flinkgeometry.benchmarks.data.NaturalEarth;
import dev.flinkgeometry.benchmarks.data.Workloads;
import dev.flinkgeometry.benchmarks.data.Zones;
import dev.flinkgeometry.benchmarks.micro.MicroBenchmark;
import dev.flinkgeometry.table.GeometryModule;
import dev.flinkgeometry.table.StPredicate;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.prep.PreparedGeometry;
import org.locationtech.jts.geom.prep.PreparedGeometryFactory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Geofence throughput: one GPS fix tested against every zone per operation, as a streaming join on
 * {@code ST_Contains(zone, fix)} evaluates its condition against the zones it holds in state (on
 * the hashmap backend: the same zone objects on every access). Scores are ns per fix; fixes per
 * second = 10^9 / score. The fixes are the GPS feed's first {@value #FIXES} points (uniform over
 * the world, 6 decimals); the zones are the {@value NaturalEarth#COUNTRIES} Natural Earth countries
 * at 1:110m, or 10,000 generated circles ({@link Zones}).
 *
 * <p>Contenders, one method each: {@code stContains} is the module's {@code ST_Contains}, the
 * function instance Flink gets from {@link GeometryModule}, called as Flink's generated code calls
 * {@code eval} (PostGIS's box test, then the zone's rings, indexed once the same zone object comes
 * again); {@code jtsContains} is {@code zone.contains(fix)}, what a user writes without the module;
 * {@code jtsPrepared} is JTS's {@code PreparedGeometry} of each zone, made once. Every contender
 * must give the same answer for every fix and zone (checked in {@code @Setup}) before it may post a
 * number.
 */
public class GeofenceBenchmark extends MicroBenchmark {
    public static final String COUNTRIES = "countries-177";
    public static final String CIRCLES = "circles-10000";
    static final int FIXES = 1_000;

    @Param({COUNTRIES, CIRCLES})
    public String zones;

    private Geometry[] zoneGeometries;
    private PreparedGeometry[] prepared;
    private Geometry[] fixes;
    private StPredicate stContains;
    private int next;

    @Setup
    public void setUp() {
        zoneGeometries = zones(zones);
        fixes = Workloads.gpsPoints(FIXES);
        stContains = containsFunction();
        prepared = new PreparedGeometry[zoneGeometries.length];
        PreparedGeometryFactory preparer = new PreparedGeometryFactory();
        for (int i = 0; i < zoneGeometries.length; i++) {
            prepared[i] = preparer.create(zoneGeometries[i]);
        }
        requireTheSameAnswers();
    }

    static Geometry[] zones(String name) {
        switch (name) {
            case COUNTRIES:
                return NaturalEarth.countries().toArray(new Geometry[0]);
            case CIRCLES:
                return Zones.circles(100);
            default:
                throw new IllegalStateException("unknown zones " + name);
        }
    }

    /** {@code ST_Contains} as Flink's planner resolves it through the loaded module. */
    static StPredicate containsFunction() {
        return (StPredicate)
                GeometryModule.INSTANCE
                        .getFunctionDefinition("ST_Contains")
                        .orElseThrow(() -> new IllegalStateException("no ST_Contains"));
    }

    /** Every contender answers alike for every fix and zone, and some fixes are in some zone. */
    private void requireTheSameAnswers() {
        int inside = 0;
        for (Geometry fix : fixes) {
            for (int z = 0; z < zoneGeometries.length; z++) {
                Geometry zone = zoneGeometries[z];
                boolean ours = stContains.eval(zone, fix);
                boolean jts = zone.contains(fix);
                boolean jtsPrepared = prepared[z].contains(fix);
                if (ours != jts || jts != jtsPrepared) {
                    throw new IllegalStateException(
                            String.format(
                                    "%s: ST_Contains %s, JTS %s, prepared %s for zone %d and %s",
                                    zones, ours, jts, jtsPrepared, z, fix));
                }
                inside += ours ? 1 : 0;
            }
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

    /** The number of zones that contain the next fix, by the module's {@code ST_Contains}. */
    @Benchmark
    public int stContains() {
        Geometry fix = nextFix();
        int found = 0;
        for (Geometry zone : zoneGeometries) {
            if (stContains.eval(zone, fix)) {
                found++;
            }
        }
        return found;
    }

    /** The same by JTS's {@code Geometry.contains}, nothing kept between fixes. */
    @Benchmark
    public int jtsContains() {
        Geometry fix = nextFix();
        int found = 0;
        for (Geometry zone : zoneGeometries) {
            if (zone.contains(fix)) {
                found++;
            }
        }
        return found;
    }

    /** The same by JTS's {@code PreparedGeometry} of each zone, made in {@code @Setup}. */
    @Benchmark
    public int jtsPrepared() {
        Geometry fix = nextFix();
        int found = 0;
        for (PreparedGeometry zone : prepared) {
            if (zone.contains(fix)) {
                found++;
            }
        }
        return found;
    }
}
