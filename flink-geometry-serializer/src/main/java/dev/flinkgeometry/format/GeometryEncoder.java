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
 * Writes one geometry into a caller's byte array: what a framing of records (such as the Flink
 * serializers' length-prefixed records) needs of a binary format. The aligned writer and the
 * compact encoder implement it; each format's class says which versions it can give.
 *
 * <p>An implementation may keep state between calls (reused tables and buffers): unless its class
 * says otherwise, an instance belongs to one thread.
 */
public interface GeometryEncoder {
    /**
     * Encodes {@code geometry} at {@code target[offset]}.
     *
     * @return the offset after the last byte written; or, if {@code target} has too little room
     *     after {@code offset}, the negated size of the encoding (the bytes of {@code target} after
     *     {@code offset} are then undefined): grow the array and call again
     * @throws GeometryFormatException if the format cannot carry the geometry (the message says
     *     why)
     */
    int encode(Geometry geometry, byte[] target, int offset) throws GeometryFormatException;
}
