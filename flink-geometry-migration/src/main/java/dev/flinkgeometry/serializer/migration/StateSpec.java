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
 * <p>A reader registers the state with the old types (to read the old savepoint) or with the new
 * types (to check the new one) and writes the current key's state into a buffer, always encoded
 * with the serializers of the new types; a writer registers the state with the new types and fills
 * it from that buffer. The encoding is canonical, so that the same state read from the old and from
 * the new savepoint gives the same bytes: list elements in list order, map entries sorted by their
 * encoded bytes. It is also self-delimiting and says "no state" by itself (an absent value, a list
 * or map without entries), so that the states of one key follow each other in one buffer.
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

    /**
     * Registers the state (in {@code open}) with the new types if {@code newTypes}, else with the
     * old ones, and returns its reader.
     */
    abstract Reader openReader(RuntimeContext context, boolean newTypes);

    /** Registers the state with its new types (in {@code open}) and returns its writer. */
    abstract Writer openWriter(RuntimeContext context);

    @Override
    public String toString() {
        return kind() + " '" + name + "'";
    }

    static <T> TypeInformation<T> required(TypeInformation<T> type, String what) {
        return Objects.requireNonNull(type, what);
    }

    /** Reads the state of the current key. */
    interface Reader {
        /**
         * Writes the current key's state, encoded with the new types.
         *
         * @return the number of entries written: 1 or 0 for a value, the elements of a list, the
         *     entries of a map
         */
        int copyTo(DataOutputView out) throws Exception;
    }

    /** Writes the state of the current key, with the new types. */
    interface Writer {
        /** Reads what {@link Reader#copyTo} wrote and stores it for the current key. */
        void copyFrom(DataInputView in) throws Exception;
    }
}
