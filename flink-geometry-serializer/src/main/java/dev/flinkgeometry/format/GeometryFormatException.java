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
package dev.flinkgeometry.format;

import java.io.IOException;

/**
 * Bytes that are not a valid geometry of the format being read, or a geometry that the format
 * cannot carry: the one exception type for undecodable bytes of this library. Thrown as is by the
 * aligned format; the legacy WKB code throws a subclass that names WKB in its type.
 *
 * <p>The message says what was wrong and, for bytes, at which offset of the record.
 */
public class GeometryFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    private final int offset;

    /** A geometry that cannot be encoded (no offset applies). */
    public GeometryFormatException(String message) {
        super(message);
        this.offset = -1;
    }

    /** Invalid bytes; {@code offset} is relative to the start of the record. */
    public GeometryFormatException(String message, int offset) {
        super(message + " (at offset " + offset + ")");
        this.offset = offset;
    }

    /** The offset of the problem from the start of the record, or -1 when none applies. */
    public int offset() {
        return offset;
    }
}
