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

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.functions.RuntimeContext;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/**
 * A {@code ListState}: encoded as its elements in list order, each preceded by {@code true}, then
 * {@code false}.
 */
final class ListStateSpec<T> extends StateSpec {
    private static final long serialVersionUID = 1L;

    private final TypeInformation<T> oldType;
    private final TypeInformation<T> newType;

    ListStateSpec(
            String name, TypeInformation<T> oldElementType, TypeInformation<T> newElementType) {
        super(name);
        this.oldType = required(oldElementType, "old element type");
        this.newType = required(newElementType, "new element type");
    }

    @Override
    String kind() {
        return "ListState";
    }

    @Override
    Reader openReader(RuntimeContext context, boolean newTypes) {
        ListState<T> state =
                context.getListState(
                        new ListStateDescriptor<>(name(), newTypes ? newType : oldType));
        TypeSerializer<T> serializer = context.createSerializer(newType);
        return out -> {
            Iterable<T> elements = state.get();
            int count = 0;
            if (elements != null) {
                for (T element : elements) {
                    out.writeBoolean(true);
                    serializer.serialize(element, out);
                    count++;
                }
            }
            out.writeBoolean(false);
            return count;
        };
    }

    @Override
    Writer openWriter(RuntimeContext context) {
        ListState<T> state = context.getListState(new ListStateDescriptor<>(name(), newType));
        TypeSerializer<T> serializer = context.createSerializer(newType);
        return in -> {
            List<T> elements = new ArrayList<>();
            while (in.readBoolean()) {
                elements.add(serializer.deserialize(in));
            }
            if (!elements.isEmpty()) {
                state.update(elements);
            }
        };
    }
}
