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
package dev.flinkgeometry.format.geojson;

import dev.flinkgeometry.format.GeometryFormatException;

/**
 * Text that is not GeoJSON this library reads. The message says what was wrong and at which
 * character of the text (0-based offset).
 */
public final class GeoJsonFormatException extends GeometryFormatException {
    private static final long serialVersionUID = 1L;

    private final int offset;

    /** {@code offset} is the 0-based character offset of the problem in the text. */
    GeoJsonFormatException(String message, int offset) {
        super(message + " at character " + offset);
        this.offset = offset;
    }

    /** The 0-based character offset of the problem in the text. */
    @Override
    public int offset() {
        return offset;
    }
}
