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
 * JTS geometries in Flink: {@link dev.flinkgeometry.serializer.GeometrySerializer} (the {@code
 * TypeSerializer}), the {@link dev.flinkgeometry.serializer.GeometryEncoding} it writes (aligned,
 * the default, or compact), its snapshot {@link
 * dev.flinkgeometry.serializer.GeometrySerializerSnapshot}, the type information {@link
 * dev.flinkgeometry.serializer.GeometryTypeInfo} and its factory {@link
 * dev.flinkgeometry.serializer.GeometryTypeInfoFactory}, and one-line registration with {@link
 * dev.flinkgeometry.serializer.GeometryTypes}. {@link
 * dev.flinkgeometry.serializer.CompactGeometrySerializerSnapshot} is kept so that compact state
 * written before compact became an encoding restores. The byte layouts live in {@code
 * dev.flinkgeometry.format}.
 */
package dev.flinkgeometry.serializer;
