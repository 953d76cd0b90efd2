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

import dev.flinkgeometry.format.wkt.WktFormatException;
import dev.flinkgeometry.format.wkt.WktReader;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.DataTypes;
import org.locationtech.jts.geom.Geometry;

/**
 * {@code ST_GeomFromText(wkt STRING [, srid INT])}: WKT (with {@code Z}, {@code M}, {@code ZM}) or
 * EWKT ({@code SRID=4326;POINT (1 2)}) to a geometry; the optional SRID replaces the EWKT one.
 * {@code ST_GeomFromEWKT(ewkt STRING)} reads the same text. Reads every form PostGIS writes,
 * strictly ({@link WktReader}): invalid text fails with the reason, its character offset and the
 * input, never a wrong geometry.
 */
@Internal
public final class StGeomFromText extends GeometryFunction {
    private static final long serialVersionUID = 1L;
    private static final int SHOWN_CHARS = 200;

    private transient WktReader reader;

    private final String name;

    public StGeomFromText() {
        super(geometry(), args(DataTypes.STRING()), args(DataTypes.STRING(), DataTypes.INT()));
        this.name = "ST_GeomFromText";
    }

    /** {@code ST_GeomFromEWKT(text)}: the same reader, one argument (the SRID is in the text). */
    static StGeomFromText ewkt() {
        return new StGeomFromText("ST_GeomFromEWKT");
    }

    private StGeomFromText(String name) {
        super(geometry(), args(DataTypes.STRING()));
        this.name = name;
    }

    @Override
    String name() {
        return name;
    }

    public Geometry eval(String text) {
        if (text == null) {
            return null;
        }
        Geometry geometry = read(text);
        return geometry == null ? null : SridFactories.withSrid(geometry, geometry.getSRID());
    }

    /** A NULL SRID gives NULL, as in PostGIS, whose function is STRICT. */
    public Geometry eval(String text, Integer srid) {
        if (text == null || srid == null) {
            return null;
        }
        checkSrid(srid);
        Geometry geometry = read(text);
        return geometry == null ? null : SridFactories.withSrid(geometry, srid);
    }

    private Geometry read(String text) {
        if (reader == null) {
            reader = new WktReader();
        }
        try {
            return reader.read(text);
        } catch (WktFormatException e) {
            String shown =
                    text.length() <= SHOWN_CHARS ? text : text.substring(0, SHOWN_CHARS) + "...";
            return refuse(name + ": invalid WKT: " + e.getMessage() + "; input '" + shown + "'", e);
        }
    }
}
