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

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What the shaded SQL jar carries: the module's classes, JTS unrelocated, every other bundled
 * library relocated under {@code dev.flinkgeometry.shaded}, nothing of Flink, one merged factory
 * service file, and a NOTICE naming exactly the bundled artifacts (Flink's rule for its sql jars).
 */
class ShadedJarContentsTest {

    /** Packages a class of the jar may be in; a new dependency must be relocated or added here. */
    private static final List<String> CLASS_PREFIXES =
            List.of("dev/flinkgeometry/", "org/locationtech/jts/");

    private static final Pattern NOTICE_ARTIFACT =
            Pattern.compile("^- ([\\w.\\-]+:[\\w.\\-]+:[\\w.\\-]+)$", Pattern.MULTILINE);

    static Path sqlJar() {
        Path jar = Path.of(System.getProperty("sql.jar", "target/none.jar"));
        assertThat(jar)
                .as("the shaded jar (system property sql.jar; built by `package`)")
                .isRegularFile();
        return jar;
    }

    @Test
    void everyClassIsTheModulesOrJtsAndJtsIsNotRelocated() throws IOException {
        List<String> strays = new ArrayList<>();
        int jtsClasses = 0;
        try (JarFile jar = new JarFile(sqlJar().toFile())) {
            for (JarEntry entry : Collections.list(jar.entries())) {
                String name = entry.getName();
                if (!name.endsWith(".class")) {
                    continue;
                }
                if (CLASS_PREFIXES.stream().noneMatch(name::startsWith)) {
                    strays.add(name);
                }
                if (name.startsWith("org/locationtech/jts/")) {
                    jtsClasses++;
                }
            }
            assertThat(strays)
                    .as(
                            "classes outside %s: relocate their package under"
                                    + " dev.flinkgeometry.shaded in flink-sql-geometry/pom.xml, or"
                                    + " exclude the artifact if Flink's class path has it",
                            CLASS_PREFIXES)
                    .isEmpty();
            assertThat(jar.getEntry("org/locationtech/jts/geom/Geometry.class")).isNotNull();
            assertThat(jar.getEntry("dev/flinkgeometry/table/GeometryModuleFactory.class"))
                    .isNotNull();
            assertThat(jar.getEntry("dev/flinkgeometry/serializer/GeometrySerializer.class"))
                    .isNotNull();
            assertThat(jtsClasses).as("JTS classes").isEqualTo(classesOfJts().size());
            for (String jtsClass : classesOfJts()) {
                assertThat(jar.getEntry(jtsClass))
                        .as("JTS's %s, not relocated", jtsClass)
                        .isNotNull();
            }
        }
    }

    @Test
    void theFactoryServiceFileNamesTheModuleAndOnlyClassesOfTheJar() throws IOException {
        try (JarFile jar = new JarFile(sqlJar().toFile())) {
            List<String> factories =
                    lines(jar, "META-INF/services/org.apache.flink.table.factories.Factory");
            assertThat(factories).contains("dev.flinkgeometry.table.GeometryModuleFactory");
            for (String factory : factories) {
                assertThat(jar.getEntry(factory.replace('.', '/') + ".class"))
                        .as("class of the factory %s", factory)
                        .isNotNull();
            }
        }
    }

    @Test
    void theNoticeNamesExactlyTheBundledArtifacts() throws IOException {
        try (JarFile jar = new JarFile(sqlJar().toFile())) {
            TreeSet<String> bundled = new TreeSet<>();
            for (JarEntry entry : Collections.list(jar.entries())) {
                String name = entry.getName();
                if (name.startsWith("META-INF/maven/") && name.endsWith("/pom.properties")) {
                    Properties pom = new Properties();
                    try (InputStream in = jar.getInputStream(entry)) {
                        pom.load(in);
                    }
                    if (!"dev.flinkgeometry".equals(pom.getProperty("groupId"))) {
                        bundled.add(
                                pom.getProperty("groupId")
                                        + ":"
                                        + pom.getProperty("artifactId")
                                        + ":"
                                        + pom.getProperty("version"));
                    }
                }
            }
            String notice = String.join("\n", lines(jar, "META-INF/NOTICE"));
            TreeSet<String> named = new TreeSet<>();
            Matcher matcher = NOTICE_ARTIFACT.matcher(notice);
            while (matcher.find()) {
                named.add(matcher.group(1));
            }
            assertThat(notice).startsWith("flink-sql-geometry\n");
            assertThat(bundled).contains("org.locationtech.jts:jts-core:" + jtsVersion());
            assertThat(named)
                    .as(
                            "artifacts named in flink-sql-geometry/src/main/notice/NOTICE (with"
                                    + " their license; a license other than Apache 2.0 also in"
                                    + " src/main/resources/META-INF/licenses/)")
                    .isEqualTo(bundled);
            assertThat(jar.getEntry("META-INF/licenses/LICENSE.jts-core")).isNotNull();
            assertThat(lines(jar, "META-INF/LICENSE"))
                    .contains("                                 Apache License");
        }
    }

    /** The class entries of the jts-core jar this module depends on. */
    private static List<String> classesOfJts() throws IOException {
        // by name: the test's class path also holds the shaded jar, which has JTS's classes too
        Path jts =
                java.util.Arrays.stream(
                                System.getProperty("java.class.path")
                                        .split(java.io.File.pathSeparator))
                        .filter(
                                entry ->
                                        Path.of(entry)
                                                .getFileName()
                                                .toString()
                                                .startsWith("jts-core-"))
                        .map(Path::of)
                        .findFirst()
                        .orElseThrow(() -> new AssertionError("no jts-core jar on the class path"));
        try (JarFile jar = new JarFile(jts.toFile())) {
            return jar.stream()
                    .map(JarEntry::getName)
                    .filter(name -> name.endsWith(".class") && !name.contains("module-info"))
                    .collect(java.util.stream.Collectors.toList());
        }
    }

    private static String jtsVersion() {
        return org.locationtech.jts.JTSVersion.CURRENT_VERSION.getMajor()
                + "."
                + org.locationtech.jts.JTSVersion.CURRENT_VERSION.getMinor()
                + "."
                + org.locationtech.jts.JTSVersion.CURRENT_VERSION.getPatch();
    }

    private static List<String> lines(JarFile jar, String name) throws IOException {
        JarEntry entry = jar.getJarEntry(name);
        assertThat(entry).as(name).isNotNull();
        try (InputStream in = jar.getInputStream(entry)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }
}
