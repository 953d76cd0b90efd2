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

import dev.flinkgeometry.serializer.internal.MapUserKeyMigrationNotice;
import dev.flinkgeometry.serializer.internal.savepoint.Flink1KryoStateGuard;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.locationtech.jts.geom.Geometry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The answers this library's geometry snapshots share when Flink asks them about an old snapshot:
 * the declared class must hold the old state's class, a format version newer than this release's is
 * refused, the other format of this library and the predecessors migrate, and every refusal is
 * logged with its reason.
 *
 * @param <T> the declared geometry class of the new serializer
 */
final class SnapshotResolution<T extends Geometry> {
    private static final Logger LOG = LoggerFactory.getLogger(SnapshotResolution.class);

    private final String serializer;
    private final Class<T> declared;

    SnapshotResolution(String serializer, Class<T> declared) {
        this.serializer = serializer;
        this.declared = declared;
    }

    /**
     * Old state of the new serializer's own format: as is at the same version and options, after
     * migration from an older version or other options.
     */
    TypeSerializerSchemaCompatibility<T> sameFormat(
            Class<?> oldClass, String format, int oldVersion, int version, boolean sameOptions) {
        if (!declared.isAssignableFrom(oldClass)) {
            return notHolding(oldClass, "the old state");
        }
        if (oldVersion > version) {
            return incompatible(
                    "the old state uses "
                            + format
                            + " format version "
                            + oldVersion
                            + ", newer than this release's "
                            + version);
        }
        return oldVersion < version || !sameOptions
                ? afterMigration(format + " format version " + oldVersion)
                : TypeSerializerSchemaCompatibility.compatibleAsIs();
    }

    /** Old state of this library's other format: after migration, if the class fits. */
    TypeSerializerSchemaCompatibility<T> otherFormat(Class<?> oldClass, String format) {
        return declared.isAssignableFrom(oldClass)
                ? afterMigration("the " + format + " format")
                : notHolding(oldClass, "the old " + format + " state");
    }

    /** Old state of a predecessor (legacy WKB, Kryo, Sedona): after migration, or refused. */
    TypeSerializerSchemaCompatibility<T> predecessor(TypeSerializerSnapshot<?> oldSnapshot) {
        if (PredecessorSnapshots.canMigrateFrom(oldSnapshot, declared)) {
            Flink1KryoStateGuard.warnOfKryoMigration(oldSnapshot, serializer);
            return afterMigration(oldSnapshot.getClass().getName());
        }
        return incompatible(
                "the old state was written by a serializer with snapshot "
                        + oldSnapshot.getClass().getName()
                        + ", which "
                        + serializer
                        + " cannot migrate from");
    }

    private TypeSerializerSchemaCompatibility<T> afterMigration(String from) {
        MapUserKeyMigrationNotice.logIfMapUserKeysOnRocksDb(
                from, serializer + " for " + declared.getName());
        return TypeSerializerSchemaCompatibility.compatibleAfterMigration();
    }

    private TypeSerializerSchemaCompatibility<T> notHolding(Class<?> oldClass, String state) {
        return incompatible(
                state + " holds " + oldClass.getName() + ", which is not a " + declared.getName());
    }

    private TypeSerializerSchemaCompatibility<T> incompatible(String reason) {
        LOG.warn("{} for {} is incompatible: {}", serializer, declared.getName(), reason);
        return TypeSerializerSchemaCompatibility.incompatible();
    }
}
