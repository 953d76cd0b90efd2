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
package dev.flinkgeometry.benchmarks.report;

import java.nio.file.Path;
import java.util.List;

/** The markdown document being written: lines, table headers and images linked relatively. */
final class Markdown {
    private final Path file;
    private final StringBuilder out = new StringBuilder();

    /** A document that will be written to {@code file}, which its links are relative to. */
    Markdown(Path file) {
        this.file = file;
    }

    void line(String text) {
        out.append(text).append('\n');
    }

    /** A paragraph and the blank line after it. */
    void paragraph(String text) {
        line(text);
        line("");
    }

    /** A table's header: {@code first} (left-aligned, may hold several columns), then numbers. */
    void header(String first, List<String> columns) {
        StringBuilder head = new StringBuilder("| " + first);
        StringBuilder rule = new StringBuilder("|" + "---|".repeat(first.split("\\|").length));
        for (String column : columns) {
            head.append(" | ").append(column);
            rule.append("---:|");
        }
        line(head + " |");
        line(rule.toString());
    }

    void image(String alt, Path png) {
        line("![" + alt + "](" + relative(png) + ")");
        line("");
    }

    /** {@code target} as a link relative to the document. */
    String relative(Path target) {
        Path base = file.toAbsolutePath().getParent();
        return base.relativize(target.toAbsolutePath()).toString().replace('\\', '/');
    }

    String text() {
        return out.toString();
    }
}
