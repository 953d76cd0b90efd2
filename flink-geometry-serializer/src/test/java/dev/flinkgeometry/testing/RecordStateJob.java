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
package dev.flinkgeometry.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.Serializable;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.util.Collector;

/**
 * A keyed job on {@link SavepointJobs} that keeps records of any type {@code V} (a geometry, a POJO
 * with geometry fields, a tuple, a row) in a {@code ValueState}, a {@code ListState} and the values
 * of a {@code MapState<String, V>} per {@code String} key, declared by a {@link StateTypes} that
 * the test chooses per phase: written in one phase, read back after a restore in the next. The job
 * also reports the shape of the serializers Flink gave its states ({@link #serializerShapes()}), so
 * that a test can check which serializer wrote and read what.
 *
 * <p>One job at a time per JVM: the written and observed records are shared with the job through
 * static fields (the MiniCluster runs in the test's JVM), as in the other savepoint tests.
 */
public final class RecordStateJob {
    public static final String UID = "record-state";
    public static final String VALUE_STATE = "value";
    public static final String LIST_STATE = "list";
    public static final String MAP_STATE = "map";

    /** The state of one key. */
    public record Records<V>(V value, List<V> list, Map<String, V> map) {}

    /** How one phase of the job declares its three states. */
    public interface StateTypes<V> extends Serializable {
        ValueStateDescriptor<V> value();

        ListStateDescriptor<V> list();

        MapStateDescriptor<String, V> map();

        /** Descriptors with a type information (its serializer made from the job's config). */
        static <V> StateTypes<V> of(TypeInformation<V> type) {
            return new Typed<>(type);
        }

        /** Descriptors with a serializer. */
        static <V> StateTypes<V> of(TypeSerializer<V> serializer) {
            return new Serialized<>(serializer);
        }
    }

    /** Compares one record read back with the one written; fails the test if they differ. */
    @FunctionalInterface
    public interface RecordAssertion<V> {
        void assertSame(String what, V actual, V expected);
    }

    private static volatile Map<String, ? extends Records<?>> toWrite = Map.of();
    private static final Map<String, Records<?>> OBSERVED = new ConcurrentHashMap<>();
    private static final Map<String, String> SHAPES = new ConcurrentHashMap<>();
    private static volatile CountDownLatch handled = new CountDownLatch(0);

    private RecordStateJob() {}

    /**
     * Starts the job on {@code backend} (restoring from {@code restoreFrom} unless {@code null})
     * that writes {@code written}'s state of every key, and returns once every key was handled.
     */
    public static <V> JobClient write(
            SavepointJobs jobs,
            String backend,
            String restoreFrom,
            StateTypes<V> types,
            Map<String, Records<V>> written)
            throws Exception {
        toWrite = written;
        return start(jobs, backend, restoreFrom, types, written.keySet(), true);
    }

    /** Same as {@link #write}, on an environment the caller configured. */
    public static <V> JobClient write(
            SavepointJobs jobs,
            StreamExecutionEnvironment env,
            String backend,
            StateTypes<V> types,
            Map<String, Records<V>> written)
            throws Exception {
        toWrite = written;
        return start(jobs, env, backend, types, written.keySet(), true);
    }

    /** Starts the job that reads every key's state into {@link #observed()}. */
    public static <V> JobClient read(
            SavepointJobs jobs,
            String backend,
            String restoreFrom,
            StateTypes<V> types,
            Collection<String> keys)
            throws Exception {
        return start(jobs, backend, restoreFrom, types, keys, false);
    }

    /** Same as {@link #read}, on an environment the caller configured. */
    public static <V> JobClient read(
            SavepointJobs jobs,
            StreamExecutionEnvironment env,
            String backend,
            StateTypes<V> types,
            Collection<String> keys)
            throws Exception {
        return start(jobs, env, backend, types, keys, false);
    }

    private static <V> JobClient start(
            SavepointJobs jobs,
            String backend,
            String restoreFrom,
            StateTypes<V> types,
            Collection<String> keys,
            boolean write)
            throws Exception {
        StreamExecutionEnvironment env = SavepointJobs.environment(backend, restoreFrom);
        return start(jobs, env, backend, types, keys, write);
    }

    private static <V> JobClient start(
            SavepointJobs jobs,
            StreamExecutionEnvironment env,
            String backend,
            StateTypes<V> types,
            Collection<String> keys,
            boolean write)
            throws Exception {
        SavepointJobs.keys(env, keys)
                .keyBy(key -> key, Types.STRING)
                .process(new RecordStateFunction<>(types, write, backend))
                .uid(UID)
                .sinkTo(new DiscardingSink<>())
                .uid("discard");
        OBSERVED.clear();
        SHAPES.clear();
        CountDownLatch latch = new CountDownLatch(keys.size());
        handled = latch;
        return jobs.startAndAwait(env, (write ? "write" : "read") + " on " + backend, latch);
    }

    /** What the last read job read, per key. */
    @SuppressWarnings("unchecked")
    public static <V> Map<String, Records<V>> observed() {
        return (Map<String, Records<V>>) (Map<String, ?>) Map.copyOf(OBSERVED);
    }

    /**
     * The serializers of the last job's value, list element and map value, as {@link
     * #shapeOf(TypeSerializer)} describes them.
     */
    public static Map<String, String> serializerShapes() {
        return Map.copyOf(SHAPES);
    }

    /**
     * A serializer's class, and for a composite one (POJO, tuple, row) its field serializers' in
     * order: {@code PojoSerializer[KryoSerializer, LongSerializer]}.
     */
    public static String shapeOf(TypeSerializer<?> serializer) {
        String name = serializer.getClass().getSimpleName();
        TypeSerializer<?>[] fields = fieldSerializers(serializer);
        if (fields == null) {
            return name;
        }
        return Stream.of(fields)
                .map(RecordStateJob::shapeOf)
                .collect(Collectors.joining(", ", name + "[", "]"));
    }

    private static TypeSerializer<?>[] fieldSerializers(TypeSerializer<?> serializer) {
        for (Class<?> c = serializer.getClass(); c != null; c = c.getSuperclass()) {
            try {
                Field field = c.getDeclaredField("fieldSerializers");
                field.setAccessible(true);
                return (TypeSerializer<?>[]) field.get(serializer);
            } catch (NoSuchFieldException e) {
                // look in the superclass
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
        return null;
    }

    /** Every key, every entry: {@code observed} holds what {@code written} holds. */
    public static <V> void assertSameRecords(
            Map<String, Records<V>> observed,
            Map<String, Records<V>> written,
            RecordAssertion<V> sameRecord) {
        assertThat(observed.keySet()).containsExactlyInAnyOrderElementsOf(written.keySet());
        for (Map.Entry<String, Records<V>> entry : written.entrySet()) {
            String key = entry.getKey();
            Records<V> want = entry.getValue();
            Records<V> got = observed.get(key);
            sameRecord.assertSame(key + " value", got.value(), want.value());
            assertThat(got.list()).as("%s list", key).hasSameSizeAs(want.list());
            for (int i = 0; i < want.list().size(); i++) {
                sameRecord.assertSame(
                        key + " list[" + i + "]", got.list().get(i), want.list().get(i));
            }
            assertThat(got.map()).as("%s map", key).containsOnlyKeys(want.map().keySet());
            for (Map.Entry<String, V> mapEntry : want.map().entrySet()) {
                sameRecord.assertSame(
                        key + " map[" + mapEntry.getKey() + "]",
                        got.map().get(mapEntry.getKey()),
                        mapEntry.getValue());
            }
        }
    }

    /**
     * Per key ({@code key-00}, ...) a value, a list of two and a map of two, drawn in turn from
     * {@code records} so that every record is in every kind of state.
     */
    public static <V> Map<String, Records<V>> perKey(List<V> records) {
        int n = records.size();
        Map<String, Records<V>> state = new HashMap<>();
        for (int i = 0; i < n; i++) {
            state.put(
                    String.format("key-%02d", i),
                    new Records<>(
                            records.get(i),
                            List.of(records.get((i + 1) % n), records.get((i + 2) % n)),
                            Map.of("a", records.get((i + 3) % n), "b", records.get((i + 4) % n))));
        }
        return Map.copyOf(state);
    }

    // ------------------------------------------------------------------------------------------

    private static final class RecordStateFunction<V>
            extends KeyedProcessFunction<String, String, String> {
        private static final long serialVersionUID = 1L;

        private final StateTypes<V> types;
        private final boolean write;
        private final String backend;

        private transient ValueState<V> value;
        private transient ListState<V> list;
        private transient MapState<String, V> map;

        RecordStateFunction(StateTypes<V> types, boolean write, String backend) {
            this.types = types;
            this.write = write;
            this.backend = backend;
        }

        @Override
        public void open(OpenContext openContext) {
            ValueStateDescriptor<V> valueDescriptor = types.value();
            ListStateDescriptor<V> listDescriptor = types.list();
            MapStateDescriptor<String, V> mapDescriptor = types.map();
            value = getRuntimeContext().getState(valueDescriptor);
            list = getRuntimeContext().getListState(listDescriptor);
            map = getRuntimeContext().getMapState(mapDescriptor);
            SHAPES.put(VALUE_STATE, shapeOf(valueDescriptor.getSerializer()));
            SHAPES.put(LIST_STATE, shapeOf(listDescriptor.getElementSerializer()));
            SHAPES.put(MAP_STATE, shapeOf(mapDescriptor.getValueSerializer()));
            SavepointJobs.requireBackend(value, backend);
        }

        @Override
        @SuppressWarnings("unchecked")
        public void processElement(String key, Context ctx, Collector<String> out)
                throws Exception {
            if (write) {
                Records<V> records = (Records<V>) toWrite.get(key);
                value.update(records.value());
                list.update(records.list());
                map.putAll(records.map());
            } else {
                List<V> listed = new ArrayList<>();
                list.get().forEach(listed::add);
                Map<String, V> mapped = new HashMap<>();
                for (Map.Entry<String, V> entry : map.entries()) {
                    mapped.put(entry.getKey(), entry.getValue());
                }
                OBSERVED.put(key, new Records<>(value.value(), listed, mapped));
            }
            handled.countDown();
        }
    }

    private record Typed<V>(TypeInformation<V> type) implements StateTypes<V> {
        @Override
        public ValueStateDescriptor<V> value() {
            return new ValueStateDescriptor<>(VALUE_STATE, type);
        }

        @Override
        public ListStateDescriptor<V> list() {
            return new ListStateDescriptor<>(LIST_STATE, type);
        }

        @Override
        public MapStateDescriptor<String, V> map() {
            return new MapStateDescriptor<>(MAP_STATE, Types.STRING, type);
        }
    }

    private record Serialized<V>(TypeSerializer<V> serializer) implements StateTypes<V> {
        @Override
        public ValueStateDescriptor<V> value() {
            return new ValueStateDescriptor<>(VALUE_STATE, serializer.duplicate());
        }

        @Override
        public ListStateDescriptor<V> list() {
            return new ListStateDescriptor<>(LIST_STATE, serializer.duplicate());
        }

        @Override
        public MapStateDescriptor<String, V> map() {
            return new MapStateDescriptor<>(
                    MAP_STATE, StringSerializer.INSTANCE, serializer.duplicate());
        }
    }
}
