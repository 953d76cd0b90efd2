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

import java.util.List;
import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.functions.FunctionDefinition;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.inference.ArgumentCount;
import org.apache.flink.table.types.inference.CallContext;
import org.apache.flink.table.types.inference.InputTypeStrategy;
import org.apache.flink.table.types.inference.Signature;
import org.apache.flink.table.types.logical.RawType;

/**
 * Refuses a call that passes a geometry column whose serializer splits equal geometries, with
 * {@link GeometryArgument}'s message naming the fix, before the function's signatures are tried: a
 * function of several signatures would otherwise only say that none matched.
 */
@Internal
final class GeometryColumnCheck implements InputTypeStrategy {
    private final InputTypeStrategy signatures;

    GeometryColumnCheck(InputTypeStrategy signatures) {
        this.signatures = signatures;
    }

    @Override
    public ArgumentCount getArgumentCount() {
        return signatures.getArgumentCount();
    }

    @Override
    public Optional<List<DataType>> inferInputTypes(
            CallContext callContext, boolean throwOnFailure) {
        List<DataType> arguments = callContext.getArgumentDataTypes();
        for (int i = 0; i < arguments.size(); i++) {
            if (GeometryArgument.splitsEqualGeometries(arguments.get(i).getLogicalType())) {
                if (throwOnFailure) {
                    throw GeometryArgument.splitsEqualGeometries(
                            callContext, i, (RawType<?>) arguments.get(i).getLogicalType());
                }
                return Optional.empty();
            }
        }
        return signatures.inferInputTypes(callContext, throwOnFailure);
    }

    @Override
    public List<Signature> getExpectedSignatures(FunctionDefinition definition) {
        return signatures.getExpectedSignatures(definition);
    }
}
