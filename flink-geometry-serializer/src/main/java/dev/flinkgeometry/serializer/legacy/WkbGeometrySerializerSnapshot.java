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
package dev.flinkgeometry.serializer.legacy;

import dev.flinkgeometry.serializer.internal.DeclaredGeometryClass;
import dev.flinkgeometry.serializer.internal.SnapshotVersion;
import java.io.IOException;
import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.locationtech.jts.geom.Geometry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The snapshot of a {@link WkbGeometrySerializer}: version 1, the declared geometry class name.
 *
 * <p>Savepoints store this class's name and instantiate it with the public no-arg constructor: both
 * are kept forever. Resolution, asked of the new serializer's snapshot about the old one:
 *
 * <ul>
 *   <li>another {@code WkbGeometrySerializerSnapshot} whose declared class is the same as, or a
 *       subclass of, the new one: compatible as is (the WKB does not depend on the declared class);
 *   <li>anything else: incompatible, with a logged message naming what was found. (The other way
 *       round, {@code GeometrySerializerSnapshot} accepts this snapshot as a predecessor and
 *       migrates the state.)
 * </ul>
 *
 * @param <T> the declared geometry class
 */
@PublicEvolving
public final class WkbGeometrySerializerSnapshot<T extends Geometry>
        implements TypeSerializerSnapshot<T> {
    private static final Logger LOG = LoggerFactory.getLogger(WkbGeometrySerializerSnapshot.class);

    private static final int VERSION = 1;

    private Class<T> geometryClass;

    /** For reading a snapshot: Flink instantiates it reflectively, then calls readSnapshot. */
    public WkbGeometrySerializerSnapshot() {}

    WkbGeometrySerializerSnapshot(Class<T> geometryClass) {
        this.geometryClass = Objects.requireNonNull(geometryClass, "geometryClass");
    }

    @Override
    public int getCurrentVersion() {
        return VERSION;
    }

    @Override
    public void writeSnapshot(DataOutputView out) throws IOException {
        out.writeUTF(geometryClass.getName());
    }

    @Override
    public void readSnapshot(int readVersion, DataInputView in, ClassLoader userCodeClassLoader)
            throws IOException {
        SnapshotVersion.require("WkbGeometrySerializerSnapshot", readVersion, VERSION);
        geometryClass = DeclaredGeometryClass.load(in.readUTF(), userCodeClassLoader);
    }

    @Override
    public TypeSerializer<T> restoreSerializer() {
        return new WkbGeometrySerializer<>(geometryClass);
    }

    @Override
    public TypeSerializerSchemaCompatibility<T> resolveSchemaCompatibility(
            TypeSerializerSnapshot<T> oldSnapshot) {
        if (!(oldSnapshot instanceof WkbGeometrySerializerSnapshot)) {
            return incompatible(
                    "the old state was written by a serializer with snapshot "
                            + oldSnapshot.getClass().getName()
                            + ", which WkbGeometrySerializer cannot read");
        }
        Class<?> oldClass = ((WkbGeometrySerializerSnapshot<?>) oldSnapshot).geometryClass;
        if (!geometryClass.isAssignableFrom(oldClass)) {
            return incompatible(
                    "the old state holds "
                            + oldClass.getName()
                            + ", which is not a "
                            + geometryClass.getName());
        }
        return TypeSerializerSchemaCompatibility.compatibleAsIs();
    }

    private TypeSerializerSchemaCompatibility<T> incompatible(String reason) {
        LOG.warn(
                "WkbGeometrySerializer for {} is incompatible: {}",
                geometryClass.getName(),
                reason);
        return TypeSerializerSchemaCompatibility.incompatible();
    }

    /** The declared geometry class (after {@link #readSnapshot}, the one that was written). */
    public Class<T> geometryClass() {
        return geometryClass;
    }
}
