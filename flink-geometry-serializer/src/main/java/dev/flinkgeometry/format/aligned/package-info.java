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
 * The aligned geometry format, byte-identical to Apache Sedona's for every geometry Sedona encodes
 * without loss: {@link dev.flinkgeometry.format.aligned.AlignedWriter}, {@link
 * dev.flinkgeometry.format.aligned.AlignedReader} and the format's constants ({@link
 * dev.flinkgeometry.format.aligned.AlignedFormat}). Byte-level specification: {@code
 * docs/FORMAT.md}, sections 1-8.
 */
package dev.flinkgeometry.format.aligned;
