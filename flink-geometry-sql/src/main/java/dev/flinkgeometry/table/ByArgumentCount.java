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

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.functions.FunctionDefinition;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.inference.ArgumentCount;
import org.apache.flink.table.types.inference.CallContext;
import org.apache.flink.table.types.inference.InputTypeStrategies;
import org.apache.flink.table.types.inference.InputTypeStrategy;
import org.apache.flink.table.types.inference.Signature;

/**
 * Signatures of different argument counts: a call is checked against the one of its count, so a
 * wrong argument gets that signature's own message ("argument 1 is BIGINT, not a geometry") rather
 * than Flink's "Invalid function call" of {@link InputTypeStrategies#or}.
 */
@Internal
final class ByArgumentCount implements InputTypeStrategy {
    private final List<InputTypeStrategy> signatures;
    private final InputTypeStrategy any;

    ByArgumentCount(List<InputTypeStrategy> signatures) {
        this.signatures = new ArrayList<>(signatures);
        this.any = InputTypeStrategies.or(signatures.toArray(new InputTypeStrategy[0]));
    }

    @Override
    public ArgumentCount getArgumentCount() {
        return any.getArgumentCount();
    }

    @Override
    public Optional<List<DataType>> inferInputTypes(
            CallContext callContext, boolean throwOnFailure) {
        int count = callContext.getArgumentDataTypes().size();
        List<InputTypeStrategy> ofCount = new ArrayList<>();
        for (InputTypeStrategy signature : signatures) {
            if (signature.getArgumentCount().isValidCount(count)) {
                ofCount.add(signature);
            }
        }
        return ofCount.size() == 1
                ? ofCount.get(0).inferInputTypes(callContext, throwOnFailure)
                : any.inferInputTypes(callContext, throwOnFailure);
    }

    @Override
    public List<Signature> getExpectedSignatures(FunctionDefinition definition) {
        return any.getExpectedSignatures(definition);
    }
}
