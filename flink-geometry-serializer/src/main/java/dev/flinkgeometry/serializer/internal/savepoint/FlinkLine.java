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

import org.apache.flink.annotation.Internal;

/**
 * The two Flink lines whose Kryo writes geometry state differently: Flink 1.x bundles Kryo 2.24,
 * which writes doubles big-endian; Flink 2.x bundles Kryo 5, which writes them little-endian and
 * reads Kryo 2.24's bytes of a JTS geometry without an error, every ordinate byte-reversed.
 */
@Internal
public enum FlinkLine {
    FLINK_1("Flink 1.x", "Kryo 2.24"),
    FLINK_2("Flink 2.x", "Kryo 5");

    /**
     * The newest savepoint metadata version that Flink 1.x writes (1.20 writes 4; 2.0 writes 5).
     */
    static final int LAST_FLINK_1_METADATA_VERSION = 4;

    /** A class of Kryo 5 that Kryo 2.24 does not have. */
    private static final String KRYO_5_CLASS =
            "com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy";

    private final String displayName;
    private final String kryo;

    FlinkLine(String displayName, String kryo) {
        this.displayName = displayName;
        this.kryo = kryo;
    }

    /** The line whose savepoints have metadata {@code version}: no 1.x writes 5 or more. */
    public static FlinkLine ofMetadataVersion(int version) {
        return version <= LAST_FLINK_1_METADATA_VERSION ? FLINK_1 : FLINK_2;
    }

    /** The line this JVM runs, told by the Kryo that Flink put on the class path. */
    public static FlinkLine running() {
        try {
            Class.forName(
                    KRYO_5_CLASS, false, com.esotericsoftware.kryo.Kryo.class.getClassLoader());
            return FLINK_2;
        } catch (ClassNotFoundException e) {
            return FLINK_1;
        }
    }

    /** {@code Flink 1.x} or {@code Flink 2.x}. */
    public String displayName() {
        return displayName;
    }

    /** The Kryo that the line bundles. */
    public String kryo() {
        return kryo;
    }
}
