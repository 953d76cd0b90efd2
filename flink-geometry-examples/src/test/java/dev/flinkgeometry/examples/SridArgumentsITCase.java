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

import dev.flinkgeometry.table.GeometryModule;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The SRID argument of the module's functions, NULL included, and EWKB given to {@code
 * ST_GeomFromWKB}, against what PostGIS 3.3 returns for the same calls ({@code
 * postgis/srid-arguments.tsv}, made by {@code
 * flink-geometry-examples/postgis/make-srid-arguments.sh}).
 */
class SridArgumentsITCase {
    private static List<String[]> vectors;
    private static List<String> ours;

    @BeforeAll
    static void evaluate() throws Exception {
        vectors = vectors();
        StringBuilder select = new StringBuilder("SELECT ");
        for (int i = 0; i < vectors.size(); i++) {
            select.append(i == 0 ? "" : ", ").append("ST_AsEWKB(").append(call(vectors.get(i)));
            select.append(") AS c").append(i);
        }
        TableEnvironment tables = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        tables.loadModule(GeometryModule.IDENTIFIER, GeometryModule.INSTANCE);
        ours = new ArrayList<>();
        try (CloseableIterator<Row> rows = tables.executeSql(select.toString()).collect()) {
            Row row = rows.next();
            for (int i = 0; i < vectors.size(); i++) {
                byte[] ewkb = row.getFieldAs(i);
                ours.add(ewkb == null ? "NULL" : GeofenceSqlJob.hex(ewkb));
            }
        }
    }

    /**
     * Every call returns what PostGIS returns, NULL SRIDs and EWKB given to ST_GeomFromWKB
     * included.
     */
    @Test
    void theSridArgumentIsTakenAsPostgisTakesIt() {
        List<String> different = new ArrayList<>();
        for (int i = 0; i < vectors.size(); i++) {
            String[] vector = vectors.get(i);
            if (!ours.get(i).equals(vector[3])) {
                different.add(call(vector) + ": ours " + ours.get(i) + ", PostGIS " + vector[3]);
            }
        }
        assertThat(different).isEmpty();
    }

    /**
     * {@code ST_GeomFromWKB(bytes, NULL)} and {@code ST_GeomFromText(text, NULL)} give NULL, as in
     * PostGIS, whose functions are STRICT.
     */
    @Test
    void aNullSridGivesNull() {
        int compared = 0;
        for (int i = 0; i < vectors.size(); i++) {
            String[] vector = vectors.get(i);
            if (isReadWithNullSrid(vector)) {
                assertThat(vector[3]).as("PostGIS's " + call(vector)).isEqualTo("NULL");
                assertThat(ours.get(i)).as(call(vector)).isEqualTo("NULL");
                compared++;
            }
        }
        assertThat(compared).isEqualTo(4);
    }

    private static boolean isReadWithNullSrid(String[] vector) {
        return (vector[0].equals("ST_GeomFromWKB") || vector[0].equals("ST_GeomFromText"))
                && vector[2].equals("NULL");
    }

    /** The vector's call in Flink SQL. */
    private static String call(String[] vector) {
        String function = vector[0];
        String input = vector[1];
        String srid = vector[2].equals("NULL") ? "CAST(NULL AS INT)" : vector[2];
        String sridArgument = vector[2].equals("-") ? "" : ", " + srid;
        switch (function) {
            case "ST_GeomFromWKB":
            case "ST_GeomFromEWKB":
                return function + "(X'" + input + "'" + sridArgument + ")";
            case "ST_GeomFromText":
                return function + "('" + input + "'" + sridArgument + ")";
            case "ST_SetSRID":
                return "ST_SetSRID(ST_GeomFromEWKB(X'" + input + "')" + sridArgument + ")";
            case "ST_Point":
                assertThat(input).isEqualTo("POINT(1 2)");
                return "ST_Point(CAST(1 AS DOUBLE), CAST(2 AS DOUBLE)" + sridArgument + ")";
            default:
                throw new IllegalArgumentException("no Flink SQL call for " + function);
        }
    }

    private static List<String[]> vectors() throws IOException {
        List<String[]> vectors = new ArrayList<>();
        try (InputStream in =
                        SridArgumentsITCase.class.getResourceAsStream(
                                "/postgis/srid-arguments.tsv");
                BufferedReader reader =
                        new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            reader.readLine(); // header
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                vectors.add(line.split("\t", -1));
            }
        }
        assertThat(vectors).hasSize(15);
        return vectors;
    }
}
