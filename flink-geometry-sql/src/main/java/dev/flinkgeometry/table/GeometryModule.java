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

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.functions.FunctionDefinition;
import org.apache.flink.table.module.Module;

/**
 * PostGIS's SQL functions for a geometry column ({@link GeometryDataTypes#geometry()}, a {@code
 * RAW} type backed by {@code GeometrySerializer}): conversions to and from WKT, WKB, EWKB, TWKB and
 * GeoJSON, points from numbers, accessors, bounding boxes, the predicates and measures of a
 * geofence, and the aggregates {@code ST_Collect}, {@code ST_Union}, {@code ST_Extent} and {@code
 * ST_MakeLine}. Each follows PostGIS 3.3 (names, argument order, NULL handling, SRID rules).
 *
 * <pre>{@code
 * LOAD MODULE geometry;                        -- SQL client, SQL gateway
 * tableEnv.loadModule("geometry", GeometryModule.INSTANCE);   // Table API
 * }</pre>
 *
 * <p>Flink resolves a function name through the loaded modules in their order: loaded after {@code
 * core}, these names win only where {@code core} has none (it has none of them).
 */
@PublicEvolving
public final class GeometryModule implements Module {
    /** The module; it holds no state. */
    public static final GeometryModule INSTANCE = new GeometryModule();

    /** The name that {@code LOAD MODULE} takes. */
    public static final String IDENTIFIER = "geometry";

    private static final Map<String, Supplier<FunctionDefinition>> FUNCTIONS = functions();

    private static Map<String, Supplier<FunctionDefinition>> functions() {
        Map<String, Supplier<FunctionDefinition>> functions = new LinkedHashMap<>();
        functions.put("ST_GeomFromWKB", StGeomFromWkb::new);
        functions.put("ST_GeomFromEWKB", () -> new StGeomFromWkb("ST_GeomFromEWKB"));
        functions.put("ST_AsBinary", StAsBinary::new);
        functions.put("ST_AsEWKB", () -> new StAsBinary(true));
        functions.put("ST_GeomFromText", StGeomFromText::new);
        functions.put("ST_AsText", StAsText::new);
        functions.put("ST_SRID", StSrid::new);
        functions.put("ST_SetSRID", StSetSrid::new);
        functions.put("ST_AsTWKB", StAsTwkb::new);
        functions.put("ST_GeomFromTWKB", StGeomFromTwkb::new);
        functions.put("ST_AsGeoJSON", StAsGeoJson::new);
        functions.put("ST_GeomFromGeoJSON", StGeomFromGeoJson::new);
        functions.put("ST_Point", StPoint::new);
        functions.put("ST_MakePoint", () -> new StPoint(true));
        functions.put("ST_X", () -> new StPointOrdinate(StPointOrdinate.Ordinate.X));
        functions.put("ST_Y", () -> new StPointOrdinate(StPointOrdinate.Ordinate.Y));
        functions.put("ST_Z", () -> new StPointOrdinate(StPointOrdinate.Ordinate.Z));
        functions.put("ST_M", () -> new StPointOrdinate(StPointOrdinate.Ordinate.M));
        functions.put("ST_GeometryType", StGeometryType::new);
        functions.put("ST_NumPoints", StNumPoints::new);
        functions.put("ST_IsEmpty", StIsEmpty::new);
        functions.put("ST_IsValid", StIsValid::new);
        functions.put("ST_Envelope", StEnvelope::new);
        functions.put("ST_XMin", () -> new StBoxOrdinate(StBoxOrdinate.Side.XMin));
        functions.put("ST_XMax", () -> new StBoxOrdinate(StBoxOrdinate.Side.XMax));
        functions.put("ST_YMin", () -> new StBoxOrdinate(StBoxOrdinate.Side.YMin));
        functions.put("ST_YMax", () -> new StBoxOrdinate(StBoxOrdinate.Side.YMax));
        functions.put("ST_Contains", () -> new StPredicate(StPredicate.Predicate.CONTAINS));
        functions.put("ST_Within", () -> new StPredicate(StPredicate.Predicate.WITHIN));
        functions.put("ST_Intersects", () -> new StPredicate(StPredicate.Predicate.INTERSECTS));
        functions.put("ST_Covers", () -> new StPredicate(StPredicate.Predicate.COVERS));
        functions.put("ST_CoveredBy", () -> new StPredicate(StPredicate.Predicate.COVERED_BY));
        functions.put("ST_Disjoint", () -> new StPredicate(StPredicate.Predicate.DISJOINT));
        functions.put("ST_Equals", () -> new StPredicate(StPredicate.Predicate.EQUALS));
        functions.put("ST_DWithin", StDWithin::new);
        functions.put("ST_Distance", StDistance::new);
        functions.put("ST_Area", StArea::new);
        functions.put("ST_Length", StLength::new);
        // processing: constructions, simplification, predicates, measures, transforms
        functions.put("ST_Buffer", StBuffer::new);
        functions.put("ST_Centroid", StCentroid::new);
        functions.put("ST_PointOnSurface", () -> new StCentroid(true));
        functions.put("ST_ConvexHull", StConvexHull::new);
        functions.put("ST_Simplify", StSimplify::new);
        functions.put("ST_SimplifyPreserveTopology", () -> new StSimplify(true));
        functions.put("ST_MakeEnvelope", StMakeEnvelope::new);
        functions.put("ST_Touches", () -> new StPredicate(StPredicate.Predicate.TOUCHES));
        functions.put("ST_Crosses", () -> new StPredicate(StPredicate.Predicate.CROSSES));
        functions.put("ST_Overlaps", () -> new StPredicate(StPredicate.Predicate.OVERLAPS));
        functions.put("ST_Azimuth", StAzimuth::new);
        functions.put("ST_ClosestPoint", StClosestPoint::new);
        functions.put("ST_GeoHash", StGeoHash::new);
        functions.put("ST_Transform", StTransform::new);
        // conformance: PostGIS functions of ordinary queries
        functions.put("ST_AsEWKT", StAsEwkt::new);
        functions.put("ST_GeomFromEWKT", StGeomFromText::ewkt);
        functions.put("ST_Dimension", StDimension::new);
        functions.put("ST_Reverse", StReverse::new);
        functions.put(
                "ST_ContainsProperly",
                () -> new StPredicate(StPredicate.Predicate.CONTAINS_PROPERLY));
        functions.put("ST_Relate", StRelate::new);
        functions.put("ST_SnapToGrid", StSnapToGrid::new);
        functions.put("ST_CollectionExtract", StCollectionExtract::new);
        functions.put("ST_OrderingEquals", StOrderingEquals::new);
        // conformance: NULL instead of a failed query for input the readers refuse
        functions.put("TRY_ST_GeomFromWKB", () -> new StGeomFromWkb().orNull());
        functions.put("TRY_ST_GeomFromEWKB", () -> new StGeomFromWkb("ST_GeomFromEWKB").orNull());
        functions.put("TRY_ST_GeomFromText", () -> new StGeomFromText().orNull());
        functions.put("TRY_ST_GeomFromEWKT", () -> StGeomFromText.ewkt().orNull());
        functions.put("TRY_ST_GeomFromGeoJSON", () -> new StGeomFromGeoJson().orNull());
        // aggregates
        functions.put("ST_Collect", StCollect::new);
        functions.put("ST_Union", StUnion::new);
        functions.put("ST_Extent", StExtent::new);
        functions.put("ST_MakeLine", StMakeLine::new);
        functions.put("Box2D", StBox2d::new);
        // spatial joins: grid cells and the partitioned geofence (docs/SPATIAL-JOINS.md)
        functions.put("ST_GridCell", StGridCell::new);
        functions.put("ST_GridCover", StGridCover::new);
        if (hasProcessTableFunctions()) {
            functions.put("GEOFENCE", GeometryModule::geofence);
        }
        // meters on the sphere and the spheroid (ST_Distance, ST_DWithin, ST_Length, ST_Area take
        // use_spheroid above)
        functions.put("ST_DistanceSphere", StDistanceSphere::new);
        functions.put("ST_DistanceSpheroid", StDistanceSpheroid::new);
        functions.put("ST_Perimeter", StPerimeter::new);
        return Collections.unmodifiableMap(functions);
    }

    /** Whether this Flink has process table functions (2.1 on; not 1.20, which this jar serves). */
    private static boolean hasProcessTableFunctions() {
        try {
            Class.forName(
                    "org.apache.flink.table.functions.ProcessTableFunction",
                    false,
                    GeometryModule.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /** {@code Geofence}, loaded by name: it extends a class Flink 1.20 does not have. */
    private static FunctionDefinition geofence() {
        try {
            return (FunctionDefinition)
                    Class.forName(
                                    "dev.flinkgeometry.table.Geofence",
                                    true,
                                    GeometryModule.class.getClassLoader())
                            .getDeclaredConstructor()
                            .newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("GEOFENCE could not be instantiated", e);
        }
    }

    @Override
    public Set<String> listFunctions() {
        return FUNCTIONS.keySet();
    }

    @Override
    public Optional<FunctionDefinition> getFunctionDefinition(String name) {
        // SQL names are case-insensitive
        for (Map.Entry<String, Supplier<FunctionDefinition>> entry : FUNCTIONS.entrySet()) {
            if (entry.getKey().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                return Optional.of(entry.getValue().get());
            }
        }
        return Optional.empty();
    }
}
