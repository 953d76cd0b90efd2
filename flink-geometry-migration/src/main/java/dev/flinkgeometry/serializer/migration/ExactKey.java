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

/**
 * A key read from the old savepoint, with the bytes the old key serializer writes for it.
 *
 * <p>Two exact keys are equal only when their bytes are: that is how RocksDB tells keys apart, and
 * Flink's key iteration (which drops a key that {@code equals} the one before it) and the heap
 * backend's key tables must see the same keys. JTS geometries that differ only in Z, M or SRID are
 * {@code equals}, yet different keys in a RocksDB savepoint. The hash code is the key's own,
 * because Flink assigns key groups by it.
 */
final class ExactKey<K> {
    private final K key;
    private final byte[] bytes;

    ExactKey(K key, byte[] bytes) {
        this.key = key;
        this.bytes = bytes;
    }

    K key() {
        return key;
    }

    byte[] bytes() {
        return bytes;
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof ExactKey && Arrays.equals(bytes, ((ExactKey<?>) obj).bytes);
    }

    @Override
    public int hashCode() {
        return key.hashCode();
    }

    @Override
    public String toString() {
        return String.valueOf(key);
    }
}
