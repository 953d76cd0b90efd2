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

import java.util.Map;
import org.apache.flink.api.common.functions.RuntimeContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputView;

/**
 * A {@code MapState}: encoded as its entries, each preceded by {@code true} (user key, a null flag,
 * the value if not null), then {@code false}.
 *
 * <p>Entries are streamed from the old state into the new one one by one, never collected in a Java
 * map: on RocksDB two user keys are different entries when their serialized bytes differ, even when
 * their {@code equals} says they are equal (JTS geometries that differ only in Z, M or SRID), and a
 * {@code HashMap} on the way would merge them.
 */
final class MapStateSpec<UK, UV> extends StateSpec {
    private static final long serialVersionUID = 1L;

    private final TypeInformation<UK> oldKeyType;
    private final TypeInformation<UV> oldValueType;
    private final TypeInformation<UK> newKeyType;
    private final TypeInformation<UV> newValueType;

    MapStateSpec(
            String name,
            TypeInformation<UK> oldUserKeyType,
            TypeInformation<UV> oldValueType,
            TypeInformation<UK> newUserKeyType,
            TypeInformation<UV> newValueType) {
        super(name);
        this.oldKeyType = required(oldUserKeyType, "old user key type");
        this.oldValueType = required(oldValueType, "old value type");
        this.newKeyType = required(newUserKeyType, "new user key type");
        this.newValueType = required(newValueType, "new value type");
    }

    @Override
    String kind() {
        return "MapState";
    }

    @Override
    Reader openReader(RuntimeContext context) {
        MapState<UK, UV> state =
                context.getMapState(new MapStateDescriptor<>(name(), oldKeyType, oldValueType));
        TypeSerializer<UK> keySerializer = context.createSerializer(newKeyType);
        TypeSerializer<UV> valueSerializer = context.createSerializer(newValueType);
        return out -> {
            Iterable<Map.Entry<UK, UV>> entries = state.entries();
            if (entries != null) {
                for (Map.Entry<UK, UV> entry : entries) {
                    out.writeBoolean(true);
                    keySerializer.serialize(entry.getKey(), out);
                    UV value = entry.getValue();
                    out.writeBoolean(value != null);
                    if (value != null) {
                        valueSerializer.serialize(value, out);
                    }
                }
            }
            out.writeBoolean(false);
        };
    }

    @Override
    Writer openWriter(RuntimeContext context) {
        MapState<UK, UV> state =
                context.getMapState(new MapStateDescriptor<>(name(), newKeyType, newValueType));
        TypeSerializer<UK> keySerializer = context.createSerializer(newKeyType);
        TypeSerializer<UV> valueSerializer = context.createSerializer(newValueType);
        return new Writer() {
            @Override
            public boolean hasState() throws Exception {
                return !state.isEmpty();
            }

            @Override
            public void copyFrom(DataInputView in) throws Exception {
                while (in.readBoolean()) {
                    UK userKey = keySerializer.deserialize(in);
                    UV value = in.readBoolean() ? valueSerializer.deserialize(in) : null;
                    if (state.contains(userKey)) {
                        throw new IllegalStateException(
                                "two user keys of "
                                        + MapStateSpec.this
                                        + " are one user key with the new types: "
                                        + userKey
                                        + "; the rewrite does not merge entries");
                    }
                    state.put(userKey, value);
                }
            }
        };
    }
}
