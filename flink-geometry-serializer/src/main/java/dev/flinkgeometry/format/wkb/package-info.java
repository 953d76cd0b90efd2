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
/**
 * WKB and PostGIS's extended WKB: {@link dev.flinkgeometry.format.wkb.WkbReader} reads ISO and
 * extended WKB in either byte order, with Z, M, ZM and SRID; {@link
 * dev.flinkgeometry.format.wkb.WkbWriter} writes extended or ISO little-endian WKB; {@link
 * dev.flinkgeometry.format.wkb.WkbCodec} is the reader and writers the SQL WKB functions use;
 * {@link dev.flinkgeometry.format.wkb.WkbFormatException} is the error they raise. Used by the
 * legacy serializer ({@code dev.flinkgeometry.serializer.legacy}) and the SQL functions.
 */
package dev.flinkgeometry.format.wkb;
