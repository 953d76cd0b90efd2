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
package dev.flinkgeometry.format.wkb;

import dev.flinkgeometry.format.GeometryFormatException;

/**
 * Bytes that are not a WKB geometry this package reads, or a geometry it cannot write. The message
 * says what was wrong and, for bytes, at which offset of the WKB. A {@link
 * GeometryFormatException}, so callers handle undecodable bytes of either format alike.
 */
public final class WkbFormatException extends GeometryFormatException {
    private static final long serialVersionUID = 1L;

    /** A geometry that cannot be written (no offset applies). */
    WkbFormatException(String message) {
        super(message);
    }

    /** Invalid bytes; {@code offset} is relative to the first byte of the WKB. */
    WkbFormatException(String message, int offset) {
        super(message, offset);
    }
}
