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
package dev.flinkgeometry.serializer;

import java.io.Serializable;
import org.apache.flink.annotation.Internal;

/**
 * The Java-serialized precision of a {@link CompactGeometrySerializer} in a job graph: read back
 * only to become a {@link GeometryEncoding}. Field names and types and {@code serialVersionUID} are
 * those of the stream.
 */
@Internal
final class CompactPrecision implements Serializable {
    private static final long serialVersionUID = 1L;

    private boolean lossless;
    private int xyDigits;
    private int zDigits;
    private int mDigits;

    private CompactPrecision() {}

    GeometryEncoding toEncoding() {
        return lossless
                ? GeometryEncoding.compact()
                : GeometryEncoding.compact(xyDigits, zDigits, mDigits);
    }
}
