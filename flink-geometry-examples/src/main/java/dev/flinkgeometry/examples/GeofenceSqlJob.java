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

import dev.flinkgeometry.table.GeometryModule;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.CloseableIterator;

/**
 * A geofence in SQL alone: zones arrive as a changelog in Debezium JSON (created, updated and
 * deleted in PostGIS; the geometry as Debezium's struct {@code ROW<wkb BYTES, srid INT>}, whose
 * {@code wkb} is the EWKB PostGIS sends), vehicle fixes as GeoJSON lines; the query joins them with
 * {@code ST_Contains} and keeps, per vehicle and zone, the first fix inside the zone. The result is
 * an upsert stream keyed by (vehicle, zone): each entry is emitted once, and withdrawn if its zone
 * is deleted or moved away from the fix.
 *
 * <p>Run it: {@code mvn -B -q -pl flink-geometry-examples -am compile exec:exec
 * -Dexample.mainClass=dev.flinkgeometry.examples.GeofenceSqlJob}. Arguments: {@code [--zones FILE]
 * [--fixes FILE] [--jdbc-url URL]}; the files default to the ones in {@code geofence/} of the class
 * path (made with PostGIS by {@code flink-geometry-examples/postgis/make-geofence-data.sh}). With
 * {@code --jdbc-url}, the entries and the zones are also written into PostGIS through the JDBC
 * connector and read back ({@code ci/postgis-roundtrip.sh}).
 */
public final class GeofenceSqlJob {

    /** The zones' changelog: Debezium JSON, the geometry as Debezium's PostGIS struct. */
    static final String ZONES =
            "CREATE TABLE zones (\n"
                    + "  id INT,\n"
                    + "  name STRING,\n"
                    + "  geom ROW<wkb BYTES, srid INT>,\n"
                    + "  PRIMARY KEY (id) NOT ENFORCED\n"
                    + ") WITH ('connector' = 'filesystem', 'path' = '%s',"
                    + " 'format' = 'debezium-json')";

    /** The fixes: one JSON object per line, the position a GeoJSON geometry read as text. */
    static final String FIXES =
            "CREATE TABLE fixes (\n"
                    + "  vehicle STRING,\n"
                    + "  seq INT,\n"
                    + "  `position` STRING\n"
                    + ") WITH ('connector' = 'filesystem', 'path' = '%s', 'format' = 'json')";

    /** Per vehicle and zone, the first fix (lowest seq) inside the zone's current shape. */
    static final String ENTRIES =
            "CREATE TEMPORARY VIEW entries AS\n"
                    + "SELECT vehicle, zone, seq, fix FROM (\n"
                    + "  SELECT f.vehicle, z.name AS zone, f.seq, f.fix,\n"
                    + "    ROW_NUMBER() OVER (PARTITION BY f.vehicle, z.name ORDER BY f.seq) AS n\n"
                    + "  FROM (SELECT vehicle, seq, ST_GeomFromGeoJSON(`position`) AS fix"
                    + " FROM fixes) AS f\n"
                    + "  JOIN (SELECT name, ST_GeomFromEWKB(geom.wkb) AS shape FROM zones) AS z\n"
                    + "    ON ST_Contains(z.shape, f.fix)\n"
                    + ") WHERE n = 1";

    /** What the job prints: an entry, its fix as WKT and as EWKB. */
    static final String PRINTED =
            "SELECT vehicle, zone, seq, ST_AsText(fix) AS fix, ST_AsEWKB(fix) AS ewkb FROM entries";

    private GeofenceSqlJob() {}

    /** Arguments: {@code [--zones FILE] [--fixes FILE] [--jdbc-url URL]}. */
    public static void main(String[] args) throws Exception {
        Map<String, String> options = options(args);
        Path inputs = Files.createTempDirectory("geofence-inputs");
        try {
            String zones = options.get("--zones");
            String fixes = options.get("--fixes");
            zones = zones != null ? zones : copy("zone-events.json", inputs);
            fixes = fixes != null ? fixes : copy("fixes.geojsonl", inputs);
            TableEnvironment tables = tables(zones, fixes);
            String jdbcUrl = options.get("--jdbc-url");
            if (jdbcUrl != null) {
                PostgisRoundTrip.write(tables, jdbcUrl);
            }
            List<String> entries = entries(tables);
            System.out.println("zone entries (vehicle, zone, first fix inside, EWKB of the fix):");
            entries.forEach(line -> System.out.println("entry\t" + line));
            if (jdbcUrl != null) {
                PostgisRoundTrip.readBack(tables, jdbcUrl)
                        .forEach(line -> System.out.println("read\t" + line));
            }
        } finally {
            try (var files = Files.list(inputs)) {
                for (Path file : (Iterable<Path>) files::iterator) {
                    Files.delete(file);
                }
            }
            Files.delete(inputs);
        }
    }

    /** A streaming table environment with the module loaded and both inputs declared. */
    static TableEnvironment tables(String zonesFile, String fixesFile) {
        Configuration config = new Configuration();
        config.set(ExecutionOptions.RUNTIME_MODE, RuntimeExecutionMode.STREAMING);
        config.setString("pipeline.generic-types", "false");
        TableEnvironment tables =
                TableEnvironment.create(
                        EnvironmentSettings.newInstance().withConfiguration(config).build());
        // ST_GeomFromEWKB, ST_Contains, ... (in the SQL client: LOAD MODULE geometry)
        tables.loadModule(GeometryModule.IDENTIFIER, GeometryModule.INSTANCE);
        tables.executeSql(String.format(ZONES, zonesFile));
        tables.executeSql(String.format(FIXES, fixesFile));
        tables.executeSql(ENTRIES);
        return tables;
    }

    /**
     * Runs {@link #PRINTED} and applies its changelog: the entries at the end, sorted, one line
     * each ({@code vehicle, zone, seq, WKT, EWKB hex}, tab-separated). Fails if an entry is
     * inserted while it is already there (an entry emitted twice).
     */
    static List<String> entries(TableEnvironment tables) throws Exception {
        Map<String, String> current = new TreeMap<>();
        try (CloseableIterator<Row> rows = tables.executeSql(PRINTED).collect()) {
            while (rows.hasNext()) {
                Row row = rows.next();
                String key = row.getField("vehicle") + "\t" + row.getField("zone");
                String line =
                        key
                                + "\t"
                                + row.getField("seq")
                                + "\t"
                                + row.getField("fix")
                                + "\t"
                                + hex(row.getFieldAs("ewkb"));
                RowKind kind = row.getKind();
                if (kind == RowKind.INSERT || kind == RowKind.UPDATE_AFTER) {
                    if (current.put(key, line) != null) {
                        throw new IllegalStateException("entry emitted twice: " + line);
                    }
                } else if (current.remove(key) == null) {
                    throw new IllegalStateException(kind + " of an entry not emitted: " + line);
                }
            }
        }
        return new ArrayList<>(current.values());
    }

    /** Bytes as lower-case hex, as PostgreSQL's {@code encode(bytes, 'hex')} writes them. */
    static String hex(byte[] bytes) {
        StringBuilder hex = new StringBuilder(bytes.length * 2);
        for (byte b : bytes) {
            hex.append(Character.forDigit((b >> 4) & 0xF, 16))
                    .append(Character.forDigit(b & 0xF, 16));
        }
        return hex.toString();
    }

    /** Writes the resource {@code geofence/name} into {@code dir}; returns the file's path. */
    private static String copy(String name, Path dir) throws IOException {
        Path file = dir.resolve(name);
        try (InputStream in = GeofenceSqlJob.class.getResourceAsStream("/geofence/" + name)) {
            if (in == null) {
                throw new IOException("resource geofence/" + name + " not on the class path");
            }
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
        }
        return file.toString();
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new TreeMap<>();
        // exec:exec passes the examples' default example.args, a record count for the other
        // examples; this job has no count
        int first = args.length > 0 && args[0].matches("[0-9]+") ? 1 : 0;
        for (int i = first; i < args.length; i += 2) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException(
                        "expected [--zones FILE] [--fixes FILE] [--jdbc-url URL], got " + args[i]);
            }
            options.put(args[i], args[i + 1]);
        }
        return options;
    }
}
