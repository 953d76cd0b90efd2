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
package dev.flinkgeometry.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.CoordinateXY;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.CoordinateXYZM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.MultiLineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.PrecisionModel;
import org.locationtech.jts.geom.impl.CoordinateArraySequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequence;
import org.locationtech.jts.geom.impl.PackedCoordinateSequenceFactory;
import org.locationtech.jts.io.Ordinate;
import org.locationtech.jts.io.ParseException;
import org.locationtech.jts.io.WKTReader;
import org.locationtech.jts.io.WKTWriter;

/**
 * jqwik arbitraries of random JTS geometries of every type, and ways to rebuild one geometry in
 * other representations that must encode to the same bytes.
 *
 * <p>Generation goes through a small immutable model ({@link Spec}: a shape, its coordinate values
 * as {@code {x, y, z, m}} with NaN for "absent", and the SRIDs that are content), which is then
 * built into JTS objects by a {@link Representation}. {@link #rebuild} reads any geometry back into
 * the model and builds it again, so a test can compare the bytes of two representations of the same
 * content.
 *
 * <p>What is generated: Point, LineString, LinearRing (closed, 3 or more coordinates, also with
 * {@code 0.0}/{@code -0.0} closures), Polygon (with holes, also empty holes), MultiPoint (with
 * EMPTY members), MultiLineString and MultiPolygon (with empty members), GeometryCollection (nested
 * up to 3 levels, members with their own layout and SRID), every kind of EMPTY; per geometry Z and
 * M each absent, present everywhere or present on some coordinates only (NaN elsewhere); SRID 0 or
 * in 1..16777215; ordinates including {@code -0.0}, infinities, subnormals, huge values, random bit
 * patterns, and NaN with non-canonical payloads (in Z/M, and in X/Y where JTS allows: points,
 * multipoint members, line vertices and inner ring vertices).
 */
public final class GeometryArbitraries {
    /** The canonical NaN, {@code 0x7ff8000000000000L}. */
    public static final long CANONICAL_NAN_BITS = 0x7ff8000000000000L;

    /** NaNs with other bit patterns than {@link Double#NaN}. */
    public static final double[] NON_CANONICAL_NANS = {
        Double.longBitsToDouble(0x7ff8000000000123L),
        Double.longBitsToDouble(0xfff8000000000000L),
        Double.longBitsToDouble(0x7ff0000000000001L),
        Double.longBitsToDouble(0x7fffffffffffffffL),
        Double.longBitsToDouble(0xfff0000000abcdefL),
    };

    /** Which ordinate values are generated. */
    public enum Values {
        /** Every double: random bit patterns, infinities, subnormals, huge, tiny, -0.0, NaN. */
        FULL,
        /**
         * Values that JTS's {@link WKTWriter} writes and {@link WKTReader} reads back bit for bit:
         * short decimals, integers, huge integers, {@code -0.0}; NaN (any payload: WKT reads it
         * back canonical, which is an equal geometry). No infinities, no tiny values.
         */
        WKT_EXACT
    }

    private GeometryArbitraries() {}

    // -----------------------------------------------------------------------------------------
    // The model
    // -----------------------------------------------------------------------------------------

    /** A coordinate as {@code {x, y, z, m}}; NaN means absent. */
    private static final double[] EMPTY_POINT = new double[0];

    /** The content of a geometry: a shape and the SRID (of the top level or of a GC member). */
    public record Spec(Shape shape, int srid) {
        /** This spec with {@code srid}; members that had this spec's SRID follow it. */
        Spec withSrid(int newSrid) {
            if (shape instanceof CollectionShape c) {
                List<Spec> members = new ArrayList<>();
                for (Spec member : c.members()) {
                    members.add(member.srid() == srid ? member.withSrid(newSrid) : member);
                }
                return new Spec(new CollectionShape(members), newSrid);
            }
            return new Spec(shape, newSrid);
        }
    }

    /** The shape of a geometry, with its coordinate values. */
    public sealed interface Shape
            permits PointShape,
                    LineShape,
                    PolygonShape,
                    MultiPointShape,
                    MultiLineShape,
                    MultiPolygonShape,
                    CollectionShape {}

    /** A point; {@code coordinate} has length 0 for POINT EMPTY. */
    public record PointShape(double[] coordinate) implements Shape {}

    /** A line string or, with {@code ring}, a linear ring. */
    public record LineShape(List<double[]> coordinates, boolean ring) implements Shape {}

    /** A polygon: shell then holes; no rings for POLYGON EMPTY. */
    public record PolygonShape(List<List<double[]>> rings) implements Shape {}

    /** Members of length 0 are EMPTY points. */
    public record MultiPointShape(List<double[]> points) implements Shape {}

    public record MultiLineShape(List<List<double[]>> lines) implements Shape {}

    public record MultiPolygonShape(List<PolygonShape> polygons) implements Shape {}

    public record CollectionShape(List<Spec> members) implements Shape {}

    // -----------------------------------------------------------------------------------------
    // Values
    // -----------------------------------------------------------------------------------------

    /** NaN, mostly canonical, sometimes with another payload or sign. */
    public static Arbitrary<Double> nans() {
        List<Tuple.Tuple2<Integer, Double>> choices = new ArrayList<>();
        choices.add(Tuple.of(NON_CANONICAL_NANS.length * 3, Double.NaN));
        for (double nan : NON_CANONICAL_NANS) {
            choices.add(Tuple.of(1, nan));
        }
        return Arbitraries.frequency(choices);
    }

    /** Non-NaN ordinate values. */
    public static Arbitrary<Double> ordinates(Values values) {
        if (values == Values.WKT_EXACT) {
            return Arbitraries.frequencyOf(
                    Tuple.of(
                            8,
                            Arbitraries.integers()
                                    .between(-18_000_000, 18_000_000)
                                    .map(i -> i / 100_000.0)),
                    Tuple.of(
                            1,
                            Arbitraries.longs()
                                    .between(-(1L << 53), 1L << 53)
                                    .map(l -> (double) l)),
                    Tuple.of(
                            1,
                            Arbitraries.of(
                                    0.0,
                                    -0.0,
                                    1e300,
                                    -1e300,
                                    Double.MAX_VALUE,
                                    -Double.MAX_VALUE,
                                    123456789012345.0)));
        }
        return Arbitraries.frequencyOf(
                Tuple.of(
                        6,
                        Arbitraries.integers()
                                .between(-180_000_000, 180_000_000)
                                .map(i -> i / 1_000_000.0)),
                Tuple.of(
                        2,
                        Arbitraries.longs()
                                .map(Double::longBitsToDouble)
                                .filter(d -> !Double.isNaN(d))),
                Tuple.of(
                        2,
                        Arbitraries.of(
                                0.0,
                                -0.0,
                                Double.MAX_VALUE,
                                -Double.MAX_VALUE,
                                Double.MIN_VALUE,
                                -Double.MIN_VALUE,
                                Double.MIN_NORMAL,
                                1e300,
                                -1e-300,
                                Double.POSITIVE_INFINITY,
                                Double.NEGATIVE_INFINITY,
                                Math.PI)));
    }

    /** SRID 0 (often) or one in 1..16777215. */
    public static Arbitrary<Integer> srids() {
        return Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.just(0)),
                Tuple.of(3, Arbitraries.integers().between(1, 0xFFFFFF)),
                Tuple.of(2, Arbitraries.of(4326, 3857, 1, 0xFFFFFF, 0x10000, 0xFF)));
    }

    private enum Presence {
        NONE,
        SOME,
        ALL
    }

    /** How one geometry's coordinates look: Z and M presence, and whether X/Y may be NaN. */
    private record Dims(Presence z, Presence m, boolean nanXY, Values values) {}

    private static Arbitrary<Dims> dims(Values values) {
        Arbitrary<Presence> presence =
                Arbitraries.frequency(
                        Tuple.of(5, Presence.NONE),
                        Tuple.of(4, Presence.ALL),
                        Tuple.of(2, Presence.SOME));
        return Combinators.combine(
                        presence,
                        presence,
                        Arbitraries.frequency(Tuple.of(4, false), Tuple.of(1, true)))
                .as((z, m, nanXY) -> new Dims(z, m, nanXY, values));
    }

    private static Arbitrary<Double> ordinate(Presence presence, Values values) {
        switch (presence) {
            case NONE:
                return nans();
            case ALL:
                return ordinates(values);
            default:
                return Arbitraries.oneOf(ordinates(values), nans());
        }
    }

    private static Arbitrary<double[]> coordinate(Dims d, boolean xyMayBeNaN) {
        Arbitrary<Double> xy =
                xyMayBeNaN && d.nanXY()
                        ? Arbitraries.frequencyOf(
                                Tuple.of(4, ordinates(d.values())), Tuple.of(1, nans()))
                        : ordinates(d.values());
        return Combinators.combine(xy, xy, ordinate(d.z(), d.values()), ordinate(d.m(), d.values()))
                .as((x, y, z, m) -> new double[] {x, y, z, m});
    }

    private static Arbitrary<Integer> sizes(int min) {
        return Arbitraries.frequencyOf(
                Tuple.of(8, Arbitraries.integers().between(min, min + 4)),
                Tuple.of(1, Arbitraries.integers().between(16, 60)));
    }

    private static Arbitrary<List<double[]>> line(Dims d) {
        return sizes(2).flatMap(n -> coordinate(d, true).list().ofSize(n));
    }

    /** Closed rings of 3 (JTS's minimum: first, one more, closing) or more coordinates. */
    private static Arbitrary<List<double[]>> ring(Dims d) {
        return sizes(3).flatMap(
                        n ->
                                Combinators.combine(
                                                coordinate(d, false),
                                                coordinate(d, true).list().ofSize(n - 2),
                                                coordinate(d, false),
                                                Arbitraries.of(false, true),
                                                Arbitraries.of(false, true))
                                        .as(
                                                (first, middle, last, flipX, flipY) -> {
                                                    List<double[]> ring = new ArrayList<>();
                                                    ring.add(first);
                                                    ring.addAll(middle);
                                                    // Closed in X/Y (0.0 and -0.0 compare
                                                    // equal), with its own Z and M.
                                                    ring.add(
                                                            new double[] {
                                                                flipZero(first[0], flipX),
                                                                flipZero(first[1], flipY),
                                                                last[2],
                                                                last[3]
                                                            });
                                                    return ring;
                                                }));
    }

    private static double flipZero(double value, boolean flip) {
        return flip && value == 0.0 ? -value : value;
    }

    private static Arbitrary<PolygonShape> polygon(Dims d) {
        Arbitrary<List<double[]>> hole =
                Arbitraries.frequencyOf(
                        Tuple.of(8, ring(d)), Tuple.of(1, Arbitraries.just(List.of())));
        return Combinators.combine(ring(d), hole.list().ofMinSize(0).ofMaxSize(2))
                .as(
                        (shell, holes) -> {
                            List<List<double[]>> rings = new ArrayList<>();
                            rings.add(shell);
                            rings.addAll(holes);
                            return new PolygonShape(rings);
                        });
    }

    // -----------------------------------------------------------------------------------------
    // Shapes
    // -----------------------------------------------------------------------------------------

    public static Arbitrary<Shape> pointShapes(Values values) {
        return dims(values)
                .flatMap(
                        d ->
                                Arbitraries.frequencyOf(
                                        Tuple.of(1, Arbitraries.just(new PointShape(EMPTY_POINT))),
                                        Tuple.of(8, coordinate(d, true).map(PointShape::new))));
    }

    public static Arbitrary<Shape> lineStringShapes(Values values) {
        return dims(values)
                .flatMap(
                        d ->
                                Arbitraries.frequencyOf(
                                        Tuple.of(
                                                1,
                                                Arbitraries.just(new LineShape(List.of(), false))),
                                        Tuple.of(8, line(d).map(c -> new LineShape(c, false)))));
    }

    public static Arbitrary<Shape> linearRingShapes(Values values) {
        return dims(values)
                .flatMap(
                        d ->
                                Arbitraries.frequencyOf(
                                        Tuple.of(
                                                1,
                                                Arbitraries.just(new LineShape(List.of(), true))),
                                        Tuple.of(8, ring(d).map(c -> new LineShape(c, true)))));
    }

    public static Arbitrary<Shape> polygonShapes(Values values) {
        return dims(values)
                .flatMap(
                        d ->
                                Arbitraries.frequencyOf(
                                        Tuple.of(1, Arbitraries.just(new PolygonShape(List.of()))),
                                        Tuple.of(8, polygon(d))));
    }

    public static Arbitrary<Shape> multiPointShapes(Values values) {
        return dims(values)
                .flatMap(
                        d ->
                                Arbitraries.frequencyOf(
                                                Tuple.of(1, Arbitraries.just(EMPTY_POINT)),
                                                Tuple.of(5, coordinate(d, true)))
                                        .list()
                                        .ofMinSize(0)
                                        .ofMaxSize(5)
                                        .map(MultiPointShape::new));
    }

    public static Arbitrary<Shape> multiLineStringShapes(Values values) {
        return dims(values)
                .flatMap(
                        d ->
                                Arbitraries.frequencyOf(
                                                Tuple.of(1, Arbitraries.just(List.<double[]>of())),
                                                Tuple.of(6, line(d)))
                                        .list()
                                        .ofMinSize(0)
                                        .ofMaxSize(4)
                                        .map(MultiLineShape::new));
    }

    public static Arbitrary<Shape> multiPolygonShapes(Values values) {
        return dims(values)
                .flatMap(
                        d ->
                                Arbitraries.frequencyOf(
                                                Tuple.of(
                                                        1,
                                                        Arbitraries.just(
                                                                new PolygonShape(List.of()))),
                                                Tuple.of(5, polygon(d)))
                                        .list()
                                        .ofMinSize(0)
                                        .ofMaxSize(3)
                                        .map(MultiPolygonShape::new));
    }

    /** Every kind of EMPTY (declared dimensions vary with the representation). */
    public static Arbitrary<Shape> emptyShapes() {
        return Arbitraries.of(
                new PointShape(EMPTY_POINT),
                new LineShape(List.of(), false),
                new LineShape(List.of(), true),
                new PolygonShape(List.of()),
                new MultiPointShape(List.of()),
                new MultiLineShape(List.of()),
                new MultiPolygonShape(List.of()),
                new CollectionShape(List.of()));
    }

    private static Arbitrary<Shape> simpleShapes(Values values) {
        return Arbitraries.frequencyOf(
                Tuple.of(3, pointShapes(values)),
                Tuple.of(3, lineStringShapes(values)),
                Tuple.of(1, linearRingShapes(values)),
                Tuple.of(3, polygonShapes(values)),
                Tuple.of(2, multiPointShapes(values)),
                Tuple.of(2, multiLineStringShapes(values)),
                Tuple.of(2, multiPolygonShapes(values)),
                Tuple.of(1, emptyShapes()));
    }

    private static Arbitrary<Spec> simpleSpecs(Values values) {
        return Combinators.combine(simpleShapes(values), srids()).as(Spec::new);
    }

    /** Geometry collections nested up to {@code depth} levels (1 = members are not collections). */
    public static Arbitrary<Spec> collectionSpecs(Values values, int depth) {
        Arbitrary<Spec> member =
                depth <= 1
                        ? simpleSpecs(values)
                        : Arbitraries.frequencyOf(
                                Tuple.of(4, simpleSpecs(values)),
                                Tuple.of(1, collectionSpecs(values, depth - 1)));
        // A member usually has its parent's SRID (Sedona can only read those back), sometimes its
        // own.
        Arbitrary<Tuple.Tuple2<Spec, Boolean>> draft =
                Combinators.combine(
                                member,
                                Arbitraries.frequency(Tuple.of(3, true), Tuple.of(1, false)))
                        .as(Tuple::of);
        return Combinators.combine(srids(), draft.list().ofMinSize(0).ofMaxSize(4))
                .as(
                        (srid, drafts) -> {
                            List<Spec> members = new ArrayList<>();
                            for (Tuple.Tuple2<Spec, Boolean> d : drafts) {
                                members.add(d.get2() ? d.get1().withSrid(srid) : d.get1());
                            }
                            return new Spec(new CollectionShape(members), srid);
                        });
    }

    /** Specs of every type, collections nested up to 3 levels. */
    public static Arbitrary<Spec> specs(Values values) {
        // jqwik's edge cases of a frequencyOf are those of its first choices: mixed in, they
        // would make half the geometries points.
        return Arbitraries.frequencyOf(
                        Tuple.of(6, simpleSpecs(values)), Tuple.of(1, collectionSpecs(values, 3)))
                .withoutEdgeCases();
    }

    // -----------------------------------------------------------------------------------------
    // Geometries
    // -----------------------------------------------------------------------------------------

    /** Random geometries of every type with {@link Values#FULL} values, any representation. */
    public static Arbitrary<Geometry> geometries() {
        return geometries(Values.FULL);
    }

    public static Arbitrary<Geometry> geometries(Values values) {
        return Combinators.combine(specs(values), representations()).as(GeometryArbitraries::build);
    }

    /** Random geometries of one kind of shape, with {@link Values#FULL} values. */
    public static Arbitrary<Geometry> geometriesOf(Arbitrary<Shape> shapes) {
        return Combinators.combine(shapes, srids(), representations())
                .as((shape, srid, r) -> build(new Spec(shape, srid), r))
                .withoutEdgeCases();
    }

    public static Arbitrary<Geometry> points() {
        return geometriesOf(pointShapes(Values.FULL));
    }

    public static Arbitrary<Geometry> lineStrings() {
        return geometriesOf(lineStringShapes(Values.FULL));
    }

    public static Arbitrary<Geometry> linearRings() {
        return geometriesOf(linearRingShapes(Values.FULL));
    }

    public static Arbitrary<Geometry> polygons() {
        return geometriesOf(polygonShapes(Values.FULL));
    }

    public static Arbitrary<Geometry> multiPoints() {
        return geometriesOf(multiPointShapes(Values.FULL));
    }

    public static Arbitrary<Geometry> multiLineStrings() {
        return geometriesOf(multiLineStringShapes(Values.FULL));
    }

    public static Arbitrary<Geometry> multiPolygons() {
        return geometriesOf(multiPolygonShapes(Values.FULL));
    }

    public static Arbitrary<Geometry> collections() {
        return Combinators.combine(collectionSpecs(Values.FULL, 3), representations())
                .as(GeometryArbitraries::build)
                .withoutEdgeCases();
    }

    public static Arbitrary<Geometry> empties() {
        return geometriesOf(emptyShapes());
    }

    // -----------------------------------------------------------------------------------------
    // Representations
    // -----------------------------------------------------------------------------------------

    /** How coordinate sequences are built. */
    public enum SequenceStyle {
        /** {@code CoordinateArraySequence} of the smallest Coordinate class holding the values. */
        ARRAY_MINIMAL,
        /** {@code CoordinateArraySequence} declaring random extra Z and/or M (values NaN). */
        ARRAY_SUPERSET,
        /** {@code CoordinateArraySequence} of {@code CoordinateXYZM}, dimension 4, measures 1. */
        ARRAY_XYZM,
        /**
         * {@code new Coordinate(x, y[, z])} (dimension 3; {@code CoordinateXYZM} when M is needed),
         * dimension computed by JTS, as {@code new Coordinate(x, y)} code does.
         */
        ARRAY_JTS_DEFAULT,
        /** Per coordinate the smallest class for its own values; JTS computes the dimension. */
        ARRAY_MIXED,
        /** The factory's {@code CoordinateSequenceFactory.create(Coordinate[])}. */
        VIA_FACTORY,
        /** {@code PackedCoordinateSequence.Double} of the smallest dimension holding the values. */
        PACKED_MINIMAL,
        /** {@code PackedCoordinateSequence.Double} declaring random extra Z and/or M. */
        PACKED_SUPERSET,
        /** {@code PackedCoordinateSequence.Double}, dimension 4, measures 1. */
        PACKED_XYZM
    }

    /** Geometry factories that differ in everything but content. */
    public enum FactoryKind {
        DEFAULT(new GeometryFactory()),
        FIXED_PRECISION_SRID_4326(new GeometryFactory(new PrecisionModel(1000.0), 4326)),
        FLOATING_SINGLE_PACKED_SRID_3857(
                new GeometryFactory(
                        new PrecisionModel(PrecisionModel.FLOATING_SINGLE),
                        3857,
                        PackedCoordinateSequenceFactory.DOUBLE_FACTORY)),
        PACKED(new GeometryFactory(PackedCoordinateSequenceFactory.DOUBLE_FACTORY));

        private final GeometryFactory factory;

        FactoryKind(GeometryFactory factory) {
            this.factory = factory;
        }

        public GeometryFactory factory() {
            return factory;
        }
    }

    /**
     * One way to build a geometry's content as JTS objects. {@code seed} drives the choices that
     * must not matter: extra declared dimensions, SRIDs of Multi* members (not content), NaN
     * payloads (with {@code nanPayloads}), a cached envelope and user data.
     */
    public record Representation(
            SequenceStyle style, FactoryKind factory, boolean nanPayloads, long seed) {}

    public static Arbitrary<Representation> representations() {
        return Combinators.combine(
                        Arbitraries.of(SequenceStyle.class),
                        Arbitraries.of(FactoryKind.class),
                        Arbitraries.of(false, true),
                        Arbitraries.longs())
                .as(Representation::new);
    }

    /** The plain representation: ARRAY_MINIMAL sequences, default factory. */
    public static final Representation PLAIN =
            new Representation(SequenceStyle.ARRAY_MINIMAL, FactoryKind.DEFAULT, false, 0);

    /** Builds the JTS geometry of {@code spec} in representation {@code r}. */
    public static Geometry build(Spec spec, Representation r) {
        return new Builder(r).build(spec);
    }

    /** The same content as {@code geometry}, built again in representation {@code r}. */
    public static Geometry rebuild(Geometry geometry, Representation r) {
        return build(specOf(geometry), r);
    }

    /**
     * The content of a geometry: values read through {@code getX/getY/getZ/getM} (NaN where a
     * sequence has no Z or M), the SRID of the top level and of every GeometryCollection member.
     */
    public static Spec specOf(Geometry g) {
        return new Spec(shapeOf(g), g.getSRID());
    }

    private static Shape shapeOf(Geometry g) {
        if (g instanceof Point p) {
            List<double[]> c = values(p.getCoordinateSequence());
            return new PointShape(c.isEmpty() ? EMPTY_POINT : c.get(0));
        } else if (g instanceof LineString l) {
            return new LineShape(values(l.getCoordinateSequence()), g instanceof LinearRing);
        } else if (g instanceof Polygon p) {
            return polygonShape(p);
        } else if (g instanceof MultiPoint) {
            List<double[]> points = new ArrayList<>();
            for (int i = 0; i < g.getNumGeometries(); i++) {
                List<double[]> c = values(((Point) g.getGeometryN(i)).getCoordinateSequence());
                points.add(c.isEmpty() ? EMPTY_POINT : c.get(0));
            }
            return new MultiPointShape(points);
        } else if (g instanceof MultiLineString) {
            List<List<double[]>> lines = new ArrayList<>();
            for (int i = 0; i < g.getNumGeometries(); i++) {
                lines.add(values(((LineString) g.getGeometryN(i)).getCoordinateSequence()));
            }
            return new MultiLineShape(lines);
        } else if (g instanceof MultiPolygon) {
            List<PolygonShape> polygons = new ArrayList<>();
            for (int i = 0; i < g.getNumGeometries(); i++) {
                polygons.add(polygonShape((Polygon) g.getGeometryN(i)));
            }
            return new MultiPolygonShape(polygons);
        } else if (g instanceof GeometryCollection) {
            List<Spec> members = new ArrayList<>();
            for (int i = 0; i < g.getNumGeometries(); i++) {
                members.add(specOf(g.getGeometryN(i)));
            }
            return new CollectionShape(members);
        }
        throw new IllegalArgumentException("unexpected geometry " + g.getClass());
    }

    private static PolygonShape polygonShape(Polygon p) {
        List<List<double[]>> rings = new ArrayList<>();
        if (!p.getExteriorRing().isEmpty()) {
            rings.add(values(p.getExteriorRing().getCoordinateSequence()));
            for (int i = 0; i < p.getNumInteriorRing(); i++) {
                rings.add(values(p.getInteriorRingN(i).getCoordinateSequence()));
            }
        }
        return new PolygonShape(rings);
    }

    private static List<double[]> values(CoordinateSequence s) {
        List<double[]> values = new ArrayList<>(s.size());
        for (int i = 0; i < s.size(); i++) {
            values.add(new double[] {s.getX(i), s.getY(i), s.getZ(i), s.getM(i)});
        }
        return values;
    }

    /** Builds JTS objects for one representation; its choices are seeded. */
    private static final class Builder {
        final Representation r;
        final GeometryFactory factory;
        final Random random;

        Builder(Representation r) {
            this.r = r;
            this.factory = r.factory().factory();
            this.random = new Random(r.seed());
        }

        Geometry build(Spec spec) {
            Geometry g = shape(spec.shape());
            g.setSRID(spec.srid());
            switch (random.nextInt(4)) {
                case 0:
                    g.getEnvelopeInternal(); // a cached envelope must not matter
                    break;
                case 1:
                    g.setUserData("user data " + random.nextInt());
                    break;
                default:
                    break;
            }
            return g;
        }

        Geometry shape(Shape shape) {
            if (shape instanceof PointShape p) {
                return point(p.coordinate());
            } else if (shape instanceof LineShape l) {
                CoordinateSequence s = sequence(l.coordinates());
                return l.ring() ? factory.createLinearRing(s) : factory.createLineString(s);
            } else if (shape instanceof PolygonShape p) {
                return polygon(p);
            } else if (shape instanceof MultiPointShape mp) {
                Point[] points = new Point[mp.points().size()];
                for (int i = 0; i < points.length; i++) {
                    points[i] = member(point(mp.points().get(i)));
                }
                return factory.createMultiPoint(points);
            } else if (shape instanceof MultiLineShape ml) {
                LineString[] lines = new LineString[ml.lines().size()];
                for (int i = 0; i < lines.length; i++) {
                    lines[i] = member(factory.createLineString(sequence(ml.lines().get(i))));
                }
                return factory.createMultiLineString(lines);
            } else if (shape instanceof MultiPolygonShape mp) {
                Polygon[] polygons = new Polygon[mp.polygons().size()];
                for (int i = 0; i < polygons.length; i++) {
                    polygons[i] = member(polygon(mp.polygons().get(i)));
                }
                return factory.createMultiPolygon(polygons);
            }
            CollectionShape c = (CollectionShape) shape;
            Geometry[] members = new Geometry[c.members().size()];
            for (int i = 0; i < members.length; i++) {
                members[i] = build(c.members().get(i));
            }
            return factory.createGeometryCollection(members);
        }

        /** A Multi* member: its SRID is not content; give it a random one. */
        <G extends Geometry> G member(G g) {
            switch (random.nextInt(3)) {
                case 0:
                    g.setSRID(random.nextInt());
                    break;
                case 1:
                    g.setSRID(0);
                    break;
                default:
                    break; // the factory's
            }
            return g;
        }

        Point point(double[] coordinate) {
            return factory.createPoint(
                    sequence(coordinate.length == 0 ? List.of() : List.of(coordinate)));
        }

        Polygon polygon(PolygonShape p) {
            if (p.rings().isEmpty()) {
                return factory.createPolygon(factory.createLinearRing(sequence(List.of())));
            }
            LinearRing shell = factory.createLinearRing(sequence(p.rings().get(0)));
            LinearRing[] holes = new LinearRing[p.rings().size() - 1];
            for (int i = 0; i < holes.length; i++) {
                holes[i] = factory.createLinearRing(sequence(p.rings().get(i + 1)));
            }
            return factory.createPolygon(shell, holes);
        }

        double value(double v) {
            if (r.nanPayloads() && Double.isNaN(v)) {
                int pick = random.nextInt(NON_CANONICAL_NANS.length + 1);
                return pick == NON_CANONICAL_NANS.length ? Double.NaN : NON_CANONICAL_NANS[pick];
            }
            return v;
        }

        CoordinateSequence sequence(List<double[]> input) {
            List<double[]> coords = new ArrayList<>(input.size());
            boolean needZ = false;
            boolean needM = false;
            for (double[] c : input) {
                double[] v = {value(c[0]), value(c[1]), value(c[2]), value(c[3])};
                coords.add(v);
                needZ |= !Double.isNaN(v[2]);
                needM |= !Double.isNaN(v[3]);
            }
            int n = coords.size();
            switch (r.style()) {
                case ARRAY_MINIMAL:
                    return array(coords, needZ, needM);
                case ARRAY_SUPERSET:
                    return array(
                            coords, needZ || random.nextBoolean(), needM || random.nextBoolean());
                case ARRAY_XYZM:
                    return array(coords, true, true);
                case ARRAY_JTS_DEFAULT:
                    {
                        Coordinate[] array = new Coordinate[n];
                        for (int i = 0; i < n; i++) {
                            double[] c = coords.get(i);
                            array[i] =
                                    needM
                                            ? new CoordinateXYZM(c[0], c[1], c[2], c[3])
                                            : new Coordinate(c[0], c[1], c[2]);
                        }
                        return new CoordinateArraySequence(array);
                    }
                case ARRAY_MIXED:
                    {
                        Coordinate[] array = new Coordinate[n];
                        boolean hasXYZM = false;
                        for (int i = 0; i < n; i++) {
                            double[] c = coords.get(i);
                            array[i] = coordinate(c, !Double.isNaN(c[2]), !Double.isNaN(c[3]));
                            hasXYZM |= array[i] instanceof CoordinateXYZM;
                        }
                        // JTS takes the largest dimension and measures of the array: Coordinate
                        // and CoordinateXYM alone would make an XYM sequence and hide the Z.
                        if (needZ && needM && !hasXYZM) {
                            array[0] = coordinate(coords.get(0), true, true);
                        }
                        return new CoordinateArraySequence(array);
                    }
                case VIA_FACTORY:
                    {
                        Coordinate[] array = new Coordinate[n];
                        for (int i = 0; i < n; i++) {
                            array[i] = coordinate(coords.get(i), needZ, needM);
                        }
                        return factory.getCoordinateSequenceFactory().create(array);
                    }
                case PACKED_MINIMAL:
                    return packed(coords, needZ, needM);
                case PACKED_SUPERSET:
                    return packed(
                            coords, needZ || random.nextBoolean(), needM || random.nextBoolean());
                default:
                    return packed(coords, true, true);
            }
        }

        static Coordinate coordinate(double[] c, boolean z, boolean m) {
            if (z && m) {
                return new CoordinateXYZM(c[0], c[1], c[2], c[3]);
            } else if (z) {
                return new Coordinate(c[0], c[1], c[2]);
            } else if (m) {
                return new CoordinateXYM(c[0], c[1], c[3]);
            }
            return new CoordinateXY(c[0], c[1]);
        }

        static CoordinateSequence array(List<double[]> coords, boolean z, boolean m) {
            Coordinate[] array = new Coordinate[coords.size()];
            for (int i = 0; i < array.length; i++) {
                array[i] = coordinate(coords.get(i), z, m);
            }
            return new CoordinateArraySequence(array, 2 + (z ? 1 : 0) + (m ? 1 : 0), m ? 1 : 0);
        }

        static CoordinateSequence packed(List<double[]> coords, boolean z, boolean m) {
            int dimension = 2 + (z ? 1 : 0) + (m ? 1 : 0);
            double[] raw = new double[coords.size() * dimension];
            int k = 0;
            for (double[] c : coords) {
                raw[k++] = c[0];
                raw[k++] = c[1];
                if (z) {
                    raw[k++] = c[2];
                }
                if (m) {
                    raw[k++] = c[3];
                }
            }
            return new PackedCoordinateSequence.Double(raw, dimension, m ? 1 : 0);
        }
    }

    // -----------------------------------------------------------------------------------------
    // WKT
    // -----------------------------------------------------------------------------------------

    /**
     * The geometry written by {@link WKTWriter} (all of X, Y, Z, M allowed: the writer keeps Z and
     * M where some value is not NaN) and read back by {@link WKTReader} with the old JTS coordinate
     * syntax allowed or not, into a floating-precision factory with array or packed sequences. WKT
     * has no SRID: the SRIDs that are content (the top level, GeometryCollection members) are set
     * again from {@code geometry}.
     *
     * <p>Only exact for {@link Values#WKT_EXACT} values (the writer rounds to 16 fraction digits
     * and writes infinities as {@code Inf}, which the reader rejects).
     */
    public static Geometry viaWkt(Geometry geometry, boolean oldSyntaxAllowed, boolean packed) {
        WKTWriter writer = new WKTWriter(4);
        writer.setOutputOrdinates(Ordinate.createXYZM());
        // The writer formats with the geometry's precision model; write from a floating one.
        String wkt = writer.write(rebuild(geometry, PLAIN));
        // JTS 1.20 writes an empty multi geometry with Z or M as "MULTIPOINT ZEMPTY", which its
        // reader rejects; put the space back.
        wkt = wkt.replaceAll("(?<=[ZM])EMPTY", " EMPTY");
        WKTReader reader =
                new WKTReader(
                        packed ? FactoryKind.PACKED.factory() : FactoryKind.DEFAULT.factory());
        reader.setIsOldJtsCoordinateSyntaxAllowed(oldSyntaxAllowed);
        Geometry read;
        try {
            read = reader.read(wkt);
        } catch (ParseException e) {
            throw new IllegalStateException("JTS cannot read its own WKT: " + wkt, e);
        }
        copySrids(geometry, read);
        return read;
    }

    private static void copySrids(Geometry from, Geometry to) {
        to.setSRID(from.getSRID());
        if (from instanceof GeometryCollection
                && !(from instanceof MultiPoint)
                && !(from instanceof MultiLineString)
                && !(from instanceof MultiPolygon)) {
            for (int i = 0; i < from.getNumGeometries(); i++) {
                copySrids(from.getGeometryN(i), to.getGeometryN(i));
            }
        }
    }
}
