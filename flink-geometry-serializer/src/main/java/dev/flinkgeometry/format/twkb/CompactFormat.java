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
package dev.flinkgeometry.format.twkb;

import dev.flinkgeometry.format.GeometryFormat;

/**
 * The compact record payload, version 1 (byte-level specification: {@code docs/FORMAT.md}, section
 * "Compact record"). The first byte tells what follows:
 *
 * <ul>
 *   <li>{@link #TWKB} {@code 0x00}: a TWKB geometry, SRID 0;
 *   <li>{@link #TWKB_WITH_SRID} {@code 0x01}: the SRID as an unsigned LEB128 varint ({@code
 *       1..16777215}, minimal form), then a TWKB geometry;
 *   <li>{@link #ALIGNED} {@code 0x02}: an aligned-format payload (version 1), which carries its own
 *       SRID: the fallback for geometries that TWKB cannot carry exactly.
 * </ul>
 */
public final class CompactFormat {
    /** The version of the compact payload these classes write; recorded by whoever stores it. */
    public static final int VERSION = 1;

    /** Leading byte of each kind of record. */
    public static final int TWKB = 0x00, TWKB_WITH_SRID = 0x01, ALIGNED = 0x02;

    /** The largest SRID, as in the aligned format. */
    public static final int MAX_SRID = GeometryFormat.MAX_SRID;

    private CompactFormat() {}
}
