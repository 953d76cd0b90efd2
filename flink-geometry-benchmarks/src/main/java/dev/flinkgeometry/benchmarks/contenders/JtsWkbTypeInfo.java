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
package dev.flinkgeometry.benchmarks.contenders;

import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.locationtech.jts.geom.Geometry;

/** The type information that goes with {@link JtsWkbSerializer}, as a user writes it. */
public final class JtsWkbTypeInfo extends TypeInformation<Geometry> {
    private static final long serialVersionUID = 1L;

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
    public Class<Geometry> getTypeClass() {
        return Geometry.class;
    }

    @Override
    public boolean isKeyType() {
        return true;
    }

    @Override
    public TypeSerializer<Geometry> createSerializer(SerializerConfig config) {
        return new JtsWkbSerializer();
    }

    /** The Flink 1.x entry point; deliberately without {@code @Override}. */
    public TypeSerializer<Geometry> createSerializer(ExecutionConfig config) {
        return new JtsWkbSerializer();
    }

    @Override
    public String toString() {
        return "JtsWkb<Geometry>";
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof JtsWkbTypeInfo;
    }

    @Override
    public int hashCode() {
        return JtsWkbTypeInfo.class.hashCode();
    }

    @Override
    public boolean canEqual(Object obj) {
        return obj instanceof JtsWkbTypeInfo;
    }
}
