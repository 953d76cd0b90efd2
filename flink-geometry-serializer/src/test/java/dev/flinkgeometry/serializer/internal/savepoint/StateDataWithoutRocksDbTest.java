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
package dev.flinkgeometry.serializer.internal.savepoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The savepoint check runs in jobs on the hashmap backend whose class path has no RocksDB (a test
 * of a user's job with flink-streaming-java alone): {@link StateData} must load there, and only
 * reading a native RocksDB handle needs RocksDB's Java API.
 */
class StateDataWithoutRocksDbTest {

    @Test
    void stateDataLoadsWithoutRocksDbOnTheClassPath() throws Exception {
        try (URLClassLoader loader = classPathWithoutRocksDb()) {
            assertThatThrownBy(() -> Class.forName("org.rocksdb.RocksDB", false, loader))
                    .as("the class path under test has no RocksDB")
                    .isInstanceOf(ClassNotFoundException.class);

            Class<?> stateData = Class.forName(StateData.class.getName(), true, loader);
            assertThat(stateData.getDeclaredMethods()).isNotEmpty();
            assertThat(stateData.getClassLoader()).isSameAs(loader);
        }
    }

    private static URLClassLoader classPathWithoutRocksDb() throws Exception {
        String classPath = System.getProperty("surefire.test.class.path");
        if (classPath == null) {
            classPath = System.getProperty("java.class.path");
        }
        List<URL> urls = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            String name = new File(entry).getName().toLowerCase();
            if (!name.contains("rocksdb")) {
                urls.add(new File(entry).toURI().toURL());
            }
        }
        return new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
    }
}
