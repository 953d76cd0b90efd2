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
package dev.flinkgeometry.flink1;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.serializer.GeometrySerializer;
import dev.flinkgeometry.serializer.kryo.GeometryKryoSerializer;
import dev.flinkgeometry.table.GeometryModule;
import java.io.DataInputStream;
import java.io.InputStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.jar.JarFile;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.junit.jupiter.api.Test;

/**
 * What this module proves only holds if its tests really ran the serializer jar of the default
 * build on Flink 1.20: the classes come from {@code flink-geometry-serializer-*.jar} (not from
 * recompiled sources), that jar's classes were compiled for Java 11, and the Flink on the class
 * path is {@code flink1.version}.
 */
class OneJarTest {

    @Test
    void theFlinkOnTheClassPathIsTheOneXLine() {
        assertThat(EnvironmentInformation.getVersion())
                .isEqualTo(System.getProperty("flink1.version"))
                .startsWith("1.");
    }

    @Test
    void theSerializerClassesComeFromTheJarOfTheDefaultBuild() throws Exception {
        assertComesFromTheJarOf(GeometrySerializer.class, "flink-geometry-serializer");
        assertComesFromTheJarOf(GeometryKryoSerializer.class, "flink-geometry-serializer");
    }

    @Test
    void theSqlModuleComesFromTheJarOfTheDefaultBuild() throws Exception {
        assertComesFromTheJarOf(GeometryModule.class, "flink-geometry-sql");
    }

    private static void assertComesFromTheJarOf(Class<?> type, String module) throws Exception {
        Path location = Paths.get(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertThat(location.getFileName().toString())
                .as("where %s was loaded from", type.getName())
                .startsWith(module + "-")
                .endsWith(".jar")
                .doesNotContain("tests");
        assertThat(location.getParent().getParent().getFileName().toString()).isEqualTo(module);
        try (JarFile jar = new JarFile(location.toFile())) {
            String entry = type.getName().replace('.', '/') + ".class";
            try (InputStream in = jar.getInputStream(jar.getEntry(entry));
                    DataInputStream data = new DataInputStream(in)) {
                assertThat(data.readInt()).isEqualTo(0xCAFEBABE);
                data.readUnsignedShort(); // minor
                assertThat(data.readUnsignedShort()).as("class file major version").isEqualTo(55);
            }
        }
    }
}
