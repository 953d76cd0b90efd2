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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.flinkgeometry.serializer.legacy.WkbGeometryTypeInfo;
import dev.flinkgeometry.testing.ExactGeometry;
import dev.flinkgeometry.testing.GeometryKeyedJob;
import dev.flinkgeometry.testing.KeyedGeometryStates;
import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.RecordStateJob;
import dev.flinkgeometry.testing.RecordStateJob.Records;
import dev.flinkgeometry.testing.RecordStateJob.StateTypes;
import dev.flinkgeometry.testing.SavepointJobs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.locationtech.jts.geom.Geometry;

/**
 * The ForSt backend of Flink 2.x ({@code state.backend.type: forst}, its working state in a local
 * directory, as the synchronous keyed state API uses it): geometry values and geometry keys are
 * kept and restored exactly, and what a restore with a changed value serializer (legacy WKB to
 * {@link GeometrySerializer}) does is pinned. Flink 2.x only (the module's 2.x profile has the
 * ForSt dependency).
 */
class ForStGeometryStateITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(2);

    private static final String FORST = "forst";

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    @Test
    void canonicalSavepointsAreRefusedByFlink(@TempDir Path savepoints) throws Exception {
        Map<String, Records<Geometry>> written = RecordStateJob.perKey(geometries());
        JobClient writer =
                RecordStateJob.write(
                        jobs,
                        FORST,
                        null,
                        StateTypes.of(GeometryTypeInfo.of(Geometry.class)),
                        written);
        assertThatThrownBy(
                        () ->
                                SavepointJobs.stopWithSavepoint(
                                        writer,
                                        savepoints.toUri().toString(),
                                        SavepointFormatType.CANONICAL))
                .satisfies(
                        failure ->
                                assertThat(
                                                ExceptionUtils.findThrowableWithMessage(
                                                                failure,
                                                                "Configured state backend"
                                                                        + " (ForStStateBackend{,"
                                                                        + " localForStDirectories=null,"
                                                                        + " remoteForStDirectory=null})"
                                                                        + " does not support"
                                                                        + " CANONICAL savepoints")
                                                        .isPresent())
                                        .as(ExceptionUtils.stringifyException(failure))
                                        .isTrue());
    }

    @Test
    void geometryValuesRestoreExactly(@TempDir Path savepoints) throws Exception {
        SavepointFormatType format = SavepointFormatType.NATIVE;
        Map<String, Records<Geometry>> written = RecordStateJob.perKey(geometries());
        StateTypes<Geometry> types = StateTypes.of(GeometryTypeInfo.of(Geometry.class));
        JobClient writer = RecordStateJob.write(jobs, FORST, null, types, written);
        String savepoint =
                SavepointJobs.stopWithSavepoint(writer, savepoints.toUri().toString(), format);
        JobClient reader = RecordStateJob.read(jobs, FORST, savepoint, types, written.keySet());
        assertThat(RecordStateJob.serializerShapes()).containsValue("GeometrySerializer");
        assertSameGeometries(written);
        SavepointJobs.cancel(reader);
    }

    @Test
    void geometryKeysRestoreAtAnotherParallelism(@TempDir Path savepoints) throws Exception {
        Map<String, Geometry> keys = GeometryKeyRestoreITCase.rescalingKeys();
        JobClient writer = GeometryKeyedJob.start(jobs, keys, FORST, null, 2, true);
        String savepoint =
                SavepointJobs.stopWithSavepoint(
                        writer, savepoints.toUri().toString(), SavepointFormatType.NATIVE);
        JobClient reader = GeometryKeyedJob.start(jobs, keys, FORST, savepoint, 1, false);
        GeometryKeyRestoreITCase.assertEveryKeyHasItsState(keys);
        SavepointJobs.cancel(reader);
    }

    @Test
    void legacyWkbValuesOnRestoreWithGeometrySerializer(@TempDir Path savepoints) throws Exception {
        Map<String, Records<Geometry>> written = RecordStateJob.perKey(geometries());
        JobClient writer =
                RecordStateJob.write(
                        jobs,
                        FORST,
                        null,
                        StateTypes.of(WkbGeometryTypeInfo.of(Geometry.class)),
                        written);
        String savepoint =
                SavepointJobs.stopWithSavepoint(
                        writer, savepoints.toUri().toString(), SavepointFormatType.NATIVE);
        JobClient reader =
                RecordStateJob.read(
                        jobs,
                        FORST,
                        savepoint,
                        StateTypes.of(GeometryTypeInfo.of(Geometry.class)),
                        written.keySet());
        // Migrated: every value as the legacy format stored it, decoded by GeometrySerializer.
        assertThat(RecordStateJob.serializerShapes()).containsValue("GeometrySerializer");
        assertSameGeometries(written, ExactGeometry::asReadFromLegacyWkb);
        SavepointJobs.cancel(reader);
    }

    private static void assertSameGeometries(Map<String, Records<Geometry>> written) {
        assertSameGeometries(written, g -> g);
    }

    private static void assertSameGeometries(
            Map<String, Records<Geometry>> written, UnaryOperator<Geometry> carried) {
        RecordStateJob.assertSameRecords(
                RecordStateJob.<Geometry>observed(),
                written,
                (what, actual, expected) ->
                        KeyedGeometryStates.assertExact(
                                what,
                                actual,
                                ExactGeometry.asDecoded(carried.apply(expected)),
                                true));
    }

    private static List<Geometry> geometries() {
        List<Geometry> all = KeyedGeometryStates.geometries();
        List<Geometry> some = new ArrayList<>();
        for (int i = 0; i < all.size(); i += 3) {
            some.add(all.get(i));
        }
        return some;
    }
}
