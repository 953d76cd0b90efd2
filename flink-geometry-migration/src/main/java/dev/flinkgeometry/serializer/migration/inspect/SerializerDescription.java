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
package dev.flinkgeometry.serializer.migration.inspect;

import dev.flinkgeometry.serializer.internal.savepoint.KryoSnapshotContents;
import java.util.Optional;
import java.util.StringJoiner;
import org.apache.flink.api.common.typeutils.CompositeTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.ListSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.MapSerializerSnapshot;

/** A serializer snapshot in one line: its class and what it records. */
final class SerializerDescription {
    private SerializerDescription() {}

    static String of(TypeSerializerSnapshot<?> snapshot) {
        if (snapshot == null) {
            return "-";
        }
        Optional<KryoSnapshotContents> kryo = KryoSnapshotContents.of(snapshot);
        if (kryo.isPresent()) {
            return "KryoSerializerSnapshot (" + kryo.get().describe() + ")";
        }
        String name = snapshot.getClass().getSimpleName();
        if (snapshot instanceof ListSerializerSnapshot) {
            return name + " of " + of(nested(snapshot)[0]);
        }
        if (snapshot instanceof MapSerializerSnapshot) {
            return name + " of " + of(nested(snapshot)[0]) + " -> " + of(nested(snapshot)[1]);
        }
        if (snapshot instanceof CompositeTypeSerializerSnapshot) {
            StringJoiner fields = new StringJoiner(", ", name + "[", "]");
            for (TypeSerializerSnapshot<?> field : nested(snapshot)) {
                fields.add(of(field));
            }
            return fields.toString();
        }
        return name + " v" + snapshot.getCurrentVersion() + restoredSerializer(snapshot);
    }

    private static TypeSerializerSnapshot<?>[] nested(TypeSerializerSnapshot<?> snapshot) {
        return ((CompositeTypeSerializerSnapshot<?, ?>) snapshot).getNestedSerializerSnapshots();
    }

    /** The restored serializer where it describes itself (declares {@code toString}). */
    private static String restoredSerializer(TypeSerializerSnapshot<?> snapshot) {
        try {
            TypeSerializer<?> serializer = snapshot.restoreSerializer();
            if (serializer.getClass().getMethod("toString").getDeclaringClass() != Object.class) {
                return " (" + serializer + ")";
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // a snapshot that cannot restore its serializer here is described by its class
        }
        return "";
    }
}
