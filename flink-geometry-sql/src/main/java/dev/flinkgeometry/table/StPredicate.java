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

import static dev.flinkgeometry.table.GeometryDataTypes.geometry;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.DataTypes;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.IntersectionMatrix;
import org.locationtech.jts.geom.Polygonal;
import org.locationtech.jts.geom.Puntal;
import org.locationtech.jts.operation.relate.RelateOp;

/**
 * The spatial predicates of PostGIS: {@code ST_Contains}, {@code ST_Within}, {@code ST_Intersects},
 * {@code ST_Covers}, {@code ST_CoveredBy}, {@code ST_Disjoint}, {@code ST_Equals}, {@code
 * ST_Touches}, {@code ST_Crosses}, {@code ST_Overlaps}, each {@code (geometry, geometry)}: the
 * DE-9IM relation JTS computes (the algorithm of GEOS, which PostGIS calls), except between a
 * (multi)polygon and a (multi)point, which PostGIS decides without GEOS and so do we ({@link
 * PointInPolygon}); a {@code GEOMETRYCOLLECTION} argument through the same {@link RelateOp}, which
 * reads collections as GEOS does (JTS's {@code Geometry} methods refuse them, and JTS 1.20.0's
 * RelateNG places an isolated point of a collection wrongly). Mixed SRIDs are refused, as in
 * PostGIS. An empty argument makes every predicate false but {@code ST_Disjoint} (true) and {@code
 * ST_Equals} (true when both are empty).
 */
@Internal
public final class StPredicate extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    /** The predicates, by SQL name. */
    enum Predicate {
        CONTAINS("ST_Contains") {
            @Override
            boolean test(Geometry a, Geometry b) {
                return a.contains(b);
            }

            @Override
            Boolean pointInPolygon(Geometry a, Geometry b, PolygonIndexCache zones) {
                return isPolygonal(a) && isPuntal(b) ? PointsInPolygon.contains(a, b, zones) : null;
            }

            @Override
            boolean leftOutByBox(Geometry a, Geometry b) {
                return PostgisBox.leavesOut(a, b);
            }

            @Override
            boolean matches(IntersectionMatrix im, Geometry a, Geometry b) {
                return im.isContains();
            }
        },
        WITHIN("ST_Within") {
            @Override
            boolean test(Geometry a, Geometry b) {
                return a.within(b);
            }

            @Override
            Boolean pointInPolygon(Geometry a, Geometry b, PolygonIndexCache zones) {
                return isPuntal(a) && isPolygonal(b) ? PointsInPolygon.contains(b, a, zones) : null;
            }

            @Override
            boolean leftOutByBox(Geometry a, Geometry b) {
                return PostgisBox.leavesOut(b, a);
            }

            @Override
            boolean matches(IntersectionMatrix im, Geometry a, Geometry b) {
                return im.isWithin();
            }
        },
        INTERSECTS("ST_Intersects") {
            @Override
            boolean test(Geometry a, Geometry b) {
                return a.intersects(b);
            }

            @Override
            Boolean pointInPolygon(Geometry a, Geometry b, PolygonIndexCache zones) {
                if (isPolygonal(a) && isPuntal(b)) {
                    return PointsInPolygon.intersects(a, b, zones);
                }
                return isPuntal(a) && isPolygonal(b)
                        ? PointsInPolygon.intersects(b, a, zones)
                        : null;
            }

            @Override
            boolean leftOutByBox(Geometry a, Geometry b) {
                return PostgisBox.leavesOut(a, b) || PostgisBox.leavesOut(b, a);
            }

            @Override
            boolean matches(IntersectionMatrix im, Geometry a, Geometry b) {
                return im.isIntersects();
            }
        },
        COVERS("ST_Covers") {
            @Override
            boolean test(Geometry a, Geometry b) {
                return a.covers(b);
            }

            @Override
            Boolean pointInPolygon(Geometry a, Geometry b, PolygonIndexCache zones) {
                return isPolygonal(a) && isPuntal(b) ? PointsInPolygon.covers(a, b, zones) : null;
            }

            @Override
            boolean leftOutByBox(Geometry a, Geometry b) {
                return PostgisBox.leavesOut(a, b);
            }

            @Override
            boolean matches(IntersectionMatrix im, Geometry a, Geometry b) {
                return im.isCovers();
            }

            @Override
            boolean emptyBeforeSrid() {
                return true; // PostGIS's ST_Covers answers false for an empty before it compares
                // SRIDs
            }
        },
        COVERED_BY("ST_CoveredBy") {
            @Override
            boolean test(Geometry a, Geometry b) {
                return a.coveredBy(b);
            }

            @Override
            Boolean pointInPolygon(Geometry a, Geometry b, PolygonIndexCache zones) {
                return isPuntal(a) && isPolygonal(b) ? PointsInPolygon.covers(b, a, zones) : null;
            }

            @Override
            boolean leftOutByBox(Geometry a, Geometry b) {
                return PostgisBox.leavesOut(b, a);
            }

            @Override
            boolean matches(IntersectionMatrix im, Geometry a, Geometry b) {
                return im.isCoveredBy();
            }
        },
        CONTAINS_PROPERLY("ST_ContainsProperly") {
            @Override
            boolean test(Geometry a, Geometry b) {
                return a.relate(b, "T**FF*FF*");
            }

            @Override
            boolean leftOutByBox(Geometry a, Geometry b) {
                return PostgisBox.leavesOut(a, b);
            }

            @Override
            boolean matches(IntersectionMatrix im, Geometry a, Geometry b) {
                return im.matches("T**FF*FF*");
            }
        },
        DISJOINT("ST_Disjoint") {
            @Override
            boolean test(Geometry a, Geometry b) {
                return a.disjoint(b);
            }

            @Override
            boolean matches(IntersectionMatrix im, Geometry a, Geometry b) {
                return im.isDisjoint();
            }

            @Override
            boolean ifEmpty(Geometry a, Geometry b) {
                return true;
            }
        },
        EQUALS("ST_Equals") {
            @Override
            boolean test(Geometry a, Geometry b) {
                // PostGIS answers true for equal bytes before it asks GEOS (even when invalid)
                return a.equalsExact(b) || a.equalsTopo(b);
            }

            @Override
            boolean matches(IntersectionMatrix im, Geometry a, Geometry b) {
                return im.isEquals(a.getDimension(), b.getDimension());
            }

            @Override
            boolean ifEmpty(Geometry a, Geometry b) {
                return a.isEmpty() && b.isEmpty();
            }
        },
        TOUCHES("ST_Touches") {
            @Override
            boolean test(Geometry a, Geometry b) {
                return a.touches(b);
            }

            @Override
            boolean matches(IntersectionMatrix im, Geometry a, Geometry b) {
                return im.isTouches(a.getDimension(), b.getDimension());
            }
        },
        CROSSES("ST_Crosses") {
            @Override
            boolean test(Geometry a, Geometry b) {
                return a.crosses(b);
            }

            @Override
            boolean matches(IntersectionMatrix im, Geometry a, Geometry b) {
                return im.isCrosses(a.getDimension(), b.getDimension());
            }
        },
        OVERLAPS("ST_Overlaps") {
            @Override
            boolean test(Geometry a, Geometry b) {
                return a.overlaps(b);
            }

            @Override
            boolean matches(IntersectionMatrix im, Geometry a, Geometry b) {
                return im.isOverlaps(a.getDimension(), b.getDimension());
            }
        };

        final String sqlName;

        Predicate(String sqlName) {
            this.sqlName = sqlName;
        }

        /** The classic relate, as GEOS computes it; no {@code GEOMETRYCOLLECTION} argument. */
        abstract boolean test(Geometry a, Geometry b);

        /** The same predicate on the intersection matrix of {@code a} and {@code b}. */
        abstract boolean matches(IntersectionMatrix im, Geometry a, Geometry b);

        /**
         * PostGIS's answer without GEOS, where it has one: between a (multi)polygon and a
         * (multi)point, by {@link PointInPolygon}; otherwise {@code null}.
         */
        Boolean pointInPolygon(Geometry a, Geometry b, PolygonIndexCache zones) {
            return null;
        }

        /**
         * Whether the answer is false by PostGIS's box test alone, between a polygon and a point of
         * the same SRID (the usual pair of a geofence, and mostly far apart): decided before
         * anything else of the zone is read.
         */
        boolean leftOutByBox(Geometry a, Geometry b) {
            return false;
        }

        /** The result when {@code a} or {@code b} is empty. */
        boolean ifEmpty(Geometry a, Geometry b) {
            return false;
        }

        boolean emptyBeforeSrid() {
            return false;
        }
    }

    private final Predicate predicate;

    /** The indexed rings of the polygons this instance met lately (a join's zones). */
    private transient PolygonIndexCache zones;

    StPredicate(Predicate predicate) {
        super(DataTypes.BOOLEAN(), args(geometry(), geometry()));
        this.predicate = predicate;
    }

    @Override
    String name() {
        return predicate.sqlName;
    }

    public Boolean eval(Geometry a, Geometry b) {
        if (a == null || b == null) {
            return null;
        }
        if (predicate.leftOutByBox(a, b)) {
            return false;
        }
        boolean empty = a.isEmpty() || b.isEmpty();
        if (empty && predicate.emptyBeforeSrid()) {
            return predicate.ifEmpty(a, b);
        }
        SameSrid.require(name(), a, b);
        if (empty) {
            return predicate.ifEmpty(a, b);
        }
        if (zones == null) {
            zones = new PolygonIndexCache();
        }
        Boolean withoutGeos = predicate.pointInPolygon(a, b, zones);
        if (withoutGeos != null) {
            return withoutGeos;
        }
        if (isCollection(a) || isCollection(b)) {
            if (!a.getEnvelopeInternal().intersects(b.getEnvelopeInternal())) {
                // RelateOp asks a collection for its boundary here, which JTS refuses
                return predicate == Predicate.DISJOINT;
            }
            return predicate.matches(RelateOp.relate(a, b), a, b);
        }
        return predicate.test(a, b);
    }

    static boolean isPolygonal(Geometry geometry) {
        return geometry instanceof Polygonal;
    }

    static boolean isPuntal(Geometry geometry) {
        return geometry instanceof Puntal;
    }

    /** A {@code GEOMETRYCOLLECTION} (not a multi-geometry, which the classic relate takes). */
    private static boolean isCollection(Geometry geometry) {
        return Geometry.TYPENAME_GEOMETRYCOLLECTION.equals(geometry.getGeometryType());
    }
}
