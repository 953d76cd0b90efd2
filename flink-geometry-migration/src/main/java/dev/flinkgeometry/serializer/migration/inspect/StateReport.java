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
import java.util.OptionalLong;
import org.apache.flink.annotation.PublicEvolving;

/** One state of one keyed state handle: its name and kind, serializer, size, and Kryo geometry. */
@PublicEvolving
public final class StateReport {
    private final String name;
    private final String kind;
    private final String serializer;
    private final OptionalLong entries;
    private final OptionalLong bytes;
    private final List<String> kryoGeometry;

    StateReport(
            String name,
            String kind,
            String serializer,
            OptionalLong entries,
            OptionalLong bytes,
            List<String> kryoGeometry) {
        this.name = name;
        this.kind = kind;
        this.serializer = serializer;
        this.entries = entries;
        this.bytes = bytes;
        this.kryoGeometry = List.copyOf(kryoGeometry);
    }

    /** The state's name, as its descriptor gave it. */
    public String name() {
        return name;
    }

    /**
     * {@code VALUE}, {@code LIST}, {@code MAP}, {@code REDUCING}, ..., or {@code TIMERS} of keyed
     * state; {@code OPERATOR LIST}, {@code UNION LIST} or {@code BROADCAST} for operator state.
     */
    public String kind() {
        return kind;
    }

    /** The state's serializer snapshot (for a map, of user key and value): class and contents. */
    public String serializer() {
        return serializer;
    }

    /**
     * Stored entries (a value, a whole list, one map entry each) where the format shows them: the
     * canonical format, and the elements of operator lists; empty for native keyed state and
     * broadcast state.
     */
    public OptionalLong entries() {
        return entries;
    }

    /** Bytes of the stored keys and values, where {@link #entries} is known. */
    public OptionalLong bytes() {
        return bytes;
    }

    /** The parts held by Flink's Kryo field by field ({@code value}, {@code map user key}, ...). */
    public List<String> kryoGeometry() {
        return kryoGeometry;
    }
}
