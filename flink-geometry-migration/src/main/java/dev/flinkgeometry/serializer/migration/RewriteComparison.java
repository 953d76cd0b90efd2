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
package dev.flinkgeometry.serializer.migration;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.JobExecutionResult;

/**
 * Compares what the write job of a rewrite read from the old savepoint with what the check job
 * found in the new one: keys, and per state its entries and a sum of hashes, and says in words what
 * differs.
 */
final class RewriteComparison {
    private final JobExecutionResult read;
    private final JobExecutionResult found;

    RewriteComparison(JobExecutionResult read, JobExecutionResult found) {
        this.read = read;
        this.found = found;
    }

    long keysRead() {
        return counter(read, RewriteCounters.KEYS_READ);
    }

    /**
     * What differs, one item per key count or state ("MapState 'positions': 2600 entries read, 704
     * found"); empty if nothing does.
     *
     * @param segmentNames the names of the states and timers, in {@link StateSegments} order
     */
    List<String> differences(List<String> segmentNames) {
        List<String> differences = new ArrayList<>();
        long keysFound = counter(found, RewriteCounters.KEYS_WRITTEN);
        if (keysRead() != keysFound) {
            differences.add("keys: " + keysRead() + " read, " + keysFound + " found");
        }
        for (int i = 0; i < segmentNames.size(); i++) {
            long entriesRead = counter(read, RewriteCounters.stateEntries(i));
            long entriesFound = counter(found, RewriteCounters.stateEntries(i));
            boolean sameSum =
                    counter(read, RewriteCounters.stateChecksum(i))
                            == counter(found, RewriteCounters.stateChecksum(i));
            if (entriesRead != entriesFound) {
                differences.add(
                        segmentNames.get(i)
                                + ": "
                                + entriesRead
                                + " entries read, "
                                + entriesFound
                                + " found"
                                + (sameSum ? "" : ", checksums differ"));
            } else if (!sameSum) {
                differences.add(
                        segmentNames.get(i)
                                + ": "
                                + entriesRead
                                + " entries read and found, but their bytes in the new types"
                                + " differ (checksums differ)");
            }
        }
        if (differences.isEmpty()
                && counter(read, RewriteCounters.CHECKSUM_READ)
                        != counter(found, RewriteCounters.CHECKSUM_WRITTEN)) {
            differences.add("keys: the sum of hashes over keys and their state differs");
        }
        return differences;
    }

    private static long counter(JobExecutionResult result, String name) {
        Long value = result.getAccumulatorResult(name);
        return value == null ? 0L : value;
    }
}
