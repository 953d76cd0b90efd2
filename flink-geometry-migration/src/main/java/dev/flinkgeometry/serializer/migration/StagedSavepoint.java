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
import java.util.UUID;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;

/**
 * A directory beside a savepoint's target directory, into which a savepoint is written and checked
 * before it is moved to the target with one rename. Until then the target does not exist, so a
 * rewrite that fails leaves nothing there that a job could restore; {@link #close()} deletes the
 * staging directory unless it was moved.
 *
 * <p>Savepoints are relocatable (their metadata names their files relative to itself), so the moved
 * directory restores as it was checked. The rename is atomic where the file system's is (a local
 * disk, HDFS); on object stores Flink's {@code FileSystem#rename} copies and deletes.
 */
final class StagedSavepoint implements AutoCloseable {
    private final String targetPath;
    private final Path target;
    private final Path staging;
    private final FileSystem fileSystem;
    private boolean moved;

    private StagedSavepoint(String targetPath, Path target, Path staging, FileSystem fileSystem) {
        this.targetPath = targetPath;
        this.target = target;
        this.staging = staging;
        this.fileSystem = fileSystem;
    }

    /**
     * Reserves a staging directory beside {@code targetPath} (same parent, a hidden name with a
     * random part).
     *
     * @throws IllegalArgumentException if {@code targetPath} exists already, or has no parent
     */
    static StagedSavepoint beside(String targetPath) throws IOException {
        Path target = new Path(targetPath);
        FileSystem fileSystem = target.getFileSystem();
        if (fileSystem.exists(target)) {
            throw new IllegalArgumentException(
                    "the new savepoint's directory " + target + " exists already; choose another");
        }
        Path parent = target.getParent();
        if (parent == null) {
            throw new IllegalArgumentException(
                    "the new savepoint's directory " + target + " has no parent directory");
        }
        Path staging =
                new Path(parent, "." + target.getName() + ".inprogress-" + UUID.randomUUID());
        return new StagedSavepoint(targetPath, target, staging, fileSystem);
    }

    /** Where to write the savepoint until it is checked. */
    String path() {
        return staging.toString();
    }

    /** The directory the savepoint is moved to, as it was given. */
    String targetPath() {
        return targetPath;
    }

    /**
     * Moves the checked savepoint to the target directory.
     *
     * @throws IOException if the file system does not move it
     */
    void moveIntoPlace() throws IOException {
        if (fileSystem.exists(target)) {
            throw new IOException(
                    "the new savepoint's directory "
                            + target
                            + " appeared while the rewrite ran; the rewritten savepoint is not"
                            + " moved there");
        }
        if (!fileSystem.rename(staging, target)) {
            throw new IOException(
                    "could not move the checked savepoint from " + staging + " to " + target);
        }
        moved = true;
    }

    /** Deletes the staging directory and everything in it, unless it was moved into place. */
    @Override
    public void close() throws IOException {
        if (!moved && fileSystem.exists(staging)) {
            fileSystem.delete(staging, true);
        }
    }
}
