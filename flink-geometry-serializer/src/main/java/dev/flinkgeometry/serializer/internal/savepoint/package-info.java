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
 * Reading a savepoint's metadata and serializer snapshots without running a job: which Flink line
 * wrote it, and which geometry state Flink's Kryo holds in it. Used by {@code GeometryTypes} to
 * refuse Flink 1.x Kryo state on Flink 2.x, and by the savepoint inspector. Not an API: it may
 * change in any release. It depends on Flink and JTS only.
 */
package dev.flinkgeometry.serializer.internal.savepoint;
