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
package dev.flinkgeometry.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The fuzz tests replay their seed directories in every build, and would silently replay only the
 * empty input if a directory were moved or emptied, or a fuzz test renamed. So the directories are
 * derived from the fuzz tests themselves: every {@code @FuzzTest} method among the compiled test
 * classes must have its Jazzer directory ({@code <test package>/<TestClass>Inputs/<method>/}) with
 * enough inputs, and every generated seed must be there with the bytes {@link FuzzSeedCorpus} gives
 * it.
 */
class FuzzSeedCorpusTest {
    /** The fewest inputs a fuzz test may replay (the smallest corpus has 32). */
    private static final int MIN_INPUTS = 20;

    /** The fuzz tests of this module today; fewer found means the scan below is broken. */
    private static final int MIN_FUZZ_TESTS = 4;

    @Test
    void everyFuzzTestReplaysItsCorpus() throws Exception {
        List<String> corpora = fuzzTestCorpora();
        assertThat(corpora).hasSizeGreaterThanOrEqualTo(MIN_FUZZ_TESTS);
        for (String corpus : corpora) {
            Path dir = testClasses().resolve(corpus); // resources are copied beside the classes
            assertThat(dir).as("seed directory of %s", corpus).isDirectory();
            try (Stream<Path> files = Files.list(dir)) {
                assertThat(files.filter(Files::isRegularFile).count())
                        .as("inputs replayed by %s", corpus)
                        .isGreaterThanOrEqualTo(MIN_INPUTS);
            }
        }
    }

    @Test
    void everyGeneratedSeedIsCommittedForAFuzzTest() throws Exception {
        List<String> corpora = fuzzTestCorpora();
        for (Map.Entry<String, Map<String, byte[]>> dir : FuzzSeedCorpus.all().entrySet()) {
            assertThat(corpora).as("fuzz test of %s", dir.getKey()).contains(dir.getKey());
            assertThat(dir.getValue()).as(dir.getKey()).hasSizeGreaterThan(MIN_INPUTS);
            for (Map.Entry<String, byte[]> seed : dir.getValue().entrySet()) {
                String name = "/" + dir.getKey() + "/" + seed.getKey();
                try (InputStream in = FuzzSeedCorpusTest.class.getResourceAsStream(name)) {
                    assertThat(in).as("seed %s", name).isNotNull();
                    assertThat(in.readAllBytes()).as("seed %s", name).isEqualTo(seed.getValue());
                }
            }
        }
    }

    /** The Jazzer seed directory (a resource path) of every {@code @FuzzTest} method. */
    private static List<String> fuzzTestCorpora() throws Exception {
        Path classes = testClasses();
        List<String> corpora = new ArrayList<>();
        List<Path> classFiles;
        try (Stream<Path> files = Files.walk(classes)) {
            classFiles = files.filter(f -> f.toString().endsWith(".class")).toList();
        }
        for (Path file : classFiles) {
            String relative = classes.relativize(file).toString().replace('\\', '/');
            String name = relative.substring(0, relative.length() - ".class".length());
            if (name.contains("$")) {
                continue; // nested classes hold no fuzz tests here
            }
            Class<?> type =
                    Class.forName(
                            name.replace('/', '.'),
                            false,
                            FuzzSeedCorpusTest.class.getClassLoader());
            for (Method method : type.getDeclaredMethods()) {
                if (method.isAnnotationPresent(FuzzTest.class)) {
                    corpora.add(name + "Inputs/" + method.getName());
                }
            }
        }
        return corpora;
    }

    /** {@code target/test-classes}: the compiled test classes and the copied test resources. */
    private static Path testClasses() throws URISyntaxException {
        return Path.of(
                FuzzSeedCorpusTest.class
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .toURI());
    }
}
