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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The staging directory of a rewrite's output, on the local file system. */
class StagedSavepointTest {

    @TempDir Path parent;

    @Test
    void anExistingTargetIsRefusedBeforeAnythingIsWritten() throws IOException {
        Files.createDirectory(parent.resolve("rewritten"));
        assertThatThrownBy(
                        () ->
                                StagedSavepoint.beside(
                                        parent.resolve("rewritten").toUri().toString()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("rewritten exists already; choose another");
    }

    @Test
    void aCheckedSavepointIsMovedToTheTargetAndNothingElseIsLeft() throws IOException {
        String target = parent.resolve("rewritten").toUri().toString();
        try (StagedSavepoint staged = StagedSavepoint.beside(target)) {
            writeMetadata(staged.path());
            assertThat(listing()).singleElement().asString().startsWith(".rewritten.inprogress-");
            staged.moveIntoPlace();
        }
        assertThat(listing()).containsExactly("rewritten");
        assertThat(parent.resolve("rewritten").resolve("_metadata")).hasContent("metadata");
    }

    @Test
    void aSavepointThatIsNotMovedIsDeleted() throws IOException {
        String target = parent.resolve("rewritten").toUri().toString();
        try (StagedSavepoint staged = StagedSavepoint.beside(target)) {
            writeMetadata(staged.path());
        }
        assertThat(listing()).isEmpty();
    }

    private static void writeMetadata(String directory) throws IOException {
        Path path = Path.of(java.net.URI.create(directory));
        Files.createDirectories(path);
        Files.writeString(path.resolve("_metadata"), "metadata");
    }

    private List<String> listing() throws IOException {
        try (Stream<Path> files = Files.list(parent)) {
            return files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }
}
