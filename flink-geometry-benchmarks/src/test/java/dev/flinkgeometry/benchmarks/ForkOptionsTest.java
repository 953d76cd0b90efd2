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
package dev.flinkgeometry.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Fork;

/**
 * The module opens of the benchmark forks are the root pom's list ({@code surefire.module.config},
 * which the tests and {@code ci/benchmarks.sh quick} use): a {@code @Fork} takes only constants, so
 * {@link BenchmarkBase} spells the list out, and this test keeps the two from drifting apart.
 */
class ForkOptionsTest {
    // The one open of the pom's list the forks have never had (no benchmark touches java.sql);
    // adding it would change the forks' JVM options.
    private static final String NOT_IN_FORKS = "--add-opens=java.sql/java.sql=ALL-UNNAMED";

    @Test
    void benchmarkForksOpenWhatThePomOpens() throws Exception {
        String pom = Files.readString(Path.of("..", "pom.xml"));
        Matcher property =
                Pattern.compile("<surefire.module.config>(.*)</surefire.module.config>")
                        .matcher(pom);
        assertThat(property.find()).as("surefire.module.config in the root pom").isTrue();
        List<String> pomOpens =
                Arrays.stream(property.group(1).trim().split("\\s+"))
                        .filter(option -> !option.equals(NOT_IN_FORKS))
                        .collect(Collectors.toList());

        List<String> forkOpens =
                Arrays.stream(BenchmarkBase.class.getAnnotation(Fork.class).jvmArgsAppend())
                        .filter(option -> option.startsWith("--add-opens="))
                        .collect(Collectors.toList());
        assertThat(forkOpens).isEqualTo(pomOpens);
    }
}
