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

/** The names of the accumulators that a rewrite job reports. */
final class RewriteCounters {
    /** Keys read from the old savepoint (after repeats are dropped). */
    static final String KEYS_READ = "flink-geometry.rewrite.keys-read";

    /** The sum of the hashes of the keys and states read from the old savepoint. */
    static final String CHECKSUM_READ = "flink-geometry.rewrite.checksum-read";

    /** Keys found in the new savepoint (after repeats are dropped). */
    static final String KEYS_WRITTEN = "flink-geometry.rewrite.keys-written";

    /** The sum of the hashes of the keys and states found in the new savepoint. */
    static final String CHECKSUM_WRITTEN = "flink-geometry.rewrite.checksum-written";

    /** Keys that Flink's key iteration returned more than once. */
    static final String REPEATED_KEYS = "flink-geometry.rewrite.repeated-keys";

    /** The entries of the segment {@code index} ({@link StateSegments}) over all keys. */
    static String stateEntries(int index) {
        return "flink-geometry.rewrite.state-" + index + ".entries";
    }

    /** The sum of the hashes of each key with its segment {@code index}, over all keys. */
    static String stateChecksum(int index) {
        return "flink-geometry.rewrite.state-" + index + ".checksum";
    }

    private RewriteCounters() {}
}
