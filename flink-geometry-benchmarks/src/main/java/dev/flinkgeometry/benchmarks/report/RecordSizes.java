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
package dev.flinkgeometry.benchmarks.report;

import dev.flinkgeometry.benchmarks.contenders.Contenders;
import dev.flinkgeometry.benchmarks.data.Workloads;
import java.util.LinkedHashMap;
import java.util.Map;
import org.locationtech.jts.geom.Geometry;

/**
 * Bytes per record of every contender that writes records, per workload (the mean over the Natural
 * Earth mix), framing included: what goes over the network or into a RocksDB value.
 */
final class RecordSizes {
    private RecordSizes() {}

    /** workload → contender → bytes per record. */
    static Map<String, Map<String, Integer>> measure() {
        Map<String, Map<String, Integer>> sizes = new LinkedHashMap<>();
        for (String workload : Workloads.ALL) {
            Geometry[] geometries = Workloads.load(workload);
            Map<String, Integer> perContender = new LinkedHashMap<>();
            for (String contender : Contenders.WRITERS) {
                long total = 0;
                for (byte[] record : Contenders.records(Contenders.create(contender, geometries))) {
                    total += record.length;
                }
                perContender.put(contender, (int) Math.round((double) total / geometries.length));
            }
            sizes.put(workload, perContender);
        }
        return sizes;
    }
}
