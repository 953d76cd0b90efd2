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

import dev.flinkgeometry.format.aligned.AlignedFormat;

/**
 * The geometry type codes of the OGC Simple Features (WKB) specification, the one declaration of
 * them in this library: the aligned format's preamble ({@link AlignedFormat}) and WKB ({@code
 * dev.flinkgeometry.format.wkb}) both write these numbers. ISO WKB adds 1000 (Z), 2000 (M) or 3000
 * (ZM) to them.
 */
public final class GeometryTypeCode {
    public static final int POINT = 1,
            LINESTRING = 2,
            POLYGON = 3,
            MULTIPOINT = 4,
            MULTILINESTRING = 5,
            MULTIPOLYGON = 6,
            GEOMETRYCOLLECTION = 7;

    private GeometryTypeCode() {}
}
