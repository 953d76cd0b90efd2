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

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.DataTypes;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;

/**
 * {@code ST_GeoHash(geometry [, maxchars INT])}: PostGIS's geohash ({@code lwgeom_geohash}) of the
 * centre of the bounding box, {@code maxchars} characters long; without it (or with 0 or less) as
 * many characters as the box fits in (20 for a point; an empty text for a box across a first
 * split). {@code NULL} for an empty geometry; refused, with PostGIS's words, for a box outside
 * longitudes -180..180 and latitudes -90..90, and for {@code maxchars} above {@value #MAX_CHARS}
 * (PostGIS allocates whatever is asked; beyond about 215 characters the halved cells are single
 * doubles and every further character says nothing).
 */
@Internal
public final class StGeoHash extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    /** The most characters a geohash is made of. */
    static final int MAX_CHARS = 1024;

    private static final char[] BASE32 = "0123456789bcdefghjkmnpqrstuvwxyz".toCharArray();

    public StGeoHash() {
        super(DataTypes.STRING(), args(geometry()), args(geometry(), DataTypes.INT()));
    }

    @Override
    String name() {
        return "ST_GeoHash";
    }

    public String eval(Geometry geometry) {
        return eval(geometry, 0);
    }

    public String eval(Geometry geometry, Integer maxChars) {
        if (geometry == null || maxChars == null) {
            return null;
        }
        if (maxChars > MAX_CHARS) {
            throw new IllegalArgumentException(
                    "ST_GeoHash: maxchars " + maxChars + " is above " + MAX_CHARS);
        }
        if (geometry.isEmpty()) {
            return null;
        }
        Envelope box = geometry.getEnvelopeInternal();
        if (box.getMinX() < -180
                || box.getMinY() < -90
                || box.getMaxX() > 180
                || box.getMaxY() > 90) {
            throw new IllegalArgumentException(
                    "ST_GeoHash: Geohash requires inputs in decimal degrees, got ("
                            + formatG(box.getMinX())
                            + " "
                            + formatG(box.getMinY())
                            + ", "
                            + formatG(box.getMaxX())
                            + " "
                            + formatG(box.getMaxY())
                            + ").");
        }
        double lon = box.getMinX() + (box.getMaxX() - box.getMinX()) / 2;
        double lat = box.getMinY() + (box.getMaxY() - box.getMinY()) / 2;
        int precision = maxChars > 0 ? maxChars : precision(box);
        return geohash(lon, lat, precision);
    }

    /** {@code lwgeom_geohash_precision}: the characters of the largest cell the box fits in. */
    static int precision(Envelope box) {
        double minx = box.getMinX();
        double miny = box.getMinY();
        double maxx = box.getMaxX();
        double maxy = box.getMaxY();
        if (minx == maxx && miny == maxy) {
            return 20;
        }
        double lonmin = -180.0;
        double latmin = -90.0;
        double lonmax = 180.0;
        double latmax = 90.0;
        int precision = 0;
        while (true) {
            double lonwidth = lonmax - lonmin;
            double latwidth = latmax - latmin;
            double lonminadjust = 0;
            double lonmaxadjust = 0;
            double latminadjust = 0;
            double latmaxadjust = 0;
            if (minx > lonmin + lonwidth / 2.0) {
                lonminadjust = lonwidth / 2.0;
            } else if (maxx < lonmax - lonwidth / 2.0) {
                lonmaxadjust = -1 * lonwidth / 2.0;
            }
            if (lonminadjust != 0 || lonmaxadjust != 0) {
                lonmin += lonminadjust;
                lonmax += lonmaxadjust;
                precision++;
            } else {
                break;
            }
            if (miny > latmin + latwidth / 2.0) {
                latminadjust = latwidth / 2.0;
            } else if (maxy < latmax - latwidth / 2.0) {
                latmaxadjust = -1 * latwidth / 2.0;
            }
            if (latminadjust != 0 || latmaxadjust != 0) {
                latmin += latminadjust;
                latmax += latmaxadjust;
                precision++;
            } else {
                break;
            }
        }
        return precision / 5;
    }

    /** {@code geohash_point}: alternating longitude and latitude halvings, 5 bits a character. */
    static String geohash(double longitude, double latitude, int precision) {
        StringBuilder out = new StringBuilder(precision);
        double[] lat = {-90.0, 90.0};
        double[] lon = {-180.0, 180.0};
        boolean even = true;
        int bit = 0;
        int ch = 0;
        while (out.length() < precision) {
            double[] range = even ? lon : lat;
            double value = even ? longitude : latitude;
            double mid = (range[0] + range[1]) / 2;
            if (value >= mid) {
                ch |= 16 >> bit;
                range[0] = mid;
            } else {
                range[1] = mid;
            }
            even = !even;
            if (bit < 4) {
                bit++;
            } else {
                out.append(BASE32[ch]);
                bit = 0;
                ch = 0;
            }
        }
        return out.toString();
    }

    /** C's {@code %g}: 6 significant digits, trailing zeros dropped, an exponent out of range. */
    static String formatG(double value) {
        if (value == 0) {
            return 1 / value < 0 ? "-0" : "0";
        }
        BigDecimal rounded =
                new BigDecimal(value).round(new MathContext(6, RoundingMode.HALF_EVEN));
        int exponent = rounded.precision() - rounded.scale() - 1;
        if (exponent < -4 || exponent >= 6) {
            BigDecimal mantissa = rounded.movePointLeft(exponent).stripTrailingZeros();
            return String.format(
                    "%se%s%02d",
                    mantissa.toPlainString(), exponent < 0 ? "-" : "+", Math.abs(exponent));
        }
        return rounded.stripTrailingZeros().toPlainString();
    }
}
