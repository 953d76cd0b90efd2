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

import java.util.Objects;
import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/** The type of {@link ExactKey}s of an old key type: what the old savepoint is read with. */
final class ExactKeyTypeInfo<K> extends TypeInformation<ExactKey<K>> {
    private static final long serialVersionUID = 1L;

    private final TypeInformation<K> keyType;

    ExactKeyTypeInfo(TypeInformation<K> keyType) {
        this.keyType = Objects.requireNonNull(keyType, "keyType");
    }

    @Override
    public boolean isBasicType() {
        return false;
    }

    @Override
    public boolean isTupleType() {
        return false;
    }

    @Override
    public int getArity() {
        return 1;
    }

    @Override
    public int getTotalFields() {
        return 1;
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Class<ExactKey<K>> getTypeClass() {
        return (Class) ExactKey.class;
    }

    @Override
    public boolean isKeyType() {
        return true;
    }

    @Override
    public TypeSerializer<ExactKey<K>> createSerializer(SerializerConfig config) {
        return new ExactKeySerializer<>(keyType.createSerializer(config));
    }

    /** The Flink 1.x entry point; deliberately without {@code @Override}. */
    public TypeSerializer<ExactKey<K>> createSerializer(ExecutionConfig config) {
        return new ExactKeySerializer<>(keyType.createSerializer(config.getSerializerConfig()));
    }

    @Override
    public String toString() {
        return "ExactKey<" + keyType + ">";
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof ExactKeyTypeInfo
                && ((ExactKeyTypeInfo<?>) obj).canEqual(this)
                && keyType.equals(((ExactKeyTypeInfo<?>) obj).keyType);
    }

    @Override
    public int hashCode() {
        return keyType.hashCode();
    }

    @Override
    public boolean canEqual(Object obj) {
        return obj instanceof ExactKeyTypeInfo;
    }
}
