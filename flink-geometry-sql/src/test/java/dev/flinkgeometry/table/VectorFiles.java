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
package dev.flinkgeometry.table;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The committed vector files (tab-separated, {@code #} comments) that PostGIS's scripts wrote. */
final class VectorFiles {

    private VectorFiles() {}

    /** The rows of a class-path resource, each split at every tab, comments and blank lines out. */
    static List<String[]> tsv(String resource) throws IOException {
        List<String[]> rows = new ArrayList<>();
        try (InputStream in = VectorFiles.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("vector file " + resource + " is not on the class path");
            }
            BufferedReader reader =
                    new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = reader.readLine()) != null) {
                if (!line.startsWith("#") && !line.isEmpty()) {
                    rows.add(line.split("\t", -1));
                }
            }
        }
        return rows;
    }
}
