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
import java.math.RoundingMode;
import java.util.Locale;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.DataTypes;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.geom.Geometry;

/**
 * {@code Box2D(geometry)}: the 2D bounding box as PostGIS writes a {@code box2d}, {@code BOX(xmin
 * ymin,xmax ymax)}, each number as PostGIS prints it (rounded to 15 decimals, trailing zeros
 * dropped); {@code NULL} for an empty geometry. {@code Box2D(ST_Extent(g))} is the text of
 * PostGIS's {@code ST_Extent(g)}.
 */
@Internal
public final class StBox2d extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    public StBox2d() {
        super(DataTypes.STRING(), args(geometry()));
    }

    @Override
    String name() {
        return "Box2D";
    }

    public String eval(Geometry geometry) {
        if (geometry == null || geometry.isEmpty()) {
            return null;
        }
        Envelope box = geometry.getEnvelopeInternal();
        return "BOX("
                + number(box.getMinX())
                + " "
                + number(box.getMinY())
                + ","
                + number(box.getMaxX())
                + " "
                + number(box.getMaxY())
                + ")";
    }

    /**
     * PostGIS's {@code lwprint_double} at 15 digits: below 1e15 in magnitude, fixed notation
     * rounded to 15 decimals without trailing zeros; from 1e15 on, {@code %.15g}-style exponent.
     */
    static String number(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return value != value ? "nan" : value > 0 ? "inf" : "-inf";
        }
        if (Math.abs(value) < 1e15) {
            return new BigDecimal(value)
                    .setScale(15, RoundingMode.HALF_EVEN)
                    .stripTrailingZeros()
                    .toPlainString();
        }
        String text = String.format(Locale.ROOT, "%.15e", value);
        String mantissa = text.substring(0, text.indexOf('e'));
        if (mantissa.contains(".")) {
            mantissa = mantissa.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        int exponent = Integer.parseInt(text.substring(text.indexOf('e') + 1));
        return mantissa + "e+" + exponent;
    }
}
