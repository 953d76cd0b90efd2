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

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.apache.flink.util.StringUtils;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.io.WKBReader;

/**
 * The SQL snippet of docs/SQL.md, statement by statement, through {@code
 * TableEnvironment.executeSql} (what the SQL client does with each statement; there is no SQL
 * client binary in this build): its results are checked, and printed as a transcript. docs/SQL.md
 * must hold the snippet verbatim.
 */
class SqlDocSnippetITCase {
    private static final String SNIPPET = "/sql-doc-snippet.sql";
    private static final Pattern SET = Pattern.compile("SET '([^']+)' = '([^']*)'");

    @Test
    void theSqlDocSnippetRunsAndGivesExactResults() throws Exception {
        String snippet = snippet();
        assertThat(Files.readString(Paths.get("..", "docs", "SQL.md"), StandardCharsets.UTF_8))
                .as("docs/SQL.md holds the snippet of %s", SNIPPET)
                .contains(snippet);

        // SET is the SQL client's own statement: its session configuration, which it applies to
        // the table environment that runs the other statements; done the same way here.
        Configuration session = new Configuration();
        session.setString("parallelism.default", "1");
        List<String> statements = new ArrayList<>(List.of(snippet.split(";\n")));
        Matcher set;
        while ((set = SET.matcher(statements.get(0).trim())).matches()) {
            System.out.println("Flink SQL> " + statements.remove(0).trim() + ";");
            session.setString(set.group(1), set.group(2));
            System.out.println("[INFO] Execute statement succeeded.");
        }
        TableEnvironment sql =
                TableEnvironment.create(
                        EnvironmentSettings.newInstance().withConfiguration(session).build());
        List<List<Row>> results = new ArrayList<>();
        while (results.size() < snippet.split(";\n").length - statements.size()) {
            results.add(List.of()); // the SET statements' (no rows)
        }
        for (String statement : statements) {
            System.out.println("Flink SQL> " + statement.trim().replace("\n", "\n> ") + ";");
            TableResult result = sql.executeSql(statement);
            List<Row> rows = new ArrayList<>();
            try (CloseableIterator<Row> it = result.collect()) {
                it.forEachRemaining(rows::add);
            }
            rows.forEach(row -> System.out.println(transcript(row)));
            results.add(rows);
        }

        List<Row> modules = results.get(3);
        assertThat(modules).extracting(row -> row.getField(0)).containsExactly("core", "geometry");
        List<Row> sightings = results.get(5);
        assertThat(sightings).hasSize(3);
        for (Row row : sightings) {
            String place = (String) row.getField(0);
            Geometry fromEwkb = new WKBReader().read((byte[]) row.getField(3));
            assertThat(row.getField(1)).isEqualTo(4326);
            assertThat(fromEwkb.getSRID()).isEqualTo(4326);
            switch (place) {
                case "Paris":
                    assertThat(row.getField(2)).isEqualTo("POINT (2.3522 48.8566)");
                    assertThat(row.getField(4)).as("both spellings, one group").isEqualTo(2L);
                    break;
                case "Everest":
                    assertThat(row.getField(2)).isEqualTo("POINT Z (86.925 27.9881 8849)");
                    assertThat(fromEwkb.getCoordinate().getZ()).isEqualTo(8849);
                    break;
                default:
                    assertThat(row.getField(2))
                            .isEqualTo("LINESTRING M (-118.2437 34.0522 0, -87.6298 41.8781 3940)");
                    assertThat(fromEwkb.getCoordinates()[1].getM()).isEqualTo(3940);
            }
        }
        assertThat(results.get(6))
                .extracting(row -> row.getField(0))
                .containsExactly("POINT (1 2)");
    }

    /** A row as the transcript shows it: fields separated by " | ", bytes as hex literals. */
    private static String transcript(Row row) {
        StringBuilder line = new StringBuilder(row.getKind().shortString()).append(" | ");
        for (int i = 0; i < row.getArity(); i++) {
            Object field = row.getField(i);
            line.append(i == 0 ? "" : " | ")
                    .append(
                            field instanceof byte[]
                                    ? "X'" + StringUtils.byteToHexString((byte[]) field) + "'"
                                    : String.valueOf(field));
        }
        return line.toString();
    }

    private static String snippet() throws IOException {
        try (InputStream in = SqlDocSnippetITCase.class.getResourceAsStream(SNIPPET)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
