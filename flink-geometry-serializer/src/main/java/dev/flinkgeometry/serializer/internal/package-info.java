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
 * Internals shared by this library's Flink serializers ({@code dev.flinkgeometry.serializer} and
 * {@code dev.flinkgeometry.serializer.legacy}): the record framing and its reusable buffer, around
 * the payload of a codec of {@code dev.flinkgeometry.format} (each format maps a recorded format
 * version to its codec), what a serializer declared for one JTS class does with that class, the
 * common body of the type informations and the snapshot version check. Not an API: it may change in
 * any release. It depends on Flink, JTS and {@code dev.flinkgeometry.format} only, never on the
 * packages that use it, so that those have no cycle.
 */
package dev.flinkgeometry.serializer.internal;
