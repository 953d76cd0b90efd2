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

import org.locationtech.jts.geom.Geometry;

/**
 * Reads one geometry from a region of a byte array that holds exactly its encoding: the reading
 * side of {@link GeometryEncoder}. The aligned reader and the compact decoder implement it.
 *
 * <p>An implementation may keep state between calls: unless its class says otherwise, an instance
 * belongs to one thread.
 */
public interface GeometryDecoder {
    /**
     * Decodes {@code bytes[offset, offset + length)}, which must hold exactly one geometry.
     *
     * @throws GeometryFormatException if the bytes are not one valid encoding; the message names
     *     the problem and its offset, relative to {@code offset}
     */
    Geometry decode(byte[] bytes, int offset, int length) throws GeometryFormatException;
}
