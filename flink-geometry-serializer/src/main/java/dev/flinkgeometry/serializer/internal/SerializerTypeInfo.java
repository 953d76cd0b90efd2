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
package dev.flinkgeometry.serializer.internal;

import java.util.Arrays;
import java.util.Objects;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/**
 * The one body of this project's type informations: an atomic type (arity 1) whose serializer is
 * fixed by the type's class and options, not by Flink's serializer configuration. Subclasses give
 * the serializer, their text and whether the type is a key; two instances are equal when they are
 * of the same class with the same type class and options.
 *
 * @param <T> the type
 */
@Internal
public abstract class SerializerTypeInfo<T> extends TypeInformation<T> {
    private static final long serialVersionUID = 1L;

    private final Class<T> typeClass;
    private final Object[] options;

    /**
     * @param typeClass the class of the values
     * @param options what else tells two instances apart (serializable, with {@code equals})
     */
    protected SerializerTypeInfo(Class<T> typeClass, Object... options) {
        this.typeClass = Objects.requireNonNull(typeClass, "typeClass");
        this.options = options.clone();
    }

    /** A new serializer of this type. */
    protected abstract TypeSerializer<T> newSerializer();

    @Override
    public final boolean isBasicType() {
        return false;
    }

    @Override
    public final boolean isTupleType() {
        return false;
    }

    @Override
    public final int getArity() {
        return 1;
    }

    @Override
    public final int getTotalFields() {
        return 1;
    }

    @Override
    public final Class<T> getTypeClass() {
        return typeClass;
    }

    @Override
    public final TypeSerializer<T> createSerializer(SerializerConfig config) {
        MapUserKeyGuard.refuseLossyMapKey(this);
        return newSerializer();
    }

    /**
     * The Flink 1.x entry point (abstract there, gone in 2.x): lets the same jar run on Flink 1.20.
     * Deliberately without {@code @Override}.
     */
    public final TypeSerializer<T> createSerializer(ExecutionConfig config) {
        MapUserKeyGuard.refuseLossyMapKey(this);
        return newSerializer();
    }

    @Override
    public final boolean equals(Object obj) {
        if (!canEqual(obj)) {
            return false;
        }
        SerializerTypeInfo<?> other = (SerializerTypeInfo<?>) obj;
        return typeClass == other.typeClass && Arrays.equals(options, other.options);
    }

    @Override
    public final int hashCode() {
        return 31 * (31 * getClass().getName().hashCode() + typeClass.getName().hashCode())
                + Arrays.hashCode(options);
    }

    @Override
    public final boolean canEqual(Object obj) {
        return obj != null && obj.getClass() == getClass();
    }
}
