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

import dev.flinkgeometry.serializer.GeometrySerializer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.util.StringUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.locationtech.jts.geom.Geometry;

/**
 * {@link KryoFallbackJob} from the job jar on a real standalone cluster (separate JobManager and
 * TaskManager processes): state whose descriptors are built in {@code open()} on the TaskManager,
 * one a {@code Point} (Kryo's generic type there) and one a POJO with a {@code HashMap<String,
 * Geometry>} field, holds the aligned record of {@code GeometryKryoSerializer}, the same bytes for
 * the same point built in five ways, with and without a cached envelope.
 */
class KryoFallbackClusterITCase {

    @Test
    void geometriesThatKryoWritesOnATaskManagerAreAlignedRecords(@TempDir Path work)
            throws Exception {
        List<String> lines =
                StandaloneFlinkCluster.runExampleJob(
                        work, KryoFallbackJob.class.getName(), List.of());
        lines.forEach(line -> System.out.println("TaskManager: " + line));
        Map<String, String> byName =
                lines.stream()
                        .map(line -> line.split(" ", 2))
                        .collect(Collectors.toMap(fields -> fields[0], fields -> fields[1]));
        assertThat(byName.get("serializer-of-last")).contains("KryoSerializer");
        assertThat(byName.get("serializer-of-places")).contains("PojoSerializer");

        String aligned = hex(KryoFallbackJob.point(0));
        assertThat(aligned).hasSize(2 * 25);
        String point = byName.get("point-0");
        String places = byName.get("places-0");
        for (int way = 0; way < 10; way++) {
            assertThat(byName.get("point-" + way)).as("way %d", way).isEqualTo(point);
            assertThat(byName.get("places-" + way)).as("way %d", way).isEqualTo(places);
        }
        String[] sizeAndHex = point.split(" ");
        // Kryo's class id (Flink registers the classes that have a default serializer, so one
        // byte, not the class name), its reference marker (Flink turns references on), the record.
        assertThat(sizeAndHex[1]).endsWith(aligned);
        assertThat(Integer.parseInt(sizeAndHex[0])).isEqualTo(2 + 25);
        assertThat(places.split(" ")[1]).contains(aligned);
    }

    private static String hex(Geometry geometry) throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(32);
        GeometrySerializer.of(Geometry.class).serialize(geometry, out);
        return StringUtils.byteToHexString(out.getCopyOfBuffer());
    }
}
