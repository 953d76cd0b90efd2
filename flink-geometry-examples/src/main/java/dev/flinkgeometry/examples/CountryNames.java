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
package dev.flinkgeometry.examples;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The names and ISO 3166-1 alpha-3 codes of the bundled Natural Earth countries, one row per line
 * of the WKT file ({@code natural-earth-countries-110m.attributes.tsv}: line, name, iso_a3,
 * continent, pop_est), for summaries that name countries.
 */
public final class CountryNames {
    private static final String RESOURCE = "/natural-earth-countries-110m.attributes.tsv";

    /** Natural Earth's code for "no ISO code assigned" (France and Norway carry it in 110m). */
    private static final String NO_CODE = "-99";

    private final List<String[]> rows;

    private CountryNames(List<String[]> rows) {
        this.rows = rows;
    }

    /** Reads the bundled file; its line numbers must run 1, 2, 3, ... like the WKT file's. */
    public static CountryNames load() {
        List<String[]> rows = new ArrayList<>();
        try (InputStream in = CountryNames.class.getResourceAsStream(RESOURCE);
                BufferedReader text =
                        new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            text.readLine(); // header
            for (String line; (line = text.readLine()) != null; ) {
                String[] fields = line.split("\t", -1);
                if (fields.length != 5 || Integer.parseInt(fields[0]) != rows.size() + 1) {
                    throw new IllegalStateException("unexpected row in " + RESOURCE + ": " + line);
                }
                rows.add(fields);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new CountryNames(rows);
    }

    /** How many countries the file names. */
    public int size() {
        return rows.size();
    }

    /** The name of the country with zero-based id {@code id} (its WKT line minus one). */
    public String name(int id) {
        return rows.get(id)[1];
    }

    /** Its ISO 3166-1 alpha-3 code, or {@code "-"} where Natural Earth has none. */
    public String isoCode(int id) {
        String code = rows.get(id)[2];
        return code.equals(NO_CODE) ? "-" : code;
    }

    /** {@code "Name (ISO)"}. */
    public String label(int id) {
        return name(id) + " (" + isoCode(id) + ")";
    }
}
