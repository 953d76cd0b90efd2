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

import dev.flinkgeometry.benchmarks.contenders.Contenders;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Properties;

/**
 * The report's paragraphs, from the template {@code prose.properties} next to this class: the text
 * is edited there, and every contender it names is filled in from {@link Contenders}.
 */
final class ReportProse {
    private static final String TEMPLATE = "prose.properties";

    private final Properties paragraphs = new Properties();

    ReportProse() {
        try (InputStream in = ReportProse.class.getResourceAsStream(TEMPLATE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + TEMPLATE);
            }
            paragraphs.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The paragraph {@code key}, with every {@code {contender}} and {@code {name}} filled in. */
    String paragraph(String key, Map<String, String> values) {
        String text = paragraphs.getProperty(key);
        if (text == null) {
            throw new IllegalArgumentException("no paragraph " + key + " in " + TEMPLATE);
        }
        for (String contender : Contenders.ALL) {
            text = text.replace("{" + contender + "}", contender);
        }
        for (Map.Entry<String, String> value : values.entrySet()) {
            text = text.replace("{" + value.getKey() + "}", value.getValue());
        }
        if (text.matches("(?s).*\\{[a-z-]+}.*")) {
            throw new IllegalStateException(
                    "unfilled placeholder in paragraph " + key + ": " + text);
        }
        return text;
    }

    String paragraph(String key) {
        return paragraph(key, Map.of());
    }
}
