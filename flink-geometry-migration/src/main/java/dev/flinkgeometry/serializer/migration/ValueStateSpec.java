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
package dev.flinkgeometry.serializer.migration;

import org.apache.flink.api.common.functions.RuntimeContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/** A {@code ValueState}: encoded as a presence flag and the value. */
final class ValueStateSpec<T> extends StateSpec {
    private static final long serialVersionUID = 1L;

    private final TypeInformation<T> oldType;
    private final TypeInformation<T> newType;

    ValueStateSpec(String name, TypeInformation<T> oldType, TypeInformation<T> newType) {
        super(name);
        this.oldType = required(oldType, "old value type");
        this.newType = required(newType, "new value type");
    }

    @Override
    String kind() {
        return "ValueState";
    }

    @Override
    Reader openReader(RuntimeContext context, boolean newTypes) {
        ValueState<T> state =
                context.getState(new ValueStateDescriptor<>(name(), newTypes ? newType : oldType));
        TypeSerializer<T> serializer = context.createSerializer(newType);
        return out -> {
            T value = state.value();
            out.writeBoolean(value != null);
            if (value == null) {
                return 0;
            }
            serializer.serialize(value, out);
            return 1;
        };
    }

    @Override
    Writer openWriter(RuntimeContext context) {
        ValueState<T> state = context.getState(new ValueStateDescriptor<>(name(), newType));
        TypeSerializer<T> serializer = context.createSerializer(newType);
        return in -> {
            if (in.readBoolean()) {
                state.update(serializer.deserialize(in));
            }
        };
    }
}
