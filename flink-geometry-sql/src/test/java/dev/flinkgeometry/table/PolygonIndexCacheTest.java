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

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.testing.NaturalEarth;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.Polygonal;

/**
 * {@link PolygonIndexCache} and the banded rings it holds: the same answers as reading every
 * segment, a bound on entries and on weight, and no stale answer after a zone is updated or changed
 * in place.
 */
class PolygonIndexCacheTest {
    private static final GeometryFactory FACTORY = new GeometryFactory();

    /**
     * Every Natural Earth country against the cities, its own vertices, the middles of its edges
     * and random points of its box: the banded index answers exactly as the ring read segment by
     * segment.
     */
    @Test
    void bandedRingsAnswerAsEverySegmentDoes() {
        List<Geometry> cities = NaturalEarth.load("natural-earth-cities.wkt");
        Random random = new Random(29);
        int[] byLocation = new int[3];
        int compared = 0;
        for (Geometry country : NaturalEarth.load("natural-earth-countries-110m.wkt")) {
            PointInPolygon plain = PointInPolygon.of(country);
            PointInPolygon banded = PointInPolygon.indexed(country);
            List<double[]> points = new ArrayList<>();
            for (Geometry city : cities) {
                points.add(new double[] {city.getCoordinate().x, city.getCoordinate().y});
            }
            Coordinate[] vertices = country.getCoordinates();
            for (int i = 0; i + 1 < vertices.length; i++) {
                points.add(new double[] {vertices[i].x, vertices[i].y});
                points.add(
                        new double[] {
                            (vertices[i].x + vertices[i + 1].x) / 2,
                            (vertices[i].y + vertices[i + 1].y) / 2
                        });
            }
            Envelope box = country.getEnvelopeInternal();
            for (int i = 0; i < 200; i++) {
                points.add(
                        new double[] {
                            box.getMinX() + random.nextDouble() * box.getWidth(),
                            box.getMinY() + random.nextDouble() * box.getHeight()
                        });
            }
            for (double[] p : points) {
                int expected = plain.locate(p[0], p[1]);
                assertThat(banded.locate(p[0], p[1]))
                        .as("%s at %s %s", country.getGeometryType(), p[0], p[1])
                        .isEqualTo(expected);
                byLocation[expected + 1]++;
                compared++;
            }
        }
        assertThat(compared).isGreaterThan(250_000);
        // every answer occurs many times: outside, on the boundary (the vertices), inside
        for (int count : byLocation) {
            assertThat(count).isGreaterThan(5_000);
        }
    }

    /** A zone object is indexed the second time it is met; the index is then reused. */
    @Test
    void indexesAZoneObjectTheSecondTimeItIsMet() {
        PolygonIndexCache cache = new PolygonIndexCache();
        Geometry zone = square(0, 0, 10, 40);
        PointInPolygon first = cache.get(zone);
        PointInPolygon second = cache.get(zone);
        assertThat(second).isNotSameAs(first);
        assertThat(cache.get(zone)).as("a hit").isSameAs(second);
        assertThat(cache.weight()).isPositive();
        assertThat(second.locate(5, 5)).isEqualTo(PointInPolygon.INSIDE);
        assertThat(second.locate(15, 5)).isEqualTo(PointInPolygon.OUTSIDE);
    }

    @Test
    void holdsAtMostItsNumberOfEntriesLeastRecentlyUsedFirstOut() {
        PolygonIndexCache cache = new PolygonIndexCache(4, Long.MAX_VALUE);
        List<Geometry> zones = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            zones.add(square(i * 100, 0, 10, 40));
        }
        cache.get(zones.get(0));
        PointInPolygon first = cache.get(zones.get(0));
        for (int i = 1; i < 4; i++) {
            cache.get(zones.get(i));
            cache.get(zones.get(i));
        }
        assertThat(cache.get(zones.get(0))).as("a hit").isSameAs(first);
        for (int i = 4; i < 10; i++) {
            cache.get(zones.get(i));
            cache.get(zones.get(i));
            assertThat(cache.size()).isLessThanOrEqualTo(4);
        }
        assertThat(cache.size()).isEqualTo(4);
        assertThat(cache.get(zones.get(0))).as("evicted").isNotSameAs(first);
        PointInPolygon last = cache.get(zones.get(9));
        assertThat(cache.get(zones.get(9))).isSameAs(last);
    }

    @Test
    void holdsAtMostItsWeightAndKeepsNoIndexHeavierThanThat() {
        long bound = 20_000;
        PolygonIndexCache cache = new PolygonIndexCache(1_000, bound);
        for (int i = 0; i < 50; i++) {
            Geometry zone = square(i * 100, 0, 10, 40);
            cache.get(zone);
            cache.get(zone);
            assertThat(cache.weight()).isLessThanOrEqualTo(bound);
        }
        assertThat(cache.weight()).isGreaterThan(bound / 2);
        Geometry heavy = square(0, 0, 10, 4_000);
        cache.get(heavy);
        PointInPolygon index = cache.get(heavy);
        assertThat(index.locate(5, 5)).isEqualTo(PointInPolygon.INSIDE);
        assertThat(cache.weight()).isLessThanOrEqualTo(bound);
        assertThat(cache.get(heavy)).as("not kept").isNotSameAs(index);
    }

    /**
     * Where every access gives a new object (RocksDB deserializes state on each), the entries hold
     * polygons that state no longer does: their points count towards the bound.
     */
    @Test
    void thePolygonsHeldCountTowardsTheBound() {
        long bound = 20_000;
        PolygonIndexCache cache = new PolygonIndexCache(1_000, bound);
        Geometry zone = square(0, 0, 10, 40);
        long perZone = (long) zone.getNumPoints() * PolygonIndexCache.POINT_WEIGHT;
        for (int i = 0; i < 50; i++) {
            Geometry deserialized = zone.copy();
            assertThat(cache.get(deserialized).locate(5, 5)).isEqualTo(PointInPolygon.INSIDE);
            assertThat(cache.weight()).isLessThanOrEqualTo(bound);
        }
        assertThat(cache.weight()).isEqualTo(cache.size() * perZone);
        assertThat(cache.size()).isPositive().isLessThanOrEqualTo((int) (bound / perZone));
    }

    @Test
    void aPolygonHeavierThanTheBoundIsNeverHeld() {
        PolygonIndexCache cache = new PolygonIndexCache(1_000, 20_000);
        Geometry heavy = square(0, 0, 10, 4_000);
        for (int i = 0; i < 3; i++) {
            assertThat(cache.get(heavy).locate(5, 5)).isEqualTo(PointInPolygon.INSIDE);
            assertThat(cache.get(heavy).locate(15, 5)).isEqualTo(PointInPolygon.OUTSIDE);
        }
        assertThat(cache.size()).isZero();
        assertThat(cache.weight()).isZero();
    }

    /** A zone updated in a changelog is a new object: never the old shape's entry. */
    @Test
    void anUpdatedZoneNeverMeetsTheEntryOfItsOldShape() {
        PolygonIndexCache cache = new PolygonIndexCache();
        Geometry before = square(0, 0, 10, 40);
        Geometry after = square(20, 0, 10, 40);
        cache.get(before);
        assertThat(cache.get(before).locate(5, 5)).isEqualTo(PointInPolygon.INSIDE);
        for (int i = 0; i < 3; i++) {
            assertThat(cache.get(after).locate(5, 5)).isEqualTo(PointInPolygon.OUTSIDE);
            assertThat(cache.get(after).locate(25, 5)).isEqualTo(PointInPolygon.INSIDE);
        }
    }

    /**
     * The same object moved in place (outside Flink's contract for objects from state, but JTS
     * allows it with geometryChanged): its new box does not meet the old entry.
     */
    @Test
    void aZoneChangedInPlaceIsIndexedAgain() {
        PolygonIndexCache cache = new PolygonIndexCache();
        Polygon zone = (Polygon) square(0, 0, 10, 40);
        cache.get(zone);
        PointInPolygon indexed = cache.get(zone);
        assertThat(indexed.locate(5, 5)).isEqualTo(PointInPolygon.INSIDE);
        CoordinateSequence shell = zone.getExteriorRing().getCoordinateSequence();
        for (int i = 0; i < shell.size(); i++) {
            shell.setOrdinate(i, CoordinateSequence.X, shell.getX(i) + 20);
        }
        zone.geometryChanged();
        for (int i = 0; i < 3; i++) {
            assertThat(cache.get(zone)).isNotSameAs(indexed);
            assertThat(cache.get(zone).locate(5, 5)).isEqualTo(PointInPolygon.OUTSIDE);
            assertThat(cache.get(zone).locate(25, 5)).isEqualTo(PointInPolygon.INSIDE);
        }
    }

    @Test
    void smallPolygonsAreReadDirectly() {
        PolygonIndexCache cache = new PolygonIndexCache();
        Geometry small = square(0, 0, 10, 2);
        assertThat(small.getNumPoints()).isLessThan(PolygonIndexCache.MIN_POINTS);
        assertThat(cache.get(small).locate(5, 5)).isEqualTo(PointInPolygon.INSIDE);
        assertThat(cache.get(small).locate(5, 5)).isEqualTo(PointInPolygon.INSIDE);
        assertThat(cache.size()).isZero();
    }

    /**
     * A square with its lower-left corner at {@code (x, y)}, side {@code side}, and {@code perSide}
     * points on each side.
     */
    private static Geometry square(double x, double y, double side, int perSide) {
        List<Coordinate> ring = new ArrayList<>();
        double[][] corners = {{x, y}, {x + side, y}, {x + side, y + side}, {x, y + side}};
        for (int c = 0; c < 4; c++) {
            double[] from = corners[c];
            double[] to = corners[(c + 1) % 4];
            for (int i = 0; i < perSide; i++) {
                double t = (double) i / perSide;
                ring.add(
                        new Coordinate(
                                from[0] + t * (to[0] - from[0]), from[1] + t * (to[1] - from[1])));
            }
        }
        ring.add(ring.get(0).copy());
        Geometry polygon = FACTORY.createPolygon(ring.toArray(new Coordinate[0]));
        assertThat(polygon).isInstanceOf(Polygonal.class);
        return polygon;
    }
}
