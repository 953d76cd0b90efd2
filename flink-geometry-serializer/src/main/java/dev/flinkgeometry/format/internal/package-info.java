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
 * Internals shared by the codecs of {@code dev.flinkgeometry.format}: the coordinate-type value
 * rule, the coordinate-reading and -writing loops, long-summed point counts, {@link
 * dev.flinkgeometry.format.internal.RawBytes} (the one class that touches raw bytes, byte order
 * explicit in every method name), the TWKB byte writer {@link
 * dev.flinkgeometry.format.internal.TwkbAppender} with its decimal precisions, header bits and
 * word-at-a-time varints (shared by {@code format.twkb} and {@code format.compact}), and the varint
 * of the serializers' record lengths.
 *
 * <p>Not an API: any class here may change or go in any release. It depends on JTS and on the
 * shared vocabulary of {@code dev.flinkgeometry.format} (the type codes, the limits, {@code
 * GeometryFormatException}), never on the format packages that use it.
 */
package dev.flinkgeometry.format.internal;
