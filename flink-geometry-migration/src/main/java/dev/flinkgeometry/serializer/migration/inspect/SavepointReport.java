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

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.PublicEvolving;

/**
 * Every keyed state of a savepoint, as {@link SavepointInspector} found it, and which of them hold
 * geometries in Flink's Kryo.
 */
@PublicEvolving
public final class SavepointReport {
    private final String savepoint;
    private final int metadataVersion;
    private final String writtenBy;
    private final String kryoLine;
    private final List<HandleReport> handles;
    private final List<String> unnamedKryoGeometry;
    private final List<String> unchecked;

    SavepointReport(
            String savepoint,
            int metadataVersion,
            String writtenBy,
            String kryoLine,
            List<HandleReport> handles,
            List<String> unnamedKryoGeometry,
            List<String> unchecked) {
        this.savepoint = savepoint;
        this.metadataVersion = metadataVersion;
        this.writtenBy = writtenBy;
        this.kryoLine = kryoLine;
        this.handles = List.copyOf(handles);
        this.unnamedKryoGeometry = List.copyOf(unnamedKryoGeometry);
        this.unchecked = List.copyOf(unchecked);
    }

    /**
     * What could not be read (a handle's meta info without the job's classes, a serializer
     * snapshot, state data), one line each: where, and why. Nothing here was found clean.
     */
    public List<String> unchecked() {
        return unchecked;
    }

    public boolean hasUncheckedParts() {
        return !unchecked.isEmpty();
    }

    public String savepoint() {
        return savepoint;
    }

    /** The version of the metadata file: 4 or less from Flink 1.x, 5 or more from Flink 2.x. */
    public int metadataVersion() {
        return metadataVersion;
    }

    /** {@code Flink 1.x} or {@code Flink 2.x}, from {@link #metadataVersion}. */
    public String writtenBy() {
        return writtenBy;
    }

    /** Which Kryo wrote the Kryo-held state of this savepoint, as far as it can be known. */
    public String kryoLine() {
        return kryoLine;
    }

    public List<HandleReport> handles() {
        return handles;
    }

    /** One line per Kryo-held geometry part: operator, subtask, state and role. */
    public List<String> kryoGeometryStates() {
        List<String> found = new ArrayList<>();
        for (HandleReport handle : handles) {
            String where = "operator " + handle.operator() + " subtask " + handle.subtask() + ": ";
            for (String role : handle.keyKryoGeometry()) {
                found.add(where + "the key (" + role + ")");
            }
            for (StateReport state : handle.states()) {
                for (String role : state.kryoGeometry()) {
                    found.add(
                            where
                                    + state.kind().toLowerCase()
                                    + " state '"
                                    + state.name()
                                    + "' ("
                                    + role
                                    + ")");
                }
            }
        }
        found.addAll(unnamedKryoGeometry);
        return found;
    }

    public boolean hasKryoGeometryState() {
        return !kryoGeometryStates().isEmpty();
    }

    /** The report as the command prints it. */
    public String toText() {
        StringBuilder text =
                new StringBuilder("Savepoint ")
                        .append(savepoint)
                        .append("\n  metadata version ")
                        .append(metadataVersion)
                        .append(": written by ")
                        .append(writtenBy)
                        .append('\n');
        for (HandleReport handle : handles) {
            text.append("\nOperator ")
                    .append(handle.operator())
                    .append(", subtask ")
                    .append(handle.subtask())
                    .append(": ")
                    .append(handle.format().equals("operator state") ? "" : "keyed state, ")
                    .append(handle.format())
                    .append(" (")
                    .append(handle.handleClass())
                    .append(", ")
                    .append(handle.handleBytes())
                    .append(" bytes)\n");
            if (!handle.format().equals("operator state")) {
                text.append("  key: ").append(handle.keySerializer()).append('\n');
            }
            if (!handle.keyKryoGeometry().isEmpty()) {
                text.append("    KRYO GEOMETRY: ").append(handle.keyKryoGeometry()).append('\n');
            }
            if (handle.note() != null) {
                text.append("  (").append(handle.note()).append(")\n");
            }
            for (StateReport state : handle.states()) {
                text.append("  ")
                        .append(state.kind())
                        .append(" '")
                        .append(state.name())
                        .append("'");
                if (state.entries().isPresent()) {
                    text.append(": ").append(state.entries().getAsLong()).append(" entries");
                    if (state.bytes().isPresent()) {
                        text.append(", ").append(state.bytes().getAsLong()).append(" bytes");
                    }
                }
                text.append("\n    serializer: ").append(state.serializer()).append('\n');
                if (!state.kryoGeometry().isEmpty()) {
                    text.append("    KRYO GEOMETRY: ").append(state.kryoGeometry()).append('\n');
                }
            }
        }
        List<String> found = kryoGeometryStates();
        text.append('\n');
        if (found.isEmpty() && unchecked.isEmpty()) {
            text.append("No geometry state is held by Flink's Kryo.\n");
        } else if (found.isEmpty()) {
            text.append(
                    "No geometry state held by Flink's Kryo was found in what could be read.\n");
        } else {
            text.append(found.size())
                    .append(" geometry state parts are held by Flink's Kryo, written by ")
                    .append(kryoLine)
                    .append(":\n");
            for (String state : found) {
                text.append("  - ").append(state).append('\n');
            }
            text.append("See docs/UPGRADE.md.\n");
        }
        if (!unchecked.isEmpty()) {
            text.append(unchecked.size())
                    .append(" parts could not be checked, so nothing is said of them:\n");
            for (String part : unchecked) {
                text.append("  - ").append(part).append('\n');
            }
            text.append(
                    "Put the job's jar on the inspector's class path (-cp ...:job.jar) for its"
                            + " classes.\n");
        }
        return text.toString();
    }
}
