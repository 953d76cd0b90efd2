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

/** Hex strings for byte arrays in test data and failure messages. */
public final class Hex {
    private Hex() {}

    /** Lower-case hex, no separators. */
    public static String format(byte[] bytes) {
        return format(bytes, 0, bytes.length);
    }

    public static String format(byte[] bytes, int offset, int length) {
        StringBuilder out = new StringBuilder(2 * length);
        for (int i = offset; i < offset + length; i++) {
            out.append(Character.forDigit((bytes[i] >> 4) & 0xF, 16))
                    .append(Character.forDigit(bytes[i] & 0xF, 16));
        }
        return out.toString();
    }

    /** Parses hex digits; spaces, '|' and '_' are ignored. */
    public static byte[] parse(String hex) {
        String digits = hex.replaceAll("[\\s|_]", "");
        if (digits.length() % 2 != 0) {
            throw new IllegalArgumentException("odd number of hex digits: " + hex);
        }
        byte[] bytes = new byte[digits.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) Integer.parseInt(digits.substring(2 * i, 2 * i + 2), 16);
        }
        return bytes;
    }
}
