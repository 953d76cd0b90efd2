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

import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.java.tuple.Tuple2;

/**
 * Counts records and sums a 64-bit hash of each (the key's bytes with the new key type, then the
 * encoded state) into two accumulators, and per state ({@link StateSegments}) its entries and a sum
 * of hashes of the key with that state; passes records through. The sum does not depend on order or
 * parallelism, so the old savepoint's state and the new savepoint's state can be compared.
 */
final class StateChecksum<K>
        extends RichMapFunction<Tuple2<ExactKey<K>, byte[]>, Tuple2<ExactKey<K>, byte[]>> {
    private static final long serialVersionUID = 1L;

    private final String countName;
    private final String sumName;
    private final int segments;

    private transient LongCounter count;
    private transient LongCounter sum;
    private transient LongCounter[] segmentEntries;
    private transient LongCounter[] segmentSums;

    StateChecksum(String countName, String sumName, int segments) {
        this.countName = countName;
        this.sumName = sumName;
        this.segments = segments;
    }

    @Override
    public void open(OpenContext openContext) {
        count = getRuntimeContext().getLongCounter(countName);
        sum = getRuntimeContext().getLongCounter(sumName);
        segmentEntries = new LongCounter[segments];
        segmentSums = new LongCounter[segments];
        for (int i = 0; i < segments; i++) {
            segmentEntries[i] = getRuntimeContext().getLongCounter(RewriteCounters.stateEntries(i));
            segmentSums[i] = getRuntimeContext().getLongCounter(RewriteCounters.stateChecksum(i));
        }
    }

    @Override
    public Tuple2<ExactKey<K>, byte[]> map(Tuple2<ExactKey<K>, byte[]> record) {
        byte[] key = record.f0.bytes();
        long hash = hash(hash(0x9E3779B97F4A7C15L, key, key.length), record.f1, record.f1.length);
        count.add(1L);
        sum.add(mix(hash));
        long keyHash = hash(0x9E3779B97F4A7C15L, key, key.length);
        StateSegments.forEach(
                record.f1,
                segments,
                (index, entries, bytes, offset, length) -> {
                    segmentEntries[index].add((long) entries);
                    segmentSums[index].add(mix(hash(keyHash, bytes, offset, length)));
                });
        return record;
    }

    /** FNV-1a, 64 bits, continued from {@code seed}, with the length mixed in. */
    private static long hash(long seed, byte[] bytes, int length) {
        return hash(seed, bytes, 0, length);
    }

    /** FNV-1a over {@code bytes[offset, offset + length)}, as {@link #hash(long, byte[], int)}. */
    private static long hash(long seed, byte[] bytes, int offset, int length) {
        long h = seed ^ length;
        for (int i = offset; i < offset + length; i++) {
            h ^= bytes[i] & 0xFF;
            h *= 0x100000001B3L;
        }
        return h;
    }

    /** SplitMix64's finalizer, so that sums of hashes do not cancel out easily. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
