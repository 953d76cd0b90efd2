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

import java.math.BigDecimal;
import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.functions.FunctionDefinition;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.inference.ArgumentTypeStrategy;
import org.apache.flink.table.types.inference.CallContext;
import org.apache.flink.table.types.inference.Signature;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeFamily;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

/**
 * A number argument as users type it: any exact or approximate numeric type, taken as it is, with
 * no cast inserted. {@code 13.377704} is a {@code DECIMAL(8, 6)} literal in Flink; a cast to {@code
 * DOUBLE} would go through Flink's decimal-to-double conversion, which divides a rounded long by a
 * power of ten and can miss the nearest double. {@link #toDouble} instead gives the double nearest
 * to the decimal value, which is what PostgreSQL's {@code numeric} to {@code float8} cast gives for
 * the same text. A {@code NULL} literal becomes a {@code DOUBLE} {@code NULL}.
 */
@Internal
final class NumberArgument implements ArgumentTypeStrategy {
    static final NumberArgument INSTANCE = new NumberArgument();

    private NumberArgument() {}

    @Override
    public Optional<DataType> inferArgumentType(
            CallContext callContext, int argumentPos, boolean throwOnFailure) {
        DataType actual = callContext.getArgumentDataTypes().get(argumentPos);
        LogicalType type = actual.getLogicalType();
        if (type.is(LogicalTypeRoot.NULL)) {
            return Optional.of(DataTypes.DOUBLE());
        }
        if (type.is(LogicalTypeFamily.NUMERIC)) {
            return Optional.of(actual);
        }
        if (throwOnFailure) {
            throw callContext.newValidationError(
                    "%s: argument %d is %s, not a number",
                    callContext.getName(), argumentPos + 1, type.asSummaryString());
        }
        return Optional.empty();
    }

    @Override
    public Signature.Argument getExpectedArgument(
            FunctionDefinition functionDefinition, int argumentPos) {
        return Signature.Argument.of("NUMERIC");
    }

    /**
     * The double nearest to {@code number}: exact for {@code FLOAT} and small integers, correctly
     * rounded for {@code BIGINT} and {@code DECIMAL} ({@link BigDecimal#doubleValue()} rounds the
     * exact decimal value, half to even).
     */
    static double toDouble(Number number) {
        if (number instanceof BigDecimal) {
            return ((BigDecimal) number).doubleValue();
        }
        return number.doubleValue();
    }
}
