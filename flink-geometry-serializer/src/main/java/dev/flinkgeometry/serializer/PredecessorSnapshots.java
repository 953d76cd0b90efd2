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

import dev.flinkgeometry.serializer.internal.UserClasses;
import dev.flinkgeometry.serializer.legacy.WkbGeometrySerializerSnapshot;
import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.java.typeutils.runtime.kryo.KryoSerializerSnapshot;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.locationtech.jts.geom.Geometry;

/**
 * The serializers whose state {@link GeometrySerializer} can take over through Flink's state
 * migration (read with the old serializer, write with the new one). As for our own snapshots, the
 * class the old state was written for must be the new declared class or a subclass of it.
 *
 * <ul>
 *   <li>{@link WkbGeometrySerializerSnapshot}: state of the legacy WKB serializer, which reads
 *       every geometry it wrote;
 *   <li>{@link KryoSerializerSnapshot}: Flink's Kryo fallback ({@code GenericTypeInfo}) for a JTS
 *       geometry class, which Flink uses when the types are not registered;
 *   <li>Apache Sedona's {@code GeometryTypeSerializer} (its SQL type), recognised by its snapshot's
 *       class name, since its jar is not a dependency: always declared for {@code Geometry}.
 * </ul>
 */
@Internal
final class PredecessorSnapshots {
    /** The snapshot class of {@code org.apache.sedona.flink.GeometryTypeSerializer}. */
    static final String SEDONA_SNAPSHOT =
            "org.apache.sedona.flink.GeometryTypeSerializer$GeometrySerializerSnapshot";

    private PredecessorSnapshots() {}

    static boolean canMigrateFrom(
            TypeSerializerSnapshot<?> oldSnapshot, Class<? extends Geometry> newClass) {
        return isWkbStateOf(oldSnapshot, newClass)
                || isKryoStateOf(oldSnapshot, newClass)
                || isSedonaStateOf(oldSnapshot, newClass);
    }

    /** State of Sedona's own serializer, which holds any {@code Geometry}. */
    static boolean isSedonaStateOf(
            TypeSerializerSnapshot<?> oldSnapshot, Class<? extends Geometry> newClass) {
        return oldSnapshot.getClass().getName().equals(SEDONA_SNAPSHOT)
                && newClass == Geometry.class;
    }

    /** Legacy WKB state of {@code newClass} or a subclass. */
    static boolean isWkbStateOf(
            TypeSerializerSnapshot<?> oldSnapshot, Class<? extends Geometry> newClass) {
        return oldSnapshot instanceof WkbGeometrySerializerSnapshot
                && newClass.isAssignableFrom(
                        ((WkbGeometrySerializerSnapshot<?>) oldSnapshot).geometryClass());
    }

    /**
     * Kryo state of {@code newClass} or a subclass. {@link KryoSerializerSnapshot} has no getter
     * for the class it was written for, but its written form starts with that class's name ({@code
     * writeUTF}), a persisted format that Flink itself must keep reading; the name is taken from
     * there, without instantiating Kryo.
     */
    static boolean isKryoStateOf(
            TypeSerializerSnapshot<?> oldSnapshot, Class<? extends Geometry> newClass) {
        if (!(oldSnapshot instanceof KryoSerializerSnapshot)) {
            return false;
        }
        String typeName;
        try {
            DataOutputSerializer out = new DataOutputSerializer(256);
            oldSnapshot.writeSnapshot(out);
            typeName = new DataInputDeserializer(out.getSharedBuffer(), 0, out.length()).readUTF();
        } catch (IOException e) {
            return false;
        }
        Class<?> type = UserClasses.load(typeName);
        return type != null && newClass.isAssignableFrom(type);
    }
}
