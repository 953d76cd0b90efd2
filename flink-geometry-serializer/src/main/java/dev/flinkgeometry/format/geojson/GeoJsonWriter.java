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
package dev.flinkgeometry.format.geojson;

import dev.flinkgeometry.format.internal.CoordinateTypeRule;
import dev.flinkgeometry.format.internal.PostgisNumberText;
import org.locationtech.jts.geom.CoordinateSequence;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.MultiLineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;

/**
 * GeoJSON text of a geometry, character for character as PostGIS 3.3's {@code ST_AsGeoJSON(g,
 * maxdecimaldigits, options)} writes it: members in PostGIS's order ({@code type}, {@code crs},
 * {@code bbox}, {@code coordinates} or {@code geometries}), numbers as {@link PostgisNumberText}
 * prints them, an empty member of a MultiPoint as nothing between its commas. Z is written if some
 * coordinate has a non-NaN Z (the rule of the geometry column; M is never written, as in PostGIS).
 * The {@code crs} names the SRID with the EPSG authority ({@code EPSG:3857}, {@code
 * urn:ogc:def:crs:EPSG::3857}); PostGIS takes the authority from its {@code spatial_ref_sys} table.
 */
public final class GeoJsonWriter {
    /** Option bit: a {@code bbox} member. */
    public static final int BBOX = 1;

    /** Option bit: a short CRS name ({@code EPSG:4326}). */
    public static final int SHORT_CRS = 2;

    /** Option bit: a long CRS name ({@code urn:ogc:def:crs:EPSG::4326}). */
    public static final int LONG_CRS = 4;

    /** Option bit: a short CRS name unless the SRID is 4326 (PostGIS's default options). */
    public static final int SHORT_CRS_UNLESS_4326 = 8;

    /** PostGIS's default {@code maxdecimaldigits}. */
    public static final int DEFAULT_DIGITS = 9;

    /** PostGIS's default {@code options}. */
    public static final int DEFAULT_OPTIONS = SHORT_CRS_UNLESS_4326;

    private static final int WGS84 = 4326;

    private final int digits;
    private final int options;
    private final StringBuilder out = new StringBuilder();

    private GeoJsonWriter(int digits, int options) {
        this.digits = digits;
        this.options = options;
    }

    /**
     * The GeoJSON of {@code geometry}. Fails with {@link IllegalArgumentException} for a collection
     * inside a collection, which PostGIS refuses too ("GeoJson: geometry not supported").
     */
    public static String write(Geometry geometry, int maxDecimalDigits, int options) {
        GeoJsonWriter writer = new GeoJsonWriter(maxDecimalDigits, options);
        boolean hasZ = (flags(geometry) & CoordinateTypeRule.Z) != 0;
        writer.geometry(geometry, hasZ, true);
        return writer.out.toString();
    }

    private void geometry(Geometry geometry, boolean hasZ, boolean top) {
        boolean collection = CoordinateTypeRule.isCollectionProper(geometry);
        out.append("{\"type\":\"").append(typeName(geometry)).append('"');
        if (top) {
            crs(geometry.getSRID());
            if ((options & BBOX) != 0 && !(collection && geometry.getNumGeometries() == 0)) {
                BoundingBox.of(geometry, hasZ).write(digits, out);
            }
        }
        if (collection) {
            out.append(",\"geometries\":[");
            for (int i = 0; i < geometry.getNumGeometries(); i++) {
                Geometry member = geometry.getGeometryN(i);
                if (CoordinateTypeRule.isCollectionProper(member)) {
                    throw new IllegalArgumentException(
                            "a GeometryCollection inside a GeometryCollection has no GeoJSON form"
                                    + " (PostGIS refuses it too)");
                }
                out.append(i == 0 ? "" : ",");
                geometry(member, hasZ, false);
            }
            out.append("]}");
            return;
        }
        out.append(",\"coordinates\":[");
        coordinates(geometry, hasZ);
        out.append("]}");
    }

    private void crs(int srid) {
        String name = null;
        if (srid != 0) {
            if ((options & SHORT_CRS) != 0) {
                name = "EPSG:" + srid;
            }
            if ((options & LONG_CRS) != 0) {
                name = "urn:ogc:def:crs:EPSG::" + srid;
            }
            if (name == null && (options & SHORT_CRS_UNLESS_4326) != 0 && srid != WGS84) {
                name = "EPSG:" + srid;
            }
        }
        if (name != null) {
            out.append(",\"crs\":{\"type\":\"name\",\"properties\":{\"name\":\"")
                    .append(name)
                    .append("\"}}");
        }
    }

    /** The contents of the {@code coordinates} array. */
    private void coordinates(Geometry geometry, boolean hasZ) {
        if (geometry instanceof Point) {
            CoordinateSequence sequence = ((Point) geometry).getCoordinateSequence();
            if (sequence.size() > 0) {
                position(sequence, 0, hasZ);
            }
        } else if (geometry instanceof LineString) {
            points(((LineString) geometry).getCoordinateSequence(), hasZ);
        } else if (geometry instanceof Polygon) {
            rings((Polygon) geometry, hasZ);
        } else if (geometry instanceof MultiPoint) {
            for (int i = 0; i < geometry.getNumGeometries(); i++) {
                out.append(i == 0 ? "" : ",");
                points(((Point) geometry.getGeometryN(i)).getCoordinateSequence(), hasZ);
            }
        } else if (geometry instanceof MultiLineString) {
            for (int i = 0; i < geometry.getNumGeometries(); i++) {
                out.append(i == 0 ? "[" : ",[");
                points(((LineString) geometry.getGeometryN(i)).getCoordinateSequence(), hasZ);
                out.append(']');
            }
        } else if (geometry instanceof MultiPolygon) {
            for (int i = 0; i < geometry.getNumGeometries(); i++) {
                out.append(i == 0 ? "[" : ",[");
                rings((Polygon) geometry.getGeometryN(i), hasZ);
                out.append(']');
            }
        } else {
            throw new IllegalArgumentException(
                    "no GeoJSON form for " + geometry.getClass().getName());
        }
    }

    private void rings(Polygon polygon, boolean hasZ) {
        if (polygon.isEmpty()) {
            return;
        }
        out.append('[');
        points(polygon.getExteriorRing().getCoordinateSequence(), hasZ);
        out.append(']');
        for (int i = 0; i < polygon.getNumInteriorRing(); i++) {
            out.append(",[");
            points(polygon.getInteriorRingN(i).getCoordinateSequence(), hasZ);
            out.append(']');
        }
    }

    private void points(CoordinateSequence sequence, boolean hasZ) {
        for (int i = 0; i < sequence.size(); i++) {
            out.append(i == 0 ? "[" : ",[");
            position(sequence, i, hasZ);
            out.append(']');
        }
    }

    private void position(CoordinateSequence sequence, int i, boolean hasZ) {
        PostgisNumberText.ordinate(sequence.getX(i), digits, out);
        out.append(',');
        PostgisNumberText.ordinate(sequence.getY(i), digits, out);
        if (hasZ) {
            out.append(',');
            PostgisNumberText.ordinate(z(sequence, i), digits, out);
        }
    }

    static double z(CoordinateSequence sequence, int i) {
        return sequence.getDimension() - sequence.getMeasures() > 2 ? sequence.getZ(i) : Double.NaN;
    }

    /** The GeoJSON type: a {@code LinearRing} is a {@code LineString}. */
    private static String typeName(Geometry geometry) {
        return geometry instanceof LineString ? "LineString" : geometry.getGeometryType();
    }

    /** The value flags of the geometry, collection members at every depth included. */
    private static int flags(Geometry geometry) {
        if (!CoordinateTypeRule.isCollectionProper(geometry)) {
            return CoordinateTypeRule.of(geometry, true);
        }
        int flags = 0;
        for (int i = 0; i < geometry.getNumGeometries(); i++) {
            flags |= flags(geometry.getGeometryN(i));
        }
        return flags;
    }
}
