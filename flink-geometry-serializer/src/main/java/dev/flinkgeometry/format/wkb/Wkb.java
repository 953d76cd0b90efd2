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

/** Constants of (extended) WKB shared by {@link WkbReader} and {@link WkbWriter}. */
final class Wkb {
    /** Byte-order bytes. */
    public static final byte BIG_ENDIAN = 0, LITTLE_ENDIAN = 1;

    /** PostGIS EWKB flags in the type word. */
    public static final int Z_FLAG = 0x80000000, M_FLAG = 0x40000000, SRID_FLAG = 0x20000000;

    /** The type word without the three EWKB flags. */
    public static final int TYPE_MASK = 0x1FFFFFFF;

    /** Bytes of a header without SRID: byte order and type word. */
    public static final int HEADER_BYTES = 5;

    private Wkb() {}
}
