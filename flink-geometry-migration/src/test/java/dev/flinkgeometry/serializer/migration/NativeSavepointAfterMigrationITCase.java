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

import static org.assertj.core.api.Assertions.assertThat;

import dev.flinkgeometry.serializer.GeometryEncoding;
import dev.flinkgeometry.serializer.GeometryTypeInfo;
import dev.flinkgeometry.testing.MiniClusters;
import dev.flinkgeometry.testing.SavepointJobs;
import dev.flinkgeometry.testing.Wkt;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.locationtech.jts.geom.Geometry;

/**
 * Why a native RocksDB savepoint taken after a migrating restore is larger than one of the same
 * state reached through a canonical savepoint: Flink's RocksDB backend migrates values ({@code
 * migrateStateValues}) by writing every migrated value again, and the files that held the old
 * values stay in the database until RocksDB compacts them; a native savepoint copies the database's
 * files, old ones included, and so does the next one (RocksDB compacts a level-0 file only once
 * there are several). A canonical savepoint writes each entry once, and a native savepoint of a job
 * restored from it holds none of the old files.
 */
class NativeSavepointAfterMigrationITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.withSlots(1);

    @RegisterExtension final SavepointJobs jobs = new SavepointJobs();

    private static final int KEYS = 3000;
    private static final TypeInformation<Geometry> ALIGNED = GeometryTypeInfo.of(Geometry.class);
    private static final TypeInformation<Geometry> COMPACT =
            GeometryTypeInfo.of(Geometry.class, GeometryEncoding.compact());

    private static volatile CountDownLatch handled = new CountDownLatch(0);

    @TempDir Path savepoints;

    @Test
    void aNativeSavepointAfterAMigratingRestoreKeepsThePreMigrationFiles() throws Exception {
        String aligned = stop(start(null, ALIGNED, true), SavepointFormatType.NATIVE);
        String migrated = stop(start(aligned, COMPACT, false), SavepointFormatType.NATIVE);
        String migratedAgain = stop(start(migrated, COMPACT, false), SavepointFormatType.NATIVE);
        String canonical = stop(start(aligned, COMPACT, false), SavepointFormatType.CANONICAL);
        String fromCanonical = stop(start(canonical, COMPACT, false), SavepointFormatType.NATIVE);

        // The largest file of the first savepoint holds the aligned values. A migrating restore
        // writes every value again; the file with the old values stays, so the native savepoints
        // after it are larger than one of the same state by (nearly) that file's size.
        long alignedValues = Collections.max(dataFileSizes(aligned));
        long fromCanonicalSize = size(fromCanonical);
        // The measurement, for docs/MIGRATION.md.
        System.out.printf(
                "Savepoint bytes: aligned native %d, native after the migrating restore %d, the"
                        + " next native %d, canonical after the migrating restore %d, native after"
                        + " restoring that canonical one %d%n",
                size(aligned),
                size(migrated),
                size(migratedAgain),
                size(canonical),
                fromCanonicalSize);
        assertThat(size(migrated) - fromCanonicalSize)
                .as("growth of the native savepoint after the migrating restore")
                .isGreaterThan(alignedValues * 9 / 10);
        assertThat(size(migratedAgain) - fromCanonicalSize)
                .as("growth of the next native savepoint, after a plain restore")
                .isGreaterThan(alignedValues * 9 / 10);
    }

    private String stop(JobClient client, SavepointFormatType format) throws Exception {
        return SavepointJobs.stopWithSavepoint(client, savepoints.toUri().toString(), format);
    }

    /** The sizes of the savepoint's files other than {@code _metadata}. */
    private static List<Long> dataFileSizes(String savepoint) throws IOException {
        List<Long> sizes = new ArrayList<>();
        for (Path file : files(savepoint)) {
            if (!file.getFileName().toString().equals("_metadata")) {
                sizes.add(Files.size(file));
            }
        }
        return sizes;
    }

    private static long size(String savepoint) throws IOException {
        long size = 0;
        for (Path file : files(savepoint)) {
            size += Files.size(file);
        }
        return size;
    }

    private static List<Path> files(String savepoint) throws IOException {
        try (Stream<Path> paths = Files.walk(Path.of(URI.create(savepoint)))) {
            return paths.filter(Files::isRegularFile).collect(Collectors.toList());
        }
    }

    private JobClient start(String restoreFrom, TypeInformation<Geometry> type, boolean write)
            throws Exception {
        StreamExecutionEnvironment env = SavepointJobs.environment("rocksdb", restoreFrom);
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < KEYS; i++) {
            keys.add(String.valueOf(i));
        }
        handled = new CountDownLatch(KEYS);
        SavepointJobs.keys(env, keys)
                .keyBy(key -> key, Types.STRING)
                .process(new TrackFunction(type, write), Types.STRING)
                .uid("tracks")
                .sinkTo(new DiscardingSink<>());
        return jobs.startAndAwait(env, "tracks, " + type, handled);
    }

    /** Keeps a 20-point track per key (if writing). */
    static final class TrackFunction extends KeyedProcessFunction<String, String, String> {
        private static final long serialVersionUID = 1L;

        private final ValueStateDescriptor<Geometry> descriptor;
        private final boolean write;
        private transient ValueState<Geometry> track;

        TrackFunction(TypeInformation<Geometry> type, boolean write) {
            this.descriptor = new ValueStateDescriptor<>("track", type);
            this.write = write;
        }

        @Override
        public void open(OpenContext openContext) {
            track = getRuntimeContext().getState(descriptor);
        }

        @Override
        public void processElement(String key, Context ctx, Collector<String> out)
                throws Exception {
            if (write) {
                int i = Integer.parseInt(key);
                StringBuilder wkt = new StringBuilder("LINESTRING (");
                for (int j = 0; j < 20; j++) {
                    wkt.append(j == 0 ? "" : ", ")
                            .append(13 + i * 0.0001 + j * 0.000123)
                            .append(' ')
                            .append(52.5 + j * 0.0000456);
                }
                track.update(Wkt.read(wkt.append(')').toString()));
            }
            handled.countDown();
        }
    }
}
