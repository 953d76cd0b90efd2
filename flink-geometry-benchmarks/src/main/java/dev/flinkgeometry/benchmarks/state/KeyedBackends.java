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
package dev.flinkgeometry.benchmarks.state;

import java.io.File;
import java.io.IOException;
import java.util.Collections;
import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.fs.CloseableRegistry;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.runtime.state.AbstractKeyedStateBackend;
import org.apache.flink.runtime.state.AbstractStateBackend;
import org.apache.flink.runtime.state.KeyGroupRange;
import org.apache.flink.runtime.state.LocalRecoveryConfig;
import org.apache.flink.runtime.state.heap.HeapKeyedStateBackendBuilder;
import org.apache.flink.runtime.state.heap.HeapPriorityQueueSetFactory;
import org.apache.flink.runtime.state.metrics.LatencyTrackingStateConfig;
import org.apache.flink.runtime.state.metrics.SizeTrackingStateConfig;
import org.apache.flink.runtime.state.ttl.TtlTimeProvider;
import org.apache.flink.state.rocksdb.EmbeddedRocksDBStateBackend;
import org.apache.flink.state.rocksdb.RocksDBKeyedStateBackendBuilder;
import org.apache.flink.state.rocksdb.RocksDBPriorityQueueConfig;
import org.apache.flink.state.rocksdb.RocksDBResourceContainer;
import org.rocksdb.RocksDB;

/**
 * Keyed state backends built directly, without a job or a task environment, as flink-benchmarks'
 * state benchmarks build them: the {@code hashmap} (heap) backend and the embedded RocksDB backend
 * with its default options, over all 128 key groups.
 */
final class KeyedBackends {
    static final String HASHMAP = "hashmap";
    static final String ROCKSDB = "rocksdb";

    private static final int KEY_GROUPS = 128;
    private static final KeyGroupRange ALL_KEY_GROUPS = new KeyGroupRange(0, KEY_GROUPS - 1);

    private KeyedBackends() {}

    /**
     * A backend keyed by {@code keySerializer}'s type; {@code resources} is closed with it. RocksDB
     * keeps its files under {@code directory}.
     */
    static <K> AbstractKeyedStateBackend<K> create(
            String backend,
            TypeSerializer<K> keySerializer,
            File directory,
            CloseableRegistry resources)
            throws Exception {
        ExecutionConfig config = new ExecutionConfig();
        ClassLoader classLoader = KeyedBackends.class.getClassLoader();
        switch (backend) {
            case HASHMAP:
                return new HeapKeyedStateBackendBuilder<>(
                                null,
                                keySerializer,
                                classLoader,
                                KEY_GROUPS,
                                ALL_KEY_GROUPS,
                                config,
                                TtlTimeProvider.DEFAULT,
                                LatencyTrackingStateConfig.disabled(),
                                SizeTrackingStateConfig.disabled(),
                                Collections.emptyList(),
                                AbstractStateBackend.getCompressionDecorator(config),
                                LocalRecoveryConfig.BACKUP_AND_RECOVERY_DISABLED,
                                new HeapPriorityQueueSetFactory(ALL_KEY_GROUPS, KEY_GROUPS, 128),
                                true,
                                resources)
                        .build();
            case ROCKSDB:
                RocksDB.loadLibrary();
                RocksDBResourceContainer options = new RocksDBResourceContainer();
                resources.registerCloseable(
                        () -> {
                            try {
                                options.close();
                            } catch (Exception e) {
                                throw new IOException(e);
                            }
                        });
                return new RocksDBKeyedStateBackendBuilder<>(
                                "geometry-state-benchmark",
                                classLoader,
                                directory,
                                options,
                                stateName -> options.getColumnOptions(),
                                null,
                                keySerializer,
                                KEY_GROUPS,
                                ALL_KEY_GROUPS,
                                config,
                                LocalRecoveryConfig.BACKUP_AND_RECOVERY_DISABLED,
                                RocksDBPriorityQueueConfig.buildWithPriorityQueueType(
                                        EmbeddedRocksDBStateBackend.PriorityQueueStateType.HEAP),
                                TtlTimeProvider.DEFAULT,
                                LatencyTrackingStateConfig.disabled(),
                                SizeTrackingStateConfig.disabled(),
                                new UnregisteredMetricsGroup(),
                                (metric, value) -> {},
                                Collections.emptyList(),
                                AbstractStateBackend.getCompressionDecorator(config),
                                resources)
                        .build();
            default:
                throw new IllegalArgumentException("unknown backend " + backend);
        }
    }
}
