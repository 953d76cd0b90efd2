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
package dev.flinkgeometry.benchmarks.contenders;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.benchmarks.data.Workloads;
import java.io.IOException;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;

/**
 * The hand-written JTS-WKB {@code TypeSerializer} of the job and state benchmarks writes what the
 * micro benchmarks' {@code jts-wkb} contender writes (an int length, JTS's WKB), reads it back
 * exactly, and copies records raw.
 */
class JtsWkbSerializerTest {
    @Test
    void writesTheMicroContendersBytesAndReadsThemBack() throws IOException {
        for (String workload : new String[] {"point", "polygon-16", "natural-earth"}) {
            Geometry[] geometries = Workloads.load(workload);
            byte[][] expected =
                    Contenders.records(Contenders.create(Contenders.JTS_WKB, geometries));
            JtsWkbSerializer serializer = new JtsWkbSerializer();
            DataOutputSerializer out = new DataOutputSerializer(256);
            DataInputDeserializer in = new DataInputDeserializer();
            for (int i = 0; i < geometries.length; i++) {
                out.clear();
                serializer.serialize(geometries[i], out);
                assertThat(out.getCopyOfBuffer()).as(workload + " " + i).isEqualTo(expected[i]);
                in.setBuffer(out.getCopyOfBuffer());
                ExactGeometry.require("jts-wkb", geometries[i], serializer.deserialize(in));
                assertThat(in.available()).isZero();
            }
            in.setBuffer(expected[0]);
            out.clear();
            serializer.duplicate().copy(in, out);
            assertThat(out.getCopyOfBuffer()).isEqualTo(expected[0]);
        }
    }
}
