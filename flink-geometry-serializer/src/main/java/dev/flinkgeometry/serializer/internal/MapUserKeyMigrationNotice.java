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
package dev.flinkgeometry.serializer.internal;

import java.lang.StackWalker.StackFrame;
import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Says what Flink's refusal of a MapState restore does not: when a geometry serializer's snapshot
 * answers "compatible after migration" for the <b>user keys</b> of a MapState on RocksDB (or
 * ForSt's synchronous backend), Flink does not migrate them and fails the restore with a message
 * that names neither the operator nor the state ("migration for MapState currently only allows
 * value schema evolutions"). Flink asks the snapshot from {@code
 * checkMapStateKeySchemaCompatibility}, with nothing of the state in reach; what is in reach is the
 * task's thread, whose name is the task's (the operators' names and the subtask), and the two
 * encodings. This logs them with the way out, as an error, just before Flink throws.
 */
@Internal
public final class MapUserKeyMigrationNotice {
    private static final Logger LOG = LoggerFactory.getLogger(MapUserKeyMigrationNotice.class);

    private static final String MAP_USER_KEY_CHECK = "checkMapStateKeySchemaCompatibility";

    private MapUserKeyMigrationNotice() {}

    /**
     * Logs the refusal to come if the caller is a backend's check of MapState user keys.
     *
     * @param from what wrote the old state (an encoding, a predecessor's snapshot)
     * @param to the new serializer and its declared class
     */
    public static void logIfMapUserKeysOnRocksDb(String from, String to) {
        Optional<String> backend =
                StackWalker.getInstance()
                        .walk(
                                frames ->
                                        frames.filter(
                                                        frame ->
                                                                frame.getMethodName()
                                                                        .equals(MAP_USER_KEY_CHECK))
                                                .map(StackFrame::getClassName)
                                                .findFirst());
        if (backend.isPresent()) {
            LOG.error(
                    "Task '{}': the user keys of a MapState were written by {} and are now {}; {}"
                            + " does not migrate the user keys of a MapState, so it refuses this"
                            + " restore (\"migration for MapState currently only allows value schema"
                            + " evolutions\"). The state is the MapState whose getMapState(...) call"
                            + " fails in that task's open() (\"Error while getting state\"). Restore"
                            + " it with its old user key type, or rewrite the savepoint with"
                            + " KeyedStateRewrite: mapState(name, oldUserKeyType, oldValueType,"
                            + " newUserKeyType, newValueType), see docs/MIGRATION.md",
                    Thread.currentThread().getName(),
                    from,
                    to,
                    backend.get().substring(backend.get().lastIndexOf('.') + 1));
        }
    }
}
