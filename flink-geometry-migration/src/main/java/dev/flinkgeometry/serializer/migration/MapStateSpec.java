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
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.functions.RuntimeContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataOutputSerializer;

/**
 * A {@code MapState}: encoded as its entries (user key, a null flag, the value if not null), each
 * preceded by {@code true}, then {@code false}; entries sorted by their encoded bytes, because
 * backends iterate maps in different orders (RocksDB by serialized user key, the heap backend by
 * hash).
 *
 * <p>Entries go from the old state to the new one one by one, never through a Java map: on RocksDB
 * two user keys are different entries when their serialized bytes differ, even when {@code equals}
 * says they are equal (JTS geometries that differ only in Z, M or SRID), and a {@code HashMap} on
 * the way would merge them.
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
        if (!newUserKeyType.isKeyType()) {
            throw new IllegalArgumentException(
                    "MapState '"
                            + name
                            + "': the new user key type "
                            + newUserKeyType
                            + " is not a key type: user keys that it writes alike (positions that"
                            + " round alike, for a fixed-precision compact geometry) would become"
                            + " one entry; use a lossless type for the user key, such as"
                            + " GeometryTypeInfo.of(cls, GeometryEncoding.compact()) or GeometryTypeInfo.of(...)");
        }
        this.newValueType = required(newValueType, "new value type");
    }

    @Override
    String kind() {
        return "MapState";
    }

    @Override
    Reader openReader(RuntimeContext context, boolean newTypes) {
        // The old types from their serializers: a lossy old user key type (refused by
        // MapTypeInfo) can still be read, to rewrite it to a lossless one.
        MapState<UK, UV> state =
                context.getMapState(
                        newTypes
                                ? new MapStateDescriptor<>(name(), newKeyType, newValueType)
                                : new MapStateDescriptor<>(
                                        name(),
                                        context.createSerializer(oldKeyType),
                                        context.createSerializer(oldValueType)));
        TypeSerializer<UK> keySerializer = context.createSerializer(newKeyType);
        TypeSerializer<UV> valueSerializer = context.createSerializer(newValueType);
        DataOutputSerializer entry = new DataOutputSerializer(256);
        return out -> {
            List<byte[]> entries = new ArrayList<>();
            Iterable<Map.Entry<UK, UV>> all = state.entries();
            if (all != null) {
                for (Map.Entry<UK, UV> e : all) {
                    entry.clear();
                    keySerializer.serialize(e.getKey(), entry);
                    entry.writeBoolean(e.getValue() != null);
                    if (e.getValue() != null) {
                        valueSerializer.serialize(e.getValue(), entry);
                    }
                    entries.add(entry.getCopyOfBuffer());
                }
            }
            entries.sort(Arrays::compareUnsigned);
            for (byte[] bytes : entries) {
                out.writeBoolean(true);
                out.write(bytes);
            }
            out.writeBoolean(false);
            return entries.size();
        };
    }

    @Override
    Writer openWriter(RuntimeContext context) {
        MapState<UK, UV> state =
                context.getMapState(new MapStateDescriptor<>(name(), newKeyType, newValueType));
        TypeSerializer<UK> keySerializer = context.createSerializer(newKeyType);
        TypeSerializer<UV> valueSerializer = context.createSerializer(newValueType);
        return in -> {
            while (in.readBoolean()) {
                UK userKey = keySerializer.deserialize(in);
                UV value = in.readBoolean() ? valueSerializer.deserialize(in) : null;
                state.put(userKey, value);
            }
        };
    }
}
