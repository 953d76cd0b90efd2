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
 * TWKB as the specification defines it and PostGIS 3 implements it: {@link
 * dev.flinkgeometry.format.twkb.TwkbWriter} writes what {@code ST_AsTWKB} writes, {@link
 * dev.flinkgeometry.format.twkb.TwkbReader} reads what {@code ST_GeomFromTWKB} reads. The compact
 * record, which carries TWKB, is in {@code dev.flinkgeometry.format.compact}.
 */
package dev.flinkgeometry.format.twkb;
