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
package dev.flinkgeometry.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.table.GeometryDataTypes;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flink's real SQL client ({@code SqlClient embedded -f script.sql}, what {@code sql-client.sh -f}
 * starts) in a JVM of its own whose class path has Flink and no class of this project or of JTS:
 * every geometry class comes from the shaded jar, given by {@code ADD JAR}.
 */
class SqlClientShadedJarITCase {

    private static String clientClassPath;

    @BeforeAll
    static void classPathWithoutGeometryClasses() throws IOException {
        List<String> kept = new ArrayList<>();
        List<String> dropped = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            (holdsGeometryClasses(Path.of(entry)) ? dropped : kept).add(entry);
        }
        // The modules' own jars or classes are on the test's class path (flink-geometry-sql is a
        // dependency), and none of them is on the client's.
        assertThat(dropped)
                .anyMatch(entry -> entry.contains("flink-geometry-sql"))
                .anyMatch(entry -> entry.contains("jts-core"));
        clientClassPath = String.join(File.pathSeparator, kept);
    }

    private static boolean holdsGeometryClasses(Path entry) throws IOException {
        if (Files.isDirectory(entry)) {
            return Files.exists(entry.resolve("dev/flinkgeometry"))
                    || Files.exists(entry.resolve("org/locationtech/jts"));
        }
        if (!Files.isRegularFile(entry)) {
            return false;
        }
        try (JarFile jar = new JarFile(entry.toFile())) {
            return jar.stream()
                    .anyMatch(
                            e ->
                                    e.getName().startsWith("dev/flinkgeometry/")
                                            || e.getName().startsWith("org/locationtech/jts/"));
        }
    }

    @Test
    void addJarLoadsTheModuleAndGeometryColumnsPrint(@TempDir Path work) throws Exception {
        Path jar = ShadedJarContentsTest.sqlJar().toAbsolutePath();
        String script =
                String.join(
                        "\n",
                        "ADD JAR '" + jar + "';",
                        "SHOW JARS;",
                        "SET 'execution.runtime-mode' = 'batch';",
                        "SET 'sql-client.execution.result-mode' = 'tableau';",
                        "SET 'table.display.max-column-width' = '300';",
                        "LOAD MODULE geometry;",
                        "SHOW MODULES;",
                        "CREATE TEMPORARY VIEW fixes AS SELECT * FROM (VALUES",
                        "  ('bus-1', 2.3522, 48.8566), ('bus-2', 2.2945, 48.8584),",
                        "  ('bus-3', 13.4050, 52.5200), ('bus-1', 2.3522, 48.8566),",
                        "  ('bus-4', -0.1276, 51.5072)",
                        ") AS t(vehicle, lon, lat);",
                        "CREATE TEMPORARY VIEW zones AS SELECT * FROM (VALUES",
                        "  ('paris', 'SRID=4326;POLYGON ((2.2 48.8, 2.5 48.8, 2.5 48.95, 2.2 48.95,"
                                + " 2.2 48.8))'),",
                        "  ('berlin', 'SRID=4326;POLYGON ((13.2 52.4, 13.6 52.4, 13.6 52.6, 13.2"
                                + " 52.6, 13.2 52.4))')",
                        ") AS t(zone, wkt);",
                        // the geofence, grouped by the geometry column
                        "SELECT z.zone, ST_AsText(g) AS wkt, ST_AsGeoJSON(g) AS geojson,"
                                + " ST_AsEWKB(g) AS ewkb, COUNT(*) AS fixes",
                        "FROM (SELECT ST_Point(lon, lat, 4326) AS g FROM fixes) f JOIN zones z",
                        "  ON ST_Contains(ST_GeomFromText(z.wkt), f.g)",
                        "GROUP BY z.zone, g;",
                        "SELECT TYPEOF(ST_GeomFromText('POINT (1 2)'), TRUE) AS geometry_type;",
                        "CREATE TEMPORARY TABLE shapes (name STRING, shape "
                                + GeometryDataTypes.GEOMETRY
                                + ") WITH ('connector' = 'blackhole');",
                        "DESCRIBE shapes;",
                        "INSERT INTO shapes SELECT zone, ST_GeomFromText(wkt) FROM zones;",
                        "SELECT ST_AsText(CAST(ST_GeomFromText(wkt) AS "
                                + GeometryDataTypes.GEOMETRY
                                + ")) AS declared FROM zones WHERE zone = 'berlin';",
                        // the bundled GeographicLib and proj4j, relocated: (15 0) is UTM 33N's
                        // origin, and one degree of the equator on PostGIS's sphere is 111195 m
                        "SELECT ST_AsText(ST_SnapToGrid(ST_Transform(ST_Point(15, 0, 4326), 32633),"
                                + " 1)) AS utm, CAST(ST_DistanceSphere(ST_Point(0, 0, 4326),"
                                + " ST_Point(1, 0, 4326)) AS INT) AS sphere;",
                        // Last, as the client stops at a failing statement: Flink 2.3's client
                        // cannot show a RAW column of a class it loaded by ADD JAR.
                        "SELECT ST_GeomFromText(wkt) AS g FROM zones;",
                        "");
        String transcript = runClient(work, script, List.of()).replaceAll(" +", " ");
        // the client pads columns to their widths: compared with runs of spaces as one
        assertThat(transcript)
                .contains("| " + jar + " |")
                .contains("| core |\n| geometry |")
                // the geofence, grouped by the geometry column
                .contains(
                        "| paris | POINT (2.3522 48.8566) |"
                                + " {\"type\":\"Point\",\"coordinates\":[2.3522,48.8566]} | "
                                + ewkbOfPoint4326(2.3522, 48.8566)
                                + " | 2 |")
                .contains(
                        "| paris | POINT (2.2945 48.8584) |"
                                + " {\"type\":\"Point\",\"coordinates\":[2.2945,48.8584]} | "
                                + ewkbOfPoint4326(2.2945, 48.8584)
                                + " | 1 |")
                .contains(
                        "| berlin | POINT (13.405 52.52) |"
                                + " {\"type\":\"Point\",\"coordinates\":[13.405,52.52]} | "
                                + ewkbOfPoint4326(13.405, 52.52)
                                + " | 1 |")
                .doesNotContain("-0.1276 51.5072)")
                .contains("3 rows in set")
                // the type text, in full, is the documented constant, and DDL takes it back
                .contains("| " + GeometryDataTypes.GEOMETRY + " |")
                // DESCRIBE prints Flink's summary of the type, without the snapshot
                .contains("| shape | RAW('org.locationtech.jts.geom.Geometry', '...') | TRUE |")
                .contains("SQL update statement has been successfully submitted")
                .contains("| POLYGON ((13.2 52.4, 13.6 52.4, 13.6 52.6, 13.2 52.6, 13.2 52.4)) |")
                .contains("| POINT (500000 0) | 111195 |")
                .contains(
                        "[ERROR] Could not execute SQL statement. Reason:\n"
                                + "java.lang.ClassNotFoundException:"
                                + " org.locationtech.jts.geom.Geometry");
        assertThat(transcript.split("\\[ERROR\\]", -1))
                .as("one error, the last statement's")
                .hasSize(2);
    }

    /** PostGIS's EWKB of a point with SRID 4326, as the client shows BYTES: x'...'. */
    private static String ewkbOfPoint4326(double x, double y) {
        ByteBuffer ewkb = ByteBuffer.allocate(25).order(ByteOrder.LITTLE_ENDIAN);
        ewkb.put((byte) 1).putInt(0x20000001).putInt(4326).putDouble(x).putDouble(y);
        return "x'" + HexFormat.of().formatHex(ewkb.array()) + "'";
    }

    private static String runClient(Path work, String script, List<String> options)
            throws Exception {
        Path conf = Files.createDirectories(work.resolve("conf"));
        Files.writeString(
                conf.resolve("config.yaml"),
                String.join(
                        "\n",
                        "execution.target: local",
                        "parallelism.default: 1",
                        "rest.port: 0",
                        ""));
        Files.writeString(
                conf.resolve("log4j-cli.properties"),
                String.join(
                        "\n",
                        "rootLogger.level = WARN",
                        "rootLogger.appenderRef.file.ref = File",
                        "appender.file.name = File",
                        "appender.file.type = File",
                        "appender.file.fileName = " + work.resolve("client.log"),
                        "appender.file.layout.type = PatternLayout",
                        "appender.file.layout.pattern = %d %-5p %c - %m%n",
                        ""));
        Path scriptFile = work.resolve("script.sql");
        Files.writeString(scriptFile, script);

        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx1g");
        Arrays.stream(System.getProperty("flink.jvm.options", "").split("\\s+"))
                .filter(option -> !option.isEmpty())
                .forEach(command::add);
        command.add("-Dlog4j.configurationFile=" + conf.resolve("log4j-cli.properties").toUri());
        command.add("-cp");
        command.add(clientClassPath);
        command.add("org.apache.flink.table.client.SqlClient");
        command.add("embedded");
        command.addAll(options);
        command.addAll(List.of("-f", scriptFile.toString()));
        ProcessBuilder builder =
                new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(work.resolve("transcript.txt").toFile());
        builder.environment().put("FLINK_CONF_DIR", conf.toString());
        Process client = builder.start();
        // generous: a loaded two-core machine takes a minute for the first query of a session
        boolean finished = client.waitFor(8, TimeUnit.MINUTES);
        if (!finished) {
            client.destroyForcibly().waitFor();
        }
        // the client's colours off, for reading and matching
        String transcript =
                Files.readString(work.resolve("transcript.txt"), StandardCharsets.UTF_8)
                        .replaceAll("\u001B\\[[0-9;]*m", "");
        System.out.println(transcript);
        assertThat(finished).as("the client finished; transcript:%n%s", transcript).isTrue();
        return transcript;
    }
}
