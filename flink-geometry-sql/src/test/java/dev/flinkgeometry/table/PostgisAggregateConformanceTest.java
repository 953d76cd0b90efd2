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
package dev.flinkgeometry.table;

import static dev.flinkgeometry.table.VectorFiles.tsv;
import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.serializer.GeometrySerializer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.table.functions.AggregateFunction;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.algorithm.distance.DiscreteHausdorffDistance;
import org.locationtech.jts.geom.Geometry;

/**
 * The aggregates against PostGIS 3.3 (GEOS 3.11): {@code /aggregates/aggregate-*.tsv}, made by
 * {@code make-aggregate-vectors.sh} next to them from a real PostGIS (run by hand; this test needs
 * no database). Inputs are PostGIS's own EWKB, read into what a geometry column holds. Each group
 * is aggregated three ways that must agree: all rows into one accumulator in PostGIS's order; the
 * rows split in two accumulators that are merged (as windows and batch merge), each half through
 * its state serializer; and, for {@code ST_MakeLine}, the rows in reverse order (its order is the
 * ordering argument, not the arrival). Results must be PostGIS's EWKB byte for byte, except {@code
 * ST_Union}'s, whose vertices GEOS and JTS may order differently: there the SRID, the coordinate
 * dimension and the point set must be PostGIS's (JTS's {@code equalsTopo}, PostGIS's {@code
 * ST_Equals}), with every vertex within {@link #UNION_TOLERANCE} of the other (Hausdorff).
 * PostGIS's errors must be errors. The one difference by design: a one-point {@code ST_MakeLine}.
 */
class PostgisAggregateConformanceTest {
    private static final HexFormat HEX = HexFormat.of();
    private static final GeometrySerializer<Geometry> COLUMN =
            GeometrySerializer.of(Geometry.class);
    private static final StGeomFromWkb FROM_EWKB = new StGeomFromWkb("ST_GeomFromEWKB");
    private static final StAsBinary AS_EWKB = new StAsBinary(true);

    /** Hausdorff distance by which ST_Union's vertices may differ from GEOS's, in input units. */
    static final double UNION_TOLERANCE = 1e-9;

    /** Per group, its rows in PostGIS's input order (ord). */
    private static final Map<String, List<Input>> GROUPS = new TreeMap<>();

    /** Per group, per aggregate, PostGIS's result. */
    private static final Map<String, Map<String, String>> RESULTS = new TreeMap<>();

    /** Per group/ord, PostGIS's Box2D text. */
    private static final Map<String, String> BOXES = new LinkedHashMap<>();

    record Input(String key, Long ts, Geometry geometry) {}

    @BeforeAll
    static void load() throws IOException {
        for (String[] row : tsv("/aggregates/aggregate-inputs.tsv")) {
            GROUPS.computeIfAbsent(row[0], g -> new ArrayList<>())
                    .add(
                            new Input(
                                    row[0] + "/" + row[1],
                                    row[2].equals("NULL") ? null : Long.valueOf(row[2]),
                                    row[3].equals("NULL") ? null : fromPostgis(row[3])));
        }
        for (String[] row : tsv("/aggregates/aggregate-results.tsv")) {
            if (row[1].equals("Box2D")) {
                BOXES.put(row[0], row[2]);
            } else {
                RESULTS.computeIfAbsent(row[0], g -> new LinkedHashMap<>()).put(row[1], row[2]);
            }
        }
        assertThat(GROUPS.keySet()).hasSize(21).isEqualTo(RESULTS.keySet());
    }

    @Test
    void collectIsPostgisCollect() {
        Tally tally =
                compareAll("ST_Collect", new StCollect(), (f, a, g, ts) -> f.accumulate(a, g));
        assertThat(tally.compared).isEqualTo(21);
        assertThat(tally.identical).isEqualTo(21);
        assertThat(tally.errors).isEqualTo(3);
    }

    @Test
    void extentIsPostgisExtentAsGeometryAndAsText() {
        Tally tally = compareAll("ST_Extent", new StExtent(), (f, a, g, ts) -> f.accumulate(a, g));
        assertThat(tally.identical).isEqualTo(21);
        StBox2d box2d = new StBox2d();
        Tally text =
                compareAll(
                        "ST_Extent::text",
                        new StExtent(),
                        (f, a, g, ts) -> f.accumulate(a, g),
                        geometry -> geometry == null ? "NULL" : box2d.eval(geometry));
        assertThat(text.identical).isEqualTo(21);
    }

    @Test
    void box2dOfEachGeometryIsPostgisBox2d() {
        StBox2d box2d = new StBox2d();
        int compared = 0;
        for (List<Input> rows : GROUPS.values()) {
            for (Input row : rows) {
                if (row.geometry() != null) {
                    String ours = box2d.eval(row.geometry());
                    assertThat(ours == null ? "NULL" : ours)
                            .as(row.key())
                            .isEqualTo(BOXES.get(row.key()));
                    compared++;
                }
            }
        }
        assertThat(compared).isEqualTo(BOXES.size()).isEqualTo(69);
    }

    @Test
    void makeLineIsPostgisMakeLineOrderedByItsOrderingArgument() {
        Tally tally = compareAll("ST_MakeLine", new StMakeLine(), StMakeLine::accumulate);
        assertThat(tally.compared).isEqualTo(21);
        assertThat(tally.byDesign).containsExactly("one-point");
        assertThat(tally.identical).isEqualTo(20);
        assertThat(tally.errors).isEqualTo(1);
    }

    @Test
    void unionIsPostgisUnionAsAPointSet() {
        Tally tally = compareAll("ST_Union", new StUnion(), (f, a, g, ts) -> f.accumulate(a, g));
        assertThat(tally.compared).isEqualTo(21);
        assertThat(tally.errors).isEqualTo(2);
        System.out.printf(
                "ST_Union: %d compared, %d identical bytes, %d equal point sets, max Hausdorff"
                        + " %.3g%n",
                tally.compared, tally.identical, tally.equalSets, tally.maxHausdorff);
        assertThat(tally.identical).isEqualTo(15);
        assertThat(tally.equalSets).isEqualTo(6);
        assertThat(tally.maxHausdorff).isLessThanOrEqualTo(UNION_TOLERANCE);
    }

    // ---------------------------------------------------------------------------------------

    interface Accumulate<F, A> {
        void call(F function, A accumulator, Geometry geometry, Long ts);
    }

    static final class Tally {
        int compared;
        int identical;
        int equalSets;
        int errors;
        double maxHausdorff;
        final List<String> byDesign = new ArrayList<>();
    }

    private static <A, F extends GeometryAggregate<A>> Tally compareAll(
            String name, F function, Accumulate<F, A> accumulate) {
        return compareAll(name, function, accumulate, PostgisAggregateConformanceTest::ewkb);
    }

    private static <A, F extends GeometryAggregate<A>> Tally compareAll(
            String name, F function, Accumulate<F, A> accumulate, Function<Geometry, String> show) {
        Tally tally = new Tally();
        for (Map.Entry<String, List<Input>> group : GROUPS.entrySet()) {
            String expected = RESULTS.get(group.getKey()).get(name);
            String where = name + " of " + group.getKey();
            tally.compared++;
            Result whole =
                    run(() -> show.apply(wholeGroup(function, accumulate, group.getValue())));
            Result merged = run(() -> show.apply(merged(function, accumulate, group.getValue())));
            assertThat(merged).as(where + ", merged from two halves").isEqualTo(whole);
            if (function instanceof StMakeLine) {
                List<Input> reversed = new ArrayList<>(group.getValue());
                Collections.reverse(reversed);
                Result backwards =
                        run(() -> show.apply(wholeGroup(function, accumulate, reversed)));
                assertThat(backwards).as(where + ", rows in reverse").isEqualTo(whole);
            }
            if (expected.startsWith("error: ")) {
                assertThat(whole.error).as(where + " (PostGIS: " + expected + ")").isNotNull();
                tally.errors++;
                tally.identical++;
                continue;
            }
            assertThat(whole.error).as(where).isNull();
            if (whole.value.equals(expected)) {
                tally.identical++;
            } else if (function instanceof StMakeLine
                    && whole.value.equals("NULL")
                    && isOnePointLine(expected)) {
                tally.byDesign.add(
                        group.getKey()); // PostGIS's one-point line, which JTS cannot hold
            } else if (function instanceof StUnion && !expected.equals("NULL")) {
                Geometry ours = fromPostgis(whole.value);
                Geometry theirs = fromPostgis(expected);
                assertThat(ours.getSRID()).as(where + ", SRID").isEqualTo(theirs.getSRID());
                assertThat(GeometryAggregate.layout(ours))
                        .as(where + ", coordinate dimension")
                        .isEqualTo(GeometryAggregate.layout(theirs));
                assertThat(ours.equalsTopo(theirs))
                        .as(where + ": " + ours + " is not the point set of " + theirs)
                        .isTrue();
                tally.maxHausdorff =
                        Math.max(
                                tally.maxHausdorff,
                                DiscreteHausdorffDistance.distance(ours, theirs));
                tally.equalSets++;
            } else {
                assertThat(whole.value).as(where).isEqualTo(expected);
            }
        }
        return tally;
    }

    record Result(String value, String error) {}

    private static Result run(java.util.function.Supplier<String> call) {
        try {
            return new Result(call.get(), null);
        } catch (IllegalArgumentException e) {
            return new Result(null, e.getMessage());
        }
    }

    private static <A, F extends GeometryAggregate<A>> Geometry wholeGroup(
            F function, Accumulate<F, A> accumulate, List<Input> rows) {
        A accumulator = function.createAccumulator();
        for (Input row : rows) {
            accumulate.call(function, accumulator, row.geometry(), row.ts());
        }
        return function.getValue(accumulator);
    }

    /** The first and second half in two accumulators, each restored from its state's bytes. */
    @SuppressWarnings("unchecked")
    private static <A, F extends GeometryAggregate<A>> Geometry merged(
            F function, Accumulate<F, A> accumulate, List<Input> rows) {
        A first = function.createAccumulator();
        A second = function.createAccumulator();
        for (int i = 0; i < rows.size(); i++) {
            Input row = rows.get(i);
            accumulate.call(
                    function, i < rows.size() / 2 ? first : second, row.geometry(), row.ts());
        }
        A into = function.createAccumulator();
        try {
            java.lang.reflect.Method merge =
                    function.getClass().getMethod("merge", into.getClass(), Iterable.class);
            merge.invoke(
                    function, into, List.of(restored(function, first), restored(function, second)));
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof IllegalArgumentException) {
                throw (IllegalArgumentException) e.getCause();
            }
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
        return function.getValue(into);
    }

    @SuppressWarnings("unchecked")
    private static <A> A restored(AggregateFunction<Geometry, A> function, A accumulator) {
        AccumulatorSerializer<A> serializer =
                new AccumulatorSerializer<>(kindOf(accumulator), COLUMN);
        try {
            DataOutputSerializer out = new DataOutputSerializer(64);
            serializer.serialize(accumulator, out);
            return serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static AccumulatorKind kindOf(Object accumulator) {
        for (AccumulatorKind kind : AccumulatorKind.values()) {
            if (kind.create().getClass() == accumulator.getClass()) {
                return kind;
            }
        }
        throw new IllegalArgumentException(accumulator.getClass().getName());
    }

    /** Whether EWKB (NDR) is a linestring of one point, which JTS cannot read. */
    private static boolean isOnePointLine(String ewkbHex) {
        ByteBuffer bytes = ByteBuffer.wrap(HEX.parseHex(ewkbHex)).order(ByteOrder.LITTLE_ENDIAN);
        int type = bytes.getInt(1);
        int count = bytes.getInt((type & 0x20000000) != 0 ? 9 : 5);
        return (type & 0xffff) == 2 && count == 1;
    }

    private static String ewkb(Geometry geometry) {
        try {
            return geometry == null ? "NULL" : HEX.formatHex(AS_EWKB.eval(column(geometry)));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Geometry fromPostgis(String ewkbHex) {
        return column(FROM_EWKB.eval(HEX.parseHex(ewkbHex)));
    }

    private static Geometry column(Geometry geometry) {
        try {
            DataOutputSerializer out = new DataOutputSerializer(64);
            COLUMN.serialize(geometry, out);
            return COLUMN.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
