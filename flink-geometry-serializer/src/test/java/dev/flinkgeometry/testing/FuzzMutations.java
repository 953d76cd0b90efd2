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
package dev.flinkgeometry.testing;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.util.Arrays;

/**
 * Damages a valid record the way storage and bugs do, steered by the fuzzer: overwritten bytes,
 * overwritten 32-bit counts at 4-byte boundaries (where the formats keep them), truncation and
 * appended bytes. Structure-aware mutations reach the checks deep inside a record that random bytes
 * rarely get past.
 */
public final class FuzzMutations {
    private static final int MAX_MUTATIONS = 4;

    private FuzzMutations() {}

    /** A mutated copy of {@code record} (unchanged if the fuzzer's bytes are used up). */
    public static byte[] mutate(byte[] record, FuzzedDataProvider data) {
        byte[] bytes = record.clone();
        int mutations = data.consumeInt(0, MAX_MUTATIONS);
        for (int i = 0; i < mutations && data.remainingBytes() > 0; i++) {
            int at = bytes.length == 0 ? 0 : data.consumeInt(0, bytes.length - 1);
            switch (data.consumeInt(0, 3)) {
                case 0:
                    if (bytes.length > 0) {
                        bytes[at] = data.consumeByte();
                    }
                    break;
                case 1:
                    int word = at & ~3;
                    int value = data.consumeInt();
                    for (int b = 0; b < 4 && word + b < bytes.length; b++) {
                        bytes[word + b] = (byte) (value >>> (8 * b)); // little-endian
                    }
                    break;
                case 2:
                    bytes = Arrays.copyOf(bytes, at);
                    break;
                default:
                    byte[] tail = data.consumeBytes(8);
                    byte[] longer = Arrays.copyOf(bytes, bytes.length + tail.length);
                    System.arraycopy(tail, 0, longer, bytes.length, tail.length);
                    bytes = longer;
                    break;
            }
        }
        return bytes;
    }
}
