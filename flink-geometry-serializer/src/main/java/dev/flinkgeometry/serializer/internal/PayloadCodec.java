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
package dev.flinkgeometry.serializer.internal;

import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.locationtech.jts.geom.Geometry;

/**
 * The payload of a record, between {@link FramedRecords}' length prefix and the next record: how
 * one format writes a geometry into a {@code byte[]} and reads it back. Implemented over the
 * Flink-free codecs of {@code dev.flinkgeometry.format}; an instance belongs to one serializer (one
 * thread).
 */
@Internal
public interface PayloadCodec {
    /**
     * Encodes {@code geometry} at {@code target[offset]}.
     *
     * @return the offset after the last byte written; or, if {@code target} has too little room,
     *     the negated size the encoding needs (at most: the caller grows its buffer and calls
     *     again)
     */
    int encode(Geometry geometry, byte[] target, int offset) throws IOException;

    /** Decodes the payload {@code bytes[offset, offset + length)}. */
    Geometry decode(byte[] bytes, int offset, int length) throws IOException;
}
