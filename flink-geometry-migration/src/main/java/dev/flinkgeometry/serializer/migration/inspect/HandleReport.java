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
package dev.flinkgeometry.serializer.migration.inspect;

import java.util.List;
import org.apache.flink.annotation.PublicEvolving;

/**
 * The keyed state, or the operator state, of one operator's subtask in a savepoint: its format, key
 * and states.
 */
@PublicEvolving
public final class HandleReport {
    /** Where entry counts come from, or why there are none. */
    static final String NATIVE_ROCKSDB_NOTE =
            "entry counts unavailable: a RocksDB native savepoint stores RocksDB's own files";

    static final String NATIVE_HEAP_NOTE =
            "entry counts unavailable: the heap backend's native format does not frame entries";

    private final String operator;
    private final int subtask;
    private final String format;
    private final String handleClass;
    private final long handleBytes;
    private final String keySerializer;
    private final List<String> keyKryoGeometry;
    private final List<StateReport> states;
    private final String note;

    HandleReport(
            String operator,
            int subtask,
            String format,
            String handleClass,
            long handleBytes,
            String keySerializer,
            List<String> keyKryoGeometry,
            List<StateReport> states,
            String note) {
        this.operator = operator;
        this.subtask = subtask;
        this.format = format;
        this.handleClass = handleClass;
        this.handleBytes = handleBytes;
        this.keySerializer = keySerializer;
        this.keyKryoGeometry = List.copyOf(keyKryoGeometry);
        this.states = List.copyOf(states);
        this.note = note;
    }

    /** The operator's uid or name where the savepoint records them, and its id. */
    public String operator() {
        return operator;
    }

    public int subtask() {
        return subtask;
    }

    /**
     * {@code canonical}, {@code heap native}, {@code RocksDB native}, or {@code operator state}.
     */
    public String format() {
        return format;
    }

    /** Flink's class of the keyed state handle. */
    public String handleClass() {
        return handleClass;
    }

    /** The handle's size as the savepoint's metadata records it. */
    public long handleBytes() {
        return handleBytes;
    }

    /** The key serializer's snapshot: class and contents. */
    public String keySerializer() {
        return keySerializer;
    }

    /** The key's parts held by Flink's Kryo field by field; empty if none. */
    public List<String> keyKryoGeometry() {
        return keyKryoGeometry;
    }

    public List<StateReport> states() {
        return states;
    }

    /** Why something is missing (entry counts, or the whole meta info), or {@code null}. */
    public String note() {
        return note;
    }
}
