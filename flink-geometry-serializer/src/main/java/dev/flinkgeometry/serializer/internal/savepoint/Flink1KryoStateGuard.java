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
package dev.flinkgeometry.serializer.internal.savepoint;

import java.io.IOException;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.java.typeutils.runtime.kryo.KryoSerializerSnapshot;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Refuses, on Flink 2.x, to start a job from a savepoint that Flink 1.x wrote if that savepoint
 * holds geometry state written field by field by Flink 1.x's Kryo (2.24). Flink 2.x reads such
 * state with Kryo 5 without an error, every double byte-reversed, and keeps the damage in the next
 * savepoint.
 *
 * <p>Why the signal is the savepoint's metadata version and not the Kryo snapshot: Flink 1.20 and
 * 2.x write the same {@code KryoSerializerSnapshot} (version 2, the same class name, fields and
 * registrations), and Kryo 2.24's record of a JTS geometry is also a valid Kryo 5 record; nothing a
 * serializer is shown at restore tells the two lines apart. The metadata version does: Flink 1.x
 * writes 4 or less, Flink 2.0 writes 5 and 2.3 writes 6, and a Flink line never writes another
 * line's version. Its one blind spot: RocksDB state that a Flink 2.x job restored from a Flink 1.x
 * savepoint and never registered keeps its Kryo 2.24 bytes in the next, 2.x savepoint.
 *
 * <p>Geometries inside other Kryo-held types are found by the JTS class names in the state data
 * ({@link KryoGeometryStates}). What cannot be read (the metadata, a handle, a snapshot, the data)
 * is refused too, unless {@link #UNCHECKED_RESTORE} lets the restore go on at the user's risk.
 */
@Internal
public final class Flink1KryoStateGuard {
    private static final Logger LOG = LoggerFactory.getLogger(Flink1KryoStateGuard.class);

    /** The page of the project's docs that says how to upgrade such state. */
    public static final String UPGRADE_PAGE = "docs/UPGRADE.md";

    /**
     * Lets a job restore on Flink 2.x from a Flink 1.x savepoint that the check could not read (its
     * metadata, a state handle, a serializer snapshot), at the user's risk. A savepoint found to
     * hold Flink 1.x Kryo geometry state is refused whatever this says.
     */
    public static final ConfigOption<Boolean> UNCHECKED_RESTORE =
            ConfigOptions.key("flink-geometry.upgrade.restore-unchecked")
                    .booleanType()
                    .defaultValue(false)
                    .withDescription(
                            "Restore a Flink 1.x savepoint on Flink 2.x although flink-geometry"
                                    + " could not check it for geometry state of Flink 1.x's"
                                    + " Kryo. At your own risk: see docs/UPGRADE.md.");

    private static final FlinkLine RUNNING = FlinkLine.running();

    private Flink1KryoStateGuard() {}

    /**
     * Checks the savepoint that {@code config} restores from ({@code
     * execution.state-recovery.path}), if any, when this JVM runs Flink 2.x, resolving serializer
     * snapshots with {@code classLoader} (the user code class loader; {@code null} for this
     * library's).
     *
     * @throws IllegalStateException naming every Kryo-held geometry state of a Flink 1.x savepoint
     *     and the way out
     */
    public static void check(ReadableConfig config, ClassLoader classLoader) {
        if (RUNNING != FlinkLine.FLINK_2) {
            return; // Flink 1.x reads Flink 1.x's Kryo right, and cannot restore 2.x savepoints
        }
        String pointer = config.get(StateRecoveryOptions.SAVEPOINT_PATH);
        if (pointer == null) {
            return;
        }
        ClassLoader loader =
                classLoader != null ? classLoader : Flink1KryoStateGuard.class.getClassLoader();
        boolean unchecked = config.get(UNCHECKED_RESTORE);
        SavepointStates savepoint;
        try {
            if (FlinkLine.ofMetadataVersion(SavepointStates.metadataVersion(pointer))
                    == FlinkLine.FLINK_2) {
                return;
            }
            savepoint = SavepointStates.read(pointer, loader);
        } catch (IOException | RuntimeException e) {
            refuseUnchecked(pointer, List.of("the savepoint's metadata: " + e), unchecked, e);
            return;
        }
        KryoGeometryStates.Result result = KryoGeometryStates.check(savepoint);
        if (!result.found().isEmpty()) {
            throw new IllegalStateException(message(savepoint, result.found()));
        }
        refuseUnchecked(pointer, result.unchecked(), unchecked, null);
    }

    /**
     * Throws, unless {@code unchecked} lets the restore go on at the user's risk (then logs), if
     * {@code what} names parts of the savepoint that could not be checked.
     */
    private static void refuseUnchecked(
            String pointer, List<String> what, boolean unchecked, Exception cause) {
        if (what.isEmpty()) {
            return;
        }
        String text = uncheckedMessage(pointer, what);
        if (!unchecked) {
            throw new IllegalStateException(text, cause);
        }
        LOG.warn(
                "{} ({} is true: the restore goes ahead unchecked)", text, UNCHECKED_RESTORE.key());
    }

    /** The refusal of a savepoint that could not be checked: what, and how to go on. */
    static String uncheckedMessage(String pointer, List<String> what) {
        StringBuilder text =
                new StringBuilder("Cannot check the savepoint ")
                        .append(pointer)
                        .append(" for geometry state that Flink 1.x's Kryo wrote, which Flink 2.x")
                        .append(" would read byte-reversed without an error. Could not read:");
        for (String part : what) {
            text.append("\n  - ").append(part);
        }
        return text.append(
                        "\nMake the savepoint and the job's classes readable where the job is"
                                + " submitted, or check it with the savepoint inspector"
                                + " (--fail-on-kryo-geometry) where it can be read, then set ")
                .append(UNCHECKED_RESTORE.key())
                .append(": true to restore it unchecked, at your own risk: see ")
                .append(UPGRADE_PAGE)
                .append('.')
                .toString();
    }

    /**
     * Logs, on Flink 2.x, that Kryo-held geometry state is being migrated: right only for state
     * that Flink 2.x wrote, which the Kryo snapshot cannot show (the class comment says why).
     */
    public static void warnOfKryoMigration(TypeSerializerSnapshot<?> oldSnapshot, String target) {
        if (oldSnapshot instanceof KryoSerializerSnapshot && RUNNING == FlinkLine.FLINK_2) {
            LOG.warn(
                    "{} migrates geometry state that Kryo wrote. On Flink 2.x that is right only"
                            + " for state that Flink 2.x wrote: state from a Flink 1.x savepoint is"
                            + " read byte-reversed. GeometryTypes.registerWith refuses such"
                            + " savepoints; see {}",
                    target,
                    UPGRADE_PAGE);
        }
    }

    /** The error: what was found, why it cannot be restored here, and the way out. */
    static String message(SavepointStates savepoint, List<KryoGeometryStates.Found> found) {
        StringBuilder text =
                new StringBuilder("The savepoint ")
                        .append(savepoint.pointer())
                        .append(" was written by Flink 1.x (savepoint metadata version ")
                        .append(savepoint.metadataVersion())
                        .append(") and holds geometry state that Flink 1.x's Kryo 2.24 wrote:");
        for (KryoGeometryStates.Found state : found) {
            text.append("\n  - ").append(state.describe());
        }
        return text.append(
                        "\nFlink 2.x reads such state with Kryo 5, which gives every coordinate"
                                + " back byte-reversed without an error, and the next savepoint"
                                + " keeps the damage. Restore this savepoint on Flink 1.20 with"
                                + " flink-geometry and the state declared with GeometryTypeInfo,"
                                + " take a savepoint there, check it with the savepoint inspector,"
                                + " then start on Flink 2.x from that savepoint: see ")
                .append(UPGRADE_PAGE)
                .append('.')
                .toString();
    }
}
