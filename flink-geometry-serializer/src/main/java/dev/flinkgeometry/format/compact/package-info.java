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
 * The compact record: a kind byte, the SRID where the record needs one, then a TWKB geometry, or
 * the aligned payload where TWKB cannot carry a geometry exactly; lossless, or at fixed decimal
 * precisions. {@link dev.flinkgeometry.format.compact.CompactEncoder} writes it, {@link
 * dev.flinkgeometry.format.compact.CompactDecoder} reads it, {@link
 * dev.flinkgeometry.format.compact.CompactFormat} holds its kind bytes and version. Byte-level
 * specification: {@code docs/FORMAT.md}, section "Compact record".
 */
package dev.flinkgeometry.format.compact;
