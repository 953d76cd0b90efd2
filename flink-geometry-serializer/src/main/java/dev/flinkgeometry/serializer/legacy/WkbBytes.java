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
package dev.flinkgeometry.serializer.legacy;

import dev.flinkgeometry.format.internal.LittleEndianBytes;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The one place of the legacy WKB code that touches raw bytes: ints and doubles of either byte
 * order in a {@code byte[]}, through {@link VarHandle}s (one machine load and, for the foreign
 * order, one byte swap; no per-byte loops).
 *
 * <p>Doubles are written with {@link Double#doubleToLongBits} semantics, so every NaN becomes the
 * canonical {@code 0x7ff8000000000000L}; {@code -0.0} keeps its sign.
 */
final class WkbBytes {
    private static final VarHandle INT_LE =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT_BE =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle DOUBLE_LE =
            MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle DOUBLE_BE =
            MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.BIG_ENDIAN);

    private WkbBytes() {}

    static int intLE(byte[] bytes, int offset) {
        return (int) INT_LE.get(bytes, offset);
    }

    static int intBE(byte[] bytes, int offset) {
        return (int) INT_BE.get(bytes, offset);
    }

    static double doubleLE(byte[] bytes, int offset) {
        return (double) DOUBLE_LE.get(bytes, offset);
    }

    static double doubleBE(byte[] bytes, int offset) {
        return (double) DOUBLE_BE.get(bytes, offset);
    }

    static void putIntLE(byte[] bytes, int offset, int value) {
        LittleEndianBytes.putInt(bytes, offset, value);
    }

    /** Big-endian, as {@code DataOutput#writeInt} writes the record's length prefix. */
    static void putIntBE(byte[] bytes, int offset, int value) {
        INT_BE.set(bytes, offset, value);
    }

    static void putDoubleLE(byte[] bytes, int offset, double value) {
        LittleEndianBytes.putDouble(bytes, offset, value);
    }
}
