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

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.types.inference.InputTypeStrategies;
import org.apache.flink.table.types.inference.TypeInference;
import org.apache.flink.table.types.inference.TypeStrategies;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.operation.buffer.BufferOp;
import org.locationtech.jts.operation.buffer.BufferParameters;

/**
 * {@code ST_Buffer(geometry, radius [, quad_segs INT | parameters STRING])}: JTS's {@code
 * BufferOp}, the algorithm GEOS runs for PostGIS, with PostGIS's parameters: a space-separated list
 * of {@code quad_segs=8}, {@code endcap=round|flat|butt|square}, {@code join=round|mitre|miter|
 * bevel}, {@code mitre_limit=5} (or {@code miter_limit}) and {@code side=both|left|right}, read as
 * PostGIS reads them (numbers as C's {@code atoi} and {@code atof}: a leading number, else 0). The
 * integer form is {@code quad_segs=n}. The result is an XY polygon or multipolygon with the SRID of
 * the argument (GEOS gives a buffer no Z or M); an empty argument gives an empty polygon.
 */
@Internal
public final class StBuffer extends GeometryFunction {
    private static final long serialVersionUID = 1L;

    private static final Pattern LEADING_INT = Pattern.compile("^\\s*[+-]?\\d+");
    private static final Pattern LEADING_DOUBLE =
            Pattern.compile("^\\s*[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    public StBuffer() {
        super(geometry());
    }

    @Override
    String name() {
        return "ST_Buffer";
    }

    @Override
    public TypeInference getTypeInference(DataTypeFactory typeFactory) {
        return TypeInference.newBuilder()
                .inputTypeStrategy(
                        new GeometryColumnCheck(
                                InputTypeStrategies.or(
                                        InputTypeStrategies.sequence(
                                                GeometryArgument.INSTANCE, NumberArgument.INSTANCE),
                                        InputTypeStrategies.sequence(
                                                GeometryArgument.INSTANCE,
                                                NumberArgument.INSTANCE,
                                                InputTypeStrategies.explicit(DataTypes.INT())),
                                        InputTypeStrategies.sequence(
                                                GeometryArgument.INSTANCE,
                                                NumberArgument.INSTANCE,
                                                InputTypeStrategies.explicit(DataTypes.STRING())))))
                .outputTypeStrategy(TypeStrategies.explicit(geometry()))
                .build();
    }

    public Geometry eval(Geometry geometry, Number radius) {
        return eval(geometry, radius, "");
    }

    public Geometry eval(Geometry geometry, Number radius, Integer quadSegs) {
        return quadSegs == null ? null : eval(geometry, radius, "quad_segs=" + quadSegs);
    }

    public Geometry eval(Geometry geometry, Number radius, String parameters) {
        if (geometry == null || radius == null || parameters == null) {
            return null;
        }
        if (geometry.isEmpty()) {
            // PostGIS answers before it reads the parameters
            return SridFactories.like(geometry.getFactory(), geometry.getSRID()).createPolygon();
        }
        double distance = NumberArgument.toDouble(radius);
        BufferParameters buffer = new BufferParameters();
        buffer.setQuadrantSegments(8);
        buffer.setEndCapStyle(BufferParameters.CAP_ROUND);
        buffer.setJoinStyle(BufferParameters.JOIN_ROUND);
        buffer.setMitreLimit(5.0);
        for (String parameter : parameters.split(" ")) {
            if (parameter.isEmpty()) {
                continue; // strtok skips repeated separators
            }
            int equals = parameter.indexOf('=');
            if (equals < 0 || equals == parameter.length() - 1) {
                throw new IllegalArgumentException(
                        "ST_Buffer: Missing value for buffer parameter "
                                + (equals < 0 ? parameter : parameter.substring(0, equals)));
            }
            String key = parameter.substring(0, equals);
            String value = parameter.substring(equals + 1);
            switch (key) {
                case "endcap":
                    buffer.setEndCapStyle(endCap(value));
                    break;
                case "join":
                    buffer.setJoinStyle(join(value));
                    break;
                case "mitre_limit":
                case "miter_limit":
                    buffer.setMitreLimit(atof(value));
                    break;
                case "quad_segs":
                    buffer.setQuadrantSegments(atoi(value));
                    break;
                case "side":
                    if (value.equals("left")) {
                        buffer.setSingleSided(true);
                    } else if (value.equals("right")) {
                        buffer.setSingleSided(true);
                        distance = -distance;
                    } else if (value.equals("both")) {
                        buffer.setSingleSided(false);
                    } else {
                        throw new IllegalArgumentException(
                                "ST_Buffer: Invalid side parameter: "
                                        + value
                                        + " (accept: 'right', 'left', 'both')");
                    }
                    break;
                default:
                    throw new IllegalArgumentException(
                            "ST_Buffer: Invalid buffer parameter: "
                                    + key
                                    + " (accept: 'endcap', 'join', 'mitre_limit', 'miter_limit',"
                                    + " 'quad_segs' and 'side')");
            }
        }
        return GeosResult.of(BufferOp.bufferOp(geometry, distance, buffer), geometry);
    }

    private static int endCap(String value) {
        switch (value) {
            case "round":
                return BufferParameters.CAP_ROUND;
            case "flat":
            case "butt":
                return BufferParameters.CAP_FLAT;
            case "square":
                return BufferParameters.CAP_SQUARE;
            default:
                throw new IllegalArgumentException(
                        "ST_Buffer: Invalid buffer end cap style: "
                                + value
                                + " (accept: 'round', 'flat', 'butt' or 'square')");
        }
    }

    private static int join(String value) {
        switch (value) {
            case "round":
                return BufferParameters.JOIN_ROUND;
            case "mitre":
            case "miter":
                return BufferParameters.JOIN_MITRE;
            case "bevel":
                return BufferParameters.JOIN_BEVEL;
            default:
                throw new IllegalArgumentException(
                        "ST_Buffer: Invalid buffer join style: "
                                + value
                                + " (accept: 'round', 'mitre', 'miter' or 'bevel')");
        }
    }

    /** C's {@code atoi}: the leading integer, 0 if there is none. */
    static int atoi(String text) {
        Matcher m = LEADING_INT.matcher(text);
        if (!m.find()) {
            return 0;
        }
        try {
            return Integer.parseInt(m.group().trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("ST_Buffer: quad_segs=" + text + " is out of range");
        }
    }

    /** C's {@code atof}: the leading decimal number, 0 if there is none. */
    static double atof(String text) {
        Matcher m = LEADING_DOUBLE.matcher(text);
        return m.find() ? Double.parseDouble(m.group().trim()) : 0;
    }
}
