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
package dev.flinkgeometry.serializer;

import dev.flinkgeometry.serializer.legacy.WkbGeometrySerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;

/**
 * The serializers whose state {@link GeometrySerializer} can take over through Flink's state
 * migration (read with the old serializer, write with the new one).
 *
 * <ul>
 *   <li>{@link WkbGeometrySerializerSnapshot}: state of the legacy WKB serializer, which reads
 *       every geometry it wrote.
 * </ul>
 */
final class PredecessorSnapshots {
    private PredecessorSnapshots() {}

    static boolean canMigrateFrom(TypeSerializerSnapshot<?> oldSnapshot) {
        return oldSnapshot instanceof WkbGeometrySerializerSnapshot;
    }
}
