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
package dev.flinkgeometry.serializer.migration;

import java.io.IOException;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * The snapshot of an {@link ExactKeySerializer}: the wrapped serializer's snapshot. Asked about the
 * key serializer snapshot stored in the old savepoint, it answers what the wrapped serializer's
 * snapshot answers, so that the old state restores exactly when it would restore with the wrapped
 * serializer alone.
 *
 * <p>It is never stored: the old savepoint is only read, and the new one is written with the new
 * key serializer. It can still be written and read like any snapshot.
 */
final class ExactKeySerializerSnapshot<K> implements TypeSerializerSnapshot<ExactKey<K>> {
    private static final int VERSION = 1;

    private TypeSerializerSnapshot<K> keySnapshot;

    /** For reading a snapshot: create, then {@link #readSnapshot}. */
    ExactKeySerializerSnapshot() {}

    ExactKeySerializerSnapshot(TypeSerializerSnapshot<K> keySnapshot) {
        this.keySnapshot = keySnapshot;
    }

    @Override
    public int getCurrentVersion() {
        return VERSION;
    }

    @Override
    public void writeSnapshot(DataOutputView out) throws IOException {
        TypeSerializerSnapshot.writeVersionedSnapshot(out, keySnapshot);
    }

    @Override
    public void readSnapshot(int readVersion, DataInputView in, ClassLoader userCodeClassLoader)
            throws IOException {
        if (readVersion != VERSION) {
            throw new IOException("unknown ExactKeySerializerSnapshot version " + readVersion);
        }
        keySnapshot = TypeSerializerSnapshot.readVersionedSnapshot(in, userCodeClassLoader);
    }

    @Override
    public TypeSerializer<ExactKey<K>> restoreSerializer() {
        return new ExactKeySerializer<>(keySnapshot.restoreSerializer());
    }

    @Override
    @SuppressWarnings("unchecked")
    public TypeSerializerSchemaCompatibility<ExactKey<K>> resolveSchemaCompatibility(
            TypeSerializerSnapshot<ExactKey<K>> oldSnapshot) {
        // The old savepoint stores the snapshot of the plain key serializer.
        TypeSerializerSnapshot<K> oldKeySnapshot =
                oldSnapshot instanceof ExactKeySerializerSnapshot
                        ? ((ExactKeySerializerSnapshot<K>) oldSnapshot).keySnapshot
                        : (TypeSerializerSnapshot<K>) (TypeSerializerSnapshot<?>) oldSnapshot;
        TypeSerializerSchemaCompatibility<K> compatibility =
                keySnapshot.resolveSchemaCompatibility(oldKeySnapshot);
        if (compatibility.isCompatibleAsIs()) {
            return TypeSerializerSchemaCompatibility.compatibleAsIs();
        }
        if (compatibility.isCompatibleWithReconfiguredSerializer()) {
            return TypeSerializerSchemaCompatibility.compatibleWithReconfiguredSerializer(
                    new ExactKeySerializer<>(compatibility.getReconfiguredSerializer()));
        }
        if (compatibility.isCompatibleAfterMigration()) {
            return TypeSerializerSchemaCompatibility.compatibleAfterMigration();
        }
        return TypeSerializerSchemaCompatibility.incompatible();
    }
}
