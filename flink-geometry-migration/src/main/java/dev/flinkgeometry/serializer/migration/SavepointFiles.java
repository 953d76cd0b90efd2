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

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.core.fs.Path;
import org.apache.flink.runtime.checkpoint.OperatorState;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.state.IncrementalKeyedStateHandle.HandleAndLocalPath;
import org.apache.flink.runtime.state.IncrementalRemoteKeyedStateHandle;
import org.apache.flink.runtime.state.KeyGroupsStateHandle;
import org.apache.flink.runtime.state.KeyedStateHandle;
import org.apache.flink.runtime.state.OperatorStateHandle;
import org.apache.flink.runtime.state.StateObject;
import org.apache.flink.runtime.state.StreamStateHandle;
import org.apache.flink.runtime.state.filesystem.FileStateHandle;
import org.apache.flink.state.api.OperatorIdentifier;
import org.apache.flink.state.api.runtime.SavepointLoader;

/**
 * The files of a savepoint, as its metadata references them.
 *
 * <p>Flink 2.3's {@code SavepointWriter.fromExistingSavepoint} copies the files of the operators it
 * keeps into the new savepoint, but only those of canonical keyed state ({@code
 * KeyGroupsStateHandle}, see {@code StatePathExtractor}): the files of a native RocksDB savepoint
 * stay behind, while the new metadata still names them, and the restore fails with a {@code
 * FileNotFoundException}. The rewrite refuses such savepoints up front and, after writing, checks
 * that every file the new savepoint names exists.
 */
final class SavepointFiles {
    private SavepointFiles() {}

    /**
     * The operators other than {@code except} (by uid, or id without one) with keyed state that is
     * not in the canonical format.
     */
    static List<String> operatorsWithNativeKeyedState(
            String savepointPath, OperatorIdentifier except) throws IOException {
        List<String> operators = new ArrayList<>();
        for (OperatorState operator :
                SavepointLoader.loadSavepointMetadata(savepointPath).getOperatorStates()) {
            if (operator.getOperatorID().equals(except.getOperatorId())) {
                continue;
            }
            for (OperatorSubtaskState subtask : operator.getStates()) {
                if (hasNonCanonical(subtask.getManagedKeyedState())
                        || hasNonCanonical(subtask.getRawKeyedState())) {
                    operators.add(
                            operator.getOperatorUid().orElse(operator.getOperatorID().toString()));
                    break;
                }
            }
        }
        return operators;
    }

    private static boolean hasNonCanonical(Iterable<KeyedStateHandle> handles) {
        for (KeyedStateHandle handle : handles) {
            if (!(handle instanceof KeyGroupsStateHandle)) {
                return true;
            }
        }
        return false;
    }

    /** The files that the savepoint's metadata names but that do not exist. */
    static List<Path> missingFiles(String savepointPath) throws IOException {
        List<Path> files = new ArrayList<>();
        for (OperatorState operator :
                SavepointLoader.loadSavepointMetadata(savepointPath).getOperatorStates()) {
            for (OperatorSubtaskState subtask : operator.getStates()) {
                subtask.getManagedOperatorState().forEach(handle -> addFiles(handle, files));
                subtask.getRawOperatorState().forEach(handle -> addFiles(handle, files));
                subtask.getManagedKeyedState().forEach(handle -> addFiles(handle, files));
                subtask.getRawKeyedState().forEach(handle -> addFiles(handle, files));
            }
        }
        List<Path> missing = new ArrayList<>();
        for (Path file : files) {
            if (!file.getFileSystem().exists(file)) {
                missing.add(file);
            }
        }
        return missing;
    }

    private static void addFiles(StateObject handle, List<Path> files) {
        if (handle instanceof FileStateHandle) {
            files.add(((FileStateHandle) handle).getFilePath());
        } else if (handle instanceof KeyGroupsStateHandle) {
            addFiles(((KeyGroupsStateHandle) handle).getDelegateStateHandle(), files);
        } else if (handle instanceof OperatorStateHandle) {
            addFiles(((OperatorStateHandle) handle).getDelegateStateHandle(), files);
        } else if (handle instanceof IncrementalRemoteKeyedStateHandle) {
            IncrementalRemoteKeyedStateHandle incremental =
                    (IncrementalRemoteKeyedStateHandle) handle;
            addFiles(incremental.getMetaDataStateHandle(), files);
            addAll(incremental.getSharedState(), files);
            addAll(incremental.getPrivateState(), files);
        }
        // Any other handle holds its bytes inline (ByteStreamStateHandle) or is not in savepoints.
    }

    private static void addAll(List<HandleAndLocalPath> handles, List<Path> files) {
        for (HandleAndLocalPath handle : handles) {
            StreamStateHandle stream = handle.getHandle();
            addFiles(stream, files);
        }
    }
}
