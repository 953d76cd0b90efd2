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
 * {@code Box2D(geometry)}: the 2D bounding box as PostGIS writes a {@code box2d}, {@code BOX(xmin
 * ymin,xmax ymax)}, each number as PostGIS prints it (rounded to 15 decimals, trailing zeros
 * dropped); {@code NULL} for an empty geometry. {@code Box2D(ST_Extent(g))} is the text of
 * PostGIS's {@code ST_Extent(g)}.
 */
@Internal
public final class StBox2d extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    /** PostGIS's {@code OUT_MIN_DOUBLE} and {@code OUT_MAX_DOUBLE}: where fixed notation ends. */
    private static final double OUT_MIN_DOUBLE = 1e-8, OUT_MAX_DOUBLE = 1e15;

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
     * PostGIS's {@code lwprint_double} at 15 digits: the shortest decimal that reads back as {@code
     * value}, between 1e-8 and 1e15 in magnitude in fixed notation rounded to 15 decimals if it has
     * more, otherwise in exponent notation of up to 15 digits after the point.
     */
    static String number(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return Double.isNaN(value) ? "nan" : value > 0 ? "inf" : "-inf";
        }
        double magnitude = Math.abs(value);
        BigDecimal shortest = shortest(value);
        if (value == 0 || (magnitude > OUT_MIN_DOUBLE && magnitude < OUT_MAX_DOUBLE)) {
            BigDecimal fixed =
                    shortest.scale() > 15
                            ? shortest.setScale(15, RoundingMode.HALF_EVEN)
                            : shortest;
            return fixed.stripTrailingZeros().toPlainString();
        }
        BigDecimal digits =
                shortest.precision() > 16
                        ? shortest.round(new MathContext(16, RoundingMode.HALF_EVEN))
                        : shortest;
        digits = digits.stripTrailingZeros();
        int exponent = digits.precision() - digits.scale() - 1;
        String mantissa = digits.movePointLeft(exponent).toPlainString();
        return mantissa + (exponent < 0 ? "e-" : "e+") + Math.abs(exponent);
    }

    /** The decimal of fewest significant digits that reads back as {@code value}. */
    private static BigDecimal shortest(double value) {
        BigDecimal exact = new BigDecimal(value);
        for (int digits = 1; digits < 17; digits++) {
            BigDecimal rounded = exact.round(new MathContext(digits, RoundingMode.HALF_EVEN));
            if (rounded.doubleValue() == value) {
                return rounded;
            }
        }
        return exact.round(new MathContext(17, RoundingMode.HALF_EVEN));
    }
}
