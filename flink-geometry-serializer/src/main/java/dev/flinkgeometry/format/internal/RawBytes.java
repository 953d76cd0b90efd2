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
package dev.flinkgeometry.format.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The one class that touches raw bytes, for both formats: ints and doubles in a {@code byte[]}
 * through {@link VarHandle}s, the byte order always in the method's name (one machine load and, for
 * big-endian, one byte swap; no per-byte loops), and bulk copies between {@code double[]} and
 * little-endian {@code byte[]}.
 *
 * <p>Doubles written by {@code putDouble*} and {@code putDoubles*} get {@link
 * Double#doubleToLongBits} semantics: every NaN becomes the canonical {@code 0x7ff8000000000000L};
 * {@code -0.0} keeps its sign.
 */
public final class RawBytes {
    private static final VarHandle INT_LE =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT_BE =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle DOUBLE_LE =
            MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle DOUBLE_BE =
            MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.BIG_ENDIAN);

    private static final long CANONICAL_NAN = 0x7ff8000000000000L;

    /** Below this many doubles a plain loop beats setting up a buffer view (measured on JDK 17). */
    private static final int BULK_THRESHOLD = 64;

    private RawBytes() {}

    public static int getIntLE(byte[] bytes, int offset) {
        return (int) INT_LE.get(bytes, offset);
    }

    public static int getIntBE(byte[] bytes, int offset) {
        return (int) INT_BE.get(bytes, offset);
    }

    public static void putIntLE(byte[] bytes, int offset, int value) {
        INT_LE.set(bytes, offset, value);
    }

    /** Big-endian, as {@code DataOutput#writeInt} writes a length prefix. */
    public static void putIntBE(byte[] bytes, int offset, int value) {
        INT_BE.set(bytes, offset, value);
    }

    public static long getLongLE(byte[] bytes, int offset) {
        return (long) LONG_LE.get(bytes, offset);
    }

    public static void putLongLE(byte[] bytes, int offset, long value) {
        LONG_LE.set(bytes, offset, value);
    }

    public static double getDoubleLE(byte[] bytes, int offset) {
        return (double) DOUBLE_LE.get(bytes, offset);
    }

    public static double getDoubleBE(byte[] bytes, int offset) {
        return (double) DOUBLE_BE.get(bytes, offset);
    }

    public static void putDoubleLE(byte[] bytes, int offset, double value) {
        // Same result as Double.doubleToLongBits, but a select that C2 compiles several times
        // faster in write loops than doubleToLongBits' branch (measured on JDK 17).
        long bits = Double.doubleToRawLongBits(value);
        LONG_LE.set(bytes, offset, value == value ? bits : CANONICAL_NAN);
    }

    /**
     * Writes {@code value}'s bits as they are, NaN payload included: for loops that note NaNs and
     * call {@link #canonicalizeNaNsLE} afterwards, instead of paying a select per double.
     */
    public static void putDoubleRawLE(byte[] bytes, int offset, double value) {
        DOUBLE_LE.set(bytes, offset, value);
    }

    /** Rewrites every NaN among {@code count} doubles at {@code offset} in canonical form. */
    public static void canonicalizeNaNsLE(byte[] bytes, int offset, int count) {
        for (int i = 0; i < count; i++) {
            int o = offset + 8 * i;
            double value = getDoubleLE(bytes, o);
            if (value != value) {
                LONG_LE.set(bytes, o, CANONICAL_NAN);
            }
        }
    }

    /** Copies {@code count} doubles from {@code source} into {@code target}, canonicalizing NaN. */
    public static void putDoublesLE(
            double[] source, int sourceIndex, byte[] target, int offset, int count) {
        boolean nan = false;
        if (count < BULK_THRESHOLD) {
            for (int i = 0; i < count; i++) {
                double value = source[sourceIndex + i];
                putDoubleRawLE(target, offset + 8 * i, value);
                nan |= value != value;
            }
        } else {
            ByteBuffer.wrap(target, offset, 8 * count)
                    .order(ByteOrder.LITTLE_ENDIAN)
                    .asDoubleBuffer()
                    .put(source, sourceIndex, count);
            for (int i = 0; i < count; i++) {
                double value = source[sourceIndex + i];
                nan |= value != value;
            }
        }
        // The raw copy keeps NaN payloads; rewrite the (rare) NaNs in canonical form.
        if (nan) {
            canonicalizeNaNsLE(target, offset, count);
        }
    }

    /** Copies {@code count} little-endian doubles from {@code source} into {@code target}. */
    public static void getDoublesLE(
            byte[] source, int offset, double[] target, int targetIndex, int count) {
        if (count < BULK_THRESHOLD) {
            for (int i = 0; i < count; i++) {
                target[targetIndex + i] = getDoubleLE(source, offset + 8 * i);
            }
            return;
        }
        ByteBuffer.wrap(source, offset, 8 * count)
                .order(ByteOrder.LITTLE_ENDIAN)
                .asDoubleBuffer()
                .get(target, targetIndex, count);
    }
}
