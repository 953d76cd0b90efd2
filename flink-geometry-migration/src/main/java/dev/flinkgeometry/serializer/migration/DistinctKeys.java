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

import java.util.Arrays;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichReduceFunction;
import org.apache.flink.api.java.tuple.Tuple2;

/**
 * Keeps one record per key: drops exact repeats and fails on two different states for one key.
 * Keyed by {@link ExactKey}s in the new key type, so that keys are the same when their bytes are:
 * BATCH execution, which groups records by sorting them on the key's bytes, decides that the key
 * changed with {@code equals}, which for JTS geometries looks at X and Y only.
 *
 * <p>Repeats come from Flink 2.3 itself: with more than one state, the RocksDB backend iterates the
 * keys of all states by merging the states' sorted key streams with a signed byte comparison
 * ({@code Arrays.compare} in {@code RocksMultiStateKeysIterator}), while RocksDB sorts unsigned;
 * keys with bytes from {@code 0x80} on then come out of order, and a key can be read twice. Two
 * different states for one key mean that two keys of the old savepoint are one key with the new key
 * type; the rewrite does not merge them.
 */
final class DistinctKeys<K> extends RichReduceFunction<Tuple2<ExactKey<K>, byte[]>> {
    private static final long serialVersionUID = 1L;

    private transient LongCounter repeats;

    @Override
    public void open(OpenContext openContext) {
        repeats = getRuntimeContext().getLongCounter(RewriteCounters.REPEATED_KEYS);
    }

    @Override
    public Tuple2<ExactKey<K>, byte[]> reduce(
            Tuple2<ExactKey<K>, byte[]> first, Tuple2<ExactKey<K>, byte[]> second) {
        if (!Arrays.equals(first.f1, second.f1)) {
            throw new IllegalStateException(
                    "two keys of the savepoint with different state are one key with the new key"
                            + " type: "
                            + first.f0
                            + " and "
                            + second.f0
                            + "; the rewrite does not merge keys");
        }
        repeats.add(1L);
        return first;
    }
}
