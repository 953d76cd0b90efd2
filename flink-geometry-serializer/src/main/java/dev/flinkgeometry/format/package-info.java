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
 * Flink-free geometry codecs, one package per format, and what they share: the vocabulary ({@link
 * dev.flinkgeometry.format.GeometryTypeCode}, {@link dev.flinkgeometry.format.CoordinateLayout},
 * {@link dev.flinkgeometry.format.CoordinateSequenceKind}, {@link
 * dev.flinkgeometry.format.GeometryFormatException}) and the limits every format keeps ({@link
 * dev.flinkgeometry.format.GeometryLimits}).
 *
 * <ul>
 *   <li>{@code aligned}: the aligned format (Apache Sedona's), {@code docs/FORMAT.md} sections 1-8;
 *   <li>{@code compact}: the compact record, TWKB or the aligned payload behind a kind byte ({@code
 *       docs/FORMAT.md}, section "Compact record");
 *   <li>{@code twkb}: TWKB as PostGIS writes and reads it;
 *   <li>{@code wkb}, {@code wkt}, {@code geojson}: WKB/EWKB, WKT/EWKT and GeoJSON as PostGIS reads
 *       and writes them;
 *   <li>{@code internal}: raw bytes, coordinate loops and the TWKB byte writer the codecs share.
 * </ul>
 *
 * <p>{@link dev.flinkgeometry.format.GeometryEncoder} and {@link
 * dev.flinkgeometry.format.GeometryDecoder} are what the binary formats' codecs (aligned, compact)
 * share: writing one geometry into a caller's byte array, reading one from a region of it. Each
 * format's class ({@code AlignedFormat}, {@code CompactFormat}) gives the pair of each version it
 * knows.
 *
 * <p>The API is marked by package, as these packages import nothing from Flink (so carry no Flink
 * annotations): every public type in this package and in {@code aligned}, {@code compact}, {@code
 * twkb}, {@code wkb}, {@code wkt} and {@code geojson} is API a user may call. {@code internal} is
 * not: its classes may change or go in any release. These packages depend on JTS only, never on
 * Flink.
 */
package dev.flinkgeometry.format;
