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

import java.io.Serializable;
import java.util.Objects;
import org.apache.flink.api.common.functions.RuntimeContext;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * One keyed state of the rewritten operator: its name and kind, the types it was written with and
 * the types it is rewritten with.
 *
 * <p>On the reading side a spec registers the state with its old types and copies the current key's
 * state into a buffer, encoded with the serializers of the new types; on the writing side it
 * registers the state with its new types and fills it from that buffer. Every encoding is
 * self-delimiting and says "no state" by itself (an absent value, a list or map without entries),
 * so that the specs of one key can follow each other in one buffer.
 */
abstract class StateSpec implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String name;

    StateSpec(String name) {
        this.name = Objects.requireNonNull(name, "state name");
    }

    final String name() {
        return name;
    }

    /** "ValueState", "ListState" or "MapState", for messages. */
    abstract String kind();

    /** Registers the state with its old types (in {@code open}) and returns its reader. */
    abstract Reader openReader(RuntimeContext context);

    /** Registers the state with its new types (in {@code open}) and returns its writer. */
    abstract Writer openWriter(RuntimeContext context);

    @Override
    public String toString() {
        return kind() + " '" + name + "'";
    }

    static <T> TypeInformation<T> required(TypeInformation<T> type, String what) {
        return Objects.requireNonNull(type, what);
    }

    /** Reads one key's state, with the old types. */
    interface Reader {
        /** Writes the current key's state, encoded with the new types. */
        void copyTo(DataOutputView out) throws Exception;
    }

    /** Writes one key's state, with the new types. */
    interface Writer {
        /** Whether the current key already has this state: two old keys became one new key. */
        boolean hasState() throws Exception;

        /** Reads what {@link Reader#copyTo} wrote and stores it for the current key. */
        void copyFrom(DataInputView in) throws Exception;
    }
}
