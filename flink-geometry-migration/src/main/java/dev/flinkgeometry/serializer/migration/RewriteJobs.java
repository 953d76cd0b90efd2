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
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.api.java.typeutils.TupleTypeInfo;
import org.apache.flink.runtime.state.StateBackend;
import org.apache.flink.state.api.OperatorIdentifier;
import org.apache.flink.state.api.OperatorTransformation;
import org.apache.flink.state.api.SavepointReader;
import org.apache.flink.state.api.SavepointWriter;
import org.apache.flink.state.api.StateBootstrapTransformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;

/**
 * The two batch jobs of a {@link KeyedStateRewrite}, built with the State Processor API. Between
 * reader and writer, each key travels as one record: the key as an {@link ExactKey} of the new key
 * type, and its whole state encoded with the new types (see {@link StateSpec}); real type
 * information all the way, no Kryo.
 *
 * <pre>
 * write: read old savepoint (old types) - keyBy exact key - drop repeats - count
 *        - keyBy key - bootstrap (new types) - new savepoint
 * check: read new savepoint (new types) - keyBy exact key - drop repeats - count
 * </pre>
 */
final class RewriteJobs<K> {
    private final OperatorIdentifier operator;
    private final TypeInformation<K> oldKeyType;
    private final TypeInformation<K> newKeyType;
    private final List<StateSpec> specs;

    RewriteJobs(
            OperatorIdentifier operator,
            TypeInformation<K> oldKeyType,
            TypeInformation<K> newKeyType,
            List<StateSpec> specs) {
        this.operator = operator;
        this.oldKeyType = oldKeyType;
        this.newKeyType = newKeyType;
        this.specs = new ArrayList<>(specs);
    }

    /** The key type the reader function is declared with ({@code Object}, see there). */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static <K> TypeInformation<Object> exactKeyType(TypeInformation<K> keyType) {
        return (TypeInformation) new ExactKeyTypeInfo<>(keyType);
    }

    private TupleTypeInfo<Tuple2<ExactKey<K>, byte[]>> recordType() {
        return new TupleTypeInfo<>(
                new ExactKeyTypeInfo<>(newKeyType),
                PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO);
    }

    /**
     * Reads every key with the old types, one record per key (the key, and its state encoded with
     * the new types), and bootstraps the operator of the new savepoint from those records.
     */
    void addWriteJob(
            StreamExecutionEnvironment env,
            int maxParallelism,
            String oldSavepointPath,
            String newSavepointPath,
            StateBackend stateBackend)
            throws IOException {
        DataStream<Tuple2<ExactKey<K>, byte[]>> read =
                SavepointReader.read(env, oldSavepointPath, stateBackend)
                        .readKeyedState(
                                operator,
                                new StateReaderFunction<K>(newKeyType, specs, false),
                                exactKeyType(oldKeyType),
                                recordType());
        DataStream<Tuple2<ExactKey<K>, byte[]>> distinct =
                distinctAndCounted(read, RewriteCounters.KEYS_READ, RewriteCounters.CHECKSUM_READ);
        StateBootstrapTransformation<Tuple2<ExactKey<K>, byte[]>> transformation =
                OperatorTransformation.bootstrapWith(distinct)
                        .setMaxParallelism(maxParallelism)
                        .keyBy(new RecordKey<>(newKeyType), newKeyType)
                        .transform(new StateWriterFunction<K>(specs));
        SavepointWriter.fromExistingSavepoint(env, oldSavepointPath, stateBackend)
                .removeOperator(operator)
                .withOperator(operator, transformation)
                .write(newSavepointPath);
    }

    /** Reads every key of the new savepoint with the new types and counts it. */
    void addCheckJob(
            StreamExecutionEnvironment env, String newSavepointPath, StateBackend stateBackend)
            throws IOException {
        DataStream<Tuple2<ExactKey<K>, byte[]>> read =
                SavepointReader.read(env, newSavepointPath, stateBackend)
                        .readKeyedState(
                                operator,
                                new StateReaderFunction<K>(newKeyType, specs, true),
                                exactKeyType(newKeyType),
                                recordType());
        distinctAndCounted(read, RewriteCounters.KEYS_WRITTEN, RewriteCounters.CHECKSUM_WRITTEN)
                .sinkTo(new DiscardingSink<>());
    }

    private DataStream<Tuple2<ExactKey<K>, byte[]>> distinctAndCounted(
            DataStream<Tuple2<ExactKey<K>, byte[]>> records, String countName, String sumName) {
        return records.keyBy(new ExactRecordKey<K>(), new ExactKeyTypeInfo<>(newKeyType))
                .reduce(new DistinctKeys<K>())
                .map(
                        new StateChecksum<K>(countName, sumName, StateSegments.names(specs).size()),
                        recordType());
    }

    /**
     * The key of a record, typed with the new key type; says its type itself, because the State
     * Processor API keys the bootstrap input again without passing the key type.
     */
    private static final class RecordKey<K>
            implements KeySelector<Tuple2<ExactKey<K>, byte[]>, K>, ResultTypeQueryable<K> {
        private static final long serialVersionUID = 1L;

        private final TypeInformation<K> keyType;

        RecordKey(TypeInformation<K> keyType) {
            this.keyType = keyType;
        }

        @Override
        public K getKey(Tuple2<ExactKey<K>, byte[]> record) {
            return record.f0.key();
        }

        @Override
        public TypeInformation<K> getProducedType() {
            return keyType;
        }
    }

    /** The key of a record with its bytes in the new key type, equal when the bytes are. */
    private static final class ExactRecordKey<K>
            implements KeySelector<Tuple2<ExactKey<K>, byte[]>, ExactKey<K>> {
        private static final long serialVersionUID = 1L;

        @Override
        public ExactKey<K> getKey(Tuple2<ExactKey<K>, byte[]> record) {
            return record.f0;
        }
    }
}
